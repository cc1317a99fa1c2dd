/**
 * The notification layer: an event (enrolment result, activity change, reminder, prize) becomes one
 * inbox item, one e-mail and one WeChat subscribe message per person — each at most once, built on the
 * job queue and the delivery ledger (jobs/deliveries.ts):
 * - `emit` stores a `notify.event` job (dedupe key per event) carrying the event and a snapshot of the
 *   activity; a person's own result also lands in their inbox at once;
 * - the job's fan-out writes the inbox rows (unique per event and person) and the ledger rows (unique per
 *   event, person and channel), so a retry, a `kill -9` mid-fan-out or a second instance adds nobody twice;
 * - the ledger then sends each row once: e-mail through the mail transport, WeChat through wechat-push.ts
 *   (one accepted subscription is spent per message; none left = skipped, with the reason).
 * Reminders are jobs of their own, keyed by the activity's start time: a moved activity gets new ones and
 * the old ones, when they wake, find a different start and send nothing (nor after the start).
 */
import crypto from 'node:crypto'
import type { AppContext } from '../../context'
import { JOB_TYPES } from '../../jobs/job-queue'
import type { DeliveryRow, NewDelivery } from '../../jobs/job.repository'
import { FinalDeliveryError, type Rendered } from '../../jobs/deliveries'
import { pageArgs, toPage } from '../../lib/paging'
import type { ChannelStatus, FailedDelivery } from '@contracts/notification'
import { TICKET_PAGE } from '@contracts/ticket'
import { KIND_OF, mailOf, personalTexts, textsOf, type EventActivity, type NotifyEvent, type PersonalEvent } from './notification.messages'
import { NotificationRepository, type NewInboxRow, type Recipient } from './notification.repository'
import { TEMPLATE_OF, templateData } from './wechat-templates'
import { WechatPush } from './wechat-push'

/** what other modules emit (they reach this module through its service only) */
export type { ActivityChange, NotifyEvent } from './notification.messages'

const HOUR = 3_600_000
export const REMINDER_LEADS = { '24h': 24 * HOUR, '2h': 2 * HOUR } as const

/** what a `notify.event` job carries */
export interface EventPayload {
  key: string
  event: NotifyEvent
  activity: EventActivity
}

/** who an event reaches, and on which channels */
function reach(event: NotifyEvent, r: Recipient, wechatTemplate: string | null) {
  const reminder = event.type === 'reminder'
  return {
    inbox: r.userId !== null,
    email: !!r.email && (!reminder || r.emailReminders),
    wechat: !!wechatTemplate && r.userId !== null && !!r.openid && r.wechat,
  }
}

export class NotificationService {
  readonly repo: NotificationRepository
  readonly push: WechatPush

  constructor(private readonly ctx: AppContext) {
    this.repo = new NotificationRepository(ctx.db)
    this.push = new WechatPush(ctx.config.wechat, ctx.db, ctx.clock)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  /** the configured template id of an event, when the WeChat channel is on for it */
  templateFor(type: NotifyEvent['type']): string | null {
    const key = TEMPLATE_OF[type]
    if (!key || !this.ctx.config.wechat.mini) return null
    return this.ctx.config.wechat.templates[key]
  }

  // ------------------------------------------------------------------ emitting

  /**
   * Records an event. `key` names it once (a second emit with the same key is the same event). With
   * `now`, the fan-out runs before this answers — for an activity about to be deleted with its enrolments.
   */
  async emit(event: NotifyEvent, key: string, opts: { now?: boolean } = {}): Promise<void> {
    const activity = await this.repo.activity(event.activityId)
    if (!activity) return
    const payload: EventPayload = { key, event, activity: snapshot(activity) }
    const job = await this.ctx.jobs.enqueue({ type: JOB_TYPES.notifyEvent, payload, runAt: this.nowIso(), dedupeKey: `notify:${key}` })
    if (opts.now) await this.fanOut(job.id, payload)
    else if ('enrollmentId' in event || 'waitlistId' in event) {
      // a person's own result (or offer) shows in their inbox at once; the job adds nothing twice
      const [r] = await this.recipientsOf(event)
      if (r?.userId) await this.repo.insertInbox([this.inboxRow(payload, r)])
    }
  }

  private inboxRow(p: EventPayload, r: Recipient, textsIn = textsByZone(p)): NewInboxRow {
    const t = textsIn(r.timeZone)
    return {
      user_id: r.userId!,
      dedupe_key: `${p.key}:u${r.userId}`,
      kind: KIND_OF[p.event.type],
      activity_id: p.activity.id,
      enrollment_id: 'enrollmentId' in p.event ? p.event.enrollmentId : r.enrollmentId,
      title_zh: t.titleZh,
      title_en: t.titleEn,
      body_zh: t.bodyZh,
      body_en: t.bodyEn,
      read_at: null,
      created_at: this.nowIso(),
    }
  }

  private async recipientsOf(event: NotifyEvent): Promise<Recipient[]> {
    switch (event.type) {
      case 'enrol_received':
      case 'enrol_confirmed':
      case 'approved':
      case 'rejected':
      case 'enrol_cancelled':
        return this.repo.recipients({ enrollmentId: event.enrollmentId })
      case 'offer_made':
      case 'offer_expired':
        return this.repo.waitlistRecipients(event.waitlistId)
      case 'activity_changed':
      case 'activity_cancelled':
        return this.repo.recipients({ activityId: event.activityId, statuses: ['pending', 'approved'] })
      case 'reminder':
        return this.repo.recipients({
          activityId: event.activityId,
          statuses: ['approved'],
          enrolledBefore: new Date(Date.parse(event.startTime) - REMINDER_LEADS[event.lead]).toISOString(),
        })
      case 'prize':
        return this.repo.people([event.userId])
    }
  }

  /** Idempotent: the inbox rows and the ledger rows of an event (a re-run adds nobody twice). */
  async fanOut(jobId: number, p: EventPayload): Promise<void> {
    const people = await this.recipientsOf(p.event)
    const template = this.templateFor(p.event.type)
    const kind = `notify.${p.event.type}`
    const inbox: NewInboxRow[] = []
    const deliveries: NewDelivery[] = []
    const texts = textsByZone(p)
    for (const r of people) {
      const to = reach(p.event, r, template)
      if (to.inbox) inbox.push(this.inboxRow(p, r, texts))
      if (to.email) deliveries.push({ dedupeKey: `${p.key}:e:${r.email!.toLowerCase()}`, kind, recipient: r.email!, userId: r.userId, activityId: p.activity.id })
      if (to.wechat) deliveries.push({ dedupeKey: `${p.key}:w:${r.userId}`, kind, recipient: r.openid!, userId: r.userId, activityId: p.activity.id, channel: 'wechat' })
    }
    await this.repo.insertInbox(inbox)
    await this.ctx.jobs.addDeliveries(jobId, deliveries, this.nowIso())
  }

  /**
   * The mail or WeChat message of each claimed ledger row (person's language and zone looked up now).
   * The WeChat accepts of the whole batch are taken here in one statement; a message that then does not
   * go out (a transient failure, or the worker stopping before it) gives its accept back.
   */
  async render(p: EventPayload, rows: DeliveryRow[]): Promise<Map<number, Rendered>> {
    const out = new Map<number, Rendered>()
    const userIds = [...new Set(rows.map((r) => r.user_id).filter((x): x is number => x !== null))]
    const people = new Map((await this.repo.people(userIds)).map((r) => [r.userId!, r]))
    const link = `${this.ctx.config.publicUrl}/activityDetail?id=${p.activity.id}`
    const template = this.templateFor(p.event.type)
    const wechatIds = rows.filter((r) => r.channel === 'wechat' && r.user_id !== null && people.has(r.user_id)).map((r) => r.user_id!)
    const accepted = template && wechatIds.length ? await this.push.repo.takeMany(wechatIds, template, this.nowIso()) : new Set<number>()
    const textsIn = textsByZone(p)
    for (const row of rows) {
      const person = row.user_id !== null ? people.get(row.user_id) : undefined
      const lang = person?.lang ?? 'zh'
      if (row.channel === 'wechat') {
        if (!template || !person) {
          out.set(row.id, { skip: 'WeChat channel off for this event' })
          continue
        }
        const userId = row.user_id!
        if (!accepted.has(userId)) {
          out.set(row.id, { skip: 'no accepted WeChat subscription left for this template' })
          continue
        }
        const giveBack = () => this.push.repo.giveBack(userId, template, this.nowIso())
        out.set(row.id, {
          send: async () => {
            try {
              await this.push.send({ openid: row.recipient, templateId: template, page: `pages/activity-detail/index?id=${p.activity.id}`, data: templateData(p.event, p.activity, lang), lang: lang === 'en' ? 'en_US' : 'zh_CN' })
            } catch (err) {
              // a retried message needs its accept again; a final refusal has used it
              if (!(err instanceof FinalDeliveryError)) await giveBack()
              throw err
            }
          },
          unsent: giveBack,
        })
        continue
      }
      const texts = textsIn(person?.timeZone ?? null)
      const unsubscribe = p.event.type === 'reminder' && person ? this.unsubscribeUrl(person.userId!, 'reminders') : null
      out.set(row.id, mailOf(texts, lang, (await this.ticketLink(p.event, row.user_id)) ?? link, unsubscribe))
    }
    return out
  }

  /** a visitor's confirmation links to their ticket (they have no account to find it in) */
  private async ticketLink(event: NotifyEvent, userId: number | null): Promise<string | null> {
    if (userId !== null || (event.type !== 'enrol_confirmed' && event.type !== 'approved')) return null
    const token = await this.repo.guestToken(event.enrollmentId)
    return token ? `${this.ctx.config.publicUrl}${TICKET_PAGE}?token=${token}` : null
  }

  // ------------------------------------------------------------------ group notices

  /**
   * A group notice's fan-out (notice module): every recipient with an account gets it in their inbox;
   * answers the recipients whose e-mail should go out (guests always, people unless they turned notice
   * mails off).
   */
  async deliverNotice<R extends { email: string; userId: number | null }>(notice: { id: number; activityId: number; title: string; content: string }, recipients: R[]): Promise<R[]> {
    const userIds = recipients.map((r) => r.userId).filter((x): x is number => x !== null)
    const people = new Map((await this.repo.people(userIds)).map((p) => [p.userId!, p]))
    const nowIso = this.nowIso()
    await this.repo.insertInbox(
      userIds.map((userId) => ({
        user_id: userId,
        dedupe_key: `notice:${notice.id}:u${userId}`,
        kind: 'notice',
        activity_id: notice.activityId,
        enrollment_id: null,
        title_zh: notice.title,
        title_en: notice.title,
        body_zh: notice.content,
        body_en: notice.content,
        read_at: null,
        created_at: nowIso,
      })),
    )
    return recipients.filter((r) => r.userId === null || people.get(r.userId)?.emailNotices !== false)
  }

  // ------------------------------------------------------------------ about the person alone

  /**
   * The copy of a person's data is ready (privacy module): an inbox item at once and an e-mail in their
   * language first; a failed mail is logged by the caller's job, the inbox item stays.
   */
  async dataExportReady(userId: number, exportId: number, expiresAt: string): Promise<void> {
    await this.personal(userId, { type: 'data_export', exportId, expiresAt }, `data-export:${exportId}`, `${this.ctx.config.publicUrl}/center`)
  }

  private async personal(userId: number, event: PersonalEvent, key: string, link: string): Promise<void> {
    const [person] = await this.repo.people([userId])
    if (!person) return
    const texts = personalTexts(event)
    await this.repo.insertInbox([
      {
        user_id: userId,
        dedupe_key: `${key}:u${userId}`,
        kind: event.type,
        activity_id: null,
        enrollment_id: null,
        title_zh: texts.titleZh,
        title_en: texts.titleEn,
        body_zh: texts.bodyZh,
        body_en: texts.bodyEn,
        read_at: null,
        created_at: this.nowIso(),
      },
    ])
    if (person.email) await this.ctx.mail.send({ to: person.email, ...mailOf(texts, person.lang, link, null) })
  }

  // ------------------------------------------------------------------ reminders

  /** Stores the activity's reminder jobs for its current start (idempotent); none once it has started. */
  async scheduleReminders(activityId: number): Promise<void> {
    const a = await this.repo.activity(activityId)
    if (!a || a.status !== 'published') return
    const now = this.ctx.clock.now().getTime()
    const start = Date.parse(a.startTime)
    for (const lead of Object.keys(REMINDER_LEADS) as Array<keyof typeof REMINDER_LEADS>) {
      if (start <= now) continue
      const runAt = new Date(Math.max(now, start - REMINDER_LEADS[lead])).toISOString()
      await this.ctx.jobs.enqueue({ type: JOB_TYPES.notifyReminder, payload: { activityId, lead, startTime: a.startTime }, runAt, dedupeKey: `reminder:${activityId}:${lead}:${a.startTime}` })
    }
  }

  /** at start-up: every upcoming activity someone is enrolled in has its reminders */
  async scheduleUpcomingReminders(): Promise<number> {
    const rows = await this.repo.upcomingWithEnrolments(this.nowIso())
    for (const r of rows) await this.scheduleReminders(r.id)
    return rows.length
  }

  /**
   * A reminder job woke: the payload it would send, or null — the activity moved (its new reminders do
   * the work), was withdrawn, has the reminder switched off, or has already started.
   */
  async reminderDue(payload: { activityId: number; lead: '24h' | '2h'; startTime: string }): Promise<EventPayload | null> {
    const a = await this.repo.activity(payload.activityId)
    if (!a || a.status !== 'published' || a.startTime !== payload.startTime) return null
    if ((payload.lead === '24h' && !a.remind24h) || (payload.lead === '2h' && !a.remind2h)) return null
    if (this.ctx.clock.now().getTime() >= Date.parse(a.startTime)) return null
    const event: NotifyEvent = { type: 'reminder', activityId: a.id, lead: payload.lead, startTime: a.startTime }
    return { key: `reminder:${a.id}:${payload.lead}:${a.startTime}`, event, activity: snapshot(a) }
  }

  // ------------------------------------------------------------------ signed one-click unsubscribe (RFC 8058)

  private mac(userId: number, topic: string) {
    return crypto.createHmac('sha256', this.ctx.config.jwtSecret).update(`notification:${userId}:${topic}`).digest('base64url').slice(0, 22)
  }

  unsubscribeUrl(userId: number, topic: 'reminders' | 'notices'): string {
    return `${this.ctx.config.publicUrl}/api/v1/notification/unsubscribe?token=${userId}.${topic[0]}.${this.mac(userId, topic)}`
  }

  verifyUnsubscribe(token: string): { userId: number; topic: 'reminders' | 'notices' } | null {
    const m = /^(\d{1,12})\.([rn])\.([A-Za-z0-9_-]{22})$/.exec(String(token ?? '').trim())
    if (!m) return null
    const userId = Number(m[1])
    const topic = m[2] === 'r' ? 'reminders' : 'notices'
    const expected = Buffer.from(this.mac(userId, topic))
    const given = Buffer.from(m[3])
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
    return { userId, topic }
  }

  // ------------------------------------------------------------------ operations' view

  channels(): ChannelStatus[] {
    const w = this.ctx.config.wechat
    const missing = (Object.keys(w.templates) as Array<keyof typeof w.templates>).filter((k) => !w.templates[k]).map((k) => `WECHAT_TEMPLATE_${k.toUpperCase()}`)
    const wechatWhy = !w.mini ? ['未设置 WECHAT_APP_ID / WECHAT_APP_SECRET', 'WECHAT_APP_ID / WECHAT_APP_SECRET not set'] : missing.length ? [`未设置 ${missing.join('、')}，对应消息不发送`, `${missing.join(', ')} not set: those messages are not sent`] : null
    const mailWhy = this.ctx.mail.mode === 'outbox' ? ['未设置 SMTP_URL：邮件写入 data/outbox', 'SMTP_URL not set: mails are written to data/outbox'] : null
    return [
      { channel: 'inbox', on: true, whyZh: null, whyEn: null },
      { channel: 'email', on: true, whyZh: mailWhy?.[0] ?? null, whyEn: mailWhy?.[1] ?? null },
      { channel: 'wechat', on: !!w.mini && missing.length < 3, whyZh: wechatWhy?.[0] ?? null, whyEn: wechatWhy?.[1] ?? null },
    ]
  }

  async failed(q: { page?: number; pageSize?: number; channel?: 'email' | 'wechat' | '' }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.failed({ channel: q.channel || undefined, offset, limit: pageSize })
    const list: FailedDelivery[] = rows.map((r) => ({ id: r.id, channel: r.channel, kind: r.kind, recipient: r.recipient, userId: r.user_id, activityId: r.activity_id, error: r.error, attempts: r.attempts, createdAt: r.created_at }))
    return toPage(list, total, page, pageSize)
  }

  async resend(ids: number[]): Promise<{ count: number }> {
    let count = 0
    for (const kind of await this.repo.failedKinds(ids)) count += await this.ctx.jobs.resendFailed(ids, kind)
    return { count }
  }
}

function snapshot(a: EventActivity): EventActivity {
  const { id, titleZh, titleEn, startTime, endTime, timeZone, type, addressZh, addressEn, liveUrl } = a
  return { id, titleZh, titleEn, startTime, endTime, timeZone, type, addressZh, addressEn, liveUrl }
}

/** an event's texts per time zone, each drawn once: a fan-out to thousands shares a handful of zones */
function textsByZone(p: EventPayload): (zone: string | null) => ReturnType<typeof textsOf> {
  const drawn = new Map<string | null, ReturnType<typeof textsOf>>()
  return (zone) => {
    let t = drawn.get(zone)
    if (!t) drawn.set(zone, (t = textsOf(p.event, p.activity, zone)))
    return t
  }
}
