import type { Database } from '../../db/database'

const COLUMNS = [
  'p.id', 'p.organization_id', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en', 'p.title_zh', 'p.title_en',
  'p.summary_zh', 'p.summary_en', 'p.field_code', 'p.city_zh', 'p.city_en', 'p.published_at',
] as const

export class OrgProjectRepository {
  constructor(private readonly db: Database) {}

  private filtered(f: { organizationId?: number }) {
    let q = this.db
      .selectFrom('org_projects as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .where('p.status', '=', 'published')
    if (f.organizationId) q = q.where('p.organization_id', '=', f.organizationId)
    return q
  }

  async list(f: { organizationId?: number; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.filtered(f).select(COLUMNS).orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  find(id: number) {
    return this.filtered({}).select(COLUMNS).select(['p.content_zh', 'p.content_en']).where('p.id', '=', id).executeTakeFirst()
  }

  requirements(projectId: number) {
    return this.db.selectFrom('org_project_requirements').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute()
  }
}
