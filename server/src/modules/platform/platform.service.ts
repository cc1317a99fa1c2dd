import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { PlatformRepository } from './platform.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { JobListItem, PlatformDetail, PlatformListItem } from '../../../../src/shared/contracts/platform'

type Row = Awaited<ReturnType<PlatformRepository['list']>>['rows'][number]
type JobRow = Awaited<ReturnType<PlatformRepository['jobList']>>['rows'][number]

function toJob(r: JobRow): JobListItem {
  return {
    id: r.id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    kind: r.kind,
    platformId: r.platform_id,
    platformNameZh: r.platform_name_zh,
    platformNameEn: r.platform_name_en,
    platformLogoUrl: r.platform_logo_url,
    cityZh: r.city_zh,
    cityEn: r.city_en,
    salaryZh: r.salary_zh,
    salaryEn: r.salary_en,
    degree: r.degree,
    descriptionZh: r.description_zh,
    descriptionEn: r.description_en,
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

  private async toItems(rows: Row[]): Promise<PlatformListItem[]> {
    const [nature, counts] = await Promise.all([
      this.dict.lookup(DICT.platformNature, rows.map((r) => r.nature_code)),
      this.repo.jobCounts(rows.map((r) => r.id)),
    ])
    const jobs = new Map(counts.map((c) => [c.platform_id, Number(c.n)]))
    return rows.map((r) => ({
      id: r.id,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      logoUrl: r.logo_url,
      nature: nature(r.nature_code)!,
      cityZh: r.city_zh,
      cityEn: r.city_en,
      introZh: r.intro_zh,
      introEn: r.intro_en,
      jobCount: jobs.get(r.id) ?? 0,
    }))
  }

  async list(q: PageQuery & { natureCode?: string; keyword?: string; kind?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const kind = q.kind === 'college' || q.kind === 'enterprise' ? q.kind : undefined
    const { rows, total } = await this.repo.list({ natureCode: q.natureCode || undefined, kind, keyword: q.keyword?.trim() || undefined, offset, limit: pageSize })
    return toPage(await this.toItems(rows), total, page, pageSize)
  }

  async detail(id: number): Promise<PlatformDetail> {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    const [item] = await this.toItems([row])
    const jobs = await this.repo.jobList({ platformId: id, offset: 0, limit: 50 })
    return { ...item, website: row.website, contentZh: row.content_zh, contentEn: row.content_en, jobs: jobs.rows.map(toJob) }
  }

  async jobs(q: PageQuery & { kind?: string; platformId?: number; keyword?: string; city?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.jobList({
      kind: q.kind || undefined,
      platformId: q.platformId || undefined,
      keyword: q.keyword?.trim() || undefined,
      city: q.city?.trim() || undefined,
      offset,
      limit: pageSize,
    })
    return toPage(rows.map(toJob), total, page, pageSize)
  }
}
