import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { readPage, type PageQuery } from '../../lib/paging'
import { RoadshowRepository } from './roadshow.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { ActivityService } from '../activity/activity.service'
import type { OrgProjectService } from '../org-project/org-project.service'
import type { CompetitionDetail, CompetitionListItem } from '@contracts/competition'
import type { RoadshowProjectDetail, RoadshowProjectListItem, RoadshowRecord } from '@contracts/roadshow'
import type { OptionItem } from '@contracts/api'
import type { VideoItem } from '@contracts/site'
import type { BpVideoInput, SelectOption } from '@contracts/admin-site'
import { paramError } from '../../lib/app-error'

type ProjectRow = Awaited<ReturnType<RoadshowRepository['projectList']>>['rows'][number]
type RecordRow = Awaited<ReturnType<RoadshowRepository['recordList']>>['rows'][number]
type VideoRow = Awaited<ReturnType<RoadshowRepository['videoList']>>['rows'][number]
type CompetitionRow = Awaited<ReturnType<RoadshowRepository['competitionList']>>['rows'][number]

const toVideo = (v: VideoRow): VideoItem =>
  camelRow(v, ['id', 'title_zh', 'title_en', 'cover_url', 'video_url', 'category', 'duration_seconds', 'published_at'])
const toRecord = (r: RecordRow): RoadshowRecord =>
  camelRow(r, ['id', 'project_id', 'title_zh', 'title_en', 'held_at', 'city_zh', 'city_en', 'result_zh', 'result_en'])
const toCompetition = (c: CompetitionRow): CompetitionListItem =>
  camelRow(c, ['id', 'kind', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'banner_url', 'start_time', 'end_time'])

export class RoadshowService {
  private readonly repo: RoadshowRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
    private readonly activities: ActivityService,
    private readonly orgProjects: OrgProjectService,
  ) {
    this.repo = new RoadshowRepository(ctx.db, ctx.dbKind)
  }

  /** an uploaded BP pitch video, published under category 'bp' (the roadshow editor connects it) */
  async addBpVideo(body: BpVideoInput): Promise<SelectOption> {
    const titleZh = body.titleZh.trim()
    const titleEn = body.titleEn.trim()
    if (!titleZh) throw paramError('titleZh')
    if (!titleEn) throw paramError('titleEn')
    // only what the video upload stores (route schema: an own file, no '..')
    if (!/^\/uploads\/[^?#]+\.(mp4|webm)$/.test(body.videoUrl)) throw paramError('videoUrl')
    const r = await this.repo.insertVideo({
      title_zh: titleZh,
      title_en: titleEn,
      video_url: body.videoUrl,
      cover_url: body.coverUrl || null,
      category: 'bp',
      duration_seconds: body.durationSeconds ?? 0,
      now: this.ctx.clock.now().toISOString(),
    })
    return { id: r.id, titleZh: r.title_zh, titleEn: r.title_en }
  }

  private async toProjects(rows: ProjectRow[]): Promise<RoadshowProjectListItem[]> {
    const field = await this.dict.lookup(DICT.professionalField, rows.map((r) => r.field_code))
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'kind', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'cover_url']),
      field: field(r.field_code)!,
      ...camelRow(r, ['stage_zh', 'stage_en', 'organization_id']),
      organizationNameZh: r.org_name_zh ?? '',
      organizationNameEn: r.org_name_en ?? '',
      publishedAt: r.published_at ?? '',
    }))
  }

  projects(q: PageQuery & { kind?: string; fieldCode?: string; keyword?: string; competitionId?: number }) {
    const filter = { kind: q.kind || undefined, fieldCode: q.fieldCode || undefined, keyword: q.keyword?.trim() || undefined, competitionId: q.competitionId }
    return readPage(q, (offset, limit) => this.repo.projectList({ ...filter, offset, limit }), (rows) => this.toProjects(rows))
  }

  /** Professional fields (dictionary order) that published projects of the kind use: the list's field filter. */
  async fields(kind?: string): Promise<OptionItem[]> {
    const [all, used] = await Promise.all([this.allFields(), this.repo.usedFieldCodes(kind || undefined)])
    const set = new Set(used)
    return all.filter((o) => set.has(o.code))
  }

  async project(id: number): Promise<RoadshowProjectDetail> {
    const row = found(await this.repo.findProject(id))
    const [item] = await this.toProjects([row])
    const video = row.bp_video_id ? await this.repo.findVideo(row.bp_video_id) : undefined
    const records = await this.repo.recordList({ projectId: id, offset: 0, limit: 50 })
    return { ...item, contentZh: row.content_zh, contentEn: row.content_en, bpVideo: video ? toVideo(video) : null, records: records.rows.map(toRecord) }
  }

  records(q: PageQuery & { projectId?: number }) {
    return readPage(q, (offset, limit) => this.repo.recordList({ projectId: q.projectId, offset, limit }), (rows) => rows.map(toRecord))
  }

  videos(q: PageQuery & { category?: string }) {
    return readPage(q, (offset, limit) => this.repo.videoList({ category: q.category || undefined, offset, limit }), (rows) => rows.map(toVideo))
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

  competitions(q: PageQuery) {
    return readPage(q, (offset, limit) => this.repo.competitionList({ offset, limit }), (rows) => rows.map(toCompetition))
  }

  async competition(id: number): Promise<CompetitionDetail> {
    const row = found(await this.repo.findCompetition(id))
    const [banners, projects, activityList, orgProjects] = await Promise.all([
      this.repo.competitionBanners(id),
      this.projects({ competitionId: id, page: 1, pageSize: 50 }),
      this.activities.forCompetition(id),
      this.orgProjects.forCompetition(id),
    ])
    return {
      ...toCompetition(row),
      banners: banners.map((b) => b.image_url),
      contentZh: row.content_zh,
      contentEn: row.content_en,
      projects: projects.list,
      activities: activityList,
      orgProjects,
    }
  }
}
