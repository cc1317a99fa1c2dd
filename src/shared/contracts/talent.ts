/**
 * Talent pages.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
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
