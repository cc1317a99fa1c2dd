/**
 * Dictionaries (dict_types / dict_items): categories, countries, degrees … as OptionItem.
 * Type codes used by the browsing issue are listed in DICT.
 */
import type { AppContext } from '../../context'
import { DictionaryRepository } from './dictionary.repository'
import type { OptionItem } from '../../../../src/shared/contracts/content'

export const DICT = {
  activityCategory: 'activity_category',
  country: 'country',
  professionalField: 'professional_field',
  degree: 'degree',
  title: 'talent_title',
  platformNature: 'platform_nature',
  city: 'city',
  informationCategory: 'information_category',
  policyCategory: 'policy_category',
} as const

export class DictionaryService {
  private readonly repo: DictionaryRepository
  constructor(ctx: Pick<AppContext, 'db'>) {
    this.repo = new DictionaryRepository(ctx.db)
  }

  async options(typeCode: string): Promise<OptionItem[]> {
    return (await this.repo.items(typeCode)).map((r) => ({ code: r.code, nameZh: r.name_zh, nameEn: r.name_en }))
  }

  /** code → OptionItem for the given codes; unknown codes answer themselves as names. */
  async lookup(typeCode: string, codes: Array<string | null | undefined>): Promise<(code: string | null | undefined) => OptionItem | null> {
    const wanted = codes.filter((c): c is string => !!c)
    const map = new Map((await this.repo.itemsOf(typeCode, wanted)).map((r) => [r.code, { code: r.code, nameZh: r.name_zh, nameEn: r.name_en }]))
    return (code) => (code ? (map.get(code) ?? { code, nameZh: code, nameEn: code }) : null)
  }
}
