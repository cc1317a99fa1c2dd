/**
 * CMS › Topics: list (keyword, status, sort), edit, publish/unpublish, editorial order, connected items
 * (activities and information, ordered). Rich text is sanitized on every write; a hot topic cannot be
 * deleted (619). The consumer /topic/info/* reads show published topics only, so publishing is what
 * makes a topic visible (the public micro-cache is cleared by any write).
 */
import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { camelRow, flagsOf, found } from '../../db/rows'
import { pageArgs, toPage } from '../../lib/paging'
import { TopicAdminRepository } from './topic-admin.repository'
import { adminListArgs, articleFields, articleValues, type AdminListQuery } from '../../blocks/article/article.fields'
import type { AdminTopicDetail, AdminTopicRow, TopicInput, TopicItemsInput } from '@contracts/admin-cms'

export const TOPIC_SORT = { updatedAt: 'updated_at', publishedAt: 'published_at', sort: 'sort', viewCount: 'view_count', id: 'id' } as const

export class TopicAdminService {
  private readonly repo: TopicAdminRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new TopicAdminRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  async list(q: AdminListQuery) {
    const { page, pageSize, filter } = adminListArgs(q, TOPIC_SORT, 'updated_at')
    const { rows, total } = await this.repo.list(filter)
    const list: AdminTopicRow[] = rows.map((r) => ({
      ...camelRow(r, ['id', 'title_zh', 'title_en', 'cover_url', 'status', 'published_at']),
      ...flagsOf(r, ['is_hot']),
      ...camelRow(r, ['sort', 'view_count']),
      itemCount: Number(r.item_count ?? 0),
      updatedAt: r.updated_at,
    }))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number): Promise<AdminTopicDetail> {
    const r = found(await this.repo.find(id))
    const items = await this.repo.items(id)
    return {
      ...articleFields(r),
      status: r.status,
      publishedAt: r.published_at,
      isHot: !!r.is_hot,
      sort: r.sort,
      items: items.map(({ type, row }) => ({ type, id: row.id, titleZh: row.title_zh, titleEn: row.title_en, status: row.status })),
    }
  }

  async add(input: TopicInput) {
    const now = this.now()
    const { id } = await this.repo.insert({ ...articleValues(input), sort: input.sort ?? 0, status: 'draft', published_at: null, created_at: now, updated_at: now })
    return this.detail(id)
  }

  async update(id: number, input: TopicInput) {
    found(await this.repo.find(id))
    await this.repo.update(id, { ...articleValues(input), ...(input.sort !== undefined ? { sort: input.sort } : {}), updated_at: this.now() })
    return this.detail(id)
  }

  async publish(id: number, publish: boolean) {
    const row = found(await this.repo.find(id))
    const now = this.now()
    await this.repo.update(id, publish ? { status: 'published', published_at: row.published_at ?? now, updated_at: now } : { status: 'draft', updated_at: now })
    return this.detail(id)
  }

  async sort(id: number, sort: number) {
    found(await this.repo.find(id))
    await this.repo.update(id, { sort, updated_at: this.now() })
    return this.detail(id)
  }

  async remove(id: number) {
    const row = found(await this.repo.find(id))
    if (row.is_hot) throw new AppError(619)
    await this.repo.remove(id)
    return null
  }

  async setItems(input: TopicItemsInput) {
    found(await this.repo.find(input.id))
    const ids = [...new Set(input.itemIds)]
    const known = await this.repo.existing(input.type, ids)
    if (ids.some((x) => !known.has(x))) throw paramError('itemIds')
    await this.repo.replaceItems(input.id, input.type, ids, this.now())
    return this.detail(input.id)
  }

  async candidates(q: { type: 'activity' | 'information'; keyword?: string; page?: number; pageSize?: number }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.candidates(q.type, q.keyword?.trim() || undefined, offset, pageSize)
    return toPage(
      rows.map((r) => ({ type: q.type, id: r.id, titleZh: r.title_zh, titleEn: r.title_en, status: r.status, time: r.time })),
      total,
      page,
      pageSize,
    )
  }
}
