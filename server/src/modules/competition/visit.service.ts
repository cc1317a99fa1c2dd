/** The visits logged against a project, scoped through their project (another organisation's answers 302). */
import type { AdminAccess, AppContext } from '../../context'
import { camelRow } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { parseList } from '../../lib/json'
import { pageArgs, toPage } from '../../lib/paging'
import { VisitRepository } from './visit.repository'
import { clean, dateOrNull, fileList, scopeOf } from './competition.fields'
import type { ProjectAdminService } from './project-admin.service'
import type { Page } from '@contracts/api'
import { timeZoneMinutes } from '@contracts/admin-activity'
import type { AdminVisitInput, AdminVisitRow, VisitListQuery } from '@contracts/admin-competition'

type VisitRow = Awaited<ReturnType<VisitRepository['visitPage']>>['rows'][number]

/** an ISO time that names its zone (Z or ±hh:mm): a visit's time is never guessed */
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

export class VisitService {
  private readonly repo: VisitRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly projects: ProjectAdminService,
  ) {
    this.repo = new VisitRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  private async toVisits(rows: VisitRow[]): Promise<AdminVisitRow[]> {
    const reqs = await this.repo.visitRequirements(rows.map((r) => r.id))
    return rows.map((v) => ({
      ...camelRow(v, ['id', 'project_id', 'project_title_zh', 'project_title_en', 'visited_at', 'time_zone', 'visitors', 'visited_organization_id']),
      visitedOrganizationNameZh: v.visited_org_zh ?? '',
      visitedOrganizationNameEn: v.visited_org_en ?? '',
      ...camelRow(v, ['notes', 'outcome', 'next_step', 'next_step_date', 'created_by', 'created_at']),
      attachments: parseList(v.attachments),
      requirementIds: reqs.filter((r) => r.visit_id === v.id).map((r) => r.id),
      requirements: reqs.filter((r) => r.visit_id === v.id).map((r) => ({ id: r.id, titleZh: r.title_zh, titleEn: r.title_en, status: r.status })),
    }))
  }

  async visits(q: VisitListQuery, access: AdminAccess): Promise<Page<AdminVisitRow>> {
    const { page, pageSize, offset } = pageArgs(q)
    if (q.projectId) await this.projects.ownedProject(q.projectId, access, 'projectId')
    const { rows, total } = await this.repo.visitPage({ scope: scopeOf(access), projectId: q.projectId, keyword: q.keyword?.trim() || undefined, offset, limit: pageSize })
    return toPage(await this.toVisits(rows), total, page, pageSize)
  }

  private async ownedVisit(id: number, access: AdminAccess) {
    const v = await this.repo.findVisit(id)
    const scope = scopeOf(access)
    if (!v || (scope && !scope.includes(v.organization_id))) throw new AppError(302, { field: 'id' })
    return v
  }

  async visit(id: number, access: AdminAccess): Promise<AdminVisitRow> {
    return (await this.toVisits([await this.ownedVisit(id, access)]))[0]
  }

  private async visitValues(input: AdminVisitInput) {
    const at = clean(input.visitedAt)
    if (!ZONED_TIME.test(at) || Number.isNaN(Date.parse(at))) throw paramError('visitedAt')
    // the zone labels activities use ('UTC+08:00'): the admin shows the visit's wall time in it
    const zone = clean(input.timeZone)
    if (timeZoneMinutes(zone) === null) throw paramError('timeZone')
    const visitors = clean(input.visitors)
    if (!visitors) throw paramError('visitors')
    const orgId = input.visitedOrganizationId ?? null
    if (orgId && !(await this.repo.organizationExists(orgId))) throw paramError('visitedOrganizationId')
    return {
      visited_at: new Date(Date.parse(at)).toISOString(),
      time_zone: zone,
      visitors,
      visited_organization_id: orgId,
      notes: clean(input.notes),
      outcome: clean(input.outcome),
      next_step: clean(input.nextStep),
      next_step_date: dateOrNull(input.nextStepDate, 'nextStepDate'),
      attachments: JSON.stringify(fileList(input.attachments, 'attachments')),
    }
  }

  /** the requirements a visit concerned: the project's own only */
  private async visitRequirementIds(projectId: number, ids: number[] | undefined): Promise<number[]> {
    const unique = [...new Set(ids ?? [])]
    const rows = await this.repo.requirementsByIds(unique)
    if (rows.length !== unique.length || rows.some((r) => r.project_id !== projectId)) throw paramError('requirementIds')
    return unique
  }

  async addVisit(input: AdminVisitInput, access: AdminAccess, userId: number): Promise<AdminVisitRow> {
    await this.projects.ownedProject(input.projectId, access, 'projectId')
    const values = await this.visitValues(input)
    const reqIds = await this.visitRequirementIds(input.projectId, input.requirementIds)
    const now = this.now()
    const by = await this.repo.userName(userId)
    const id = await this.repo.transaction(async (repo) => {
      const vid = await repo.insertVisit({ ...values, project_id: input.projectId, created_by: by, created_at: now, updated_at: now })
      await repo.replaceVisitRequirements(vid, reqIds)
      return vid
    })
    return this.visit(id, access)
  }

  async updateVisit(id: number, input: AdminVisitInput, access: AdminAccess): Promise<AdminVisitRow> {
    const v = await this.ownedVisit(id, access)
    if (input.projectId !== v.project_id) throw paramError('projectId')
    const values = await this.visitValues(input)
    const reqIds = await this.visitRequirementIds(v.project_id, input.requirementIds)
    await this.repo.transaction(async (repo) => {
      await repo.updateVisit(id, { ...values, updated_at: this.now() })
      await repo.replaceVisitRequirements(id, reqIds)
    })
    return this.visit(id, access)
  }

  async removeVisit(id: number, access: AdminAccess): Promise<null> {
    await this.ownedVisit(id, access)
    await this.repo.removeVisit(id)
    return null
  }
}
