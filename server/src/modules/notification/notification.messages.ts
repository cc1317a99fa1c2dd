/**
 * What each event says, in both languages: the inbox item's title and body, the e-mail (the person's
 * language first, the other after it, a link back to the page), and the WeChat message's fields
 * (wechat-templates.ts maps them onto the configured templates). Times are given in the activity's zone
 * ('UTC+08:00' style) and, where the person's zone differs, in theirs too.
 */
import type { NotificationKind } from '@contracts/notification'
import type { AdminEnrollActivity } from '@contracts/admin-enrollment'

export type Lang = 'zh' | 'en'

/** the activity an event is about, as the message shows it ('UTC+08:00' style zone, as activities store it) */
export type EventActivity = Pick<AdminEnrollActivity, 'id' | 'titleZh' | 'titleEn' | 'startTime' | 'endTime' | 'timeZone'> & {
  type: 'online' | 'offline' | 'both'
  addressZh: string
  addressEn: string
  liveUrl: string | null
}

/** one change the organizer saved: what it was, what it is */
export interface ActivityChange {
  field: 'start' | 'end' | 'address' | 'link'
  from: string
  to: string
}

export type NotifyEvent =
  | { type: 'enrol_received' | 'enrol_confirmed' | 'approved'; activityId: number; enrollmentId: number }
  | { type: 'rejected'; activityId: number; enrollmentId: number; reason: string | null }
  | { type: 'activity_changed'; activityId: number; changes: ActivityChange[] }
  | { type: 'activity_cancelled'; activityId: number; how: 'cancelled' | 'unpublished' }
  | { type: 'reminder'; activityId: number; lead: '24h' | '2h'; startTime: string }
  | { type: 'prize'; activityId: number; userId: number; drawId: number; giftZh: string; giftEn: string }
  | { type: 'offer_made'; activityId: number; waitlistId: number; expiresAt: string }
  | { type: 'offer_expired'; activityId: number; waitlistId: number }
  | { type: 'enrol_cancelled'; activityId: number; enrollmentId: number; reason: string | null }

export interface Texts {
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 'UTC+08:00' → minutes east of UTC; null when the text is not of that form */
function offsetMinutes(zone: string): number | null {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone)
  if (!m) return null
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/** "2026-12-01 14:00" in a 'UTC+08:00' zone or an IANA zone ('Europe/Berlin') */
export function formatIn(iso: string, zone: string): string {
  const d = new Date(iso)
  const off = offsetMinutes(zone)
  if (off !== null) {
    const t = new Date(d.getTime() + off * 60_000)
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`
  }
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    )
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
  } catch {
    return formatIn(iso, 'UTC+00:00')
  }
}

/** the activity's time in its zone, and in the person's where that reads differently */
export function timeIn(iso: string, activityZone: string, personZone: string | null, lang: Lang): string {
  const own = `${formatIn(iso, activityZone)} (${activityZone})`
  if (!personZone) return own
  const theirs = formatIn(iso, personZone)
  if (theirs === formatIn(iso, activityZone)) return own
  return lang === 'zh' ? `${own}，您当地时间 ${theirs} (${personZone})` : `${own}, your time ${theirs} (${personZone})`
}

function where(a: EventActivity, lang: Lang): string {
  const address = lang === 'zh' ? a.addressZh || a.addressEn : a.addressEn || a.addressZh
  const parts: string[] = []
  if (a.type !== 'online' && address) parts.push(lang === 'zh' ? `地点：${address}` : `Address: ${address}`)
  if (a.type !== 'offline' && a.liveUrl) parts.push(lang === 'zh' ? `线上链接：${a.liveUrl}` : `Online link: ${a.liveUrl}`)
  return parts.join('\n')
}

/** "2026-12-10 09:00–13:00 (UTC-08:00)", and the start in the person's zone where it reads differently */
function when(a: EventActivity, zone: string | null, lang: Lang): string {
  const start = formatIn(a.startTime, a.timeZone)
  const end = formatIn(a.endTime, a.timeZone)
  const range = `${start.slice(0, 10) === end.slice(0, 10) ? `${start}–${end.slice(11)}` : `${start} – ${end}`} (${a.timeZone})`
  const theirs = zone ? formatIn(a.startTime, zone) : start
  const yours = theirs === start ? '' : lang === 'zh' ? `；开始时间（您当地）${theirs} (${zone})` : `; starts at ${theirs} your time (${zone})`
  return (lang === 'zh' ? `时间：${range}` : `Time: ${range}`) + yours
}

const FIELD_NAMES: Record<ActivityChange['field'], [string, string]> = {
  start: ['开始时间', 'Start time'],
  end: ['结束时间', 'End time'],
  address: ['地点', 'Address'],
  link: ['线上链接', 'Online link'],
}

function changeLine(c: ActivityChange, a: EventActivity, zone: string | null, lang: Lang): string {
  const [zh, en] = FIELD_NAMES[c.field]
  const show = (v: string) => (c.field === 'start' || c.field === 'end' ? (v ? timeIn(v, a.timeZone, zone, lang) : '—') : v || '—')
  return lang === 'zh' ? `${zh}：${show(c.from)} → ${show(c.to)}` : `${en}: ${show(c.from)} → ${show(c.to)}`
}

/** The inbox texts of an event for one person (their zone decides the "your time" part). */
export function textsOf(event: NotifyEvent, a: EventActivity, zone: string | null): Texts {
  const t = (lang: Lang) => {
    const title = lang === 'zh' ? a.titleZh || a.titleEn : a.titleEn || a.titleZh
    const info = [when(a, zone, lang), where(a, lang)].filter(Boolean).join('\n')
    const zh = lang === 'zh'
    switch (event.type) {
      case 'enrol_received':
        return zh ? [`报名已提交，等待审核：${title}`, `我们已收到您的报名，主办方审核后会通知您。\n${info}`] : [`Enrolment received, awaiting approval: ${title}`, `We received your enrolment. You will hear from us once the organizer has reviewed it.\n${info}`]
      case 'enrol_confirmed':
        return zh ? [`报名成功：${title}`, `您已成功报名。\n${info}`] : [`You are enrolled: ${title}`, `Your enrolment is confirmed.\n${info}`]
      case 'approved':
        return zh ? [`报名已通过：${title}`, `主办方已通过您的报名。\n${info}`] : [`Enrolment approved: ${title}`, `The organizer approved your enrolment.\n${info}`]
      case 'rejected': {
        const why = event.reason ? (zh ? `\n原因：${event.reason}` : `\nReason: ${event.reason}`) : ''
        return zh ? [`报名未通过：${title}`, `很遗憾，主办方未通过您的报名。${why}`] : [`Enrolment not approved: ${title}`, `We are sorry: the organizer did not approve your enrolment.${why}`]
      }
      case 'activity_changed': {
        const lines = event.changes.map((c) => changeLine(c, a, zone, lang)).join('\n')
        return zh ? [`活动有变更：${title}`, `主办方修改了活动信息：\n${lines}`] : [`Activity changed: ${title}`, `The organizer changed the activity:\n${lines}`]
      }
      case 'activity_cancelled':
        return event.how === 'cancelled'
          ? zh ? [`活动已取消：${title}`, `主办方取消了此活动，您的报名随之取消。`] : [`Activity cancelled: ${title}`, `The organizer cancelled this activity; your enrolment ends with it.`]
          : zh ? [`活动已下线：${title}`, `主办方已将此活动下线，如有疑问请联系主办方。`] : [`Activity withdrawn: ${title}`, `The organizer took this activity offline; contact them with any questions.`]
      case 'reminder':
        return event.lead === '24h'
          ? zh ? [`明天开始：${title}`, `活动将在约 24 小时后开始。\n${info}`] : [`Starting tomorrow: ${title}`, `The activity starts in about 24 hours.\n${info}`]
          : zh ? [`即将开始：${title}`, `活动将在约 2 小时后开始。\n${info}`] : [`Starting soon: ${title}`, `The activity starts in about 2 hours.\n${info}`]
      case 'offer_made': {
        const until = timeIn(event.expiresAt, a.timeZone, zone, lang)
        return zh
          ? [`候补到名额：${title}`, `有名额空出，已为您保留。请在 ${until} 前确认，逾期名额将让给下一位。\n${info}`]
          : [`A seat is yours if you confirm: ${title}`, `A seat came free and is held for you. Confirm before ${until}, or it passes to the next person waiting.\n${info}`]
      }
      case 'offer_expired':
        return zh ? [`候补名额已过期：${title}`, `您未在期限内确认，名额已让给下一位候补。`] : [`Your offer expired: ${title}`, `You did not confirm in time; the seat went to the next person waiting.`]
      case 'enrol_cancelled': {
        const why = event.reason ? (zh ? `\n原因：${event.reason}` : `\nReason: ${event.reason}`) : ''
        return zh ? [`报名已被取消：${title}`, `主办方取消了您的报名。${why}`] : [`Enrolment cancelled: ${title}`, `The organizer cancelled your enrolment.${why}`]
      }
      case 'prize':
        return zh ? [`恭喜中奖：${event.giftZh || event.giftEn}`, `您在「${title}」的抽奖中获得 ${event.giftZh || event.giftEn}，请按主办方说明领取。`] : [`You won: ${event.giftEn || event.giftZh}`, `You won ${event.giftEn || event.giftZh} in the raffle of "${title}". Claim it as the organizer describes.`]
    }
  }
  const [titleZh, bodyZh] = t('zh')
  const [titleEn, bodyEn] = t('en')
  return { titleZh, titleEn, bodyZh, bodyEn }
}

export const KIND_OF: Record<NotifyEvent['type'], NotificationKind> = {
  enrol_received: 'enrol_received',
  enrol_confirmed: 'enrol_confirmed',
  approved: 'approved',
  rejected: 'rejected',
  activity_changed: 'activity_changed',
  activity_cancelled: 'activity_cancelled',
  reminder: 'reminder',
  prize: 'prize',
  offer_made: 'offer',
  offer_expired: 'offer_expired',
  enrol_cancelled: 'enrol_cancelled',
}

/** events about the person alone, not an activity: the inbox item and the e-mail say the same */
export type PersonalEvent = { type: 'data_export'; exportId: number; expiresAt: string }

export function personalTexts(event: PersonalEvent): Texts {
  switch (event.type) {
    case 'data_export': {
      const until = `${event.expiresAt.slice(0, 16).replace('T', ' ')} UTC`
      return {
        titleZh: '您的数据已可下载',
        titleEn: 'Your data is ready to download',
        bodyZh: `您申请的个人数据副本已生成，请在个人中心下载，有效期至 ${until}。`,
        bodyEn: `The copy of your data you asked for is ready. Download it from your personal centre before ${until}.`,
      }
    }
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The e-mail of an event: the person's language first, the other beneath, and the page's link. */
export function mailOf(texts: Texts, lang: Lang, link: string, unsubscribe: string | null) {
  const first = lang === 'en' ? [texts.titleEn, texts.bodyEn] : [texts.titleZh, texts.bodyZh]
  const second = lang === 'en' ? [texts.titleZh, texts.bodyZh] : [texts.titleEn, texts.bodyEn]
  const html = (s: string) => escapeHtml(s).replace(/\n/g, '<br>')
  return {
    subject: first[0],
    text: `${first[1]}\n\n${link}\n\n— — —\n${second[0]}\n${second[1]}\n`,
    html: `<p>${html(first[1])}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><hr><p style="color:#666"><b>${html(second[0])}</b><br>${html(second[1])}</p>`,
    // RFC 2369 / 8058: reminders and notices can be turned off from the mail client
    headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  }
}
