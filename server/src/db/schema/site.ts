/** The site around the content: settings and texts, banners, adverts, cases, partners, hot searches, UI translation overrides. */
import type { Generated } from 'kysely'
import type { Bi, Flag, Stamps } from './columns'

/** site_settings keys holding the JSON documents of the about page and the returning-home services */
export const SITE_DOCUMENTS = { website: 'website_content', repatriation: 'repatriation_services' } as const

export interface SiteSettingsTable {
  key: string
  value: string
  updated_at: string
}

export interface SiteTextsTable {
  code: string
  title_zh: string
  title_en: string
  content_zh: string
  content_en: string
  /** raised when operations publish a new version (user_agreement, privacy_policy: people agree again) */
  version: Generated<number>
  updated_at: string
}

export interface HotSearchTable {
  id: Generated<number>
  search_module_code: 'topic' | 'policy' | 'place'
  relation_id: number
  title: string
  poster_url: string | null
  sort: Generated<number>
}

export interface TranslationOverridesTable {
  id: Generated<number>
  lang: string // 'zh-cn' | 'en' (locale file name)
  key: string
  value: string
  updated_at: string
}

export interface BannersTable extends Bi<'title'>, Stamps {
  id: Generated<number>
  image_url: string
  link_url: string | null
  position: 'home' | 'activity' | 'roadshow' | 'policy'
  sort: Generated<number>
  status: Generated<Flag>
  /** free time window (0011-admin-site): ISO UTC, null = open on that side */
  start_at: string | null
  end_at: string | null
}

export type AdvertArea = 'area' | 'college' | 'policy' | 'search'

/** adverts of the four areas, each with a free time window (null = open on that side) */
export interface SiteAdvertsTable extends Bi<'title'>, Stamps {
  id: Generated<number>
  area: AdvertArea
  image_url: string
  link_url: string | null
  sort: Generated<number>
  status: Generated<number>
  start_at: string | null
  end_at: string | null
}

/** industry cases: rich content, shown at /content/case/* */
export interface SiteCasesTable extends Bi<'title' | 'summary' | 'content'>, Stamps {
  id: Generated<number>
  cover_url: string | null
  sort: Generated<number>
  status: Generated<number>
}

export interface SitePartnersTable extends Bi<'name'>, Stamps {
  id: Generated<number>
  logo_url: string | null
  website: string | null
  sort: Generated<number>
  status: Generated<number>
}

export interface SiteTables {
  site_settings: SiteSettingsTable
  site_texts: SiteTextsTable
  hot_search: HotSearchTable
  translation_overrides: TranslationOverridesTable
  banners: BannersTable
  site_adverts: SiteAdvertsTable
  site_cases: SiteCasesTable
  site_partners: SitePartnersTable
}
