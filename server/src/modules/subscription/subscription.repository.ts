import { sql, type Selectable } from 'kysely'
import type { DigestDeliveryStatus } from '@contracts/subscription'
import type { Database } from '../../db/database'
import type { SubscribersTable, NewsEventsTable } from '../../db/schema'

export type SubscriberRow = Selectable<SubscribersTable>
export type NewsEventRow = Selectable<NewsEventsTable>

export interface SubscriberFilter {
  keyword?: string
  status?: string
  blacklisted?: boolean
  offset: number
  limit: number
}

export class SubscriptionRepository {
  constructor(private readonly db: Database) {}

  findByEmail(email: string) {
    return this.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst()
  }
  findById(id: number) {
    return this.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst()
  }
  findByUser(userId: number) {
    return this.db.selectFrom('subscribers').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst()
  }
  userEmail(userId: number) {
    return this.db.selectFrom('users').select(['email', 'lang']).where('id', '=', userId).executeTakeFirst()
  }

  async insert(row: { email: string; user_id: number | null; lang: string; source: string; now: string; blacklisted?: boolean; status?: SubscriberRow['status'] }): Promise<number> {
    const r = await this.db
      .insertInto('subscribers')
      .values({
        email: row.email,
        user_id: row.user_id,
        lang: row.lang,
        source: row.source,
        status: row.status ?? 'pending',
        blacklisted: row.blacklisted ? 1 : 0,
        confirmed_at: null,
        unsubscribed_at: null,
        created_at: row.now,
        updated_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return r.id
  }

  async update(id: number, patch: Partial<Omit<SubscriberRow, 'id' | 'token_version'>> & { bumpToken?: boolean }) {
    const { bumpToken, ...rest } = patch
    await this.db
      .updateTable('subscribers')
      .set((eb) => ({ ...rest, ...(bumpToken ? { token_version: eb('token_version', '+', 1) } : {}) }))
      .where('id', '=', id)
      .execute()
  }

  async setCategories(subscriberId: number, codes: string[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('subscriber_categories').where('subscriber_id', '=', subscriberId).execute()
      if (codes.length) await trx.insertInto('subscriber_categories').values(codes.map((code) => ({ subscriber_id: subscriberId, code }))).execute()
    })
  }

  async categoriesOf(ids: number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>()
    if (!ids.length) return map
    const rows = await this.db.selectFrom('subscriber_categories').select(['subscriber_id', 'code']).where('subscriber_id', 'in', ids).orderBy('code').execute()
    for (const r of rows) map.set(r.subscriber_id, [...(map.get(r.subscriber_id) ?? []), r.code])
    return map
  }

  subscribersByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([] as SubscriberRow[])
    return this.db.selectFrom('subscribers').selectAll().where('id', 'in', ids).execute()
  }

  private filtered(f: Omit<SubscriberFilter, 'offset' | 'limit'>) {
    let q = this.db.selectFrom('subscribers')
    if (f.status) q = q.where('status', '=', f.status as SubscriberRow['status'])
    if (f.blacklisted !== undefined) q = q.where('blacklisted', '=', f.blacklisted ? 1 : 0)
    if (f.keyword) q = q.where('email', 'like', `%${f.keyword.toLowerCase()}%`)
    return q
  }

  async list(f: SubscriberFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  /** keyset page for the export (never an offset scan) */
  exportPage(f: Omit<SubscriberFilter, 'offset' | 'limit'>, afterId: number, limit: number) {
    return this.filtered(f).selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute()
  }

  // ---------------------------------------------------------------- digest deliveries (admin)

  async deliveries(f: { status?: DigestDeliveryStatus; keyword?: string; offset: number; limit: number }) {
    let q = this.db.selectFrom('mail_deliveries').where('kind', '=', 'digest')
    if (f.status) q = q.where('status', '=', f.status)
    if (f.keyword) q = q.where('recipient', 'like', `%${f.keyword.toLowerCase()}%`)
    const [rows, count] = await Promise.all([
      q.select(['id', 'dedupe_key', 'recipient', 'status', 'error', 'attempts', 'sent_at', 'created_at']).orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  // ---------------------------------------------------------------- news events

  /** Records a published item once; answers the row (existing or new). */
  async addEvent(kind: NewsEventRow['kind'], itemId: number, codes: string[], digestDate: string, now: string): Promise<NewsEventRow> {
    await this.db
      .insertInto('news_events')
      .values({ kind, item_id: itemId, codes: JSON.stringify(codes), digest_date: digestDate, created_at: now })
      .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
      .execute()
    return this.db.selectFrom('news_events').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).executeTakeFirstOrThrow()
  }

  eventsOf(digestDate: string) {
    return this.db.selectFrom('news_events').selectAll().where('digest_date', '=', digestDate).orderBy('id').execute()
  }

  policy(id: number) {
    return this.db
      .selectFrom('policies')
      .select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'status'])
      .where('id', '=', id)
      .executeTakeFirst()
  }
  policyFieldCodes(id: number) {
    return this.db.selectFrom('policy_rules').select('professional_fields').where('policy_id', '=', id).execute()
  }
  information(id: number) {
    return this.db
      .selectFrom('information')
      .select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'status'])
      .where('id', '=', id)
      .executeTakeFirst()
  }
  policies(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('policies').select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en']).where('id', 'in', ids).execute()
  }
  informationItems(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('information').select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en']).where('id', 'in', ids).execute()
  }

  /**
   * Fan-out of a day's digest in one statement: a delivery row per confirmed, not blacklisted
   * subscriber (of the given categories; null = every subscriber). The unique dedupe key
   * `digest:<date>:<subscriber>` makes a second run, or a second instance, add nobody twice, and caps
   * the digest at one mail per subscriber per day.
   */
  async fanOutDigest(jobId: number, digestDate: string, codes: string[] | null, now: string): Promise<void> {
    const prefix = `digest:${digestDate}:`
    await this.db
      .insertInto('mail_deliveries')
      .columns(['dedupe_key', 'job_id', 'kind', 'recipient', 'subscriber_id', 'status', 'attempts', 'created_at'])
      .expression((eb) => {
        let q = eb
          .selectFrom('subscribers as s')
          .select([
            sql<string>`${sql.lit(prefix)} || cast(s.id as text)`.as('dedupe_key'),
            sql<number>`${sql.lit(jobId)}`.as('job_id'),
            sql<string>`${sql.lit('digest')}`.as('kind'),
            's.email as recipient',
            's.id as subscriber_id',
            sql<string>`${sql.lit('pending')}`.as('status'),
            sql<number>`0`.as('attempts'),
            sql<string>`${sql.lit(now)}`.as('created_at'),
          ])
          .where('s.status', '=', 'confirmed')
          .where('s.blacklisted', '=', 0)
        if (codes) {
          q = q.where((w) =>
            w.exists(w.selectFrom('subscriber_categories as c').select('c.code').whereRef('c.subscriber_id', '=', 's.id').where('c.code', 'in', codes.length ? codes : ['-'])),
          )
        }
        return q
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute()
  }
}
