/** Issue 5 (dictionary admin area): row types of this area's new tables, merged into DB in schema.ts. */
import type { Generated } from 'kysely'

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

export interface TranslationOverridesTable {
  id: Generated<number>
  lang: string // 'zh-cn' | 'en' (locale file name)
  key: string
  value: string
  updated_at: string
}

export interface AdminDictionaryTables {
  service_categories: ServiceCategoriesTable
  service_category_links: ServiceCategoryLinksTable
  translation_overrides: TranslationOverridesTable
}
