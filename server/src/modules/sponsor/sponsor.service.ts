import type { AppContext } from '../../context'
import { camelRow, flagsOf, found } from '../../db/rows'
import { readPage, type PageQuery } from '../../lib/paging'
import { SponsorRepository } from './sponsor.repository'
import type { ActivityService } from '../activity/activity.service'
import type { SponsorDetail, SponsorListItem } from '@contracts/sponsor'

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
      ...camelRow(r, ['id', 'name_zh', 'name_en', 'logo_url', 'kind']),
      ...flagsOf(r, ['is_premium']),
      ...camelRow(r, ['city_zh', 'city_en']),
      introZh: r.intro_zh ?? '',
      introEn: r.intro_en ?? '',
      activityCount: counts.get(r.id) ?? 0,
      followerCount: r.follower_count,
    }))
  }

  list(q: PageQuery & { kind?: 'organizer' | 'place' | ''; premium?: boolean; keyword?: string }) {
    const filter = { kind: q.kind || undefined, premium: q.premium, keyword: q.keyword?.trim() || undefined }
    return readPage(q, (offset, limit) => this.repo.list({ ...filter, offset, limit }), (rows) => this.toItems(rows))
  }

  /** whether the organisation still has activities, accounts, departments or projects */
  inUse(id: number) {
    return this.repo.inUse(id)
  }

  async detail(id: number, userId: number | null): Promise<SponsorDetail> {
    const row = found(await this.repo.find(id, userId))
    const [item] = await this.toItems([row])
    const activities = await this.activities.list({ organizerId: id, page: 1, pageSize: 20 })
    return {
      ...item,
      website: row.website,
      bannerUrl: row.banner_url,
      contentZh: row.content_zh,
      contentEn: row.content_en,
      activities: activities.list,
      followed: !!row.followed,
    }
  }
}
