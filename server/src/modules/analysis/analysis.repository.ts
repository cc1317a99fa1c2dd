/**
 * The dashboard's aggregates, counted from the raw rows through indexes (so they agree with the rows
 * by construction): enrolments by (created_at, activity_id, status, user_id, guest_email) — index-only
 * for the platform — or by (activity_id, created_at, …) for one activity; activities by published_at;
 * views from the per-hour tally. Narrowing by organisation or type goes through the activity ids.
 */
import { sql, type ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/database'
import type { DB, EnrollmentStatus } from '../../db/schema'

export interface AnalysisScope {
  /** null = every organisation; [] matches nothing */
  orgs: number[] | null
  activityId?: number
  type?: 'online' | 'offline' | 'both'
}
export interface Span {
  startIso: string
  endIso: string
}

const n = (v: unknown) => Number(v ?? 0)
const orgList = (orgs: number[]) => (orgs.length ? orgs : [-1])
/** count distinct people: accounts by id, guests by their form e-mail */
const PEOPLE = sql<number>`count(distinct e.user_id) + count(distinct case when e.user_id is null then e.guest_email end)`

export class AnalysisRepository {
  constructor(private readonly db: Database) {}

  private narrowed(s: AnalysisScope) {
    return !!s.orgs || !!s.type
  }

  /** activity ids of the scope's organisations/type as a subquery */
  private scopedActivityIds(eb: ExpressionBuilder<DB, any>, s: AnalysisScope) {
    return eb
      .selectFrom('activities as sa')
      .select('sa.id')
      .$if(!!s.orgs, (q) => q.where('sa.organization_id', 'in', orgList(s.orgs!)))
      .$if(!!s.type, (q) => q.where('sa.type', '=', s.type!))
  }

  private enrollments(s: AnalysisScope, span: Span) {
    return this.db
      .selectFrom('activity_enrollments as e')
      .where('e.created_at', '>=', span.startIso)
      .where('e.created_at', '<', span.endIso)
      .$if(!!s.activityId, (q) => q.where('e.activity_id', '=', s.activityId!))
      .$if(this.narrowed(s), (q) => q.where('e.activity_id', 'in', (eb) => this.scopedActivityIds(eb, s)))
  }

  async enrollmentTotals(s: AnalysisScope, span: Span) {
    const r = await this.enrollments(s, span)
      .select((eb) => [
        eb.fn.countAll().as('total'),
        sql<number>`sum(case when e.status = 'approved' then 1 else 0 end)`.as('approved'),
        sql<number>`sum(case when e.status = 'pending' then 1 else 0 end)`.as('pending'),
        sql<number>`sum(case when e.status = 'rejected' then 1 else 0 end)`.as('rejected'),
        PEOPLE.as('people'),
      ])
      .executeTakeFirst()
    return { total: n(r?.total), approved: n(r?.approved), pending: n(r?.pending), rejected: n(r?.rejected), people: n(r?.people) }
  }

  /** enrolment counts per time bucket: the first `len` characters of created_at */
  async enrollmentBuckets(s: AnalysisScope, span: Span, len: number) {
    const bucket = sql<string>`substr(e.created_at, 1, ${sql.lit(len)})`
    const rows = await this.enrollments(s, span)
      .select([bucket.as('b'), (eb) => eb.fn.countAll().as('c')])
      .groupBy(bucket)
      .execute()
    return rows.map((r) => ({ bucket: String(r.b), count: n(r.c) }))
  }

  async enrollmentsByType(s: AnalysisScope, span: Span) {
    const rows = await this.enrollments(s, span)
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .select(['a.type', (eb) => eb.fn.countAll().as('c')])
      .groupBy('a.type')
      .execute()
    return rows.map((r) => ({ type: r.type, count: n(r.c) }))
  }

  async enrollmentsByCountry(s: AnalysisScope, span: Span) {
    const rows = await this.enrollments(s, span)
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .select(['a.country', (eb) => eb.fn.countAll().as('c'), PEOPLE.as('people')])
      .groupBy('a.country')
      .execute()
    return rows.map((r) => ({ country: r.country, count: n(r.c), people: n(r.people) }))
  }

  async topActivities(s: AnalysisScope, span: Span, limit: number) {
    const rows = await this.enrollments(s, span)
      .select(['e.activity_id', (eb) => eb.fn.countAll().as('c'), sql<number>`sum(case when e.status = 'approved' then 1 else 0 end)`.as('approved')])
      .groupBy('e.activity_id')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('e.activity_id', 'asc')
      .limit(limit)
      .execute()
    return rows.map((r) => ({ activityId: r.activity_id, count: n(r.c), approved: n(r.approved) }))
  }

  /** the answers of one activity's enrolments in the span */
  async answersOf(activityId: number, span: Span) {
    const rows = await this.db
      .selectFrom('activity_enrollments')
      .select('form_answers')
      .where('activity_id', '=', activityId)
      .where('created_at', '>=', span.startIso)
      .where('created_at', '<', span.endIso)
      .execute()
    return rows.map((r) => r.form_answers)
  }

  private published(s: AnalysisScope, span: Span) {
    return this.db
      .selectFrom('activities as a')
      .where('a.status', '=', 'published')
      .where('a.published_at', '>=', span.startIso)
      .where('a.published_at', '<', span.endIso)
      .$if(!!s.activityId, (q) => q.where('a.id', '=', s.activityId!))
      .$if(!!s.orgs, (q) => q.where('a.organization_id', 'in', orgList(s.orgs!)))
      .$if(!!s.type, (q) => q.where('a.type', '=', s.type!))
  }

  async publishedCount(s: AnalysisScope, span: Span): Promise<number> {
    const r = await this.published(s, span).select((eb) => eb.fn.countAll().as('c')).executeTakeFirst()
    return n(r?.c)
  }

  async publishedByCountry(s: AnalysisScope, span: Span) {
    const rows = await this.published(s, span).select(['a.country', (eb) => eb.fn.countAll().as('c')]).groupBy('a.country').execute()
    return rows.map((r) => ({ country: r.country, count: n(r.c) }))
  }

  /** views between two hour keys (start included, end excluded) */
  private views(s: AnalysisScope, fromHour: string, toHour: string) {
    return this.db
      .selectFrom('activity_view_hours as v')
      .where('v.hour', '>=', fromHour)
      .where('v.hour', '<', toHour)
      .$if(!!s.activityId, (q) => q.where('v.activity_id', '=', s.activityId!))
      .$if(this.narrowed(s), (q) => q.where('v.activity_id', 'in', (eb) => this.scopedActivityIds(eb, s)))
  }

  async viewTotal(s: AnalysisScope, fromHour: string, toHour: string): Promise<number> {
    const r = await this.views(s, fromHour, toHour).select((eb) => eb.fn.sum<number>('v.views').as('c')).executeTakeFirst()
    return n(r?.c)
  }

  async viewHours(s: AnalysisScope, fromHour: string, toHour: string) {
    const rows = await this.views(s, fromHour, toHour).select(['v.hour', (eb) => eb.fn.sum<number>('v.views').as('c')]).groupBy('v.hour').execute()
    return rows.map((r) => ({ hour: r.hour, count: n(r.c) }))
  }

  async viewsOfActivities(ids: number[], fromHour: string, toHour: string) {
    if (!ids.length) return new Map<number, number>()
    const rows = await this.db
      .selectFrom('activity_view_hours as v')
      .where('v.activity_id', 'in', ids)
      .where('v.hour', '>=', fromHour)
      .where('v.hour', '<', toHour)
      .select(['v.activity_id', (eb) => eb.fn.sum<number>('v.views').as('c')])
      .groupBy('v.activity_id')
      .execute()
    return new Map(rows.map((r) => [r.activity_id, n(r.c)]))
  }

  /** adds tallied views (one statement per row, in one transaction) */
  async addViews(rows: { activityId: number; hour: string; views: number }[]): Promise<void> {
    if (!rows.length) return
    await this.db.transaction().execute(async (trx) => {
      for (const r of rows) {
        await trx
          .insertInto('activity_view_hours')
          .values({ activity_id: r.activityId, hour: r.hour, views: r.views })
          .onConflict((oc) => oc.columns(['activity_id', 'hour']).doUpdateSet({ views: sql`activity_view_hours.views + ${r.views}` }))
          .execute()
      }
    })
  }

  async activityExists(ids: number[]): Promise<number[]> {
    if (!ids.length) return []
    return (await this.db.selectFrom('activities').select('id').where('id', 'in', ids).execute()).map((r) => r.id)
  }

  async subscribersCreated(span: Span): Promise<number> {
    const r = await this.db.selectFrom('subscribers').where('created_at', '>=', span.startIso).where('created_at', '<', span.endIso).select((eb) => eb.fn.countAll().as('c')).executeTakeFirst()
    return n(r?.c)
  }

  async chatsCreated(span: Span): Promise<number> {
    const r = await this.db.selectFrom('chat_conversations').where('created_at', '>=', span.startIso).where('created_at', '<', span.endIso).select((eb) => eb.fn.countAll().as('c')).executeTakeFirst()
    return n(r?.c)
  }

  activity(id: number) {
    return this.db.selectFrom('activities').select(['id', 'organization_id', 'enroll_form', 'title_zh', 'title_en']).where('id', '=', id).executeTakeFirst()
  }

  activitiesByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('activities').select(['id', 'title_zh', 'title_en', 'organization_id']).where('id', 'in', ids).execute()
  }

  countryNames(codes: string[]) {
    if (!codes.length) return Promise.resolve([])
    return this.db.selectFrom('dict_items').select(['code', 'name_zh', 'name_en']).where('type_code', '=', 'country').where('code', 'in', codes).execute()
  }

  /** the activity picker: newest first, keyword on the titles */
  pickActivities(orgs: number[] | null, keyword: string | undefined, limit: number) {
    let q = this.db.selectFrom('activities as a').select(['a.id', 'a.title_zh', 'a.title_en']).$if(!!orgs, (x) => x.where('a.organization_id', 'in', orgList(orgs!)))
    if (keyword) {
      const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      q = q.where((eb) => eb.or([sql<boolean>`lower(a.title_zh) like ${like} escape '\\'`, sql<boolean>`lower(a.title_en) like ${like} escape '\\'`]))
    }
    return q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute()
  }

  organizations(orgs: number[] | null) {
    return this.db
      .selectFrom('organizations')
      .select(['id', 'name_zh', 'name_en'])
      .$if(!!orgs, (q) => q.where('id', 'in', orgList(orgs!)))
      .orderBy('id')
      .execute()
  }

  async countByStatus(s: AnalysisScope, status: EnrollmentStatus): Promise<number> {
    const r = await this.db
      .selectFrom('activity_enrollments as e')
      .where('e.status', '=', status)
      .$if(this.narrowed(s), (q) => q.where('e.activity_id', 'in', (eb) => this.scopedActivityIds(eb, s)))
      .select((eb) => eb.fn.countAll().as('c'))
      .executeTakeFirst()
    return n(r?.c)
  }

  /** open or queued conversations whose last message came from the customer (or has none yet) */
  async unansweredChats(): Promise<number> {
    const r = await this.db
      .selectFrom('chat_conversations as c')
      .leftJoin('chat_messages as m', 'm.id', 'c.last_message_id')
      .where('c.status', 'in', ['open', 'queued'])
      .where((eb) => eb.or([eb('m.send_type', 'is', null), eb('m.send_type', '!=', 'kefu')]))
      .select((eb) => eb.fn.countAll().as('c'))
      .executeTakeFirst()
    return n(r?.c)
  }

  async newFeedback(): Promise<number> {
    const r = await this.db.selectFrom('feedback').where('status', '=', 'new').select((eb) => eb.fn.countAll().as('c')).executeTakeFirst()
    return n(r?.c)
  }
}
