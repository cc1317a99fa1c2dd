import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { readPage, type PageQuery } from '../../lib/paging'
import { OrgProjectRepository } from './org-project.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { OrgProjectDetail, OrgProjectListItem } from '@contracts/org-project'

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
    const [field, open] = await Promise.all([this.dict.lookup(DICT.professionalField, rows.map((r) => r.field_code)), this.repo.openCounts(rows.map((r) => r.id))])
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'organization_id']),
      organizationNameZh: r.org_name_zh,
      organizationNameEn: r.org_name_en,
      ...camelRow(r, ['title_zh', 'title_en', 'summary_zh', 'summary_en']),
      field: field(r.field_code)!,
      ...camelRow(r, ['city_zh', 'city_en', 'stage_zh', 'stage_en', 'funding_sought']),
      openRequirementCount: open.get(r.id) ?? 0,
      publishedAt: r.published_at ?? '',
    }))
  }

  list(q: PageQuery & { organizationId?: number; competitionId?: number }) {
    return readPage(q, (offset, limit) => this.repo.list({ organizationId: q.organizationId, competitionId: q.competitionId, offset, limit }), (rows) => this.toItems(rows))
  }

  /** the published projects taking part in a competition or park */
  async forCompetition(competitionId: number): Promise<OrgProjectListItem[]> {
    return (await this.list({ competitionId, page: 1, pageSize: 100 })).list
  }

  async detail(id: number): Promise<OrgProjectDetail> {
    const row = found(await this.repo.find(id))
    const [item] = await this.toItems([row])
    const [reqs, competitions] = await Promise.all([this.repo.requirements(id), this.repo.competitions(id)])
    return {
      ...item,
      contentZh: row.content_zh,
      contentEn: row.content_en,
      requirements: reqs.map((r) => ({
        ...camelRow(r, ['id', 'kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'due_date']),
        status: r.status as 'open' | 'in_progress',
      })),
      competitions: competitions.map((c) => camelRow(c, ['id', 'title_zh', 'title_en', 'kind'])),
    }
  }
}
