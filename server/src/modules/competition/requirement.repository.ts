/** Queries of the projects' requirements and their status history. */
import type { Insertable, Updateable } from 'kysely'
import { likeAny } from '../../db/keyword-match'
import type { OrgProjectRequirementsTable } from '../../db/schema'
import { OrgScopeRepository, inScope, type OrgScope } from './org-scope.repository'
import type { KeywordPage } from '../../db/page-query'

export interface RequirementFilter extends KeywordPage {
  scope: OrgScope
  projectId?: number
  status?: string
  kind?: string
  overdueBefore?: string
}

const REQUIREMENT_COLUMNS = [
  'r.id', 'r.project_id', 'p.title_zh as project_title_zh', 'p.title_en as project_title_en', 'p.organization_id', 'r.kind', 'r.title_zh',
  'r.title_en', 'r.description_zh', 'r.description_en', 'r.owner', 'r.due_date', 'r.status', 'r.status_changed_at', 'r.status_changed_by',
] as const

export class RequirementRepository extends OrgScopeRepository {
  private requirements(f: Omit<RequirementFilter, 'offset' | 'limit'>) {
    let q = this.db.selectFrom('org_project_requirements as r').innerJoin('org_projects as p', 'p.id', 'r.project_id')
    if (f.scope) q = q.where('p.organization_id', 'in', inScope(f.scope))
    if (f.projectId) q = q.where('r.project_id', '=', f.projectId)
    if (f.status) q = q.where('r.status', '=', f.status as 'open')
    if (f.kind) q = q.where('r.kind', '=', f.kind as 'other')
    if (f.overdueBefore) q = q.where('r.due_date', '<', f.overdueBefore).where('r.status', 'in', ['open', 'in_progress'])
    if (f.keyword) q = q.where(likeAny(this.kind, ['r.title_zh', 'r.title_en', 'p.title_zh', 'p.title_en', 'r.owner'], f.keyword))
    return q
  }

  async requirementPage(f: RequirementFilter) {
    const [rows, count] = await Promise.all([
      this.requirements(f).select(REQUIREMENT_COLUMNS).orderBy('r.project_id', 'desc').orderBy('r.sort').orderBy('r.id').limit(f.limit).offset(f.offset).execute(),
      this.requirements(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findRequirement(id: number) {
    return this.requirements({ scope: null }).select(REQUIREMENT_COLUMNS).where('r.id', '=', id).executeTakeFirst()
  }

  async insertRequirement(values: Insertable<OrgProjectRequirementsTable>): Promise<number> {
    const max = await this.db.selectFrom('org_project_requirements').select((eb) => eb.fn.max('sort').as('m')).where('project_id', '=', values.project_id).executeTakeFirst()
    return (await this.db.insertInto('org_project_requirements').values({ ...values, sort: Number(max?.m ?? 0) + 1 }).returning('id').executeTakeFirstOrThrow()).id
  }

  async updateRequirement(id: number, values: Updateable<OrgProjectRequirementsTable>) {
    await this.db.updateTable('org_project_requirements').set(values).where('id', '=', id).execute()
  }

  /** compare-and-set: false when another request changed the status first */
  async changeStatus(id: number, from: string, to: string, by: string, at: string, note: string): Promise<boolean> {
    const r = await this.db
      .updateTable('org_project_requirements')
      .set({ status: to as 'open', status_changed_at: at, status_changed_by: by, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', from as 'open')
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return false
    await this.db.insertInto('org_project_requirement_history').values({ requirement_id: id, from_status: from, to_status: to, changed_by: by, changed_at: at, note }).execute()
    return true
  }

  async addHistory(id: number, to: string, by: string, at: string) {
    await this.db.insertInto('org_project_requirement_history').values({ requirement_id: id, from_status: null, to_status: to, changed_by: by, changed_at: at }).execute()
  }

  history(id: number) {
    return this.db.selectFrom('org_project_requirement_history').selectAll().where('requirement_id', '=', id).orderBy('id').execute()
  }

  async removeRequirement(id: number) {
    await this.db.deleteFrom('org_project_requirements').where('id', '=', id).execute()
  }
}
