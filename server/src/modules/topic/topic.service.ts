import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { parseList } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { TopicRepository } from './topic.repository'
import { ActivityService } from '../activity/activity.service'
import { InformationService } from '../information/information.service'
import type { TopicDetail, TopicListItem } from '../../../../src/shared/contracts/content'

type Row = Awaited<ReturnType<TopicRepository['list']>>['rows'][number]

export function toTopicItem(r: Row): TopicListItem {
  return {
    id: r.id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    summaryZh: r.summary_zh,
    summaryEn: r.summary_en,
    coverUrl: r.cover_url,
    tagsZh: parseList(r.tags_zh),
    tagsEn: parseList(r.tags_en),
    publishedAt: r.published_at ?? '',
    viewCount: r.view_count,
  }
}

export class TopicService {
  private readonly repo: TopicRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new TopicRepository(ctx.db, ctx.dbKind)
  }

  async list(q: PageQuery & { keyword?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ keyword: q.keyword?.trim() || undefined, offset, limit: pageSize })
    return toPage(rows.map(toTopicItem), total, page, pageSize)
  }

  async detail(id: number): Promise<TopicDetail> {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    await this.repo.incrementViews(id)
    row.view_count += 1
    const [activityIds, infoIds] = await Promise.all([this.repo.itemIds(id, 'activity'), this.repo.itemIds(id, 'information')])
    return {
      ...toTopicItem(row),
      contentZh: row.content_zh,
      contentEn: row.content_en,
      activities: await new ActivityService(this.ctx).byIds(activityIds),
      information: await new InformationService(this.ctx).byIds(infoIds),
    }
  }
}
