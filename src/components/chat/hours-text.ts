/**
 * When advisers are back, in words, for the visitor's own clock and for Beijing time (UTC+8, no summer
 * time). Plain arithmetic on UTC offsets, no Intl time zones (the mini-program's engines may lack them).
 */
export const BEIJING_OFFSET_MIN = 480

const WEEK_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const WEEK_ZH = ['周日', '周一', '周二', '周三', '周四', '周五', '周六']
const MONTH_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const pad = (n: number) => String(n).padStart(2, '0')

/** the wall-clock time of an instant at a UTC offset (minutes east of UTC): "Mon 30 Nov 09:00" / "11月30日（周一）09:00" */
export function formatAtOffset(ms: number, offsetMin: number, lang: 'zh' | 'en'): string {
  const d = new Date(ms + offsetMin * 60000)
  const hm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  if (lang === 'zh') return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日（${WEEK_ZH[d.getUTCDay()]}）${hm}`
  return `${WEEK_EN[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_EN[d.getUTCMonth()]} ${hm}`
}

/** "UTC+01:00" */
export function offsetLabel(offsetMin: number): string {
  const sign = offsetMin < 0 ? '-' : '+'
  const a = Math.abs(offsetMin)
  return `UTC${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`
}

/** the device's zone name where the engine knows it, else its UTC offset */
export function visitorZoneName(offsetMin: number): string {
  try {
    const zone = typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : ''
    if (zone) return zone
  } catch {
    /* engines without Intl */
  }
  return offsetLabel(offsetMin)
}

export interface ReturnTime {
  /** in the visitor's own clock */
  local: string
  /** the visitor's zone (name or offset) */
  zone: string
  /** in Beijing time */
  beijing: string
  /** the visitor's clock is Beijing's: one time is enough */
  sameAsBeijing: boolean
}

/** When the desk opens again (nextOpenAt, ISO UTC) for a visitor whose clock is `offsetMin` east of UTC at that instant. */
export function returnTime(nextOpenAt: string, lang: 'zh' | 'en', offsetMin: number = -new Date(nextOpenAt).getTimezoneOffset(), zone?: string): ReturnTime | null {
  const ms = Date.parse(nextOpenAt)
  if (Number.isNaN(ms)) return null
  return {
    local: formatAtOffset(ms, offsetMin, lang),
    zone: zone ?? visitorZoneName(offsetMin),
    beijing: formatAtOffset(ms, BEIJING_OFFSET_MIN, lang),
    sameAsBeijing: offsetMin === BEIJING_OFFSET_MIN,
  }
}
