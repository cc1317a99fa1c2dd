/** Queries of the competition/park admin: competitions and parks, their banners and linked activities. */
import type { Insertable, Updateable } from 'kysely'
import { likeAny } from '../../db/keyword-match'
import type { CompetitionsTable } from '../../db/schema'
import { OrgScopeRepository } from './org-scope.repository'

export interface CompetitionFilter {
  keyword?: string
  kind?: string
  status?: string
  order: [string, 'asc' | 'desc']
  offset: number
  limit: number
}

export class CompetitionRepository extends OrgScopeRepository {
  // ---- competitions and parks

  private competitions(f: Omit<CompetitionFilter, 'order' | 'offset' | 'limit'>) {
    let q = this.db.selectFrom('competitions as c')
    if (f.kind) q = q.where('c.kind', '=', f.kind as 'park')
    if (f.status) q = q.where('c.status', '=', f.status as 'draft')
    if (f.keyword) q = q.where(likeAny(this.kind, ['c.title_zh', 'c.title_en', 'c.summary_zh', 'c.summary_en'], f.keyword))
    return q
  }

  async competitionPage(f: CompetitionFilter) {
    const [rows, count] = await Promise.all([
      this.competitions(f)
        .select(['c.id', 'c.kind', 'c.title_zh', 'c.title_en', 'c.cover_url', 'c.start_time', 'c.end_time', 'c.status', 'c.updated_at'])
        .select((eb) => [
          eb.selectFrom('competition_banners as b').whereRef('b.competition_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('banner_count'),
          eb.selectFrom('competition_activities as ca').whereRef('ca.competition_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('activity_count'),
          eb.selectFrom('competition_projects as cp').whereRef('cp.competition_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('project_count'),
        ])
        .orderBy(`c.${f.order[0]}` as 'c.id', f.order[1])
        .orderBy('c.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.competitions(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findCompetition(id: number) {
    return this.db.selectFrom('competitions').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async banners(id: number): Promise<string[]> {
    const rows = await this.db.selectFrom('competition_banners').select('image_url').where('competition_id', '=', id).orderBy('sort').orderBy('id').execute()
    return rows.map((r) => r.image_url)
  }

  async insertCompetition(values: Insertable<CompetitionsTable>): Promise<number> {
    return (await this.db.insertInto('competitions').values(values).returning('id').executeTakeFirstOrThrow()).id
  }

  async updateCompetition(id: number, values: Updateable<CompetitionsTable>) {
    await this.db.updateTable('competitions').set(values).where('id', '=', id).execute()
  }

  async replaceBanners(id: number, urls: string[]) {
    await this.db.deleteFrom('competition_banners').where('competition_id', '=', id).execute()
    if (urls.length) await this.db.insertInto('competition_banners').values(urls.map((u, i) => ({ competition_id: id, image_url: u, sort: i + 1 }))).execute()
  }

  async removeCompetition(id: number) {
    await this.db.deleteFrom('competitions').where('id', '=', id).execute()
  }

  // ---- linked activities

  private activityColumns() {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .select(['a.id', 'a.title_zh', 'a.title_en', 'a.start_time', 'a.status', 'a.is_sync_project', 'a.entrust_haijiao_process', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en'])
  }

  linkedActivities(competitionId: number) {
    return this.activityColumns()
      .innerJoin('competition_activities as ca', 'ca.activity_id', 'a.id')
      .where('ca.competition_id', '=', competitionId)
      .orderBy('ca.sort')
      .orderBy('a.id')
      .execute()
  }

  async activityCandidates(f: { keyword?: string; offset: number; limit: number }) {
    const base = () => {
      let q = this.db.selectFrom('activities as a')
      if (f.keyword) q = q.where(this.matches('activities', 'a', f.keyword))
      return q
    }
    const [ids, count] = await Promise.all([
      base().select('a.id').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    const list = ids.length
      ? await this.activityColumns()
          .leftJoin('competition_activities as ca', 'ca.activity_id', 'a.id')
          .leftJoin('competitions as c', 'c.id', 'ca.competition_id')
          .select(['ca.competition_id', 'c.title_zh as competition_title_zh', 'c.title_en as competition_title_en'])
          .where('a.id', 'in', ids.map((r) => r.id))
          .execute()
      : []
    const byId = new Map(list.map((r) => [r.id, r]))
    return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total: Number(count?.n ?? 0) }
  }

  async activityExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('activities').select('id').where('id', '=', id).executeTakeFirst())
  }

  async competitionOfActivity(activityId: number): Promise<number | null> {
    const r = await this.db.selectFrom('competition_activities').select('competition_id').where('activity_id', '=', activityId).executeTakeFirst()
    return r?.competition_id ?? null
  }

  async maxActivitySort(competitionId: number): Promise<number> {
    const r = await this.db.selectFrom('competition_activities').select((eb) => eb.fn.max('sort').as('m')).where('competition_id', '=', competitionId).executeTakeFirst()
    return Number(r?.m ?? 0)
  }

  async linkActivity(competitionId: number, activityId: number, sort: number) {
    await this.db.insertInto('competition_activities').values({ competition_id: competitionId, activity_id: activityId, sort }).execute()
  }

  async unlinkActivity(competitionId: number, activityId: number) {
    await this.db.deleteFrom('competition_activities').where('competition_id', '=', competitionId).where('activity_id', '=', activityId).execute()
  }

  async setActivitySort(competitionId: number, activityId: number, sort: number) {
    await this.db.updateTable('competition_activities').set({ sort }).where('competition_id', '=', competitionId).where('activity_id', '=', activityId).execute()
  }
}
