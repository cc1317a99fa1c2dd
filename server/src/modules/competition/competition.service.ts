/**
 * Competitions and industrial parks (one model, `kind`), the organisation projects that join them, the
 * projects' requirements (status changes recorded with who and when) and the visits logged against a project.
 * Access: competitions are operations' (the menu grants them); projects, requirements and visits are scoped
 * by organisation — an organizer's request for another organisation's row answers 302 (as if it did not
 * exist) and changes nothing; operations work on all.
 * One competition per activity is the database's (unique index): linking an activity already linked
 * elsewhere, even by a concurrent request, answers 626.
 * isSyncProject: an approved enrolment of a syncing activity linked to a competition becomes a project of the
 * activity's organisation (read from the application-form answers, SYNC_PROJECT_KEYS) that joins the competition.
 */
import QRCode from 'qrcode'
import type { AdminAccess, AppContext } from '../../context'
import { DICT } from '../../db/schema'
import { timeZoneMinutes } from '@contracts/admin-activity'
import { camelRow, found } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { parseJson, parseList } from '../../lib/json'
import { pageArgs, toPage } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { isoOrNull, titleSummaryValues } from '../../blocks/article/article.fields'
import type { DictionaryService } from '../dictionary/dictionary.service'
import { CompetitionRepository, isUniqueViolation, type OrgScope } from './competition.repository'
import type { Page } from '@contracts/api'
import type { EnrollAnswers } from '@contracts/enrollment'
import {
  COMPETITION_LIMITS,
  REQUIREMENT_NEXT,
  SYNC_PROJECT_KEYS,
  isOverdue,
  type ActivityCandidate,
  type AdminCompetitionDetail,
  type AdminCompetitionInput,
  type AdminCompetitionListQuery,
  type AdminCompetitionRow,
  type AdminLinkedActivity,
  type AdminProjectDetail,
  type AdminProjectInput,
  type AdminProjectRow,
  type AdminRequirementInput,
  type AdminRequirementRow,
  type AdminVisitInput,
  type AdminVisitRow,
  type ProjectListQuery,
  type ProjectOptions,
  type RequirementHistoryItem,
  type RequirementListQuery,
  type RequirementStatus,
  type VisitListQuery,
} from '@contracts/admin-competition'

type ProjectRow = Awaited<ReturnType<CompetitionRepository['projectPage']>>['rows'][number]
type RequirementRow = Awaited<ReturnType<CompetitionRepository['requirementPage']>>['rows'][number]
type VisitRow = Awaited<ReturnType<CompetitionRepository['visitPage']>>['rows'][number]
type ActivityRow = Awaited<ReturnType<CompetitionRepository['linkedActivities']>>[number]

const COMPETITION_SORT = { startTime: 'start_time', updatedAt: 'updated_at', id: 'id' } as const
const DATE = /^\d{4}-\d{2}-\d{2}$/
/** an ISO time that names its zone (Z or ±hh:mm): a visit's time is never guessed */
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

const scopeOf = (access: AdminAccess): OrgScope => (access.dataScope === 'all' ? null : access.organizationIds)
const clean = (s: string | null | undefined) => (s ?? '').trim()
const fileList = (xs: string[] | undefined, field: string) => {
  const list = [...new Set((xs ?? []).map((x) => x.trim()).filter(Boolean))]
  if (list.length > COMPETITION_LIMITS.attachments) throw paramError(field)
  return list
}
function dateOrNull(v: string | null | undefined, field: string): string | null {
  const s = clean(v)
  if (!s) return null
  if (!DATE.test(s) || Number.isNaN(Date.parse(s))) throw paramError(field)
  return s
}

export class CompetitionService {
  private readonly repo: CompetitionRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new CompetitionRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }
  private today() {
    return this.now().slice(0, 10)
  }

  // ---- competitions and parks (operations)

  async list(q: AdminCompetitionListQuery): Promise<Page<AdminCompetitionRow>> {
    const { page, pageSize, offset } = pageArgs(q)
    const column = (q.sortField && COMPETITION_SORT[q.sortField]) || 'start_time'
    const { rows, total } = await this.repo.competitionPage({
      keyword: q.keyword?.trim() || undefined,
      kind: q.kind || undefined,
      status: q.status || undefined,
      order: [column, q.sortOrder === 'ascend' ? 'asc' : 'desc'],
      offset,
      limit: pageSize,
    })
    const list = rows.map((r) => ({
      ...camelRow(r, ['id', 'kind', 'title_zh', 'title_en', 'cover_url', 'start_time', 'end_time', 'status', 'updated_at']),
      bannerCount: Number(r.banner_count ?? 0),
      activityCount: Number(r.activity_count ?? 0),
      projectCount: Number(r.project_count ?? 0),
    }))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number): Promise<AdminCompetitionDetail> {
    const r = found(await this.repo.findCompetition(id))
    return {
      ...camelRow(r, ['id', 'kind', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'content_zh', 'content_en', 'cover_url', 'start_time', 'end_time', 'status']),
      banners: await this.repo.banners(id),
    }
  }

  private competitionValues(input: AdminCompetitionInput) {
    const banners = [...new Set((input.banners ?? []).map((b) => b.trim()).filter(Boolean))]
    // spec section 5: at least one banner for competitions and parks
    if (!banners.length || banners.length > COMPETITION_LIMITS.banners) throw paramError('banners')
    const start = isoOrNull(input.startTime, () => paramError('startTime'))
    const end = isoOrNull(input.endTime, () => paramError('endTime'))
    if (!start) throw paramError('startTime')
    if (!end || end < start) throw paramError('endTime')
    return {
      banners,
      values: {
        ...titleSummaryValues(input),
        kind: input.kind,
        content_zh: sanitizeRichText(input.contentZh),
        content_en: sanitizeRichText(input.contentEn),
        cover_url: clean(input.coverUrl) || null,
        // the consumer list's card image: the cover, else the first banner
        banner_url: clean(input.coverUrl) || banners[0],
        start_time: start,
        end_time: end,
      },
    }
  }

  async add(input: AdminCompetitionInput): Promise<AdminCompetitionDetail> {
    const { values, banners } = this.competitionValues(input)
    const now = this.now()
    const id = await this.repo.transaction(async (repo) => {
      const cid = await repo.insertCompetition({ ...values, status: 'draft', created_at: now, updated_at: now })
      await repo.replaceBanners(cid, banners)
      return cid
    })
    return this.detail(id)
  }

  async update(id: number, input: AdminCompetitionInput): Promise<AdminCompetitionDetail> {
    found(await this.repo.findCompetition(id))
    const { values, banners } = this.competitionValues(input)
    await this.repo.transaction(async (repo) => {
      await repo.updateCompetition(id, { ...values, updated_at: this.now() })
      await repo.replaceBanners(id, banners)
    })
    return this.detail(id)
  }

  async publish(id: number, publish: boolean): Promise<AdminCompetitionDetail> {
    found(await this.repo.findCompetition(id))
    // a competition published from older data still needs its banner
    if (publish && !(await this.repo.banners(id)).length) throw paramError('banners')
    await this.repo.updateCompetition(id, { status: publish ? 'published' : 'draft', updated_at: this.now() })
    return this.detail(id)
  }

  async remove(id: number): Promise<null> {
    found(await this.repo.findCompetition(id))
    await this.repo.removeCompetition(id)
    return null
  }

  async share(id: number, origin: string): Promise<{ url: string; qrDataUrl: string }> {
    found(await this.repo.findCompetition(id))
    const url = `${origin.replace(/\/+$/, '')}/competition?id=${id}`
    return { url, qrDataUrl: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) }
  }

  // ---- linked activities

  private toActivity(r: ActivityRow): AdminLinkedActivity {
    return {
      ...camelRow(r, ['id', 'title_zh', 'title_en', 'start_time', 'status']),
      organizationNameZh: r.org_name_zh ?? '',
      organizationNameEn: r.org_name_en ?? '',
      isSyncProject: !!r.is_sync_project,
      entrustHaijiaoProcess: !!r.entrust_haijiao_process,
    }
  }

  async activities(competitionId: number): Promise<AdminLinkedActivity[]> {
    found(await this.repo.findCompetition(competitionId))
    return (await this.repo.linkedActivities(competitionId)).map((r) => this.toActivity(r))
  }

  async activityCandidates(q: { keyword?: string; page?: number; pageSize?: number }): Promise<Page<ActivityCandidate>> {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.activityCandidates({ keyword: q.keyword?.trim() || undefined, offset, limit: pageSize })
    return toPage(
      rows.map((r) => ({
        ...this.toActivity(r),
        competitionId: r.competition_id ?? null,
        competitionTitleZh: r.competition_title_zh ?? null,
        competitionTitleEn: r.competition_title_en ?? null,
      })),
      total,
      page,
      pageSize,
    )
  }

  /** links several activities at once, after the ones already linked, in the given order; all or nothing */
  async linkActivities(competitionId: number, activityIds: number[]): Promise<AdminLinkedActivity[]> {
    found(await this.repo.findCompetition(competitionId))
    const ids = [...new Set(activityIds)]
    for (const id of ids) if (!(await this.repo.activityExists(id))) throw paramError('activityIds')
    try {
      await this.repo.transaction(async (repo) => {
        let sort = await repo.maxActivitySort(competitionId)
        for (const id of ids) {
          const linked = await repo.competitionOfActivity(id)
          if (linked === competitionId) continue
          if (linked !== null) throw new AppError(626, { result: { activityId: id, competitionId: linked } })
          await repo.linkActivity(competitionId, id, ++sort)
        }
      })
    } catch (err) {
      // a concurrent link of the same activity won the race: the unique index refused this one
      if (isUniqueViolation(err)) throw new AppError(626)
      throw err
    }
    for (const id of ids) await this.syncActivity(id)
    return this.activities(competitionId)
  }

  async unlinkActivity(competitionId: number, activityId: number): Promise<AdminLinkedActivity[]> {
    found(await this.repo.findCompetition(competitionId))
    await this.repo.unlinkActivity(competitionId, activityId)
    return this.activities(competitionId)
  }

  /** the new order: every linked activity exactly once */
  async orderActivities(competitionId: number, activityIds: number[]): Promise<AdminLinkedActivity[]> {
    const linked = (await this.activities(competitionId)).map((a) => a.id)
    if (activityIds.length !== linked.length || new Set(activityIds).size !== linked.length || !activityIds.every((id) => linked.includes(id))) {
      throw paramError('activityIds')
    }
    await this.repo.transaction(async (repo) => {
      for (let i = 0; i < activityIds.length; i++) await repo.setActivitySort(competitionId, activityIds[i], i + 1)
    })
    return this.activities(competitionId)
  }

  // ---- participating projects

  async competitionProjects(competitionId: number): Promise<AdminProjectRow[]> {
    found(await this.repo.findCompetition(competitionId))
    return this.toProjectRows(await this.repo.projectRowsOf(competitionId))
  }

  async linkProjects(competitionId: number, projectIds: number[]): Promise<AdminProjectRow[]> {
    found(await this.repo.findCompetition(competitionId))
    const now = this.now()
    for (const id of new Set(projectIds)) if (!(await this.repo.findProject(id))) throw paramError('projectIds')
    await this.repo.transaction(async (repo) => {
      for (const id of new Set(projectIds)) await repo.linkProject(competitionId, id, now)
    })
    return this.competitionProjects(competitionId)
  }

  async unlinkProject(competitionId: number, projectId: number): Promise<AdminProjectRow[]> {
    found(await this.repo.findCompetition(competitionId))
    await this.repo.unlinkProject(competitionId, projectId)
    return this.competitionProjects(competitionId)
  }

  // ---- projects (scoped)

  private async toProjectRows(rows: ProjectRow[]): Promise<AdminProjectRow[]> {
    const ids = rows.map((r) => r.id)
    const [field, counts, comps] = await Promise.all([
      this.dict.lookup(DICT.professionalField, rows.map((r) => r.field_code)),
      this.repo.projectCounts(ids),
      this.repo.projectCompetitions(ids),
    ])
    return rows.map((r) => {
      const f = field(r.field_code)
      return {
        ...camelRow(r, ['id', 'title_zh', 'title_en', 'organization_id']),
        organizationNameZh: r.org_name_zh,
        organizationNameEn: r.org_name_en,
        fieldCode: r.field_code,
        fieldNameZh: f?.nameZh ?? r.field_code,
        fieldNameEn: f?.nameEn ?? r.field_code,
        ...camelRow(r, ['stage_zh', 'stage_en', 'funding_sought', 'status']),
        openRequirementCount: counts.open.get(r.id) ?? 0,
        visitCount: counts.visits.get(r.id) ?? 0,
        competitions: comps.filter((c) => c.project_id === r.id).map((c) => ({ id: c.id, titleZh: c.title_zh, titleEn: c.title_en })),
        sourceEnrollmentId: r.source_enrollment_id,
        updatedAt: r.updated_at,
      }
    })
  }

  async projects(q: ProjectListQuery, access: AdminAccess | null): Promise<Page<AdminProjectRow>> {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.projectPage({
      scope: access ? scopeOf(access) : null,
      keyword: q.keyword?.trim() || undefined,
      fieldCode: q.fieldCode || undefined,
      stage: q.stage?.trim() || undefined,
      organizationId: q.organizationId,
      competitionId: q.competitionId,
      status: q.status || undefined,
      offset,
      limit: pageSize,
    })
    return toPage(await this.toProjectRows(rows), total, page, pageSize)
  }

  async options(access: AdminAccess): Promise<ProjectOptions> {
    const [orgs, fields, comps] = await Promise.all([this.repo.organizations(scopeOf(access)), this.dict.options(DICT.professionalField), this.repo.competitionOptions()])
    return {
      organizations: orgs.map((o) => ({ id: o.id, nameZh: o.name_zh, nameEn: o.name_en })),
      fields: fields.map((f) => ({ code: f.code, nameZh: f.nameZh, nameEn: f.nameEn })),
      competitions: comps.map((c) => ({ id: c.id, titleZh: c.title_zh, titleEn: c.title_en, kind: c.kind })),
    }
  }

  /** the project if the caller may see it, else 302 (no existence leak) */
  private async ownedProject(id: number, access: AdminAccess, field = 'id') {
    const row = await this.repo.findProject(id)
    const scope = scopeOf(access)
    if (!row || (scope && !scope.includes(row.organization_id))) throw new AppError(302, { field })
    return row
  }

  async project(id: number, access: AdminAccess): Promise<AdminProjectDetail> {
    const r = await this.ownedProject(id, access)
    return {
      ...camelRow(r, [
        'id', 'title_zh', 'title_en', 'organization_id', 'field_code', 'stage_zh', 'stage_en', 'funding_sought', 'summary_zh', 'summary_en',
        'content_zh', 'content_en', 'city_zh', 'city_en', 'contact_name', 'contact_phone', 'contact_email', 'status', 'source_enrollment_id',
      ]),
      organizationNameZh: r.org_name_zh,
      organizationNameEn: r.org_name_en,
      attachments: parseList(r.attachments),
      competitionIds: await this.repo.projectCompetitionIds(id),
    }
  }

  private async projectValues(input: AdminProjectInput) {
    const fields = await this.dict.options(DICT.professionalField)
    if (!fields.some((f) => f.code === input.fieldCode)) throw paramError('fieldCode')
    const email = clean(input.contactEmail)
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw paramError('contactEmail')
    return {
      ...titleSummaryValues(input),
      field_code: input.fieldCode,
      stage_zh: clean(input.stageZh),
      stage_en: clean(input.stageEn),
      funding_sought: clean(input.fundingSought),
      content_zh: sanitizeRichText(input.contentZh),
      content_en: sanitizeRichText(input.contentEn),
      city_zh: clean(input.cityZh),
      city_en: clean(input.cityEn),
      attachments: JSON.stringify(fileList(input.attachments, 'attachments')),
      contact_name: clean(input.contactName),
      contact_phone: clean(input.contactPhone),
      contact_email: email,
    }
  }

  private async competitionIdsOf(input: AdminProjectInput): Promise<number[] | undefined> {
    if (input.competitionIds === undefined) return undefined
    const ids = [...new Set(input.competitionIds)]
    if ((await this.repo.existingCompetitionIds(ids)).length !== ids.length) throw paramError('competitionIds')
    return ids
  }

  /** organizers: always their own organisation; operations name one */
  private async organizationFor(input: AdminProjectInput, access: AdminAccess): Promise<number> {
    const scope = scopeOf(access)
    if (scope) {
      if (input.organizationId && scope.includes(input.organizationId)) return input.organizationId
      if (input.organizationId) throw new AppError(302, { field: 'organizationId' })
      if (!scope.length) throw paramError('organizationId')
      return scope[0]
    }
    if (!input.organizationId || !(await this.repo.organizationExists(input.organizationId))) throw paramError('organizationId')
    return input.organizationId
  }

  private async writeCompetitions(repo: CompetitionRepository, projectId: number, ids: number[] | undefined, now: string) {
    if (ids === undefined) return
    await repo.unlinkProjectEverywhere(projectId)
    for (const cid of ids) await repo.linkProject(cid, projectId, now)
  }

  async addProject(input: AdminProjectInput, access: AdminAccess): Promise<AdminProjectDetail> {
    const organizationId = await this.organizationFor(input, access)
    const values = await this.projectValues(input)
    const competitionIds = await this.competitionIdsOf(input)
    const now = this.now()
    const id = await this.repo.transaction(async (repo) => {
      const pid = await repo.insertProject({ ...values, organization_id: organizationId, status: 'draft', created_at: now, updated_at: now })
      await this.writeCompetitions(repo, pid, competitionIds, now)
      return pid
    })
    return this.project(id, access)
  }

  async updateProject(id: number, input: AdminProjectInput, access: AdminAccess): Promise<AdminProjectDetail> {
    const row = await this.ownedProject(id, access)
    const organizationId = input.organizationId && input.organizationId !== row.organization_id ? await this.organizationFor(input, access) : row.organization_id
    const values = await this.projectValues(input)
    const competitionIds = await this.competitionIdsOf(input)
    const now = this.now()
    await this.repo.transaction(async (repo) => {
      await repo.updateProject(id, { ...values, organization_id: organizationId, updated_at: now })
      await this.writeCompetitions(repo, id, competitionIds, now)
    })
    return this.project(id, access)
  }

  async publishProject(id: number, publish: boolean, access: AdminAccess): Promise<AdminProjectDetail> {
    const row = await this.ownedProject(id, access)
    const now = this.now()
    await this.repo.updateProject(id, publish ? { status: 'published', published_at: row.published_at ?? now, updated_at: now } : { status: 'draft', updated_at: now })
    return this.project(id, access)
  }

  /** 629 while it takes part in a competition or park: leaving one is an explicit step */
  async removeProject(id: number, access: AdminAccess): Promise<null> {
    await this.ownedProject(id, access)
    if ((await this.repo.projectCompetitionIds(id)).length) throw new AppError(629)
    await this.repo.removeProject(id)
    return null
  }

  // ---- requirements (scoped through their project)

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
    if (q.projectId) await this.ownedProject(q.projectId, access, 'projectId')
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
    await this.ownedProject(input.projectId, access, 'projectId')
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

  // ---- visits (scoped through their project)

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
    if (q.projectId) await this.ownedProject(q.projectId, access, 'projectId')
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
    await this.ownedProject(input.projectId, access, 'projectId')
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

  // ---- isSyncProject

  /** every approved enrolment of an activity (just linked) becomes a project of its competition */
  async syncActivity(activityId: number): Promise<void> {
    for (const id of await this.repo.approvedEnrollmentIds(activityId)) await this.syncEnrollment(id)
  }

  /**
   * An approved enrolment of a syncing activity linked to a competition: its project (from the answers)
   * joins the competition's project list, once (unique source_enrollment_id). Anything else: nothing.
   */
  async syncEnrollment(enrollmentId: number): Promise<number | null> {
    const src = await this.repo.syncSource(enrollmentId)
    if (!src || src.status !== 'approved' || !src.is_sync_project) return null
    const answers = parseJson<EnrollAnswers>(src.form_answers, {})
    const pick = (keys: readonly string[]) => {
      for (const k of keys) {
        const v = answers[k]
        const s = Array.isArray(v) ? v.join(', ') : v == null ? '' : String(v).trim()
        if (s) return s
      }
      return ''
    }
    const now = this.now()
    const existing = await this.repo.projectOfEnrollment(enrollmentId)
    if (existing) {
      await this.repo.linkProject(src.competition_id, existing, now)
      return existing
    }
    const name = pick(SYNC_PROJECT_KEYS.name).slice(0, 200)
    if (!name) return null
    const fields = await this.dict.options(DICT.professionalField)
    const fieldAnswer = pick(SYNC_PROJECT_KEYS.field)
    const field = fields.find((f) => f.code === fieldAnswer || f.nameZh === fieldAnswer || f.nameEn === fieldAnswer) ?? fields[fields.length - 1]
    if (!field) return null
    const summary = pick(SYNC_PROJECT_KEYS.summary).slice(0, 1000)
    const stage = pick(SYNC_PROJECT_KEYS.stage).slice(0, 100)
    try {
      return await this.repo.transaction(async (repo) => {
        const id = await repo.insertProject({
          organization_id: src.organization_id,
          title_zh: name,
          title_en: name,
          summary_zh: summary,
          summary_en: summary,
          field_code: field.code,
          stage_zh: stage,
          stage_en: stage,
          funding_sought: pick(SYNC_PROJECT_KEYS.funding).slice(0, 200),
          contact_name: pick(SYNC_PROJECT_KEYS.contactName).slice(0, 100),
          contact_phone: pick(SYNC_PROJECT_KEYS.contactPhone).slice(0, 50),
          contact_email: pick(SYNC_PROJECT_KEYS.contactEmail).slice(0, 200),
          source_enrollment_id: enrollmentId,
          status: 'published',
          published_at: now,
          created_at: now,
          updated_at: now,
        })
        await repo.linkProject(src.competition_id, id, now)
        return id
      })
    } catch (err) {
      // the same approval synced twice at once: the other request created it
      if (isUniqueViolation(err)) return this.repo.projectOfEnrollment(enrollmentId)
      throw err
    }
  }
}
