/** Date display helpers (dates travel as ISO strings with zone; shown in the viewer's local time). */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import type { EnrollState } from '@contracts/activity'
import type { SearchModule } from '@contracts/search'
import { parseUtcOffset } from '@contracts/time-zone'

dayjs.extend(utc)

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

// ---- time zones, highlight, enrolment, search paths ----------------------------------------------

/** (read the same way by the server's drawn first screens) */
export { parseUtcOffset }

/** minutes → 'UTC+08:00' */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** The viewer's current UTC offset in minutes (dayjs local zone). */
export function viewerOffset(): number {
  return dayjs().utcOffset()
}

/** An instant shown at a fixed offset: 'YYYY-MM-DD HH:mm'. */
export function formatAtOffset(iso: string | null | undefined, offsetMinutes: number, fmt = 'YYYY-MM-DD HH:mm'): string {
  if (!iso) return ''
  const d = dayjs.utc(iso)
  return d.isValid() ? d.utcOffset(offsetMinutes).format(fmt) : ''
}

/**
 * An instant in an activity's own zone ('UTC+08:00'), labelled with it: '2026-12-01 14:00 (UTC+08:00)',
 * whatever the device's zone (the deadline, check-in time, offer of an activity read as its times do);
 * the viewer's time when the zone is unreadable.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string | null | undefined): string {
  if (!iso) return ''
  const own = parseUtcOffset(timeZone)
  return own === null ? formatDateTime(iso) : `${formatAtOffset(iso, own)} (${timeZone})`
}

/** Range at one offset: same day → 'YYYY-MM-DD HH:mm – HH:mm', else both full stamps. */
export function formatRangeAtOffset(start: string, end: string | null | undefined, offsetMinutes: number): string {
  const s = formatAtOffset(start, offsetMinutes)
  if (!end) return s
  const day = (iso: string) => formatAtOffset(iso, offsetMinutes, 'YYYY-MM-DD')
  return day(start) === day(end) ? `${s} – ${formatAtOffset(end, offsetMinutes, 'HH:mm')}` : `${s} – ${formatAtOffset(end, offsetMinutes)}`
}

export interface ZonedTimes {
  /** in the activity's own zone */
  local: { range: string; zone: string }
  /** in the viewer's zone */
  viewer: { range: string; zone: string }
  /** both zones are the same offset (show one line) */
  same: boolean
}

/** An activity's time in its own zone and in the viewer's (viewer offset injectable for tests). */
export function zonedTimes(start: string, end: string | null | undefined, timeZone: string, viewerMinutes: number = viewerOffset()): ZonedTimes {
  const own = parseUtcOffset(timeZone)
  const ownMinutes = own === null ? viewerMinutes : own
  return {
    local: { range: formatRangeAtOffset(start, end, ownMinutes), zone: own === null ? timeZone || formatUtcOffset(viewerMinutes) : formatUtcOffset(own) },
    viewer: { range: formatRangeAtOffset(start, end, viewerMinutes), zone: formatUtcOffset(viewerMinutes) },
    same: ownMinutes === viewerMinutes,
  }
}

export interface HighlightPart {
  text: string
  hit: boolean
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Split `text` into parts where any of the whitespace-separated keywords occurs (case-insensitive,
 * regex characters taken literally; Chinese words match as substrings). Longer keywords win.
 */
export function highlightParts(text: string | null | undefined, keywords: string | null | undefined): HighlightPart[] {
  const src = text || ''
  const words = Array.from(new Set((keywords || '').split(/\s+/).map((w) => w.trim()).filter(Boolean))).sort((a, b) => b.length - a.length)
  if (!src) return []
  if (!words.length) return [{ text: src, hit: false }]
  const re = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi')
  const parts: HighlightPart[] = []
  let last = 0
  src.replace(re, (match: string, _g: string, offset: number) => {
    if (offset > last) parts.push({ text: src.slice(last, offset), hit: false })
    parts.push({ text: match, hit: true })
    last = offset + match.length
    return match
  })
  if (last < src.length) parts.push({ text: src.slice(last), hit: false })
  return parts
}

/** i18n key of the enrolment button for a state (activity namespace). */
export function enrollStateKey(state: EnrollState): string {
  return `activity.enroll.${state}`
}

/** Detail pages search their list (spec section 2); list pages search themselves; elsewhere 'all'. */
const SEARCH_LIST_PATH: Record<string, string> = {
  '/activityDetail': '/activity',
  '/topicDetail': '/topic',
  '/informationDetail': '/information',
  '/policyDetail': '/policy',
}
const SEARCHABLE = ['/activity', '/topic', '/information', '/policy', '/premiumPlace', '/sponsor']

export function searchListPath(path: string | null | undefined): string {
  const p = (path || '').split('?')[0]
  if (SEARCH_LIST_PATH[p]) return SEARCH_LIST_PATH[p]
  if (SEARCHABLE.includes(p)) return p
  return 'all'
}

/** /search?path= → the search module ('all' for anything else). */
export function searchModuleOf(path: string | null | undefined): SearchModule | 'all' {
  switch (searchListPath(path)) {
    case '/activity':
      return 'activity'
    case '/topic':
      return 'topic'
    case '/information':
      return 'information'
    case '/policy':
      return 'policy'
    case '/premiumPlace':
    case '/sponsor':
      return 'sponsor'
    default:
      return 'all'
  }
}

/** module → the path that goes into /search?path= */
export function searchPathOf(module: SearchModule | 'all'): string {
  return module === 'all' ? 'all' : module === 'sponsor' ? '/premiumPlace' : `/${module}`
}

/** '/search?path=<list path or all>&keywords=…' for a search started on `pagePath`. */
export function searchUrl(pagePath: string, keywords: string): string {
  return `/search?path=${encodeURIComponent(searchListPath(pagePath))}&keywords=${encodeURIComponent(keywords.trim())}`
}

/** The date part ('YYYY-MM-DD') of formatDateTime. */
export const formatDate = (iso: string | null | undefined): string => formatDateTime(iso).slice(0, 10)

/** A video's length as m:ss. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds || 0))
  const m = Math.floor(s / 60)
  return `${m}:${String(s % 60).padStart(2, '0')}`
}
