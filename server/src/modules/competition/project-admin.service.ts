/**
 * The organisations' projects, scoped by organisation: an organizer's request for another organisation's
 * project answers 302 (as if it did not exist) and changes nothing; operations work on all. Also the
 * projects' side of competitions (joining and leaving one) and isSyncProject: an approved enrolment of a
 * syncing activity linked to a competition becomes a project of the activity's organisation (read from the
 * application-form answers, SYNC_PROJECT_KEYS) that joins the competition.
 */
import type { AdminAccess, AppContext } from '../../context'
import { DICT } from '../../db/schema'
import { camelRow } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { parseJson, parseList } from '../../lib/json'
import { pageArgs, toPage } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { titleSummaryValues } from '../../blocks/article/article.fields'
import type { DictionaryService } from '../dictionary/dictionary.service'
import { ProjectRepository } from './project.repository'
import { isUniqueViolation } from './org-scope.repository'
import { clean, fileList, scopeOf } from './competition.fields'
import type { Page } from '@contracts/api'
import type { EnrollAnswers } from '@contracts/enrollment'
import {
  SYNC_PROJECT_KEYS,
  type AdminProjectDetail,
  type AdminProjectInput,
  type AdminProjectRow,
  type ProjectListQuery,
  type ProjectOptions,
} from '@contracts/admin-competition'

type ProjectRow = Awaited<ReturnType<ProjectRepository['projectPage']>>['rows'][number]

export class ProjectAdminService {
  private readonly repo: ProjectRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new ProjectRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

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

  /** the projects taking part in a competition or park (its existence is the caller's check) */
  async ofCompetition(competitionId: number): Promise<AdminProjectRow[]> {
    return this.toProjectRows(await this.repo.projectRowsOf(competitionId))
  }

  async joinCompetition(competitionId: number, projectIds: number[]): Promise<void> {
    const now = this.now()
    for (const id of new Set(projectIds)) if (!(await this.repo.findProject(id))) throw paramError('projectIds')
    await this.repo.transaction(async (repo) => {
      for (const id of new Set(projectIds)) await repo.linkProject(competitionId, id, now)
    })
  }

  async leaveCompetition(competitionId: number, projectId: number): Promise<void> {
    await this.repo.unlinkProject(competitionId, projectId)
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
  async ownedProject(id: number, access: AdminAccess, field = 'id') {
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

  private async writeCompetitions(repo: ProjectRepository, projectId: number, ids: number[] | undefined, now: string) {
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
