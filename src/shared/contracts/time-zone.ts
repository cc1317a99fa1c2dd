/**
 * An activity's time zone as it travels ('UTC+08:00'): read the same way by the app's time displays
 * (src/shared/format.ts) and by the server's drawn first screens (server/src/plugins/first-screen.ts).
 */

/** 'UTC+10:00' / 'UTC-05:30' / 'UTC' → minutes east of UTC (null when unreadable). */
export function parseUtcOffset(zone: string | null | undefined): number | null {
  if (!zone) return null
  const z = zone.trim().toUpperCase()
  if (z === 'UTC' || z === 'GMT' || z === 'Z') return 0
  const m = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(z)
  if (!m) return null
  const mins = Number(m[2]) * 60 + Number(m[3] || 0)
  if (mins > 14 * 60) return null
  return m[1] === '-' ? -mins : mins
}
