import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { readPage, type PageQuery } from '../../lib/paging'
import { OrgProjectRepository } from './org-project.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { OrgProjectDetail, OrgProjectListItem } from '../../../../src/shared/contracts/org-project'

type Row = Awaited<ReturnType<OrgProjectRepository['list']>>['rows'][number]

export class OrgProjectService {
  private readonly repo: OrgProjectRepository
  constructor(
    ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new OrgProjectRepository(ctx.db)
  }

  private async toItems(rows: Row[]): Promise<OrgProjectListItem[]> {
    const field = await this.dict.lookup(DICT.professionalField, rows.map((r) => r.field_code))
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'organization_id']),
      organizationNameZh: r.org_name_zh,
      organizationNameEn: r.org_name_en,
      ...camelRow(r, ['title_zh', 'title_en', 'summary_zh', 'summary_en']),
      field: field(r.field_code)!,
      ...camelRow(r, ['city_zh', 'city_en']),
      publishedAt: r.published_at ?? '',
    }))
  }

  list(q: PageQuery & { organizationId?: number }) {
    return readPage(q, (offset, limit) => this.repo.list({ organizationId: q.organizationId, offset, limit }), (rows) => this.toItems(rows))
  }

  async detail(id: number): Promise<OrgProjectDetail> {
    const row = found(await this.repo.find(id))
    const [item] = await this.toItems([row])
    const reqs = await this.repo.requirements(id)
    return {
      ...item,
      contentZh: row.content_zh,
      contentEn: row.content_en,
      requirements: reqs.map((r) => camelRow(r, ['id', 'title_zh', 'title_en', 'description_zh', 'description_en'])),
    }
  }
}
