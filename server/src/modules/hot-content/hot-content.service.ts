/**
 * CMS › Hot content: one list per type (activity, information, topic, video; hot rows first, by hot order)
 * and one edit (hot flag + order). Deleting a hot topic/information/activity is refused by each type's
 * own delete (619/620/621), so the flag protects what the home page features.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage } from '../../lib/paging'
import { HotContentRepository } from './hot-content.repository'
import type { HotQuery, HotRow, HotUpdateInput } from '@contracts/admin-cms'

export class HotContentService {
  private readonly repo: HotContentRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new HotContentRepository(ctx.db, ctx.dbKind)
  }

  async list(q: HotQuery) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ type: q.type, keyword: q.keyword?.trim() || undefined, hotOnly: !!q.hot, offset, limit: pageSize })
    const list: HotRow[] = rows.map((r) => ({
      type: q.type,
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      coverUrl: r.cover_url,
      status: r.status,
      isHot: !!r.is_hot,
      hotSort: q.type === 'activity' ? null : Number(r.hot_sort ?? 0),
      time: r.time,
    }))
    return toPage(list, total, page, pageSize)
  }

  async update(input: HotUpdateInput) {
    if (!(await this.repo.exists(input.type, input.id))) throw new AppError(302)
    await this.repo.update(input.type, input.id, input.isHot, input.type === 'activity' ? undefined : input.hotSort, this.ctx.clock.now().toISOString())
    return { type: input.type, id: input.id, isHot: input.isHot, hotSort: input.type === 'activity' ? null : input.hotSort ?? null }
  }
}
