/**
 * Local calendar days in an IANA time zone as UTC instants, without a time-zone library: Intl gives
 * the wall-clock of an instant, from which the zone's offset at that instant follows. Timestamps are
 * stored as ISO-8601 UTC text, so a local day is the half-open text range [start, next start).
 */
import { AppError } from '../../lib/app-error'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    } catch {
      throw new AppError(650, { field: 'tz' })
    }
    formatters.set(tz, f)
  }
  return f
}

export function assertZone(tz: string): void {
  formatterOf(tz)
}

/** the zone's offset from UTC at an instant, in minutes (east positive) */
export function offsetMinutes(ms: number, tz: string): number {
  const p: Record<string, number> = {}
  for (const part of formatterOf(tz).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60000)
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/

export function isDay(s: string): boolean {
  const m = DAY_RE.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))
  return d.toISOString().slice(0, 10) === s
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** days from a to b (b - a) */
export function daysBetween(a: string, b: string): number {
  const ms = (s: string) => Date.parse(`${s}T00:00:00Z`)
  return Math.round((ms(b) - ms(a)) / 86400000)
}

/** day starts already worked out, per zone and day (every card of a dashboard asks for the same days) */
const dayStarts = new Map<string, number>()
const DAY_STARTS_KEPT = 50_000

/** the UTC instant (ms) at which the local day begins */
export function dayStartMs(day: string, tz: string): number {
  const key = `${tz}|${day}`
  let ms = dayStarts.get(key)
  if (ms === undefined) {
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear()
    dayStarts.set(key, (ms = computeDayStart(day, tz)))
  }
  return ms
}

function computeDayStart(day: string, tz: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`)
  let guess = wall - offsetMinutes(wall, tz) * 60000
  // once more with the offset at the guess: right across a DST change near midnight
  guess = wall - offsetMinutes(guess, tz) * 60000
  return guess
}

/** the local calendar day of an instant */
export function dayOf(ms: number, tz: string): string {
  return new Date(ms + offsetMinutes(ms, tz) * 60000).toISOString().slice(0, 10)
}

export function daysFrom(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d)
  return out
}

/** the hour key ('YYYY-MM-DDTHH', UTC) of an instant: the views' bucket */
export function hourKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13)
}

/** Assigns instants to local days: days[i] owns [starts[i], starts[i+1]) */
export class DayIndex {
  constructor(
    readonly days: string[],
    /** starts.length = days.length + 1 (the end of the last day) */
    readonly starts: number[],
  ) {}

  static of(days: string[], tz: string): DayIndex {
    const starts = days.map((d) => dayStartMs(d, tz))
    starts.push(dayStartMs(addDays(days[days.length - 1], 1), tz))
    return new DayIndex(days, starts)
  }

  /** index of the day holding the instant, -1 outside */
  indexOf(ms: number): number {
    const s = this.starts
    if (ms < s[0] || ms >= s[s.length - 1]) return -1
    let lo = 0
    let hi = s.length - 2
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (s[mid] <= ms) lo = mid
      else hi = mid - 1
    }
    return lo
  }
}
