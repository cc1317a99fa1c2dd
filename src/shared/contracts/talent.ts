/**
 * Talent pages.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { OptionItem } from './api'

export interface TalentListItem {
  id: number
  nameZh: string
  nameEn: string
  avatarUrl: string | null
  titleZh: string
  titleEn: string
  field: OptionItem
  country: string
  countryNameZh: string
  countryNameEn: string
  degree: 'bachelor' | 'master' | 'doctor'
}

export interface TalentDetail extends TalentListItem {
  introZh: string
  introEn: string
  achievementsZh: string[]
  achievementsEn: string[]
}
