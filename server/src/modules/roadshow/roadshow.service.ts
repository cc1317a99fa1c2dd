import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { RoadshowRepository } from './roadshow.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { ActivityService } from '../activity/activity.service'
import type { CompetitionDetail, CompetitionListItem } from '../../../../src/shared/contracts/competition'
import type { RoadshowProjectDetail, RoadshowProjectListItem, RoadshowRecord } from '../../../../src/shared/contracts/roadshow'
import type { OptionItem } from '../../../../src/shared/contracts/api'
import type { VideoItem } from '../../../../src/shared/contracts/site'

type ProjectRow = Awaited<ReturnType<RoadshowRepository['projectList']>>['rows'][number]
type RecordRow = Awaited<ReturnType<RoadshowRepository['recordList']>>['rows'][number]
type VideoRow = Awaited<ReturnType<RoadshowRepository['videoList']>>['rows'][number]
type CompetitionRow = Awaited<ReturnType<RoadshowRepository['competitionList']>>['rows'][number]

export function toVideo(v: VideoRow): VideoItem {
  return {
    id: v.id,
    titleZh: v.title_zh,
    titleEn: v.title_en,
    coverUrl: v.cover_url,
    videoUrl: v.video_url,
    category: v.category,
    durationSeconds: v.duration_seconds,
    publishedAt: v.published_at,
  }
}
function toRecord(r: RecordRow): RoadshowRecord {
  return {
    id: r.id,
    projectId: r.project_id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    heldAt: r.held_at,
    cityZh: r.city_zh,
    cityEn: r.city_en,
    resultZh: r.result_zh,
    resultEn: r.result_en,
  }
}
function toCompetition(c: CompetitionRow): CompetitionListItem {
  return {
    id: c.id,
    titleZh: c.title_zh,
    titleEn: c.title_en,
    summaryZh: c.summary_zh,
    summaryEn: c.summary_en,
    bannerUrl: c.banner_url,
    startTime: c.start_time,
    endTime: c.end_time,
  }
}

export class RoadshowService {
  private readonly repo: RoadshowRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
    private readonly activities: ActivityService,
  ) {
    this.repo = new RoadshowRepository(ctx.db, ctx.dbKind)
  }

  private async toProjects(rows: ProjectRow[]): Promise<RoadshowProjectListItem[]> {
    const field = await this.dict.lookup(DICT.professionalField, rows.map((r) => r.field_code))
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      summaryZh: r.summary_zh,
      summaryEn: r.summary_en,
      coverUrl: r.cover_url,
      field: field(r.field_code)!,
      stageZh: r.stage_zh,
      stageEn: r.stage_en,
      organizationId: r.organization_id,
      organizationNameZh: r.org_name_zh ?? '',
      organizationNameEn: r.org_name_en ?? '',
      publishedAt: r.published_at ?? '',
    }))
  }

  async projects(q: PageQuery & { kind?: string; fieldCode?: string; keyword?: string; competitionId?: number }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.projectList({
      kind: q.kind || undefined,
      fieldCode: q.fieldCode || undefined,
      keyword: q.keyword?.trim() || undefined,
      competitionId: q.competitionId,
      offset,
      limit: pageSize,
    })
    return toPage(await this.toProjects(rows), total, page, pageSize)
  }

  /** Professional fields (dictionary order) that published projects of the kind use: the list's field filter. */
  async fields(kind?: string): Promise<OptionItem[]> {
    const [all, used] = await Promise.all([this.allFields(), this.repo.usedFieldCodes(kind || undefined)])
    const set = new Set(used)
    return all.filter((o) => set.has(o.code))
  }

  async project(id: number): Promise<RoadshowProjectDetail> {
    const row = await this.repo.findProject(id)
    if (!row) throw new AppError(302)
    const [item] = await this.toProjects([row])
    const video = row.bp_video_id ? await this.repo.findVideo(row.bp_video_id) : undefined
    const records = await this.repo.recordList({ projectId: id, offset: 0, limit: 50 })
    return { ...item, contentZh: row.content_zh, contentEn: row.content_en, bpVideo: video ? toVideo(video) : null, records: records.rows.map(toRecord) }
  }

  async records(q: PageQuery & { projectId?: number }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.recordList({ projectId: q.projectId, offset, limit: pageSize })
    return toPage(rows.map(toRecord), total, page, pageSize)
  }

  async videos(q: PageQuery & { category?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.videoList({ category: q.category || undefined, offset, limit: pageSize })
    return toPage(rows.map(toVideo), total, page, pageSize)
  }

  async firstVideo(category: 'about' | 'bp' | 'activity'): Promise<VideoItem | null> {
    const { rows } = await this.repo.videoList({ category, offset: 0, limit: 1 })
    return rows[0] ? toVideo(rows[0]) : null
  }

  // ---- what the admin declarations (roadshow.admin.ts) check and show

  /** every professional field (dictionary order) */
  allFields(): Promise<OptionItem[]> {
    return this.dict.options(DICT.professionalField)
  }

  exists(table: 'organizations' | 'competitions' | 'videos' | 'roadshow_projects', id: number): Promise<boolean> {
    return this.repo.exists(table, id)
  }

  /** project id → number of its records */
  recordCounts(projectIds: number[]): Promise<Map<number, number>> {
    return this.repo.recordCounts(projectIds)
  }

  async competitions(q: PageQuery) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.competitionList({ offset, limit: pageSize })
    return toPage(rows.map(toCompetition), total, page, pageSize)
  }

  async competition(id: number): Promise<CompetitionDetail> {
    const row = await this.repo.findCompetition(id)
    if (!row) throw new AppError(302)
    const [banners, projects, activityList] = await Promise.all([
      this.repo.competitionBanners(id),
      this.projects({ competitionId: id, page: 1, pageSize: 50 }),
      this.activities.forCompetition(id),
    ])
    return {
      ...toCompetition(row),
      banners: banners.map((b) => b.image_url),
      contentZh: row.content_zh,
      contentEn: row.content_en,
      projects: projects.list,
      activities: activityList,
    }
  }
}
