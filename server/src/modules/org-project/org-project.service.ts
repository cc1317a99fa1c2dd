import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
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
      id: r.id,
      organizationId: r.organization_id,
      organizationNameZh: r.org_name_zh,
      organizationNameEn: r.org_name_en,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      summaryZh: r.summary_zh,
      summaryEn: r.summary_en,
      field: field(r.field_code)!,
      cityZh: r.city_zh,
      cityEn: r.city_en,
      publishedAt: r.published_at ?? '',
    }))
  }

  async list(q: PageQuery & { organizationId?: number }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ organizationId: q.organizationId, offset, limit: pageSize })
    return toPage(await this.toItems(rows), total, page, pageSize)
  }

  async detail(id: number): Promise<OrgProjectDetail> {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
    const [item] = await this.toItems([row])
    const reqs = await this.repo.requirements(id)
    return {
      ...item,
      contentZh: row.content_zh,
      contentEn: row.content_en,
      requirements: reqs.map((r) => ({ id: r.id, titleZh: r.title_zh, titleEn: r.title_en, descriptionZh: r.description_zh, descriptionEn: r.description_en })),
    }
  }
}
