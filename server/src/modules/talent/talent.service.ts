import type { AppContext } from '../../context'
import { camelRow, found } from '../../db/rows'
import { parseList } from '../../lib/json'
import { readPage, type PageQuery } from '../../lib/paging'
import { TalentRepository } from './talent.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { TalentDetail, TalentListItem } from '@contracts/talent'
import type { TalentOptions } from '@contracts/admin-site'

type Row = Awaited<ReturnType<TalentRepository['list']>>['rows'][number]

export class TalentService {
  private readonly repo: TalentRepository
  constructor(
    ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new TalentRepository(ctx.db)
  }

  private async toItems(rows: Row[]): Promise<TalentListItem[]> {
    const field = await this.dict.lookup(DICT.professionalField, rows.map((r) => r.field_code))
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'name_zh', 'name_en', 'avatar_url', 'title_zh', 'title_en']),
      field: field(r.field_code)!,
      country: r.country,
      countryNameZh: r.country_zh ?? r.country,
      countryNameEn: r.country_en ?? r.country,
      degree: r.degree,
    }))
  }

  list(q: PageQuery & { fieldCode?: string; country?: string }) {
    const filter = { fieldCode: q.fieldCode || undefined, country: q.country || undefined }
    return readPage(q, (offset, limit) => this.repo.list({ ...filter, offset, limit }), (rows) => this.toItems(rows))
  }

  /** the talent editor's choices */
  async options(): Promise<TalentOptions> {
    const [fields, countries] = await Promise.all([this.dict.options(DICT.professionalField), this.dict.options(DICT.country)])
    return { fields, countries }
  }

  async detail(id: number): Promise<TalentDetail> {
    const row = found(await this.repo.find(id))
    const [item] = await this.toItems([row])
    return {
      ...item,
      introZh: row.intro_zh,
      introEn: row.intro_en,
      achievementsZh: parseList(row.achievements_zh),
      achievementsEn: parseList(row.achievements_en),
    }
  }
}
