import { sql, type ExpressionBuilder } from 'kysely'
import type { DB } from '../../db/schema'
import { KeywordRepository } from '../../db/keyword-match'
import { ByIdsQuery } from '../../db/by-ids-query'
import type { PageState } from '../../lib/versioned-snapshot'

export type TimeSegment = 'upcoming' | 'running' | 'ended'

export interface ActivityListFilter {
  type?: string
  categoryCode?: string
  country?: string
  status?: 'upcoming' | 'running' | 'ended'
  keyword?: string
  organizerId?: number
  isHot?: boolean
  /** the keyword matches many rows: page by the time index, probing the match set (SQLite) */
  keywordDense?: boolean
  /** restrict to these ids (topic, competition) */
  ids?: number[]
  nowIso: string
  offset: number
  limit: number
}

const LIST_COLUMNS = [
  'a.id', 'a.title_zh', 'a.title_en', 'a.summary_zh', 'a.summary_en', 'a.type', 'a.poster_url', 'a.start_time',
  'a.end_time', 'a.time_zone', 'a.country', 'a.city_zh', 'a.city_en', 'a.organization_id', 'a.people_count',
  'a.enrolled_count', 'a.is_hot', 'a.tags_zh', 'a.tags_en', 'a.view_count', 'o.name_zh as org_name_zh',
  'o.name_en as org_name_en',
] as const

export class ActivityRepository extends KeywordRepository {
  /** list rows by id, the query built once per id count (db/by-ids-query.ts) */
  private readonly rowsById = new ByIdsQuery(this.db, (ids) => this.base(true).select(LIST_COLUMNS).where('a.id', 'in', ids))
  /** list rows by id with the counters version, read in the same statement (the rows' counters are of it) */
  private readonly servedRowsById = new ByIdsQuery(this.db, (ids) =>
    this.base(true)
      .select(LIST_COLUMNS)
      .select((eb) => eb.selectFrom('list_versions').select('version').where('name', '=', 'activity_counters').as('counters_version'))
      .where('a.id', 'in', ids),
  )
  /** categories (with their dictionary names) of activities, by id */
  private readonly categoriesById = new ByIdsQuery(this.db, (ids) =>
    this.db
      .selectFrom('activity_categories as ac')
      .leftJoin('dict_items as d', (j) => j.onRef('d.code', '=', 'ac.category_code').on('d.type_code', '=', 'activity_category'))
      .select(['ac.activity_id', 'ac.category_code', 'd.name_zh', 'd.name_en', 'd.sort', 'd.id as dict_id'])
      .where('ac.activity_id', 'in', ids)
      // the order activity.service's categoryOrder gives the list index's copy, spelled the same on both
      // databases (their nulls sort apart by default)
      .orderBy(sql`d.sort is null`)
      .orderBy('d.sort')
      .orderBy('d.id')
      .orderBy('ac.category_code'),
  )

  private joinedBase() {
    return this.db
      .selectFrom('activities as a')
      .innerJoin('organizations as o', 'o.id', 'a.organization_id')
      .where('a.status', '=', 'published')
  }
  private base(withOrg: boolean) {
    if (withOrg) return this.joinedBase()
    // typed like the joined query: callers without the join select activity columns only
    return this.db.selectFrom('activities as a').where('a.status', '=', 'published') as unknown as ReturnType<ActivityRepository['joinedBase']>
  }

  /** every filter but the time status; counts skip the organisation join */
  private filtered(f: ActivityListFilter, withOrg = true) {
    let q = this.base(withOrg)
    if (f.type) q = q.where('a.type', '=', f.type as 'online')
    if (f.country) q = q.where('a.country', '=', f.country)
    if (f.organizerId) q = q.where('a.organization_id', '=', f.organizerId)
    if (f.isHot !== undefined) q = q.where('a.is_hot', '=', f.isHot ? 1 : 0)
    if (f.ids) q = q.where('a.id', 'in', f.ids.length ? f.ids : [0])
    if (f.categoryCode) {
      const code = f.categoryCode
      q = q.where((eb: ExpressionBuilder<DB & { a: DB['activities'] }, 'a'>) =>
        eb.exists(
          eb
            .selectFrom('activity_categories as ac')
            .select('ac.activity_id')
            .whereRef('ac.activity_id', '=', 'a.id')
            .where('ac.category_code', '=', code),
        ),
      )
    }
    if (f.keyword) q = q.where(this.matches('activities', 'a', f.keyword, f.keywordDense))
    return q
  }

  /**
   * Time segments. Each is one index range: upcoming = start > now; ended = end <= now (and, redundant
   * but index-friendly, start <= now, so a descending scan of (status, start_time) starts at now);
   * running = start <= now < end.
   */
  private withStatus(f: ActivityListFilter, status: TimeSegment, withOrg = true) {
    const q = this.filtered(f, withOrg)
    switch (status) {
      case 'upcoming':
        return q.where('a.start_time', '>', f.nowIso)
      case 'running':
        return q.where('a.end_time', '>', f.nowIso).where('a.start_time', '<=', f.nowIso)
      case 'ended':
        return q.where('a.start_time', '<=', f.nowIso).where('a.end_time', '<=', f.nowIso)
    }
  }

  /** the activities' list version (raised by triggers on every change a list can see) */
  async listVersion(): Promise<number> {
    const r = await this.db.selectFrom('list_versions').select('version').where('name', '=', 'activities').executeTakeFirst()
    return Number(r?.version ?? 0)
  }

  /** the list's three versions (list, items, counters) in one statement (lib/versioned-snapshot MemoryPager) */
  async versions(): Promise<PageState<{ view_count: number; enrolled_count: number }>> {
    const rows = await this.db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', ['activities', 'activity_items', 'activity_counters']).execute()
    const v = (name: string) => Number(rows.find((r) => r.name === name)?.version ?? 0)
    return { listVersion: v('activities'), itemsVersion: v('activity_items'), countersVersion: v('activity_counters'), counters: new Map() }
  }

  /** the three versions and the live counters of these ids (published ones), read together so they agree */
  async counters(ids: number[]): Promise<PageState<{ view_count: number; enrolled_count: number }>> {
    if (!ids.length) return this.versions()
    const { rows } = await sql<{ list_version: number; items_version: number; counters_version: number; id: number | null; view_count: number; enrolled_count: number }>`
      select (select version from list_versions where name = 'activities') as list_version,
             (select version from list_versions where name = 'activity_items') as items_version,
             (select version from list_versions where name = 'activity_counters') as counters_version,
             a.id, a.view_count, a.enrolled_count
      from (select 1) as one left join activities as a on a.id in (${sql.join(ids)}) and a.status = 'published'`.execute(this.db)
    const counters = new Map<number, { view_count: number; enrolled_count: number }>()
    for (const r of rows) if (r.id !== null) counters.set(r.id, { view_count: r.view_count, enrolled_count: r.enrolled_count })
    const first = rows[0]
    return { listVersion: Number(first?.list_version ?? 0), itemsVersion: Number(first?.items_version ?? 0), countersVersion: Number(first?.counters_version ?? 0), counters }
  }

  /** order and filter columns of every published activity (the list index) */
  indexRows() {
    return this.db
      .selectFrom('activities as a')
      .select(['a.id', 'a.start_time', 'a.end_time', 'a.type', 'a.country', 'a.is_hot', 'a.organization_id'])
      .where('a.status', '=', 'published')
      .execute()
  }

  /** the activity categories' dictionary entries (a few rows): the names and order list items show */
  async categoryEntries() {
    return (await this.db.executeQuery(this.categoryEntriesQuery)).rows
  }
  /** compiled once: read with every cold list page (building it each time cost more than running it) */
  private readonly categoryEntriesQuery = this.db
    .selectFrom('dict_items')
    .select(['id', 'code', 'name_zh', 'name_en', 'sort'])
    .where('type_code', '=', 'activity_category')
    .compile()

  indexCategories() {
    return this.db
      .selectFrom('activity_categories as ac')
      .innerJoin('activities as a', 'a.id', 'ac.activity_id')
      .select(['ac.activity_id', 'ac.category_code'])
      .where('a.status', '=', 'published')
      .execute()
  }

  /** ids of the published activities matching a keyword (see keywordMatch) */
  async keywordIds(keyword: string): Promise<number[]> {
    const rows = await this.base(false).select('a.id').where(this.matches('activities', 'a', keyword)).execute()
    return rows.map((r) => r.id)
  }

  async count(f: ActivityListFilter, status: TimeSegment): Promise<number> {
    const r = await this.withStatus(f, status, false)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  /** list rows of these ids (already filtered), in the given order */
  async rowsOf(ids: number[]) {
    if (!ids.length) return []
    const rows = await this.rowsById.execute(ids)
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r)
  }

  /** rowsOf, with the counters version read in the same statement (-1 when no row is listed) */
  async servedRowsOf(ids: number[]) {
    const rows = ids.length ? await this.servedRowsById.execute(ids) : []
    const byId = new Map(rows.map((r) => [r.id, r]))
    return { rows: ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r), countersVersion: rows.length ? Number(rows[0].counters_version ?? 0) : -1 }
  }

  /** upcoming/running soonest first, ended latest first */
  page(f: ActivityListFilter, status: TimeSegment, offset: number, limit: number) {
    const asc = status !== 'ended'
    return this.withStatus(f, status)
      .select(LIST_COLUMNS)
      .orderBy('a.start_time', asc ? 'asc' : 'desc')
      .orderBy('a.id', asc ? 'asc' : 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  }

  categoriesOf(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.categoriesById.execute(ids)
  }

  findPublished(id: number) {
    return this.base(true)
      .selectAll('a')
      .select(['o.name_zh as org_name_zh', 'o.name_en as org_name_en'])
      .where('a.id', '=', id)
      .executeTakeFirst()
  }

  addresses(activityId: number) {
    return this.db
      .selectFrom('activity_addresses as ad')
      .leftJoin('dict_items as d', (j) => j.onRef('d.code', '=', 'ad.country').on('d.type_code', '=', 'country'))
      .select(['ad.country', 'ad.time_zone', 'ad.city_zh', 'ad.city_en', 'ad.address_zh', 'ad.address_en', 'd.name_zh as country_zh', 'd.name_en as country_en'])
      .where('ad.activity_id', '=', activityId)
      .orderBy('ad.sort')
      .orderBy('ad.id')
      .execute()
  }

  incrementViews(id: number) {
    return this.db
      .updateTable('activities')
      .set({ view_count: sql`view_count + 1` })
      .where('id', '=', id)
      .execute()
  }

  /** the caller's enrolments of one activity, newest first */
  async waitingCount(activityId: number): Promise<number> {
    const r = await this.db.selectFrom('activity_waitlist').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', activityId).where('state', '=', 'waiting').executeTakeFirstOrThrow()
    return Number(r.n)
  }

  /** the caller's newest waiting-list entry (by account, or a visitor's entry token) */
  waitlistEntryOf(activityId: number, userId: number | null, guestToken?: string) {
    if (!userId && !guestToken) return Promise.resolve(undefined)
    let q = this.db.selectFrom('activity_waitlist').selectAll().where('activity_id', '=', activityId)
    q = userId ? q.where('user_id', '=', userId) : q.where('guest_token', '=', guestToken!)
    return q.orderBy('id', 'desc').limit(1).executeTakeFirst()
  }

  async waitlistPosition(activityId: number, id: number): Promise<number> {
    const r = await this.db.selectFrom('activity_waitlist').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', activityId).where('state', '=', 'waiting').where('id', '<=', id).executeTakeFirstOrThrow()
    return Number(r.n)
  }

  enrollmentsOf(activityId: number, userId: number) {
    return this.db
      .selectFrom('activity_enrollments')
      .select(['id', 'status', 'created_at'])
      .where('activity_id', '=', activityId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  }

  /** published activity ids linked to a topic / competition, in their order */
  topicActivityIds(topicId: number) {
    return this.db
      .selectFrom('topic_items')
      .select('item_id')
      .where('topic_id', '=', topicId)
      .where('item_type', '=', 'activity')
      .orderBy('sort')
      .execute()
      .then((r) => r.map((x) => x.item_id))
  }
  competitionActivityIds(competitionId: number) {
    return this.db
      .selectFrom('competition_activities')
      .select('activity_id')
      .where('competition_id', '=', competitionId)
      .orderBy('sort')
      .orderBy('activity_id')
      .execute()
      .then((r) => r.map((x) => x.activity_id))
  }

  usedCountries() {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('dict_items as d', (j) => j.onRef('d.code', '=', 'a.country').on('d.type_code', '=', 'country'))
      .select(['a.country', 'd.name_zh', 'd.name_en', 'd.sort'])
      .where('a.status', '=', 'published')
      .groupBy(['a.country', 'd.name_zh', 'd.name_en', 'd.sort'])
      .orderBy('d.sort')
      .orderBy('a.country')
      .execute()
  }
}
