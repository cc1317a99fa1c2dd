/** Admin side of activities: the manager list, the editable row and its child rows. */
import type { Insertable, Updateable } from 'kysely'
import type { ActivitiesTable } from '../../db/schema'
import { KeywordRepository } from '../../db/keyword-match'
import { inTransaction } from '../../db/transaction'
import { ActivityRepository } from './activity.repository'

export interface AdminListFilter {
  /** null = every organisation (data scope all) */
  organizationIds: number[] | null
  filter: 'all' | 'in_process' | 'ended' | 'draft'
  keyword?: string
  sortField: 'start_time' | 'created_at' | 'enrolled_count'
  sortOrder: 'asc' | 'desc'
  nowIso: string
  offset: number
  limit: number
}

export interface AddressRow {
  country: string
  time_zone: string
  city_zh: string
  city_en: string
  address_zh: string
  address_en: string
}

const LIST_COLUMNS = [
  'a.id', 'a.title_zh', 'a.title_en', 'a.type', 'a.poster_url', 'a.start_time', 'a.end_time', 'a.time_zone', 'a.country',
  'a.organization_id', 'a.department_id', 'a.status', 'a.is_hot', 'a.people_count', 'a.enrolled_count', 'a.created_at',
  'a.published_at', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en', 'd.name_zh as dept_name_zh', 'd.name_en as dept_name_en',
] as const

export class ActivityAdminRepository extends KeywordRepository {

  /** runs `fn` with a repository bound to one transaction */
  transaction<T>(fn: (repo: ActivityAdminRepository) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => fn(new ActivityAdminRepository(trx, this.kind)))
  }

  private filtered(f: AdminListFilter) {
    let q = this.db.selectFrom('activities as a')
    if (f.organizationIds) q = q.where('a.organization_id', 'in', f.organizationIds.length ? f.organizationIds : [0])
    if (f.filter === 'draft') q = q.where('a.status', '=', 'draft')
    else if (f.filter === 'in_process') q = q.where('a.status', '=', 'published').where('a.end_time', '>', f.nowIso)
    else if (f.filter === 'ended') q = q.where('a.status', '=', 'published').where('a.end_time', '<=', f.nowIso)
    if (f.keyword) q = q.where(this.matches('activities', 'a', f.keyword))
    return q
  }

  async count(f: AdminListFilter): Promise<number> {
    const r = await this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  page(f: AdminListFilter) {
    return this.filtered(f)
      .innerJoin('organizations as o', 'o.id', 'a.organization_id')
      .leftJoin('organizations as d', 'd.id', 'a.department_id')
      .select(LIST_COLUMNS)
      .orderBy(`a.${f.sortField}`, f.sortOrder)
      .orderBy('a.id', f.sortOrder)
      .limit(f.limit)
      .offset(f.offset)
      .execute()
  }

  findById(id: number) {
    return this.db
      .selectFrom('activities as a')
      .innerJoin('organizations as o', 'o.id', 'a.organization_id')
      .selectAll('a')
      .select(['o.name_zh as org_name_zh', 'o.name_en as org_name_en'])
      .where('a.id', '=', id)
      .executeTakeFirst()
  }

  /** the public read's query (it also names the countries, which the editor ignores) */
  addresses(activityId: number): Promise<AddressRow[]> {
    return new ActivityRepository(this.db, this.kind).addresses(activityId)
  }

  categoryCodes(activityId: number) {
    return this.db
      .selectFrom('activity_categories')
      .select('category_code')
      .where('activity_id', '=', activityId)
      .execute()
      .then((r) => r.map((x) => x.category_code))
  }

  async insert(values: Insertable<ActivitiesTable>): Promise<number> {
    const r = await this.db.insertInto('activities').values(values).returning('id').executeTakeFirstOrThrow()
    return r.id
  }

  async update(id: number, values: Updateable<ActivitiesTable>): Promise<void> {
    await this.db.updateTable('activities').set(values).where('id', '=', id).execute()
  }

  async replaceAddresses(activityId: number, rows: AddressRow[]): Promise<void> {
    await this.db.deleteFrom('activity_addresses').where('activity_id', '=', activityId).execute()
    if (rows.length) await this.db.insertInto('activity_addresses').values(rows.map((r, i) => ({ ...r, activity_id: activityId, sort: i }))).execute()
  }

  async replaceCategories(activityId: number, codes: string[]): Promise<void> {
    await this.db.deleteFrom('activity_categories').where('activity_id', '=', activityId).execute()
    if (codes.length) await this.db.insertInto('activity_categories').values(codes.map((c) => ({ activity_id: activityId, category_code: c }))).execute()
  }

  /** the rows that point at an activity without a cascading key, then the activity (children cascade) */
  async delete(id: number, nowIso: string): Promise<void> {
    await this.db.deleteFrom('favorites').where('item_type', '=', 'activity').where('item_id', '=', id).execute()
    await this.db.deleteFrom('topic_items').where('item_type', '=', 'activity').where('item_id', '=', id).execute()
    // notices keep their history; a scheduled one would have no activity to tell about any more
    await this.db.updateTable('notices').set({ status: 'cancelled', updated_at: nowIso }).where('activity_id', '=', id).where('status', '=', 'scheduled').execute()
    await this.db.deleteFrom('activity_addresses').where('activity_id', '=', id).execute()
    await this.db.deleteFrom('activity_categories').where('activity_id', '=', id).execute()
    await this.db.deleteFrom('activities').where('id', '=', id).execute()
  }

  /** codes of `typeCode` among `codes` that exist in the dictionary */
  async knownCodes(typeCode: string, codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set()
    const rows = await this.db.selectFrom('dict_items').select('code').where('type_code', '=', typeCode).where('code', 'in', codes).execute()
    return new Set(rows.map((r) => r.code))
  }

  /** top-level organisations (organizers), or the given ones */
  organizations(ids: number[] | null) {
    let q = this.db.selectFrom('organizations').select(['id', 'name_zh', 'name_en', 'pid'])
    q = ids ? q.where('id', 'in', ids.length ? ids : [0]) : q.where('pid', '=', 0).where('kind', '=', 'organizer')
    return q.orderBy('sort').orderBy('id').execute()
  }

  organization(id: number) {
    return this.db.selectFrom('organizations').select(['id', 'pid']).where('id', '=', id).executeTakeFirst()
  }
}
