/**
 * Business hours in an IANA time zone: whether the desk is open at an instant and, when closed, the next
 * opening instant. Spans and holidays are local wall-clock times of the zone, so a daylight-saving change
 * moves the UTC instants with it (09:00 in London is 09:00Z in winter, 08:00Z in summer). Pure functions
 * over Intl; nothing here reads a clock.
 */
import type { BusinessHours, BusinessHoursSpan, BusinessHoursState } from '@contracts/helpdesk'

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short' })
    formatters.set(timeZone, f)
  }
  return f
}

export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz || tz.length > 64) return false
  try {
    formatter(tz)
    return true
  } catch {
    return false
  }
}

const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

interface Local {
  y: number
  m: number
  d: number
  minutes: number
  weekday: number
  /** local wall-clock as if it were UTC, in ms (seconds included) */
  wallMs: number
}

function local(timeZone: string, t: number): Local {
  const parts: Record<string, string> = {}
  for (const p of formatter(timeZone).formatToParts(new Date(t))) parts[p.type] = p.value
  const y = Number(parts.year)
  const m = Number(parts.month)
  const d = Number(parts.day)
  const h = Number(parts.hour)
  const mi = Number(parts.minute)
  const s = Number(parts.second)
  return { y, m, d, minutes: h * 60 + mi, weekday: WEEKDAY[parts.weekday], wallMs: Date.UTC(y, m - 1, d, h, mi, s) + (t % 1000 + 1000) % 1000 }
}

/** the zone's offset (local − UTC, ms) at instant t */
const offsetAt = (timeZone: string, t: number) => local(timeZone, t).wallMs - t

/**
 * The instant of a local wall-clock time (ms as if UTC). Ambiguous times (clocks going back) take the
 * earlier instant; times in a gap (clocks going forward) move forward by the gap, as a wall clock would.
 */
export function instantOf(timeZone: string, wallMs: number): number {
  const before = offsetAt(timeZone, wallMs - 86_400_000)
  const after = offsetAt(timeZone, wallMs + 86_400_000)
  const early = wallMs - Math.max(before, after)
  if (local(timeZone, early).wallMs === wallMs) return early
  const late = wallMs - Math.min(before, after)
  if (local(timeZone, late).wallMs === wallMs) return late
  // in the gap: the wall time does not exist; the same distance after the gap's start
  return wallMs - before
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const dateKey = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

/** null when the hours are usable, else what is wrong (for the log; the caller answers 684) */
export function hoursProblem(h: BusinessHours): string | null {
  if (!isTimeZone(h.timeZone)) return 'timeZone'
  for (const s of h.weekly) {
    if (!Number.isInteger(s.day) || s.day < 1 || s.day > 7) return 'day'
    if (!HHMM.test(s.open) || !HHMM.test(s.close) || s.open === '24:00') return 'time'
    if (toMinutes(s.close) <= toMinutes(s.open)) return 'closeBeforeOpen'
  }
  for (let i = 0; i < h.weekly.length; i++) {
    for (let j = i + 1; j < h.weekly.length; j++) {
      const a = h.weekly[i]
      const b = h.weekly[j]
      if (a.day === b.day && toMinutes(a.open) < toMinutes(b.close) && toMinutes(b.open) < toMinutes(a.close)) return 'overlap'
    }
  }
  for (const d of h.holidays) {
    if (!DATE.test(d)) return 'holiday'
    const [y, m, dd] = d.split('-').map(Number)
    const t = new Date(Date.UTC(y, m - 1, dd))
    if (t.getUTCDate() !== dd) return 'holiday'
  }
  return null
}

function spansOf(h: BusinessHours, weekday: number): BusinessHoursSpan[] {
  return h.weekly.filter((s) => s.day === weekday).sort((a, b) => toMinutes(a.open) - toMinutes(b.open))
}

/** Open now? When closed, the next opening instant (searching a year ahead); when open, when it closes. */
export function hoursState(h: BusinessHours, nowMs: number): BusinessHoursState {
  const base = { timeZone: h.timeZone, now: new Date(nowMs).toISOString() }
  if (h.alwaysOpen) return { ...base, open: true, nextOpenAt: null, closesAt: null }
  const holidays = new Set(h.holidays)
  const today = local(h.timeZone, nowMs)
  for (let i = 0; i <= 370; i++) {
    // the local calendar day i days after today (noon avoids any DST edge when stepping)
    const noon = Date.UTC(today.y, today.m - 1, today.d + i, 12)
    const day = new Date(noon)
    const y = day.getUTCFullYear()
    const m = day.getUTCMonth() + 1
    const d = day.getUTCDate()
    if (holidays.has(dateKey(y, m, d))) continue
    const weekday = ((day.getUTCDay() + 6) % 7) + 1
    const midnight = Date.UTC(y, m - 1, d)
    for (const s of spansOf(h, weekday)) {
      const opens = instantOf(h.timeZone, midnight + toMinutes(s.open) * 60_000)
      const closes = instantOf(h.timeZone, midnight + toMinutes(s.close) * 60_000)
      if (nowMs >= opens && nowMs < closes) return { ...base, open: true, nextOpenAt: null, closesAt: new Date(closes).toISOString() }
      if (opens > nowMs) return { ...base, open: false, nextOpenAt: new Date(opens).toISOString(), closesAt: null }
    }
  }
  return { ...base, open: false, nextOpenAt: null, closesAt: null }
}
