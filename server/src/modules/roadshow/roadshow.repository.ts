import { KeywordRepository } from '../../db/keyword-match'
import type { KeywordPage } from '../../db/page-query'

export interface ProjectFilter extends KeywordPage {
  kind?: string
  fieldCode?: string
  competitionId?: number
}

const PROJECT_COLUMNS = [
  'r.id', 'r.kind', 'r.title_zh', 'r.title_en', 'r.summary_zh', 'r.summary_en', 'r.cover_url', 'r.field_code', 'r.stage_zh',
  'r.stage_en', 'r.organization_id', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en', 'r.published_at',
] as const

export class RoadshowRepository extends KeywordRepository {

  private projects(f: ProjectFilter) {
    let q = this.db
      .selectFrom('roadshow_projects as r')
      .leftJoin('organizations as o', 'o.id', 'r.organization_id')
      .where('r.status', '=', 'published')
    if (f.kind) q = q.where('r.kind', '=', f.kind as 'project')
    if (f.fieldCode) q = q.where('r.field_code', '=', f.fieldCode)
    if (f.competitionId) q = q.where('r.competition_id', '=', f.competitionId)
    if (f.keyword) q = q.where(this.matches('roadshow_projects', 'r', f.keyword))
    return q
  }

  async projectList(f: ProjectFilter) {
    const [rows, count] = await Promise.all([
      this.projects(f).select(PROJECT_COLUMNS).orderBy('r.published_at', 'desc').orderBy('r.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.projects(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** field codes of published projects (of one kind when given) */
  async usedFieldCodes(kind?: string): Promise<string[]> {
    let q = this.db.selectFrom('roadshow_projects').select('field_code').distinct().where('status', '=', 'published').where('field_code', 'is not', null)
    if (kind) q = q.where('kind', '=', kind as 'project')
    return (await q.execute()).map((r) => r.field_code as string).filter(Boolean)
  }

  findProject(id: number) {
    return this.projects({ offset: 0, limit: 1 })
      .select(PROJECT_COLUMNS)
      .select(['r.content_zh', 'r.content_en', 'r.bp_video_id'])
      .where('r.id', '=', id)
      .executeTakeFirst()
  }

  private records(projectId?: number) {
    let q = this.db
      .selectFrom('roadshow_records as rr')
      .innerJoin('roadshow_projects as r', 'r.id', 'rr.project_id')
      .where('r.status', '=', 'published')
    if (projectId) q = q.where('rr.project_id', '=', projectId)
    return q
  }

  async recordList(f: { projectId?: number; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.records(f.projectId).selectAll('rr').orderBy('rr.held_at', 'desc').orderBy('rr.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.records(f.projectId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  private videos(category?: string) {
    let q = this.db.selectFrom('videos as v').where('v.status', '=', 'published')
    if (category) q = q.where('v.category', '=', category as 'bp')
    return q
  }

  async videoList(f: { category?: string; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.videos(f.category).selectAll('v').orderBy('v.published_at', 'desc').orderBy('v.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.videos(f.category).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findVideo(id: number) {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst()
  }

  async competitionList(f: { offset: number; limit: number }) {
    const base = () => this.db.selectFrom('competitions as c').where('c.status', '=', 'published')
    const [rows, count] = await Promise.all([
      base()
        .select(['c.id', 'c.kind', 'c.title_zh', 'c.title_en', 'c.summary_zh', 'c.summary_en', 'c.banner_url', 'c.start_time', 'c.end_time'])
        .orderBy('c.start_time', 'desc')
        .orderBy('c.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findCompetition(id: number) {
    return this.db.selectFrom('competitions').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst()
  }

  competitionBanners(id: number) {
    return this.db.selectFrom('competition_banners').select('image_url').where('competition_id', '=', id).orderBy('sort').orderBy('id').execute()
  }

  // ---- admin: reference checks and counts of the roadshow settings

  async insertVideo(v: { title_zh: string; title_en: string; video_url: string; cover_url: string | null; category: 'bp'; duration_seconds: number; now: string }) {
    const { now, ...values } = v
    const r = await this.db
      .insertInto('videos')
      .values({ ...values, status: 'published', published_at: now, created_at: now, updated_at: now })
      .returning(['id', 'title_zh', 'title_en'])
      .executeTakeFirstOrThrow()
    return r
  }

  async exists(table: 'organizations' | 'competitions' | 'videos' | 'roadshow_projects', id: number): Promise<boolean> {
    return !!(await this.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())
  }

  async recordCounts(projectIds: number[]): Promise<Map<number, number>> {
    if (!projectIds.length) return new Map()
    const rows = await this.db
      .selectFrom('roadshow_records')
      .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('project_id', 'in', projectIds)
      .groupBy('project_id')
      .execute()
    return new Map(rows.map((r) => [r.project_id, Number(r.n)]))
  }
}
