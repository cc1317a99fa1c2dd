/**
 * Activity times are entered as wall-clock times of the activity's own time zone (its first address,
 * 'UTC+08:00'), whatever the browser's zone, and sent as ISO strings with milliseconds and that zone
 * ('2026-12-01T09:00:00.000+08:00', spec 9). The server stores UTC.
 */
import dayjs, { type Dayjs } from 'dayjs'
import { timeZoneMinutes } from '@contracts/admin-activity'

const pad = (n: number) => String(n).padStart(2, '0')

/** '+08:00' of 'UTC+08:00' (UTC when the label is not valid) */
export function zoneSuffix(tz: string | null | undefined): string {
  const m = timeZoneMinutes(tz)
  if (m === null) return 'Z'
  const a = Math.abs(m)
  return `${m < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`
}

/** picker value (wall time) → ISO with milliseconds in the activity's zone; null for no value */
export function toZonedIso(wall: Dayjs | null | undefined, tz: string | null | undefined): string | null {
  if (!wall || !wall.isValid()) return null
  return `${wall.format('YYYY-MM-DDTHH:mm:ss')}.000${zoneSuffix(tz)}`
}

/** the wall-clock parts of an instant in the zone, as 'YYYY-MM-DD HH:mm:ss' */
export function wallText(iso: string | null | undefined, tz: string | null | undefined): string | null {
  if (!iso) return null
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return null
  const d = new Date(ms + (timeZoneMinutes(tz) ?? 0) * 60_000)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** stored instant → picker value showing the activity's wall time */
export function fromZonedIso(iso: string | null | undefined, tz: string | null | undefined): Dayjs | null {
  const w = wallText(iso, tz)
  return w ? dayjs(w) : null
}

/** '2026-12-01 09:00 (UTC+08:00)' for lists */
export function formatInZone(iso: string | null | undefined, tz: string | null | undefined): string {
  const w = wallText(iso, tz)
  if (!w) return '—'
  return `${w.slice(0, 16)}${tz ? ` (${tz})` : ''}`
}
