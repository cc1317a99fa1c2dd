/**
 * The projects' requirements, scoped through their project (another organisation's answers 302): status
 * changes follow REQUIREMENT_NEXT and are recorded with who and when.
 */
import type { AdminAccess, AppContext } from '../../context'
import { camelRow } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage } from '../../lib/paging'
import { RequirementRepository } from './requirement.repository'
import { clean, dateOrNull, scopeOf } from './competition.fields'
import type { ProjectAdminService } from './project-admin.service'
import type { Page } from '@contracts/api'
import {
  REQUIREMENT_NEXT,
  isOverdue,
  type AdminRequirementInput,
  type AdminRequirementRow,
  type RequirementHistoryItem,
  type RequirementListQuery,
  type RequirementStatus,
} from '@contracts/admin-competition'

type RequirementRow = Awaited<ReturnType<RequirementRepository['requirementPage']>>['rows'][number]

export class RequirementService {
  private readonly repo: RequirementRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly projects: ProjectAdminService,
  ) {
    this.repo = new RequirementRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }
  private today() {
    return this.now().slice(0, 10)
  }

  private toRequirement(r: RequirementRow): AdminRequirementRow {
    return {
      ...camelRow(r, ['id', 'project_id', 'project_title_zh', 'project_title_en', 'kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'owner', 'due_date', 'status']),
      overdue: isOverdue({ status: r.status, dueDate: r.due_date }, this.today()),
      statusChangedAt: r.status_changed_at,
      statusChangedBy: r.status_changed_by,
    }
  }

  async requirements(q: RequirementListQuery, access: AdminAccess): Promise<Page<AdminRequirementRow>> {
    const { page, pageSize, offset } = pageArgs(q)
    if (q.projectId) await this.projects.ownedProject(q.projectId, access, 'projectId')
    const { rows, total } = await this.repo.requirementPage({
      scope: scopeOf(access),
      projectId: q.projectId,
      status: q.status || undefined,
      kind: q.kind || undefined,
      overdueBefore: q.overdue ? this.today() : undefined,
      keyword: q.keyword?.trim() || undefined,
      offset,
      limit: pageSize,
    })
    return toPage(rows.map((r) => this.toRequirement(r)), total, page, pageSize)
  }

  private async ownedRequirement(id: number, access: AdminAccess) {
    const r = await this.repo.findRequirement(id)
    const scope = scopeOf(access)
    if (!r || (scope && !scope.includes(r.organization_id))) throw new AppError(302, { field: 'id' })
    return r
  }

  private requirementValues(input: AdminRequirementInput) {
    const titleZh = clean(input.titleZh)
    const titleEn = clean(input.titleEn)
    if (!titleZh) throw paramError('titleZh')
    if (!titleEn) throw paramError('titleEn')
    return {
      kind: input.kind,
      title_zh: titleZh,
      title_en: titleEn,
      description_zh: clean(input.descriptionZh),
      description_en: clean(input.descriptionEn),
      owner: clean(input.owner),
      due_date: dateOrNull(input.dueDate, 'dueDate'),
    }
  }

  async addRequirement(input: AdminRequirementInput, access: AdminAccess, userId: number): Promise<AdminRequirementRow> {
    await this.projects.ownedProject(input.projectId, access, 'projectId')
    const values = this.requirementValues(input)
    const now = this.now()
    const by = await this.repo.userName(userId)
    const id = await this.repo.transaction(async (repo) => {
      const rid = await repo.insertRequirement({ ...values, project_id: input.projectId, status: 'open', status_changed_at: now, status_changed_by: by, created_at: now, updated_at: now })
      await repo.addHistory(rid, 'open', by, now)
      return rid
    })
    return this.toRequirement((await this.repo.findRequirement(id))!)
  }

  async updateRequirement(id: number, input: AdminRequirementInput, access: AdminAccess): Promise<AdminRequirementRow> {
    const r = await this.ownedRequirement(id, access)
    // a requirement stays with its project
    if (input.projectId !== r.project_id) throw paramError('projectId')
    await this.repo.updateRequirement(id, { ...this.requirementValues(input), updated_at: this.now() })
    return this.toRequirement((await this.repo.findRequirement(id))!)
  }

  async setRequirementStatus(id: number, status: RequirementStatus, note: string | undefined, access: AdminAccess, userId: number): Promise<AdminRequirementRow> {
    const r = await this.ownedRequirement(id, access)
    if (!REQUIREMENT_NEXT[r.status].includes(status)) throw new AppError(628, { result: { from: r.status, to: status } })
    const by = await this.repo.userName(userId)
    const changed = await this.repo.transaction((repo) => repo.changeStatus(id, r.status, status, by, this.now(), clean(note)))
    // another request changed it between the read and the write
    if (!changed) throw new AppError(628, { result: { from: r.status, to: status } })
    return this.toRequirement((await this.repo.findRequirement(id))!)
  }

  async requirementHistory(id: number, access: AdminAccess): Promise<RequirementHistoryItem[]> {
    await this.ownedRequirement(id, access)
    return (await this.repo.history(id)).map((h) => ({
      id: h.id,
      fromStatus: h.from_status as RequirementStatus | null,
      toStatus: h.to_status as RequirementStatus,
      changedBy: h.changed_by,
      changedAt: h.changed_at,
      note: h.note,
    }))
  }

  async removeRequirement(id: number, access: AdminAccess): Promise<null> {
    await this.ownedRequirement(id, access)
    await this.repo.removeRequirement(id)
    return null
  }
}
