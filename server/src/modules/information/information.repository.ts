import { sql } from 'kysely'
import { KeywordRepository } from '../../db/keyword-match'
import { ByIdsQuery } from '../../db/by-ids-query'
import type { PageState } from '../../lib/versioned-snapshot'
import type { KeywordPage } from '../../db/page-query'

export interface InformationFilter extends KeywordPage {
  categoryCode?: string
  ids?: number[]
}

const LIST_COLUMNS = [
  'i.id', 'i.title_zh', 'i.title_en', 'i.summary_zh', 'i.summary_en', 'i.cover_url', 'i.source_zh', 'i.source_en',
  'i.category_code', 'i.tags_zh', 'i.tags_en', 'i.published_at', 'i.view_count',
] as const

export class InformationRepository extends KeywordRepository {
  /** list rows by id, the query built once per id count (db/by-ids-query.ts) */
  private readonly rowsById = new ByIdsQuery(this.db, (ids) => this.db.selectFrom('information as i').select(LIST_COLUMNS).where('i.status', '=', 'published').where('i.id', 'in', ids))

  /** list rows by id with the counters version, read in the same statement (the rows' view counts are of it) */
  private readonly servedRowsById = new ByIdsQuery(this.db, (ids) =>
    this.db
      .selectFrom('information as i')
      .select(LIST_COLUMNS)
      .select((eb) => eb.selectFrom('list_versions').select('version').where('name', '=', 'information_counters').as('counters_version'))
      .where('i.status', '=', 'published')
      .where('i.id', 'in', ids),
  )

  private filtered(f: InformationFilter, dense = false) {
    let q = this.db.selectFrom('information as i').where('i.status', '=', 'published')
    if (f.categoryCode) q = q.where('i.category_code', '=', f.categoryCode)
    if (f.ids) q = q.where('i.id', 'in', f.ids.length ? f.ids : [0])
    if (f.keyword) q = q.where(this.matches('information', 'i', f.keyword, dense))
    return q
  }

  /** the information list version (raised by triggers on every change a list can see) */
  async listVersion(): Promise<number> {
    const r = await this.db.selectFrom('list_versions').select('version').where('name', '=', 'information').executeTakeFirst()
    return Number(r?.version ?? 0)
  }

  /** the list's three versions (list, items, counters) in one statement (lib/versioned-snapshot MemoryPager) */
  async versions(): Promise<PageState<number>> {
    const rows = await this.db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', ['information', 'information_items', 'information_counters']).execute()
    const v = (name: string) => Number(rows.find((r) => r.name === name)?.version ?? 0)
    return { listVersion: v('information'), itemsVersion: v('information_items'), countersVersion: v('information_counters'), counters: new Map() }
  }

  /** the three versions and the live counters of these ids (published ones), read together so they agree */
  async counters(ids: number[]): Promise<PageState<number>> {
    if (!ids.length) return this.versions()
    const { rows } = await sql<{ list_version: number; items_version: number; counters_version: number; id: number | null; view_count: number }>`
      select (select version from list_versions where name = 'information') as list_version,
             (select version from list_versions where name = 'information_items') as items_version,
             (select version from list_versions where name = 'information_counters') as counters_version,
             i.id, i.view_count
      from (select 1) as one left join information as i on i.id in (${sql.join(ids)}) and i.status = 'published'`.execute(this.db)
    const counters = new Map<number, number>()
    for (const r of rows) if (r.id !== null) counters.set(r.id, r.view_count)
    const first = rows[0]
    return { listVersion: Number(first?.list_version ?? 0), itemsVersion: Number(first?.items_version ?? 0), countersVersion: Number(first?.counters_version ?? 0), counters }
  }

  /** order and filter columns of every published item (the list index) */
  indexRows() {
    return this.db.selectFrom('information as i').select(['i.id', 'i.published_at', 'i.category_code']).where('i.status', '=', 'published').execute()
  }

  /** ids of the published items matching a keyword (see keywordMatch) */
  async keywordIds(keyword: string): Promise<number[]> {
    const rows = await this.filtered({ keyword, offset: 0, limit: 0 }).select('i.id').execute()
    return rows.map((r) => r.id)
  }

  /** list rows of these ids, in the given order */
  /** rowsOf, with the counters version read in the same statement (-1 when no row is listed) */
  async servedRowsOf(ids: number[]) {
    const rows = ids.length ? await this.servedRowsById.execute(ids) : []
    const byId = new Map(rows.map((r) => [r.id, r]))
    return { rows: ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r), countersVersion: rows.length ? Number(rows[0].counters_version ?? 0) : -1 }
  }

  async rowsOf(ids: number[]) {
    if (!ids.length) return []
    const rows = await this.rowsById.execute(ids)
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r)
  }

  async count(f: InformationFilter): Promise<number> {
    const r = await this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  /** `dense`: the keyword matches many rows, page by the published_at index (see keywordMatch) */
  page(f: InformationFilter, dense: boolean) {
    return this.filtered(f, dense)
      .select(LIST_COLUMNS)
      .orderBy('i.published_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute()
  }

  find(id: number) {
    return this.db.selectFrom('information').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst()
  }

  incrementViews(id: number) {
    return this.db.updateTable('information').set({ view_count: sql`view_count + 1` }).where('id', '=', id).execute()
  }
}
