import type { AppContext } from '../../context'
import { found } from '../../db/rows'
import { parseList } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { InformationRepository, type InformationFilter } from './information.repository'
import { MemoryPager, VersionedSnapshot } from '../../lib/versioned-snapshot'
import { JsonBytes, JsonTemplate, pageJson } from '../../lib/json-template'
import { InformationListIndex } from './information-list-index'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { InformationDetail, InformationListItem } from '@contracts/information'

type Row = Awaited<ReturnType<InformationRepository['page']>>[number]

/** list items kept serialised (~1 KB each): the rows the first pages of the categories and keywords show */
const SERVED_ROWS = 30_000

export class InformationService {
  private readonly repo: InformationRepository
  /** the published items' order and categories in memory, rebuilt when their list version moves */
  private readonly index: VersionedSnapshot<InformationListIndex>
  /** the public list's items served from memory (listJson); the live value is the view count */
  private readonly pager: MemoryPager<InformationListIndex, JsonTemplate<'viewCount'>, number>
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new InformationRepository(ctx.db, ctx.dbKind)
    this.index = new VersionedSnapshot(
      () => this.repo.listVersion(),
      async () => new InformationListIndex(await this.repo.indexRows(), ctx.dbKind === 'postgres'),
    )
    this.pager = new MemoryPager(this.index, {
      versions: () => this.repo.versions(),
      counters: (ids) => this.repo.counters(ids),
      read: async (ids) => {
        const { rows, countersVersion } = await this.repo.servedRowsOf(ids)
        const items = await this.toItems(rows)
        return { items: new Map(items.map((item) => [item.id, JsonTemplate.of(item, ['viewCount'])])), counters: new Map(rows.map((r) => [r.id, r.view_count])), countersVersion }
      },
      maxEntries: SERVED_ROWS,
    })
  }

  /** the ids of the category and keyword (matching ids read once per index version), in list order */
  private async ordered(index: InformationListIndex, f: Pick<InformationFilter, 'categoryCode' | 'keyword'>) {
    const keyword = f.keyword
    const matches = keyword ? { key: keyword, ids: await index.keywordIds.getAsync(keyword, () => this.repo.keywordIds(keyword)) } : undefined
    return index.order(f.categoryCode, matches)
  }

  /**
   * The public list reads the in-memory index (ordered ids of the category and keyword, sliced; only the
   * page's rows are read); a list restricted to ids (topics: a few rows) counts and pages in SQL.
   */
  private async pageOf(f: InformationFilter) {
    if (f.ids) {
      const total = await this.repo.count(f)
      if (!total || f.offset >= total) return { rows: [], total }
      return { rows: await this.repo.page(f, total > 1500), total }
    }
    const ordered = await this.ordered(await this.index.get(), f)
    return { rows: await this.repo.rowsOf(Array.from(ordered.subarray(f.offset, f.offset + f.limit))), total: ordered.length }
  }

  async toItems(rows: Row[]): Promise<InformationListItem[]> {
    const cat = await this.dict.lookup(DICT.informationCategory, rows.map((r) => r.category_code))
    // spelled out, not the titleSummary spread: spreading the copied row was most of this mapping's CPU
    // (a list's first reads, --cpu-prof); the key order is the answer's (JSON order)
    return rows.map((r) => ({
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      summaryZh: r.summary_zh,
      summaryEn: r.summary_en,
      coverUrl: r.cover_url,
      sourceZh: r.source_zh,
      sourceEn: r.source_en,
      category: cat(r.category_code),
      tagsZh: parseList(r.tags_zh),
      tagsEn: parseList(r.tags_en),
      publishedAt: r.published_at ?? '',
      viewCount: r.view_count,
    }))
  }

  async list(q: PageQuery & { categoryCode?: string; keyword?: string; ids?: number[] }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.pageOf({
      categoryCode: q.categoryCode || undefined,
      keyword: q.keyword?.trim() || undefined,
      ids: q.ids,
      offset,
      limit: pageSize,
    })
    return toPage(await this.toItems(rows), total, page, pageSize)
  }

  /**
   * The public list's page as JSON, the UTF-8 of JSON.stringify(list(q)) byte for byte, served from memory (see
   * MemoryPager): the index's order, each row's item serialised once per version, the page's view counts
   * filled in. Falls back to list(q) when writes keep moving the versions.
   */
  async listJson(q: PageQuery & { categoryCode?: string; keyword?: string }): Promise<JsonBytes> {
    const { page, pageSize, offset } = pageArgs(q)
    const f = { categoryCode: q.categoryCode || undefined, keyword: q.keyword?.trim() || undefined }
    const served = await this.pager.page(async (index) => {
      const ordered = await this.ordered(index, f)
      return { ids: Array.from(ordered.subarray(offset, offset + pageSize)), total: ordered.length }
    })
    if (!served) return new JsonBytes().text(JSON.stringify(await this.list(q)))
    const { items, counters } = served
    return pageJson(items.length, (out, k) => items[k].fill(out, { viewCount: counters[k] }), served.total, page, pageSize)
  }

  async byIds(ids: number[]): Promise<InformationListItem[]> {
    if (!ids.length) return []
    const page = await this.list({ ids, page: 1, pageSize: Math.min(ids.length, 50) })
    const order = new Map(ids.map((id, i) => [id, i]))
    return page.list.sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0))
  }

  async detail(id: number): Promise<InformationDetail> {
    const row = found(await this.repo.find(id))
    await this.repo.incrementViews(id)
    row.view_count += 1
    const [item] = await this.toItems([row])
    return { ...item, contentZh: row.content_zh, contentEn: row.content_en }
  }

  categories() {
    return this.dict.options(DICT.informationCategory)
  }
}
