/**
 * The privacy module's rows: deletion requests, data exports, and the two long reads of a person — what
 * the erasure changes (`erase`) and what the data download shows (`everything`). Every table that can
 * hold a person's data is named here; tests/server/privacy-erase.test.ts fails on a new table with a
 * text column until it is listed there as handled here or as holding no personal data.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/database'
import type { DB } from '../../db/schema'
import { inTransaction } from '../../db/transaction'

/**
 * Columns where a person's identifiers can appear inside other text (logs, payloads, staff notes),
 * scrubbed by value. Identifiers that name one person alone (e-mail, phone, upload keys, promoter code)
 * are replaced wherever they appear; names (which other text may contain by chance: "Li", "Test") only
 * in rows that are the person's (`owner`) or that name them by one of those identifiers.
 */
export const SCRUBBED_COLUMNS: Record<string, { columns: string[]; owner?: (userId: number) => RawBuilder<unknown> }> = {
  audit_log: { columns: ['actor_name', 'target_id', 'before_json', 'after_json', 'ip', 'user_agent'], owner: (id) => sql`actor_id = ${id}` },
  // the audit log's rows not yet moved into audit_log (modules/audit): the same columns, the same rule
  audit_pending: { columns: ['actor_name', 'target_id', 'before_json', 'after_json', 'ip', 'user_agent'], owner: (id) => sql`actor_id = ${id}` },
  job_queue: { columns: ['payload', 'dedupe_key', 'last_error'] },
  mail_deliveries: { columns: ['recipient', 'dedupe_key', 'error'] },
  chat_messages: { columns: ['msg_content', 'url'], owner: (id) => sql`conversation_id in (select id from chat_conversations where user_id = ${id})` },
  chat_conversation_events: { columns: ['note'], owner: (id) => sql`conversation_id in (select id from chat_conversations where user_id = ${id})` },
  raffle_time_grants: { columns: ['reason'], owner: (id) => sql`user_id = ${id}` },
  raffle_draws: { columns: ['client_key'], owner: (id) => sql`user_id = ${id}` },
  checkin_scans: { columns: ['reason', 'code'], owner: (id) => sql`enrollment_id in (select id from activity_enrollments where user_id = ${id})` },
  notices: { columns: ['content', 'filters'] },
  org_projects: { columns: ['contact_name', 'contact_phone', 'contact_email', 'attachments'], owner: (id) => sql`source_enrollment_id in (select id from activity_enrollments where user_id = ${id})` },
  org_project_visits: { columns: ['visitors', 'notes', 'attachments'] },
  abuse_counters: { columns: ['counter_key'] },
  activity_enrollments: { columns: ['admin_remark', 'reject_reason', 'cancel_reason', 'checked_in_device'], owner: (id) => sql`user_id = ${id}` },
}

/** what the erasure looks for in other text */
export interface Needles {
  /** identifiers of this person alone: replaced wherever they appear */
  unique: string[]
  /** their names: replaced in the person's own rows and in rows naming them by a unique identifier */
  names: string[]
}

/** what an erased value becomes inside other text */
export const SCRUB_MARK = '[deleted]'

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE')
}

export interface Person {
  id: number
  email: string
  nick_name: string
  real_name: string | null
  phone: string | null
  avatar_url: string | null
  promoter_email: string | null
  promoter_code: string | null
}

export class PrivacyRepository {
  constructor(private readonly db: Database) {}

  person(userId: number): Promise<Person | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'nick_name', 'real_name', 'phone', 'avatar_url', 'promoter_email', 'promoter_code'])
      .where('id', '=', userId)
      .where('erased_at', 'is', null)
      .executeTakeFirst()
  }
  passwordHash(userId: number) {
    return this.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  }
  async hasWechatIdentity(userId: number): Promise<boolean> {
    return !!(await this.db.selectFrom('user_wechat_identities').select('id').where('user_id', '=', userId).executeTakeFirst())
  }

  // ---- deletion requests -----------------------------------------------------------------------

  pending(userId: number) {
    return this.db.selectFrom('deletion_requests').selectAll().where('user_id', '=', userId).where('state', '=', 'pending').orderBy('id', 'desc').executeTakeFirst()
  }
  /** the request and the sign-out in one transaction; false when one is already pending */
  async request(userId: number, method: 'password' | 'code' | 'wechat', now: string, eraseAt: string): Promise<boolean> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const open = await trx.selectFrom('deletion_requests').select('id').where('user_id', '=', userId).where('state', '=', 'pending').executeTakeFirst()
        if (open) return false
        await trx.insertInto('deletion_requests').values({ user_id: userId, state: 'pending', method, requested_at: now, erase_at: eraseAt }).execute()
        await trx
          .updateTable('users')
          .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
          .where('id', '=', userId)
          .execute()
        return true
      })
    } catch (err) {
      // a request at the same moment got there first (one pending per person: a unique index)
      if (isUniqueViolation(err)) return false
      throw err
    }
  }
  /** cancels the pending request; `announce`: the next user info says so once. Answers whether one was pending. */
  async cancel(userId: number, now: string, announce: boolean): Promise<boolean> {
    const r = await this.db
      .updateTable('deletion_requests')
      .set({ state: 'cancelled', cancelled_at: now, cancel_unseen: announce ? 1 : 0 })
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }
  /** true once after a sign-in cancelled the person's deletion */
  async takeCancelNotice(userId: number): Promise<boolean> {
    const r = await this.db.updateTable('deletion_requests').set({ cancel_unseen: 0 }).where('user_id', '=', userId).where('cancel_unseen', '=', 1).executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }
  /** pending requests past their time, by id after `afterId` */
  due(now: string, afterId: number, limit: number) {
    return this.db.selectFrom('deletion_requests').select(['id', 'user_id']).where('state', '=', 'pending').where('erase_at', '<=', now).where('id', '>', afterId).orderBy('id').limit(limit).execute()
  }
  pendingOfEmail(email: string) {
    return this.db
      .selectFrom('deletion_requests as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.id', 'd.user_id'])
      .where(sql<boolean>`lower(u.email) = ${email.toLowerCase()}`)
      .where('d.state', '=', 'pending')
      .executeTakeFirst()
  }

  // ---- data exports ----------------------------------------------------------------------------

  exports(userId: number, since: string) {
    return this.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).where('requested_at', '>=', since).orderBy('id', 'desc').execute()
  }
  exportById(id: number) {
    return this.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst()
  }
  /** null when the person already asked on this day (the unique user/day pair) */
  async insertExport(userId: number, day: string, now: string): Promise<number | null> {
    const r = await this.db
      .insertInto('data_exports')
      .values({ user_id: userId, state: 'pending', request_day: day, requested_at: now })
      // a download whose build failed today may be asked for again (the person was told "please ask
      // again"): the same row goes back to pending; a pending or ready one keeps its place (null → 674)
      .onConflict((oc) =>
        oc.columns(['user_id', 'request_day']).doUpdateSet({ state: 'pending', requested_at: now }).where('data_exports.state', '=', 'failed'),
      )
      .returning('id')
      .executeTakeFirst()
    return r?.id ?? null
  }
  exportReady(id: number, key: string, size: number, now: string, expiresAt: string) {
    return this.db.updateTable('data_exports').set({ state: 'ready', storage_key: key, size, ready_at: now, expires_at: expiresAt }).where('id', '=', id).execute()
  }
  exportFailed(id: number) {
    return this.db.updateTable('data_exports').set({ state: 'failed' }).where('id', '=', id).execute()
  }
  expiredExports(now: string) {
    return this.db.selectFrom('data_exports').select(['id', 'storage_key']).where('state', '=', 'ready').where('expires_at', '<=', now).execute()
  }
  exportExpired(id: number) {
    return this.db.updateTable('data_exports').set({ state: 'expired', storage_key: null }).where('id', '=', id).execute()
  }

  // ---- what the product holds about a person (the download) ------------------------------------

  async everything(userId: number) {
    const db = this.db
    const [consents, enrolments, waitlist, favorites, follows, subscribers, chat, inbox, prizes, settings, feedback, wechat] = await Promise.all([
      db.selectFrom('user_consents').select(['agreement_version', 'privacy_version', 'channel', 'kind', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('activity_enrollments as e')
        .innerJoin('activities as a', 'a.id', 'e.activity_id')
        .select(['e.id', 'e.activity_id', 'a.title_zh', 'a.title_en', 'a.start_time', 'e.status', 'e.form_answers', 'e.created_at', 'e.ticket_code', 'e.checked_in_at', 'e.cancelled_at'])
        .where('e.user_id', '=', userId)
        .orderBy('e.id')
        .execute(),
      db
        .selectFrom('activity_waitlist as w')
        .innerJoin('activities as a', 'a.id', 'w.activity_id')
        .select(['w.id', 'w.activity_id', 'a.title_zh', 'a.title_en', 'w.state', 'w.form_answers', 'w.created_at'])
        .where('w.user_id', '=', userId)
        .orderBy('w.id')
        .execute(),
      db.selectFrom('favorites').select(['item_type', 'item_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
      db
        .selectFrom('organizer_follows as f')
        .innerJoin('organizations as o', 'o.id', 'f.organization_id')
        .select(['f.organization_id', 'o.name_zh', 'o.name_en', 'f.created_at'])
        .where('f.user_id', '=', userId)
        .execute(),
      db.selectFrom('subscribers').select(['id', 'email', 'status', 'lang', 'created_at', 'confirmed_at']).where('user_id', '=', userId).execute(),
      db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .select(['m.id', 'm.conversation_id', 'm.send_type', 'm.msg_type', 'm.msg_content', 'm.url', 'm.send_time'])
        .where('c.user_id', '=', userId)
        .orderBy('m.id')
        .execute(),
      db.selectFrom('notifications').select(['id', 'kind', 'title_zh', 'title_en', 'body_zh', 'body_en', 'read_at', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('raffle_draws as d')
        .innerJoin('raffles as r', 'r.id', 'd.raffle_id')
        .leftJoin('raffle_gifts as g', 'g.id', 'd.gift_id')
        .select(['d.id', 'r.name_zh as raffle_zh', 'r.name_en as raffle_en', 'g.name_zh as gift_zh', 'g.name_en as gift_en', 'd.created_at', 'd.claimed_at'])
        .where('d.user_id', '=', userId)
        .orderBy('d.id')
        .execute(),
      db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db.selectFrom('feedback').select(['id', 'description', 'name', 'tel', 'email', 'status', 'reply_content', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('user_wechat_identities').select(['app_kind', 'created_at']).where('user_id', '=', userId).execute(),
    ])
    const enrolmentIds = enrolments.map((e) => e.id)
    const checkins = enrolmentIds.length
      ? await db.selectFrom('checkin_scans').select(['enrollment_id', 'action', 'kind', 'scanned_at']).where('enrollment_id', 'in', enrolmentIds).where('conflict', '=', 0).orderBy('id').execute()
      : []
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'nick_name', 'real_name', 'phone', 'avatar_url', 'lang', 'is_promoter', 'promoter_code', 'promoter_email', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return { user, consents, enrolments, waitlist, checkins, favorites, follows, subscribers, chat, inbox, prizes, settings: settings ?? null, feedback, wechat }
  }

  // ---- the erasure -----------------------------------------------------------------------------

  /** every upload URL the person's rows name (their avatar, answers' attachments, chat files, exports) */
  async uploadsOf(userId: number): Promise<{ urls: string[]; exportKeys: string[] }> {
    const db = this.db
    const urls = new Set<string>()
    const collect = (text: string | null | undefined) => {
      for (const m of String(text ?? '').matchAll(/\/uploads\/[A-Za-z0-9_][A-Za-z0-9_./-]*/g)) urls.add(m[0])
    }
    const user = await db.selectFrom('users').select('avatar_url').where('id', '=', userId).executeTakeFirst()
    collect(user?.avatar_url)
    for (const r of await db.selectFrom('activity_enrollments').select('form_answers').where('user_id', '=', userId).execute()) collect(r.form_answers)
    for (const r of await db.selectFrom('activity_waitlist').select('form_answers').where('user_id', '=', userId).execute()) collect(r.form_answers)
    for (const r of await db.selectFrom('chat_uploads').select('url').where('uploader', '=', `user:${userId}`).execute()) collect(r.url)
    const conversations = db.selectFrom('chat_conversations').select('id').where('user_id', '=', userId)
    for (const r of await db.selectFrom('chat_messages').select(['url', 'msg_content']).where('conversation_id', 'in', conversations).where('send_type', '!=', 'kefu').execute()) {
      collect(r.url)
      collect(r.msg_content)
    }
    const exportKeys = (await db.selectFrom('data_exports').select('storage_key').where('user_id', '=', userId).execute()).map((r) => r.storage_key).filter((k): k is string => !!k)
    return { urls: [...urls], exportKeys }
  }

  /**
   * Erases the person in one transaction (the stored files go before, in the service). What stays is
   * anonymous: the user row (no e-mail, name, phone, password) keeps seats, counts and prizes pointing
   * somewhere; enrolments keep their status with every answer removed; chat messages keep their text
   * under an identity that names nobody.
   */
  async erase(p: Person, requestId: number | null, placeholder: { email: string; name: string; passwordHash: string }, needles: Needles, now: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const id = p.id
      // what holds the person and nothing else goes
      await trx.deleteFrom('favorites').where('user_id', '=', id).execute()
      const follows = await trx.selectFrom('organizer_follows').select('organization_id').where('user_id', '=', id).execute()
      for (const f of follows) {
        await trx.updateTable('organizations').set({ follower_count: sql`case when follower_count > 0 then follower_count - 1 else 0 end` }).where('id', '=', f.organization_id).execute()
      }
      await trx.deleteFrom('organizer_follows').where('user_id', '=', id).execute()
      const emails = [p.email, p.promoter_email].filter((e): e is string => !!e).map((e) => e.toLowerCase())
      const subscribers = trx.selectFrom('subscribers').select('id').where((eb) => eb.or([eb('user_id', '=', id), eb(sql`lower(email)`, 'in', emails)]))
      await trx.deleteFrom('mail_deliveries').where('subscriber_id', 'in', subscribers).execute()
      await trx.deleteFrom('subscribers').where((eb) => eb.or([eb('user_id', '=', id), eb(sql`lower(email)`, 'in', emails)])).execute()
      await trx.deleteFrom('mail_deliveries').where('user_id', '=', id).execute()
      await trx.deleteFrom('mail_deliveries').where(sql`lower(recipient)`, 'in', emails).execute()
      await trx.deleteFrom('wechat_subscriptions').where('user_id', '=', id).execute()
      await trx.deleteFrom('notifications').where('user_id', '=', id).execute()
      await trx.deleteFrom('notification_settings').where('user_id', '=', id).execute()
      await trx.deleteFrom('user_wechat_identities').where('user_id', '=', id).execute()
      await trx.deleteFrom('user_consents').where('user_id', '=', id).execute()
      await trx.deleteFrom('verification_codes').where(sql`lower(email)`, 'in', emails).execute()
      await trx.deleteFrom('feedback').where((eb) => eb.or([eb('user_id', '=', id), eb(sql`lower(email)`, 'in', emails)])).execute()
      await trx.deleteFrom('chat_uploads').where('uploader', '=', `user:${id}`).execute()
      await trx.deleteFrom('data_exports').where('user_id', '=', id).execute()
      await trx.updateTable('user_accounts').set({ forbidden: 1, updated_at: now }).where('user_id', '=', id).execute()
      // the person's own rows in the audit log (sign-ins) keep what happened, not who or from where
      await trx.updateTable('audit_log').set({ actor_name: placeholder.name, ip: null, user_agent: null }).where('actor_id', '=', id).execute()
      await trx.updateTable('audit_pending').set({ actor_name: placeholder.name, ip: null, user_agent: null }).where('actor_id', '=', id).execute()

      // enrolments and the waiting list keep their place (seats, counts), not the answers
      await trx
        .updateTable('activity_enrollments')
        .set({ form_answers: '{}', guest_email: null, guest_token: null, admin_remark: null, reject_reason: null, cancel_reason: null, updated_at: now })
        .where('user_id', '=', id)
        .execute()
      await trx.updateTable('activity_waitlist').set({ form_answers: '{}', guest_email: null, guest_token: null, updated_at: now }).where('user_id', '=', id).execute()
      // projects made from the person's enrolment lose its contact
      const enrolments = trx.selectFrom('activity_enrollments').select('id').where('user_id', '=', id)
      await trx.updateTable('org_projects').set({ contact_name: '', contact_phone: '', contact_email: '' }).where('source_enrollment_id', 'in', enrolments).execute()

      // the chat keeps the text for the agent's history, under an identity that names nobody
      const conversations = await trx.selectFrom('chat_conversations').select(['id', 'customer_id']).where('user_id', '=', id).execute()
      for (const c of conversations) {
        const anonymous = `deleted-${c.id}`
        await trx.updateTable('chat_messages').set({ customer_id: anonymous }).where('conversation_id', '=', c.id).execute()
        await trx.updateTable('chat_messages').set({ send_id: anonymous }).where('conversation_id', '=', c.id).where('send_id', '=', c.customer_id).execute()
        // user_id stays: the row it names is "Deleted user" now, which is what the agents' console shows
        await trx.updateTable('chat_conversations').set({ customer_id: anonymous, updated_at: now }).where('id', '=', c.id).execute()
        // a rating keeps its score (the agents' and categories' figures) without the person's words
        await trx.updateTable('chat_ratings').set({ customer_id: anonymous, comment: null }).where('conversation_id', '=', c.id).execute()
      }

      // the user row stays, naming nobody: its e-mail can register again
      await trx
        .updateTable('users')
        .set((eb) => ({
          email: placeholder.email,
          password_hash: placeholder.passwordHash,
          nick_name: placeholder.name,
          avatar_url: null,
          phone: null,
          real_name: null,
          is_promoter: 0,
          promoter_code: null,
          promoter_email: null,
          failed_login_count: 0,
          failed_login_window_start: null,
          frozen_until: null,
          token_version: eb('token_version', '+', 1),
          erased_at: now,
          updated_at: now,
        }))
        .where('id', '=', id)
        .execute()
      if (requestId !== null) await trx.updateTable('deletion_requests').set({ state: 'erased', erased_at: now }).where('id', '=', requestId).execute()

      // the person's identifiers inside other text (logs, payloads, notes) are replaced
      await scrub(trx, id, needles)
    })
  }
}

const escapeRe = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** a name as a whole word (Latin letters around it would make it part of another word); CJK names anywhere */
const nameRe = (n: string) => (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(n) ? escapeRe(n) : `(?<![\\p{L}\\p{N}])${escapeRe(n)}(?![\\p{L}\\p{N}])`)

/** replaces the person's identifiers (case-insensitively) in the SCRUBBED_COLUMNS (see there for which where) */
async function scrub(db: Kysely<DB>, userId: number, needles: Needles): Promise<void> {
  const unique = needles.unique.filter((n) => n.length >= 6)
  const names = needles.names.filter((n) => n.trim().length >= 2)
  if (!unique.length && !names.length) return
  const uniqueRe = unique.length ? new RegExp(unique.map(escapeRe).join('|'), 'giu') : null
  const namesRe = names.length ? new RegExp(names.map(nameRe).join('|'), 'giu') : null
  const anyDb = db as unknown as Kysely<Record<string, Record<string, string | number | null>>>
  const like = (c: string, n: string) => sql<boolean>`lower(${sql.ref(c)}) like ${`%${n.toLowerCase()}%`}`
  for (const [table, { columns, owner }] of Object.entries(SCRUBBED_COLUMNS)) {
    const key = table === 'abuse_counters' ? ['counter_key', 'window_start'] : ['id']
    const byUnique = columns.flatMap((c) => unique.map((n) => like(c, n)))
    const byName = owner ? columns.flatMap((c) => names.map((n) => like(c, n))) : []
    const conditions = [...(byUnique.length ? [sql<boolean>`(${sql.join(byUnique, sql` or `)})`] : []), ...(owner && byName.length ? [sql<boolean>`(${owner(userId)} and (${sql.join(byName, sql` or `)}))`] : [])]
    if (!conditions.length) continue
    const rows = await anyDb
      .selectFrom(table)
      .select([...new Set([...key, ...columns])])
      .where(sql<boolean>`${sql.join(conditions, sql` or `)}`)
      .execute()
    for (const row of rows) {
      if (table === 'abuse_counters') {
        await anyDb.deleteFrom(table).where('counter_key', '=', row.counter_key).where('window_start', '=', row.window_start).execute()
        continue
      }
      const set: Record<string, string> = {}
      for (const c of columns) {
        const v = row[c]
        if (typeof v !== 'string') continue
        let next = uniqueRe ? v.replace(uniqueRe, SCRUB_MARK) : v
        // names: this row is about the person (it is theirs, or it named them by a unique identifier)
        if (namesRe) next = next.replace(namesRe, SCRUB_MARK)
        if (next !== v) set[c] = next
      }
      if ((table === 'mail_deliveries' || table === 'job_queue') && set.dedupe_key !== undefined) {
        // a ledger row or job whose key names the person: deleted (a unique key is not rewritten)
        await anyDb.deleteFrom(table).where('id', '=', row.id).execute()
        continue
      }
      if (Object.keys(set).length) await anyDb.updateTable(table).set(set).where('id', '=', row.id).execute()
    }
  }
}
