/**
 * What a person does with their notifications: the inbox (newest first, paged, unread count, mark one or
 * all read), their channel settings, the WeChat templates they accepted at enrolment (one accept allows
 * one message), and the one-click unsubscribe of reminder and notice mails.
 */
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs } from '../../lib/paging'
import type { InboxItem, InboxPage, NotificationKind, NotificationSettings, WechatTemplates } from '@contracts/notification'
import type { NotificationService } from './notification.service'

const MAX_READ_IDS = 200

function validZone(tz: unknown): string | null {
  if (typeof tz !== 'string' || !tz || tz.length > 64) return null
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return tz
  } catch {
    return null
  }
}

export class InboxService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  private get repo() {
    return this.notifications.repo
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  async list(userId: number, q: { page?: number; pageSize?: number }): Promise<InboxPage> {
    const { page, pageSize, offset } = pageArgs(q)
    const [{ rows, total }, unread] = await Promise.all([this.repo.page(userId, offset, pageSize), this.repo.unread(userId)])
    const list: InboxItem[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind as NotificationKind,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      bodyZh: r.body_zh,
      bodyEn: r.body_en,
      activityId: r.activity_id,
      enrollmentId: r.enrollment_id,
      read: r.read_at !== null,
      createdAt: r.created_at,
    }))
    return { list, total, page, pageSize, unread }
  }

  async unread(userId: number): Promise<{ count: number }> {
    return { count: await this.repo.unread(userId) }
  }

  async read(userId: number, body: { ids?: unknown; all?: unknown }): Promise<{ count: number }> {
    if (body?.all === true) await this.repo.markRead(userId, 'all', this.nowIso())
    else {
      const ids = body?.ids
      if (!Array.isArray(ids) || !ids.length || ids.length > MAX_READ_IDS || !ids.every((x) => Number.isInteger(x) && x > 0)) throw paramError('ids')
      await this.repo.markRead(userId, ids as number[], this.nowIso())
    }
    return this.unread(userId)
  }

  async settings(userId: number): Promise<NotificationSettings> {
    const s = await this.repo.settings(userId)
    return {
      emailReminders: s ? s.email_reminders === 1 : true,
      emailNotices: s ? s.email_notices === 1 : true,
      wechat: s ? s.wechat === 1 : true,
      timeZone: s?.time_zone ?? null,
    }
  }

  async saveSettings(userId: number, body: Partial<NotificationSettings>): Promise<NotificationSettings> {
    const cur = await this.settings(userId)
    const flag = (name: keyof NotificationSettings, v: unknown, fallback: boolean) => {
      if (v === undefined) return fallback
      if (typeof v !== 'boolean') throw paramError(name)
      return v
    }
    let timeZone = cur.timeZone
    if (body?.timeZone !== undefined) {
      timeZone = body.timeZone === null ? null : validZone(body.timeZone)
      if (body.timeZone !== null && !timeZone) throw paramError('timeZone')
    }
    const next = {
      email_reminders: flag('emailReminders', body?.emailReminders, cur.emailReminders) ? 1 : 0,
      email_notices: flag('emailNotices', body?.emailNotices, cur.emailNotices) ? 1 : 0,
      wechat: flag('wechat', body?.wechat, cur.wechat) ? 1 : 0,
      time_zone: timeZone,
    } as const
    await this.repo.saveSettings(userId, next, this.nowIso())
    return this.settings(userId)
  }

  wechatTemplates(): WechatTemplates {
    const w = this.ctx.config.wechat
    if (!w.mini) return { templateIds: [] }
    return { templateIds: [...new Set(Object.values(w.templates).filter((t): t is string => !!t))] }
  }

  /** Records what the person accepted in `wx.requestSubscribeMessage` (templates we use only). */
  async wechatSubscribe(userId: number, body: { results?: unknown }): Promise<{ accepted: number }> {
    const results = body?.results
    if (!results || typeof results !== 'object' || Array.isArray(results)) throw paramError('results')
    const ours = new Set(this.wechatTemplates().templateIds)
    const accepted = Object.entries(results as Record<string, unknown>).filter(([id, v]) => ours.has(id) && v === 'accept').map(([id]) => id)
    if (!accepted.length) return { accepted: 0 }
    if (!(await this.notifications.push.repo.miniOpenId(userId))) throw new AppError(301, { field: 'openid' })
    await this.notifications.push.repo.addAccepted(userId, accepted, this.nowIso())
    return { accepted: accepted.length }
  }

  /** RFC 8058 one-click (and the link itself): turns off that kind of mail; an invalid token is 301 */
  async unsubscribe(token: string): Promise<{ topic: 'reminders' | 'notices' }> {
    const v = this.notifications.verifyUnsubscribe(token)
    if (!v) throw paramError('token')
    const cur = await this.settings(v.userId)
    await this.saveSettings(v.userId, v.topic === 'reminders' ? { ...cur, emailReminders: false } : { ...cur, emailNotices: false })
    return { topic: v.topic }
  }
}
