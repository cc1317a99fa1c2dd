/**
 * The dashboard's reads. The counted columns (enrolments, activities, view tallies) are read whole or
 * by the change log into the in-memory engine (analysis.engine.ts: `AnalysisSource`); the rest — one
 * activity's form answers, subscribers, chats, feedback, pickers — are small indexed queries.
 */
import { sql } from 'kysely'
import { unansweredChat } from '../../db/chat-unanswered'
import type { Database } from '../../db/database'

export interface AnalysisScope {
  /** null = every organisation; [] matches nothing */
  orgs: number[] | null
  activityId?: number
  type?: 'online' | 'offline' | 'both'
}

export interface EnrolmentRow {
  id: number
  activity_id: number
  status: string
  created_at: string
  user_id: number | null
  guest_email: string | null
}
export interface ActivityRow {
  id: number
  organization_id: number
  type: string
  country: string
  status: string
  published_at: string | null
}
export interface ViewRow {
  activity_id: number
  hour: string
  views: number
}
export interface ChangeRow {
  seq: number
  kind: 'e' | 'a' | 'v'
  ref_id: number
  hour: string | null
}

/** what the in-memory engine reads: everything once, then the rows the change log names */
export interface AnalysisSource {
  lastChangeSeq(): Promise<number>
  firstChangeSeq(): Promise<number>
  changesSince(seq: number, skipped: number[]): Promise<ChangeRow[]>
  pruneChanges(upToSeq: number): Promise<void>
  activities(): Promise<ActivityRow[]>
  activitiesByIds(ids: number[]): Promise<ActivityRow[]>
  enrolmentsAfter(key: [string, number], limit: number): Promise<EnrolmentRow[]>
  enrolmentsByIds(ids: number[]): Promise<EnrolmentRow[]>
  viewsAfter(key: [string, number], limit: number): Promise<ViewRow[]>
  viewsOf(hour: string, activityIds: number[]): Promise<ViewRow[]>
}

const ENROLMENT_COLUMNS = ['id', 'activity_id', 'status', 'created_at', 'user_id', 'guest_email'] as const
const ACTIVITY_COLUMNS = ['id', 'organization_id', 'type', 'country', 'status', 'published_at'] as const
/** ids per `in (…)` list */
const CHUNK = 500

async function chunked<T>(ids: number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))))
  return out
}
export interface Span {
  startIso: string
  endIso: string
}

const n = (v: unknown) => Number(v ?? 0)
const orgList = (orgs: number[]) => (orgs.length ? orgs : [-1])

export class AnalysisRepository implements AnalysisSource {
  constructor(private readonly db: Database) {}

  // ---- the engine's source

  async lastChangeSeq(): Promise<number> {
    const r = await this.db.selectFrom('analysis_changes').select((eb) => eb.fn.max('seq').as('m')).executeTakeFirst()
    return n(r?.m)
  }

  async firstChangeSeq(): Promise<number> {
    const r = await this.db.selectFrom('analysis_changes').select((eb) => eb.fn.min('seq').as('m')).executeTakeFirst()
    return n(r?.m)
  }

  /** changes after seq, and the skipped numbers asked for again (int8 arrives as text on PostgreSQL) */
  async changesSince(seq: number, skipped: number[]): Promise<ChangeRow[]> {
    const rows = await this.db
      .selectFrom('analysis_changes')
      .select(['seq', 'kind', 'ref_id', 'hour'])
      .where((eb) => (skipped.length ? eb.or([eb('seq', '>', seq), eb('seq', 'in', skipped)]) : eb('seq', '>', seq)))
      .orderBy('seq')
      .execute()
    return rows.map((r) => ({ ...r, seq: n(r.seq) }))
  }

  async pruneChanges(upToSeq: number): Promise<void> {
    await this.db.deleteFrom('analysis_changes').where('seq', '<=', upToSeq).execute()
  }

  activities(): Promise<ActivityRow[]> {
    return this.db.selectFrom('activities').select([...ACTIVITY_COLUMNS]).execute()
  }

  activitiesByIds(ids: number[]): Promise<ActivityRow[]> {
    return chunked(ids, (part) => this.db.selectFrom('activities').select([...ACTIVITY_COLUMNS]).where('id', 'in', part).execute())
  }

  /** enrolments in time order (the covering index's order), after the given (created_at, id) */
  enrolmentsAfter([createdAt, id]: [string, number], limit: number): Promise<EnrolmentRow[]> {
    return this.db
      .selectFrom('activity_enrollments')
      .select([...ENROLMENT_COLUMNS])
      .where((eb) => eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute()
  }

  enrolmentsByIds(ids: number[]): Promise<EnrolmentRow[]> {
    return chunked(ids, (part) => this.db.selectFrom('activity_enrollments').select([...ENROLMENT_COLUMNS]).where('id', 'in', part).execute())
  }

  /** view tallies in hour order (the hour index's order), after the given (hour, activity_id) */
  viewsAfter([hour, activityId]: [string, number], limit: number): Promise<ViewRow[]> {
    return this.db
      .selectFrom('activity_view_hours')
      .select(['activity_id', 'hour', 'views'])
      .where((eb) => eb.or([eb('hour', '>', hour), eb.and([eb('hour', '=', hour), eb('activity_id', '>', activityId)])]))
      .orderBy('hour')
      .orderBy('activity_id')
      .limit(limit)
      .execute()
  }

  viewsOf(hour: string, activityIds: number[]): Promise<ViewRow[]> {
    return chunked(activityIds, (part) => this.db.selectFrom('activity_view_hours').select(['activity_id', 'hour', 'views']).where('hour', '=', hour).where('activity_id', 'in', part).execute())
  }

  // ---- small reads

  /**
   * Check-in figures of the enrolments made in the span: approved ones checked in, and — of
   * activities that have ended — the approved ones and those of them checked in (the no-show rate).
   */
  async checkinTotals(scope: AnalysisScope, span: Span, nowIso: string): Promise<{ checkedIn: number; approvedEnded: number; checkedInEnded: number }> {
    let q = this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .where('e.status', '=', 'approved')
      .where('e.created_at', '>=', span.startIso)
      .where('e.created_at', '<', span.endIso)
    if (scope.orgs) q = q.where('a.organization_id', 'in', orgList(scope.orgs))
    if (scope.activityId) q = q.where('a.id', '=', scope.activityId)
    if (scope.type) q = q.where('a.type', '=', scope.type)
    const r = await q
      .select([
        sql<number>`sum(case when e.checked_in_at is not null then 1 else 0 end)`.as('checked_in'),
        sql<number>`sum(case when a.end_time <= ${nowIso} then 1 else 0 end)`.as('approved_ended'),
        sql<number>`sum(case when a.end_time <= ${nowIso} and e.checked_in_at is not null then 1 else 0 end)`.as('checked_in_ended'),
      ])
      .executeTakeFirst()
    return { checkedIn: n(r?.checked_in), approvedEnded: n(r?.approved_ended), checkedInEnded: n(r?.checked_in_ended) }
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

  /** titles and organisation of the top activities */
  titlesOf(ids: number[]) {
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

  /** open or queued conversations whose visitor waits for an answer (db/chat-unanswered.ts: the agents' search lists the same rows) */
  async unansweredChats(): Promise<number> {
    const r = await this.db
      .selectFrom('chat_conversations as c')
      .where(unansweredChat('c'))
      .select((eb) => eb.fn.countAll().as('c'))
      .executeTakeFirst()
    return n(r?.c)
  }

  async newFeedback(): Promise<number> {
    const r = await this.db.selectFrom('feedback').where('status', '=', 'new').select((eb) => eb.fn.countAll().as('c')).executeTakeFirst()
    return n(r?.c)
  }
}
