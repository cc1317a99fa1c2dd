/**
 * The one place that maps our events onto the WeChat subscribe-message templates chosen in the
 * mini-program admin (ids in WECHAT_TEMPLATE_RESULT / _CHANGE / _REMINDER). Each template must have
 * these fields, in this order, when it is picked from WeChat's library (README lists them):
 * - result   (活动报名结果通知):  thing1 活动名称, phrase2 审核结果, time3 活动时间, thing4 备注
 * - change   (活动变更通知):      thing1 活动名称, thing2 变更内容, time3 活动时间, thing4 备注
 * - reminder (活动开始提醒):      thing1 活动名称, time2 开始时间, thing3 活动地点, thing4 温馨提示
 * WeChat's limits: thing ≤ 20 characters, phrase ≤ 5 Chinese characters, time "YYYY-MM-DD HH:mm".
 */
import type { WeChatConfig } from '../../config'
import { formatIn, type ActivityChange, type EventActivity, type Lang, type NotifyEvent } from './notification.messages'

export type TemplateKey = keyof WeChatConfig['templates']

export const TEMPLATE_OF: Partial<Record<NotifyEvent['type'], TemplateKey>> = {
  enrol_received: 'result',
  enrol_confirmed: 'result',
  approved: 'result',
  rejected: 'result',
  activity_changed: 'change',
  activity_cancelled: 'change',
  reminder: 'reminder',
  offer_made: 'result',
  offer_expired: 'result',
  enrol_cancelled: 'result',
}

const thing = (s: string) => ([...s].length > 20 ? `${[...s].slice(0, 19).join('')}…` : s) || '—'

const RESULT: Record<string, [string, string]> = {
  enrol_received: ['待审核', 'Pending'],
  enrol_confirmed: ['报名成功', 'Enrolled'],
  approved: ['已通过', 'Approved'],
  rejected: ['未通过', 'Rejected'],
  offer_made: ['候补到位', 'Offered'],
  offer_expired: ['已过期', 'Expired'],
  enrol_cancelled: ['已取消', 'Cancelled'],
}
const CHANGED: Record<ActivityChange['field'], [string, string]> = {
  start: ['开始时间', 'start time'],
  end: ['结束时间', 'end time'],
  address: ['地点', 'address'],
  link: ['线上链接', 'online link'],
}

/** the template fields of an event for one person, in their language */
export function templateData(event: NotifyEvent, a: EventActivity, lang: Lang): Record<string, { value: string }> {
  const zh = lang === 'zh'
  const title = thing(zh ? a.titleZh || a.titleEn : a.titleEn || a.titleZh)
  const start = formatIn(a.startTime, a.timeZone)
  const v = (value: string) => ({ value })
  switch (event.type) {
    case 'enrol_received':
    case 'enrol_confirmed':
    case 'approved':
    case 'rejected': {
      const note = event.type === 'rejected' ? event.reason || (zh ? '感谢关注' : 'Thank you') : zh ? '请准时参加' : 'See you there'
      return { thing1: v(title), phrase2: v(RESULT[event.type][zh ? 0 : 1]), time3: v(start), thing4: v(thing(note)) }
    }
    case 'offer_made':
      return { thing1: v(title), phrase2: v(RESULT.offer_made[zh ? 0 : 1]), time3: v(start), thing4: v(thing(zh ? `请于 ${formatIn(event.expiresAt, a.timeZone)} 前确认` : `Confirm by ${formatIn(event.expiresAt, a.timeZone)}`)) }
    case 'offer_expired':
      return { thing1: v(title), phrase2: v(RESULT.offer_expired[zh ? 0 : 1]), time3: v(start), thing4: v(thing(zh ? '名额已让给下一位' : 'Passed to the next')) }
    case 'enrol_cancelled':
      return { thing1: v(title), phrase2: v(RESULT.enrol_cancelled[zh ? 0 : 1]), time3: v(start), thing4: v(thing(event.reason || (zh ? '主办方取消' : 'By the organizer'))) }
    case 'activity_changed': {
      const what = event.changes.map((c) => CHANGED[c.field][zh ? 0 : 1]).join(zh ? '、' : ', ')
      return { thing1: v(title), thing2: v(thing(zh ? `${what}已变更` : `Changed: ${what}`)), time3: v(start), thing4: v(thing(zh ? '点击查看详情' : 'Open for details')) }
    }
    case 'activity_cancelled':
      return { thing1: v(title), thing2: v(thing(zh ? '活动已取消' : 'Cancelled')), time3: v(start), thing4: v(thing(zh ? '报名随之取消' : 'Your enrolment ends')) }
    case 'reminder': {
      const place = a.type === 'online' ? (zh ? '线上活动' : 'Online') : zh ? a.addressZh || a.addressEn : a.addressEn || a.addressZh
      return { thing1: v(title), time2: v(start), thing3: v(thing(place)), thing4: v(thing(event.lead === '24h' ? (zh ? '明天开始，请准时参加' : 'Starts tomorrow') : zh ? '2 小时后开始' : 'Starts in 2 hours')) }
    }
    default:
      return {}
  }
}
