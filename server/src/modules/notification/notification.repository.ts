/**
 * The only Kysely code of notifications: the inbox (inserted in batches, idempotent by its dedupe key),
 * the channel settings, who an event reaches (enrolments with their person's address, language, zone,
 * settings and mini-program openid), the activity an event is about, and the failed sends of the ledger.
 */
import type { Insertable } from 'kysely'
import type { Database } from '../../db/database'
import type { NotificationsTable } from '../../db/schema'
import type { EnrollmentStatus } from '@contracts/enrollment'
import type { EventActivity } from './notification.messages'

export type NewInboxRow = Insertable<NotificationsTable>

/** one person an event reaches (a guest has no user id and no settings) */
export interface Recipient {
  enrollmentId: number | null
  userId: number | null
  email: string | null
  lang: 'zh' | 'en'
  timeZone: string | null
  emailReminders: boolean
  emailNotices: boolean
  wechat: boolean
  openid: string | null
  enrolledAt: string | null
}

const INSERT_CHUNK = 500

export class NotificationRepository {
  constructor(private readonly db: Database) {}

  async insertInbox(rows: NewInboxRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await this.db
        .insertInto('notifications')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute()
    }
  }

  async page(userId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      this.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(total.n) }
  }

  async unread(userId: number): Promise<number> {
    const r = await this.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow()
    return Number(r.n)
  }

  async markRead(userId: number, ids: number[] | 'all', nowIso: string): Promise<void> {
    let q = this.db.updateTable('notifications').set({ read_at: nowIso }).where('user_id', '=', userId).where('read_at', 'is', null)
    if (ids !== 'all') {
      if (!ids.length) return
      q = q.where('id', 'in', ids)
    }
    await q.execute()
  }

  settings(userId: number) {
    return this.db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst()
  }

  async saveSettings(userId: number, s: { email_reminders: 0 | 1; email_notices: 0 | 1; wechat: 0 | 1; time_zone: string | null }, nowIso: string) {
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...s, updated_at: nowIso })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...s, updated_at: nowIso }))
      .execute()
  }

  async activity(id: number): Promise<(EventActivity & { status: string; remind24h: boolean; remind2h: boolean }) | null> {
    const a = await this.db
      .selectFrom('activities')
      .select(['id', 'title_zh', 'title_en', 'start_time', 'end_time', 'time_zone', 'type', 'live_url', 'status', 'remind_24h', 'remind_2h'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!a) return null
    const addr = await this.firstAddress(id)
    return {
      id: a.id,
      titleZh: a.title_zh,
      titleEn: a.title_en,
      startTime: a.start_time,
      endTime: a.end_time,
      timeZone: a.time_zone,
      type: a.type,
      addressZh: addr.zh,
      addressEn: addr.en,
      liveUrl: a.live_url,
      status: a.status,
      remind24h: a.remind_24h === 1,
      remind2h: a.remind_2h === 1,
    }
  }

  /** the address people go to: the first of the activity's addresses, city and street */
  async firstAddress(activityId: number): Promise<{ zh: string; en: string }> {
    const r = await this.db
      .selectFrom('activity_addresses')
      .select(['city_zh', 'city_en', 'address_zh', 'address_en'])
      .where('activity_id', '=', activityId)
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirst()
    if (!r) return { zh: '', en: '' }
    // the city in front (zh) or behind (en), unless the address already names it
    const zh = r.address_zh.includes(r.city_zh) ? r.address_zh : [r.city_zh, r.address_zh].filter(Boolean).join(' ')
    const en = r.address_en.includes(r.city_en) ? r.address_en : [r.address_en, r.city_en].filter(Boolean).join(', ')
    return { zh, en }
  }

  /**
   * The enrolments an event reaches, one row per person (an account, or a guest's e-mail), with what
   * each channel needs. `enrolledBefore`: only enrolments made at or before that moment.
   */
  async recipients(q: { activityId?: number; enrollmentId?: number; userIds?: number[]; statuses?: EnrollmentStatus[]; enrolledBefore?: string }): Promise<Recipient[]> {
    let query = this.db
      .selectFrom('activity_enrollments as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('notification_settings as s', 's.user_id', 'e.user_id')
      .leftJoin('user_wechat_identities as w', (j) => j.onRef('w.user_id', '=', 'e.user_id').on('w.app_kind', '=', 'mini'))
      .select(['e.id', 'e.user_id', 'e.guest_email', 'e.created_at', 'u.email', 'u.lang', 's.email_reminders', 's.email_notices', 's.wechat', 's.time_zone', 'w.open_id'])
      .orderBy('e.id')
    if (q.activityId !== undefined) query = query.where('e.activity_id', '=', q.activityId)
    if (q.enrollmentId !== undefined) query = query.where('e.id', '=', q.enrollmentId)
    if (q.statuses) query = query.where('e.status', 'in', q.statuses)
    if (q.enrolledBefore) query = query.where('e.created_at', '<=', q.enrolledBefore)
    const rows = await query.execute()
    const seen = new Set<string>()
    const out: Recipient[] = []
    for (const r of rows) {
      const who = r.user_id ? `u${r.user_id}` : `g${r.guest_email}`
      if (seen.has(who)) continue
      seen.add(who)
      out.push({
        enrollmentId: r.id,
        userId: r.user_id,
        email: r.email ?? r.guest_email ?? null,
        lang: r.lang === 'en' ? 'en' : 'zh',
        timeZone: r.time_zone ?? null,
        emailReminders: r.email_reminders !== 0,
        emailNotices: r.email_notices !== 0,
        wechat: r.wechat !== 0,
        openid: r.open_id ?? null,
        enrolledAt: r.created_at,
      })
    }
    return out
  }

  async guestToken(enrollmentId: number): Promise<string | null> {
    const r = await this.db.selectFrom('activity_enrollments').select('guest_token').where('id', '=', enrollmentId).where('user_id', 'is', null).executeTakeFirst()
    return r?.guest_token ?? null
  }

  async waitlistGuestToken(waitlistId: number): Promise<string | null> {
    const r = await this.db.selectFrom('activity_waitlist').select('guest_token').where('id', '=', waitlistId).where('user_id', 'is', null).executeTakeFirst()
    return r?.guest_token ?? null
  }

  /** the person of a waiting-list entry (an account, or a visitor's e-mail) */
  async waitlistRecipients(waitlistId: number): Promise<Recipient[]> {
    const w = await this.db.selectFrom('activity_waitlist').select(['user_id', 'guest_email']).where('id', '=', waitlistId).executeTakeFirst()
    if (!w) return []
    if (w.user_id) return this.people([w.user_id])
    if (!w.guest_email) return []
    return [{ enrollmentId: null, userId: null, email: w.guest_email, lang: 'zh', timeZone: null, emailReminders: true, emailNotices: true, wechat: false, openid: null, enrolledAt: null }]
  }

  /** people by account (a raffle winner) with the same channel facts */
  async people(userIds: number[]): Promise<Recipient[]> {
    if (!userIds.length) return []
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('notification_settings as s', 's.user_id', 'u.id')
      .leftJoin('user_wechat_identities as w', (j) => j.onRef('w.user_id', '=', 'u.id').on('w.app_kind', '=', 'mini'))
      .select(['u.id', 'u.email', 'u.lang', 's.email_reminders', 's.email_notices', 's.wechat', 's.time_zone', 'w.open_id'])
      .where('u.id', 'in', userIds)
      .execute()
    return rows.map((r) => ({
      enrollmentId: null,
      userId: r.id,
      email: r.email || null,
      lang: r.lang === 'en' ? ('en' as const) : ('zh' as const),
      timeZone: r.time_zone ?? null,
      emailReminders: r.email_reminders !== 0,
      emailNotices: r.email_notices !== 0,
      wechat: r.wechat !== 0,
      openid: r.open_id ?? null,
      enrolledAt: null,
    }))
  }

  /** published activities still to start that someone is enrolled in (their reminders are scheduled at start-up) */
  async upcomingWithEnrolments(nowIso: string): Promise<Array<{ id: number; start_time: string }>> {
    return this.db
      .selectFrom('activities as a')
      .select(['a.id', 'a.start_time'])
      .where('a.status', '=', 'published')
      .where('a.start_time', '>', nowIso)
      .where((eb) => eb.exists(eb.selectFrom('activity_enrollments as e').select('e.id').whereRef('e.activity_id', '=', 'a.id').where('e.status', '=', 'approved')))
      .execute()
  }

  async failed(q: { channel?: 'email' | 'wechat'; offset: number; limit: number }) {
    let base = this.db.selectFrom('mail_deliveries').where('status', '=', 'failed').where('kind', 'like', 'notify.%')
    if (q.channel) base = base.where('channel', '=', q.channel)
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(total.n) }
  }

  /** the kinds of the given failed notification sends (the ledger's resend works per kind) */
  async failedKinds(ids: number[]): Promise<string[]> {
    if (!ids.length) return []
    const rows = await this.db.selectFrom('mail_deliveries').select('kind').distinct().where('id', 'in', ids).where('status', '=', 'failed').where('kind', 'like', 'notify.%').execute()
    return rows.map((r) => r.kind)
  }
}
