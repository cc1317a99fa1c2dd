import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { parseList } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { TalentRepository } from './talent.repository'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { TalentDetail, TalentListItem } from '../../../../src/shared/contracts/talent'

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
      id: r.id,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      avatarUrl: r.avatar_url,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      field: field(r.field_code)!,
      country: r.country,
      countryNameZh: r.country_zh ?? r.country,
      countryNameEn: r.country_en ?? r.country,
      degree: r.degree,
    }))
  }

  async list(q: PageQuery & { fieldCode?: string; country?: string }) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.list({ fieldCode: q.fieldCode || undefined, country: q.country || undefined, offset, limit: pageSize })
    return toPage(await this.toItems(rows), total, page, pageSize)
  }

  async detail(id: number): Promise<TalentDetail> {
    const row = await this.repo.find(id)
    if (!row) throw new AppError(302)
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
