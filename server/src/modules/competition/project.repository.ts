/**
 * Queries of the organisations' projects: the scoped list, one project, the competitions and parks a project
 * takes part in, and the isSyncProject source (an approved enrolment that becomes a project).
 */
import type { Insertable, Updateable } from 'kysely'
import { likeAny } from '../../db/keyword-match'
import type { OrgProjectsTable } from '../../db/schema'
import { OrgScopeRepository, inScope, type OrgScope } from './org-scope.repository'
import type { KeywordPage } from '../../db/page-query'

export interface ProjectFilter extends KeywordPage {
  scope: OrgScope
  fieldCode?: string
  stage?: string
  organizationId?: number
  competitionId?: number
  status?: string
}

const PROJECT_COLUMNS = [
  'p.id', 'p.title_zh', 'p.title_en', 'p.organization_id', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en', 'p.field_code',
  'p.stage_zh', 'p.stage_en', 'p.funding_sought', 'p.status', 'p.source_enrollment_id', 'p.updated_at',
] as const

export class ProjectRepository extends OrgScopeRepository {
  private projects(f: Omit<ProjectFilter, 'offset' | 'limit'>) {
    let q = this.db.selectFrom('org_projects as p').innerJoin('organizations as o', 'o.id', 'p.organization_id')
    if (f.scope) q = q.where('p.organization_id', 'in', inScope(f.scope))
    if (f.organizationId) q = q.where('p.organization_id', '=', f.organizationId)
    if (f.fieldCode) q = q.where('p.field_code', '=', f.fieldCode)
    if (f.status) q = q.where('p.status', '=', f.status as 'draft')
    if (f.stage) q = q.where(likeAny(this.kind, ['p.stage_zh', 'p.stage_en'], f.stage))
    if (f.keyword) q = q.where(likeAny(this.kind, ['p.title_zh', 'p.title_en', 'p.summary_zh', 'p.summary_en', 'o.name_zh', 'o.name_en'], f.keyword))
    if (f.competitionId) {
      const cid = f.competitionId
      q = q.where('p.id', 'in', (eb) => eb.selectFrom('competition_projects').select('project_id').where('competition_id', '=', cid))
    }
    return q
  }

  async projectPage(f: ProjectFilter) {
    const [rows, count] = await Promise.all([
      this.projects(f).select(PROJECT_COLUMNS).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.projects(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  projectRowsOf(competitionId: number) {
    return this.projects({ scope: null, competitionId }).select(PROJECT_COLUMNS).orderBy('p.id').execute()
  }

  findProject(id: number) {
    return this.db
      .selectFrom('org_projects as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .selectAll('p')
      .select(['o.name_zh as org_name_zh', 'o.name_en as org_name_en'])
      .where('p.id', '=', id)
      .executeTakeFirst()
  }

  async projectCounts(ids: number[]) {
    if (!ids.length) return { open: new Map<number, number>(), visits: new Map<number, number>() }
    const [open, visits] = await Promise.all([
      this.db
        .selectFrom('org_project_requirements')
        .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('project_id', 'in', ids)
        .where('status', 'in', ['open', 'in_progress'])
        .groupBy('project_id')
        .execute(),
      this.db.selectFrom('org_project_visits').select(['project_id', (eb) => eb.fn.countAll<number>().as('n')]).where('project_id', 'in', ids).groupBy('project_id').execute(),
    ])
    return { open: new Map(open.map((r) => [r.project_id, Number(r.n)])), visits: new Map(visits.map((r) => [r.project_id, Number(r.n)])) }
  }

  projectCompetitions(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db
      .selectFrom('competition_projects as cp')
      .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
      .select(['cp.project_id', 'c.id', 'c.title_zh', 'c.title_en'])
      .where('cp.project_id', 'in', ids)
      .orderBy('c.id')
      .execute()
  }

  async insertProject(values: Insertable<OrgProjectsTable>): Promise<number> {
    return (await this.db.insertInto('org_projects').values(values).returning('id').executeTakeFirstOrThrow()).id
  }

  async updateProject(id: number, values: Updateable<OrgProjectsTable>) {
    await this.db.updateTable('org_projects').set(values).where('id', '=', id).execute()
  }

  async removeProject(id: number) {
    await this.db.deleteFrom('org_projects').where('id', '=', id).execute()
  }

  async projectCompetitionIds(projectId: number): Promise<number[]> {
    return (await this.db.selectFrom('competition_projects').select('competition_id').where('project_id', '=', projectId).orderBy('competition_id').execute()).map((r) => r.competition_id)
  }

  async linkProject(competitionId: number, projectId: number, now: string) {
    await this.db
      .insertInto('competition_projects')
      .values({ competition_id: competitionId, project_id: projectId, created_at: now })
      .onConflict((oc) => oc.columns(['competition_id', 'project_id']).doNothing())
      .execute()
  }

  async unlinkProject(competitionId: number, projectId: number) {
    await this.db.deleteFrom('competition_projects').where('competition_id', '=', competitionId).where('project_id', '=', projectId).execute()
  }

  async unlinkProjectEverywhere(projectId: number) {
    await this.db.deleteFrom('competition_projects').where('project_id', '=', projectId).execute()
  }

  async existingCompetitionIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return []
    return (await this.db.selectFrom('competitions').select('id').where('id', 'in', ids).execute()).map((r) => r.id)
  }

  competitionOptions() {
    return this.db.selectFrom('competitions').select(['id', 'title_zh', 'title_en', 'kind']).orderBy('start_time', 'desc').orderBy('id', 'desc').limit(500).execute()
  }

  organizations(scope: OrgScope) {
    let q = this.db.selectFrom('organizations').select(['id', 'name_zh', 'name_en'])
    if (scope) q = q.where('id', 'in', inScope(scope))
    return q.orderBy('id').execute()
  }

  // ---- isSyncProject

  /** the approved enrolment with its activity, when that activity syncs projects and is linked to a competition */
  syncSource(enrollmentId: number) {
    return this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .innerJoin('competition_activities as ca', 'ca.activity_id', 'a.id')
      .select(['e.id', 'e.form_answers', 'e.status', 'a.id as activity_id', 'a.organization_id', 'a.is_sync_project', 'ca.competition_id'])
      .where('e.id', '=', enrollmentId)
      .executeTakeFirst()
  }

  async approvedEnrollmentIds(activityId: number): Promise<number[]> {
    return (await this.db.selectFrom('activity_enrollments').select('id').where('activity_id', '=', activityId).where('status', '=', 'approved').orderBy('id').execute()).map((r) => r.id)
  }

  async projectOfEnrollment(enrollmentId: number): Promise<number | null> {
    return (await this.db.selectFrom('org_projects').select('id').where('source_enrollment_id', '=', enrollmentId).executeTakeFirst())?.id ?? null
  }
}
