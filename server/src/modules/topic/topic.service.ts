import type { AppContext } from '../../context'
import { found, titleSummary } from '../../db/rows'
import { parseList } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { TopicRepository } from './topic.repository'
import type { ActivityService } from '../activity/activity.service'
import type { InformationService } from '../information/information.service'
import type { TopicDetail, TopicListItem } from '@contracts/topic'

type Row = Awaited<ReturnType<TopicRepository['list']>>['rows'][number]

export function toTopicItem(r: Row): TopicListItem {
  return {
    ...titleSummary(r),
    coverUrl: r.cover_url,
    tagsZh: parseList(r.tags_zh),
    tagsEn: parseList(r.tags_en),
    publishedAt: r.published_at ?? '',
    viewCount: r.view_count,
  }
}

export class TopicService {
  private readonly repo: TopicRepository
  constructor(
    ctx: AppContext,
    private readonly activities: ActivityService,
    private readonly information: InformationService,
  ) {
    this.repo = new TopicRepository(ctx.db, ctx.dbKind)
  }

  async list(q: PageQuery & { keyword?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ keyword: q.keyword?.trim() || undefined, offset, limit: pageSize })
    return toPage(rows.map(toTopicItem), total, page, pageSize)
  }

  /** the published topics among ids (any order) */
  async byIds(ids: number[]): Promise<TopicListItem[]> {
    return (await this.repo.byIds(ids)).map(toTopicItem)
  }

  async detail(id: number): Promise<TopicDetail> {
    const row = found(await this.repo.find(id))
    await this.repo.incrementViews(id)
    row.view_count += 1
    const [activityIds, infoIds] = await Promise.all([this.repo.itemIds(id, 'activity'), this.repo.itemIds(id, 'information')])
    return {
      ...toTopicItem(row),
      contentZh: row.content_zh,
      contentEn: row.content_en,
      activities: await this.activities.byIds(activityIds),
      information: await this.information.byIds(infoIds),
    }
  }
}
