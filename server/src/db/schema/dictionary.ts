/** Dictionaries (types and their options) and the service categories the chat routes questions by. */
import type { Generated } from 'kysely'
import type { Flag, Stamps } from './columns'

/** the dictionary types the server relies on (seeded by migration 2026-11-22-0002) */
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

export interface DictTypesTable extends Stamps {
  id: Generated<number>
  code: string
  name_zh: string
  name_en: string
}
export interface DictItemsTable extends Stamps {
  id: Generated<number>
  type_code: string
  code: string
  name_zh: string
  name_en: string
  internationalize_key: string | null
  sort: Generated<number>
  status: Generated<Flag>
}

export interface ServiceCategoriesTable {
  id: Generated<number>
  /** 0 = a root */
  pid: Generated<number>
  name_zh: string
  name_en: string
  sort: Generated<number>
  hidden: Generated<number> // 0 | 1
  /** users.id of the kefu / auser account answering this category */
  agent_user_id: number
  created_at: string
  updated_at: string
}

/** A business item answered by a category: deleting (602) or hiding (603) the category is refused. */
export interface ServiceCategoryLinksTable {
  id: Generated<number>
  category_id: number
  /** 'repatriation_service': a returning-home service / convenient entrance (site_settings repatriation_services code) */
  biz_type: string
  biz_code: string
  created_at: string
}

export interface DictionaryTables {
  dict_types: DictTypesTable
  dict_items: DictItemsTable
  service_categories: ServiceCategoriesTable
  service_category_links: ServiceCategoryLinksTable
}
