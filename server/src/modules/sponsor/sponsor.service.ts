import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { SponsorRepository } from './sponsor.repository'
import type { ActivityService } from '../activity/activity.service'
import type { SponsorDetail, SponsorListItem } from '../../../../src/shared/contracts/sponsor'

type Row = Awaited<ReturnType<SponsorRepository['list']>>['rows'][number]

export class SponsorService {
  private readonly repo: SponsorRepository
  constructor(
    ctx: AppContext,
    private readonly activities: ActivityService,
  ) {
    this.repo = new SponsorRepository(ctx.db, ctx.dbKind)
  }

  async toItems(rows: Row[]): Promise<SponsorListItem[]> {
    const counts = new Map((await this.repo.activityCounts(rows.map((r) => r.id))).map((c) => [c.organization_id, Number(c.n)]))
    return rows.map((r) => ({
      id: r.id,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      logoUrl: r.logo_url,
      kind: r.kind,
      isPremium: !!r.is_premium,
      cityZh: r.city_zh,
      cityEn: r.city_en,
      introZh: r.intro_zh ?? '',
      introEn: r.intro_en ?? '',
      activityCount: counts.get(r.id) ?? 0,
      followerCount: r.follower_count,
    }))
  }

  async list(q: PageQuery & { kind?: 'organizer' | 'place' | ''; premium?: boolean; keyword?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({
      kind: q.kind || undefined,
      premium: q.premium,
      keyword: q.keyword?.trim() || undefined,
      offset,
      limit: pageSize,
    })
    return toPage(await this.toItems(rows), total, page, pageSize)
  }

  async detail(id: number, userId: number | null): Promise<SponsorDetail> {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    const [item] = await this.toItems([row])
    const activities = await this.activities.list({ organizerId: id, page: 1, pageSize: 20 })
    return {
      ...item,
      website: row.website,
      bannerUrl: row.banner_url,
      contentZh: row.content_zh,
      contentEn: row.content_en,
      activities: activities.list,
      followed: userId ? await this.repo.follows(userId, id) : false,
    }
  }
}
