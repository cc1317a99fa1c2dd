import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { ActivityRepository } from './activity.repository'
import type { ActivitySummary } from '../../../../src/shared/contracts/api'

type Row = NonNullable<Awaited<ReturnType<ActivityRepository['findPublished']>>>

function toSummary(r: Row): ActivitySummary & { bannerUrl: string | null; status: string; publishedAt: string | null } {
  return {
    id: r.id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    summaryZh: r.summary_zh,
    summaryEn: r.summary_en,
    type: r.type,
    posterUrl: r.poster_url,
    bannerUrl: r.banner_url,
    startTime: r.start_time,
    endTime: r.end_time,
    timeZone: r.time_zone,
    country: r.country,
    cityZh: r.city_zh,
    cityEn: r.city_en,
    organizerId: r.organization_id,
    organizerNameZh: r.org_name_zh,
    organizerNameEn: r.org_name_en,
    peopleCount: r.people_count,
    enrolledCount: r.enrolled_count,
    isHot: !!r.is_hot,
    status: r.status,
    publishedAt: r.published_at,
  }
}

export class ActivityService {
  private readonly repo: ActivityRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new ActivityRepository(ctx.db)
  }

  async list(q: PageQuery & { type?: string; keyword?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({
      type: q.type || undefined,
      keyword: q.keyword?.trim() || undefined,
      nowIso: this.ctx.clock.now().toISOString(),
      offset,
      limit: pageSize,
    })
    return toPage(rows.map(toSummary), total, page, pageSize)
  }

  async detail(id: number) {
    const row = await this.repo.findPublished(id)
    if (!row) throw new AppError(302)
    return { ...toSummary(row), detailZh: row.detail_zh, detailEn: row.detail_en }
  }
}
