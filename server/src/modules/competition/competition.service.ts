/**
 * Competitions and industrial parks (one model, `kind`): their banners, the activities linked to them and
 * the organisation projects that join them. Operations' work (the menu grants it).
 * One competition per activity is the database's (unique index): linking an activity already linked
 * elsewhere, even by a concurrent request, answers 626. Linking an activity turns its approved enrolments
 * into projects when it syncs them (isSyncProject, ProjectAdminService).
 */
import QRCode from 'qrcode'
import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { AppError, paramError } from '../../lib/app-error'
import { pageArgs, toPage } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { pick, type AuditNote } from '../../lib/audit-note'
import { isoOrNull, titleSummaryValues } from '../../blocks/article/article.fields'
import { CompetitionRepository } from './competition.repository'
import { isUniqueViolation } from './org-scope.repository'
import { clean } from './competition.fields'
import type { ProjectAdminService } from './project-admin.service'
import type { Page } from '@contracts/api'
import {
  COMPETITION_LIMITS,
  type ActivityCandidate,
  type AdminCompetitionDetail,
  type AdminCompetitionInput,
  type AdminCompetitionListQuery,
  type AdminCompetitionRow,
  type AdminLinkedActivity,
  type AdminProjectRow,
} from '@contracts/admin-competition'

type ActivityRow = Awaited<ReturnType<CompetitionRepository['linkedActivities']>>[number]

const COMPETITION_SORT = { startTime: 'start_time', updatedAt: 'updated_at', id: 'id' } as const

export class CompetitionService {
  private readonly repo: CompetitionRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly projects: ProjectAdminService,
  ) {
    this.repo = new CompetitionRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  // ---- competitions and parks

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

  /** `note` gets the columns the edit wrote, as they were and as they are (the row read for the check) */
  async update(id: number, input: AdminCompetitionInput, note?: AuditNote): Promise<AdminCompetitionDetail> {
    const before = found(await this.repo.findCompetition(id))
    const { values, banners } = this.competitionValues(input)
    await this.repo.transaction(async (repo) => {
      await repo.updateCompetition(id, { ...values, updated_at: this.now() })
      await repo.replaceBanners(id, banners)
    })
    await note?.({ before: { id, ...pick(before, Object.keys(values) as (keyof typeof before)[]) }, after: { id, ...values, banners } })
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
    for (const id of ids) await this.projects.syncActivity(id)
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
    return this.projects.ofCompetition(competitionId)
  }

  async linkProjects(competitionId: number, projectIds: number[]): Promise<AdminProjectRow[]> {
    found(await this.repo.findCompetition(competitionId))
    await this.projects.joinCompetition(competitionId, projectIds)
    return this.competitionProjects(competitionId)
  }

  async unlinkProject(competitionId: number, projectId: number): Promise<AdminProjectRow[]> {
    found(await this.repo.findCompetition(competitionId))
    await this.projects.leaveCompetition(competitionId, projectId)
    return this.competitionProjects(competitionId)
  }
}
