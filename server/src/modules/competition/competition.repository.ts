/** Queries of the competition/park admin, the organisations' projects, their requirements and visits. */
import type { Insertable, Updateable } from 'kysely'
import { KeywordRepository, likeAny } from '../../db/keyword-match'
import { inTransaction } from '../../db/transaction'
import type { CompetitionsTable, OrgProjectRequirementsTable, OrgProjectsTable, OrgProjectVisitsTable } from '../../db/schema'

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
}

/** organisation ids the caller may work on; null = every organisation */
export type OrgScope = number[] | null
const inScope = (scope: number[]) => (scope.length ? scope : [0])

export interface CompetitionFilter {
  keyword?: string
  kind?: string
  status?: string
  order: [string, 'asc' | 'desc']
  offset: number
  limit: number
}
export interface ProjectFilter {
  scope: OrgScope
  keyword?: string
  fieldCode?: string
  stage?: string
  organizationId?: number
  competitionId?: number
  status?: string
  offset: number
  limit: number
}
export interface RequirementFilter {
  scope: OrgScope
  projectId?: number
  status?: string
  kind?: string
  overdueBefore?: string
  keyword?: string
  offset: number
  limit: number
}

const PROJECT_COLUMNS = [
  'p.id', 'p.title_zh', 'p.title_en', 'p.organization_id', 'o.name_zh as org_name_zh', 'o.name_en as org_name_en', 'p.field_code',
  'p.stage_zh', 'p.stage_en', 'p.funding_sought', 'p.status', 'p.source_enrollment_id', 'p.updated_at',
] as const
const REQUIREMENT_COLUMNS = [
  'r.id', 'r.project_id', 'p.title_zh as project_title_zh', 'p.title_en as project_title_en', 'p.organization_id', 'r.kind', 'r.title_zh',
  'r.title_en', 'r.description_zh', 'r.description_en', 'r.owner', 'r.due_date', 'r.status', 'r.status_changed_at', 'r.status_changed_by',
] as const

export class CompetitionRepository extends KeywordRepository {
  transaction<T>(fn: (repo: CompetitionRepository) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => fn(new CompetitionRepository(trx, this.kind)))
  }

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

  competitionOptions() {
    return this.db.selectFrom('competitions').select(['id', 'title_zh', 'title_en', 'kind']).orderBy('start_time', 'desc').orderBy('id', 'desc').limit(500).execute()
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

  // ---- projects

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

  organizations(scope: OrgScope) {
    let q = this.db.selectFrom('organizations').select(['id', 'name_zh', 'name_en'])
    if (scope) q = q.where('id', 'in', inScope(scope))
    return q.orderBy('id').execute()
  }

  async organizationExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst())
  }

  // ---- requirements

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

  requirementsByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('org_project_requirements').select(['id', 'project_id', 'title_zh', 'title_en', 'status']).where('id', 'in', ids).execute()
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

  /** consumer /project: requirements still to be met */
  openRequirements(projectId: number) {
    return this.db
      .selectFrom('org_project_requirements')
      .select(['id', 'kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'due_date', 'status'])
      .where('project_id', '=', projectId)
      .where('status', 'in', ['open', 'in_progress'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
  }

  // ---- visits

  private visits(f: { scope: OrgScope; projectId?: number; keyword?: string }) {
    let q = this.db
      .selectFrom('org_project_visits as v')
      .innerJoin('org_projects as p', 'p.id', 'v.project_id')
      .leftJoin('organizations as vo', 'vo.id', 'v.visited_organization_id')
    if (f.scope) q = q.where('p.organization_id', 'in', inScope(f.scope))
    if (f.projectId) q = q.where('v.project_id', '=', f.projectId)
    if (f.keyword) q = q.where(likeAny(this.kind, ['v.visitors', 'v.notes', 'v.outcome', 'p.title_zh', 'p.title_en'], f.keyword))
    return q
  }

  private visitSelect(q: ReturnType<CompetitionRepository['visits']>) {
    return q
      .selectAll('v')
      .select(['p.title_zh as project_title_zh', 'p.title_en as project_title_en', 'p.organization_id', 'vo.name_zh as visited_org_zh', 'vo.name_en as visited_org_en'])
  }

  async visitPage(f: { scope: OrgScope; projectId?: number; keyword?: string; offset: number; limit: number }) {
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

  async userName(userId: number): Promise<string> {
    const u = await this.db.selectFrom('users').select(['nick_name', 'email']).where('id', '=', userId).executeTakeFirst()
    return u ? u.nick_name || u.email : ''
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
