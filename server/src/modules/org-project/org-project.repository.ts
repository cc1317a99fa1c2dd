import type { Database } from '../../db/database'

const COLUMNS = [
  'p.id', 'p.organization_id', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en', 'p.title_zh', 'p.title_en',
  'p.summary_zh', 'p.summary_en', 'p.field_code', 'p.city_zh', 'p.city_en', 'p.stage_zh', 'p.stage_en', 'p.funding_sought', 'p.published_at',
] as const

export class OrgProjectRepository {
  constructor(private readonly db: Database) {}

  private filtered(f: { organizationId?: number; competitionId?: number }) {
    let q = this.db
      .selectFrom('org_projects as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .where('p.status', '=', 'published')
    if (f.organizationId) q = q.where('p.organization_id', '=', f.organizationId)
    if (f.competitionId) {
      const cid = f.competitionId
      q = q.where('p.id', 'in', (eb) => eb.selectFrom('competition_projects').select('project_id').where('competition_id', '=', cid))
    }
    return q
  }

  async list(f: { organizationId?: number; competitionId?: number; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.filtered(f).select(COLUMNS).orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  find(id: number) {
    return this.filtered({}).select(COLUMNS).select(['p.content_zh', 'p.content_en']).where('p.id', '=', id).executeTakeFirst()
  }

  /** what consumers see of the tracking: requirements still to be met */
  requirements(projectId: number) {
    return this.db
      .selectFrom('org_project_requirements')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', 'in', ['open', 'in_progress'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
  }

  async openCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map()
    const rows = await this.db
      .selectFrom('org_project_requirements')
      .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('project_id', 'in', ids)
      .where('status', 'in', ['open', 'in_progress'])
      .groupBy('project_id')
      .execute()
    return new Map(rows.map((r) => [r.project_id, Number(r.n)]))
  }

  competitions(projectId: number) {
    return this.db
      .selectFrom('competition_projects as cp')
      .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
      .select(['c.id', 'c.title_zh', 'c.title_en', 'c.kind'])
      .where('cp.project_id', '=', projectId)
      .where('c.status', '=', 'published')
      .orderBy('c.start_time', 'desc')
      .execute()
  }
}
