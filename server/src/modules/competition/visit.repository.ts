/** Queries of the visits logged against a project, with the requirements each concerned. */
import type { Insertable, Updateable } from 'kysely'
import { likeAny } from '../../db/keyword-match'
import type { OrgProjectVisitsTable } from '../../db/schema'
import { OrgScopeRepository, inScope, type OrgScope } from './org-scope.repository'

export interface VisitFilter {
  scope: OrgScope
  projectId?: number
  keyword?: string
}

export class VisitRepository extends OrgScopeRepository {
  private visits(f: VisitFilter) {
    let q = this.db
      .selectFrom('org_project_visits as v')
      .innerJoin('org_projects as p', 'p.id', 'v.project_id')
      .leftJoin('organizations as vo', 'vo.id', 'v.visited_organization_id')
    if (f.scope) q = q.where('p.organization_id', 'in', inScope(f.scope))
    if (f.projectId) q = q.where('v.project_id', '=', f.projectId)
    if (f.keyword) q = q.where(likeAny(this.kind, ['v.visitors', 'v.notes', 'v.outcome', 'p.title_zh', 'p.title_en'], f.keyword))
    return q
  }

  private visitSelect(q: ReturnType<VisitRepository['visits']>) {
    return q
      .selectAll('v')
      .select(['p.title_zh as project_title_zh', 'p.title_en as project_title_en', 'p.organization_id', 'vo.name_zh as visited_org_zh', 'vo.name_en as visited_org_en'])
  }

  async visitPage(f: VisitFilter & { offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.visitSelect(this.visits(f)).orderBy('v.visited_at', 'desc').orderBy('v.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.visits(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findVisit(id: number) {
    return this.visitSelect(this.visits({ scope: null })).where('v.id', '=', id).executeTakeFirst()
  }

  visitRequirements(visitIds: number[]) {
    if (!visitIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('org_project_visit_requirements as vr')
      .innerJoin('org_project_requirements as r', 'r.id', 'vr.requirement_id')
      .select(['vr.visit_id', 'r.id', 'r.title_zh', 'r.title_en', 'r.status'])
      .where('vr.visit_id', 'in', visitIds)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute()
  }

  async insertVisit(values: Insertable<OrgProjectVisitsTable>): Promise<number> {
    return (await this.db.insertInto('org_project_visits').values(values).returning('id').executeTakeFirstOrThrow()).id
  }

  async updateVisit(id: number, values: Updateable<OrgProjectVisitsTable>) {
    await this.db.updateTable('org_project_visits').set(values).where('id', '=', id).execute()
  }

  async replaceVisitRequirements(visitId: number, requirementIds: number[]) {
    await this.db.deleteFrom('org_project_visit_requirements').where('visit_id', '=', visitId).execute()
    if (requirementIds.length) await this.db.insertInto('org_project_visit_requirements').values(requirementIds.map((r) => ({ visit_id: visitId, requirement_id: r }))).execute()
  }

  async removeVisit(id: number) {
    await this.db.deleteFrom('org_project_visits').where('id', '=', id).execute()
  }

  /** the requirements a visit may name, to check they are its project's */
  requirementsByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('org_project_requirements').select(['id', 'project_id', 'title_zh', 'title_en', 'status']).where('id', 'in', ids).execute()
  }
}
