/** Date display helpers (dates travel as ISO strings with zone; shown in the viewer's local time). */
import dayjs from 'dayjs'

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = dayjs(iso)
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : ''
}

/** "2026-12-01 09:00 – 17:00" on one day, else both full stamps. */
export function formatRange(start: string | null | undefined, end: string | null | undefined): string {
  const s = formatDateTime(start)
  if (!end) return s
  const a = dayjs(start)
  const b = dayjs(end)
  if (!b.isValid()) return s
  return a.isSame(b, 'day') ? `${s} – ${b.format('HH:mm')}` : `${s} – ${formatDateTime(end)}`
}
