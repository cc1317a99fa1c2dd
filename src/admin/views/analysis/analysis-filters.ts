/** The dashboard's filter state and what it derives: today's local day, preset ranges, the time zones offered. */
import { ANALYSIS_DEFAULT_TZ, type AnalysisQuery } from '@contracts/analysis'

export const TIME_ZONES = [ANALYSIS_DEFAULT_TZ, 'UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Singapore', 'Australia/Sydney', 'Asia/Kolkata']

/** the local calendar day of now in a time zone (en-CA formats YYYY-MM-DD) */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** the last `days` days ending today */
export function lastDays(days: number, tz: string, now = new Date()): Pick<AnalysisQuery, 'from' | 'to'> {
  const to = todayIn(tz, now)
  return { from: addDays(to, -(days - 1)), to }
}

/** the filter from the address (?from&to&tz&activityId&organizationId&type), defaults for what is missing */
export function queryFromSearch(search: string, now = new Date()): AnalysisQuery {
  const p = new URLSearchParams(search)
  const tz = p.get('tz') || ANALYSIS_DEFAULT_TZ
  const day = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(p.get(k) ?? '') ? p.get(k)! : '')
  const range = day('from') && day('to') ? { from: day('from'), to: day('to') } : lastDays(30, tz, now)
  const num = (k: string) => (Number(p.get(k)) > 0 ? Number(p.get(k)) : undefined)
  const type = p.get('type')
  return { ...range, tz, activityId: num('activityId'), organizationId: num('organizationId'), type: type === 'online' || type === 'offline' || type === 'both' ? type : undefined }
}

export function searchOf(q: AnalysisQuery): string {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v))
  return `?${p.toString()}`
}
