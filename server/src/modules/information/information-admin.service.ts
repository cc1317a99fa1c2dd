/**
 * CMS › Information: list (keyword, status, category, sort), edit, publish/unpublish. Publishing needs a
 * publish time (622) and queues the subscribers' news digest (SubscriptionService.recordPublished).
 * A hot article cannot be deleted (620). Content is sanitized on every write.
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { camelRow, flagsOf, found } from '../../db/rows'
import type { Selectable } from 'kysely'
import type { InformationTable } from '../../db/schema'
import { toPage } from '../../lib/paging'
import { InformationAdminRepository } from './information-admin.repository'
import type { SubscriptionService } from '../subscription/subscription.service'
import { adminListArgs, articleFields, articleValues, isoOrNull, type AdminListQuery } from '../../blocks/article/article.fields'
import type { AdminInformationDetail, AdminInformationRow, InformationInput } from '@contracts/admin-cms'

export const INFORMATION_SORT = { updatedAt: 'updated_at', publishedAt: 'published_at', viewCount: 'view_count', id: 'id' } as const

/** what the admin's list and detail both show beyond the article */
const adminFields = (r: Pick<Selectable<InformationTable>, 'category_code' | 'source_zh' | 'source_en' | 'status' | 'published_at' | 'is_hot'>) => ({
  ...camelRow(r, ['category_code', 'source_zh', 'source_en', 'status', 'published_at']),
  ...flagsOf(r, ['is_hot']),
})

export class InformationAdminService {
  private readonly repo: InformationAdminRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly subscriptions: SubscriptionService,
  ) {
    this.repo = new InformationAdminRepository(ctx.db, ctx.dbKind)
  }

  private now() {
    return this.ctx.clock.now().toISOString()
  }

  private values(input: InformationInput) {
    return {
      ...articleValues(input),
      category_code: input.categoryCode?.trim() || null,
      source_zh: (input.sourceZh ?? '').trim(),
      source_en: (input.sourceEn ?? '').trim(),
      // an unparsable time is a missing one: 622 names what to fill in
      published_at: isoOrNull(input.publishedAt, () => new AppError(622, { field: 'publishedAt' })),
    }
  }

  async list(q: AdminListQuery & { categoryCode?: string }) {
    const { page, pageSize, filter } = adminListArgs(q, INFORMATION_SORT, 'updated_at')
    const { rows, total } = await this.repo.list({ ...filter, categoryCode: q.categoryCode || undefined })
    const list: AdminInformationRow[] = rows.map((r) => ({
      ...camelRow(r, ['id', 'title_zh', 'title_en', 'cover_url']),
      ...adminFields(r),
      ...camelRow(r, ['view_count', 'updated_at']),
    }))
    return toPage(list, total, page, pageSize)
  }

  async detail(id: number): Promise<AdminInformationDetail> {
    const r = found(await this.repo.find(id))
    return {
      ...articleFields(r),
      ...adminFields(r),
    }
  }

  async add(input: InformationInput) {
    const now = this.now()
    const { id } = await this.repo.insert({ ...this.values(input), status: 'draft', created_at: now, updated_at: now })
    return this.detail(id)
  }

  async update(id: number, input: InformationInput) {
    const row = found(await this.repo.find(id))
    const values = this.values(input)
    // a published article keeps a publish time
    if (row.status === 'published' && !values.published_at) throw new AppError(622, { field: 'publishedAt' })
    await this.repo.update(id, { ...values, updated_at: this.now() })
    return this.detail(id)
  }

  /** publish needs the publish time (622); it queues the news digest for subscribers */
  async publish(id: number, publish: boolean) {
    const row = found(await this.repo.find(id))
    if (publish && !row.published_at) throw new AppError(622, { field: 'publishedAt' })
    await this.repo.update(id, { status: publish ? 'published' : 'draft', updated_at: this.now() })
    if (publish && row.status !== 'published') await this.subscriptions.recordPublished('information', id)
    return this.detail(id)
  }

  async remove(id: number) {
    const row = found(await this.repo.find(id))
    if (row.is_hot) throw new AppError(620)
    await this.repo.remove(id)
    return null
  }
}
