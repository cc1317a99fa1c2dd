import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { readPage, type PageQuery } from '../../lib/paging'
import { PlatformRepository } from './platform.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { JobListItem, PlatformDetail, PlatformListItem } from '@contracts/platform'
import type { JobOptions } from '@contracts/admin-site'

type Row = Awaited<ReturnType<PlatformRepository['list']>>['rows'][number]
type JobRow = Awaited<ReturnType<PlatformRepository['jobList']>>['rows'][number]

function toJob(r: JobRow): JobListItem {
  return {
    ...camelRow(r, [
      'id', 'title_zh', 'title_en', 'kind', 'platform_id', 'platform_name_zh', 'platform_name_en', 'platform_logo_url', 'city_zh', 'city_en',
      'salary_zh', 'salary_en', 'degree', 'description_zh', 'description_en',
    ]),
    publishedAt: r.published_at ?? '',
  }
}

export class PlatformService {
  private readonly repo: PlatformRepository
  constructor(
    ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new PlatformRepository(ctx.db, ctx.dbKind)
  }

  /** the platform natures (dictionary platform_nature) */
  natures() {
    return this.dict.options(DICT.platformNature)
  }

  /** a platform whatever its status, or undefined */
  anyPlatform(id: number) {
    return this.repo.findAny(id)
  }

  /** the job editor's platform choice */
  async jobOptions(): Promise<JobOptions> {
    const rows = await this.repo.choices()
    return { platforms: rows.map((r) => ({ id: r.id, titleZh: r.name_zh, titleEn: r.name_en })) }
  }

  private async toItems(rows: Row[]): Promise<PlatformListItem[]> {
    const [nature, counts] = await Promise.all([
      this.dict.lookup(DICT.platformNature, rows.map((r) => r.nature_code)),
      this.repo.jobCounts(rows.map((r) => r.id)),
    ])
    const jobs = new Map(counts.map((c) => [c.platform_id, Number(c.n)]))
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'name_zh', 'name_en', 'logo_url']),
      nature: nature(r.nature_code)!,
      ...camelRow(r, ['city_zh', 'city_en', 'intro_zh', 'intro_en']),
      jobCount: jobs.get(r.id) ?? 0,
    }))
  }

  list(q: PageQuery & { natureCode?: string; keyword?: string; kind?: string }) {
    const kind: 'college' | 'enterprise' | undefined = q.kind === 'college' || q.kind === 'enterprise' ? q.kind : undefined
    const filter = { natureCode: q.natureCode || undefined, kind, keyword: q.keyword?.trim() || undefined }
    return readPage(q, (offset, limit) => this.repo.list({ ...filter, offset, limit }), (rows) => this.toItems(rows))
  }

  async detail(id: number): Promise<PlatformDetail> {
    const row = found(await this.repo.find(id))
    const [item] = await this.toItems([row])
    const jobs = await this.repo.jobList({ platformId: id, offset: 0, limit: 50 })
    return { ...item, website: row.website, contentZh: row.content_zh, contentEn: row.content_en, jobs: jobs.rows.map(toJob) }
  }

  jobs(q: PageQuery & { kind?: string; platformId?: number; keyword?: string; city?: string }) {
    const filter = { kind: q.kind || undefined, platformId: q.platformId || undefined, keyword: q.keyword?.trim() || undefined, city: q.city?.trim() || undefined }
    return readPage(q, (offset, limit) => this.repo.jobList({ ...filter, offset, limit }), (rows) => rows.map(toJob))
  }
}
