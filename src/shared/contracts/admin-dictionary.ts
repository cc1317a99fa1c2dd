/**
 * Dictionary admin area: dictionaries (types + options), service categories (hb_service_category)
 * and site texts / UI translations. Paths relative to /api/v1; every answer is the usual envelope.
 *
 * Dictionaries — one payload for both levels, told apart by `kind`:
 *   POST   add/dict     { kind: 'type', code, nameZh, nameEn }
 *                       { kind: 'item', typeCode, code, nameZh, nameEn, internationalizeKey?, sort?, status? }
 *   POST   update/dict  same + id (codes are immutable: a different code answers 301 field 'code')
 *   DELETE delete/dict?kind=type|item&id=   (a type with options, or one the product reads, answers 301)
 *   POST   sort/dict    { typeCode, ids }   ids in their new order → sort 10, 20, 30 …
 *   POST   tree/dict    { categoryCode }    public: enabled options, names in the caller's language
 * Service categories — codes 605/606/607 (name / sort / agent empty), 618 (no such category or parent),
 *   600/602 (delete with subcategories / linked to business), 601/603 (hide with visible subcategories / linked).
 * Texts — list/search/edit of site_texts (consumer: GET /system/text/detail); translations — overrides of
 *   the shared UI translation keys, merged JSON at GET /system/text/translation/merged?lang=zh-cn|en.
 */
import type { Page } from './api'

export const ADMIN_DICTIONARY_API = {
  typeList: '/dict/type/list',
  itemList: '/dict/info/list/dict',
  add: '/dict/info/add/dict',
  update: '/dict/info/update/dict',
  delete: '/dict/info/delete/dict',
  sort: '/dict/info/sort/dict',
  tree: '/dict/info/tree/dict',
  categoryAdd: '/dict/info/add/hb_service_category',
  categoryUpdate: '/dict/info/update/hb_service_category',
  categoryDelete: '/dict/info/delete/hb_service_category',
  categoryTree: '/dict/info/list/tree/hb_service_category',
  categoryAgents: '/dict/info/list/agent/hb_service_category',
  categoryBusiness: '/dict/info/list/business/hb_service_category',
  textList: '/system/text/list',
  textInfo: '/system/text/info',
  textAdd: '/system/text/add',
  textUpdate: '/system/text/update',
  translationList: '/system/text/translation/list',
  translationUpdate: '/system/text/translation/update',
  translationMerged: '/system/text/translation/merged',
  /** GET → SiteSettingsForm (menu SITE_SETTINGS_MENU) */
  settingInfo: '/system/setting/site/info',
  /** POST SiteSettingsForm → SiteSettingsForm as saved */
  settingUpdate: '/system/setting/site/update',
} as const

/** Site settings: the frame's contact details and social QR codes, edited by operations. */
export const SITE_SETTINGS_MENU = 'system/setting/site'
export const SOCIAL_CODES = ['wechat', 'weibo', 'linkedin', 'douyin'] as const
export type SocialCode = (typeof SOCIAL_CODES)[number]
/** a phone as people write it: digits, spaces, + - ( ) and an optional extension, 5–30 characters */
export const SITE_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{3,28}[0-9]$/
/** an ICP record number such as 京ICP备2023018826号-1 (a Chinese province abbreviation, ICP备 or ICP证, digits, 号, optional -n) */
export const SITE_ICP_PATTERN = /^[\u4e00-\u9fa5]{1,2}ICP[备证][0-9]{6,12}号(-[0-9]{1,3})?$/
/** a picture the site serves (/static/…, /uploads/…, /api/v1/file/…) or an https:// address */
export const SITE_IMAGE_PATTERN = /^(\/(static|uploads|api\/v1\/file)\/[^\s"'<>]{1,400}|https:\/\/[^\s"'<>]{4,400})$/
export interface SiteSettingsForm {
  phone: string
  email: string
  icp: string
  icpUrl: string
  copyrightZh: string
  copyrightEn: string
  /** the official account's QR code (the side menu's WeChat entry), null = none */
  wechatQrUrl: string | null
  /** the footer's social accounts, each with its QR code; at most one per code */
  social: { code: SocialCode; nameZh: string; nameEn: string; qrUrl: string }[]
}

/** Dictionary type codes the product itself reads: they cannot be deleted. */
export const SYSTEM_DICT_TYPES = [
  'activity_category',
  'country',
  'professional_field',
  'degree',
  'talent_title',
  'platform_nature',
  'city',
  'information_category',
  'policy_category',
] as const

export const DICT_CODE_PATTERN = '^[A-Za-z0-9_-]{1,50}$'

export interface DictTypeRow {
  id: number
  code: string
  nameZh: string
  nameEn: string
  itemCount: number
  system: boolean
  updatedAt: string
}

export interface DictItemRow {
  id: number
  typeCode: string
  code: string
  nameZh: string
  nameEn: string
  internationalizeKey: string | null
  sort: number
  status: 0 | 1
  updatedAt: string
}

export type DictTypeBody = { kind: 'type'; id?: number; code: string; nameZh: string; nameEn: string }
export type DictItemBody = {
  kind: 'item'
  id?: number
  typeCode: string
  code: string
  nameZh: string
  nameEn: string
  internationalizeKey?: string | null
  sort?: number
  status?: 0 | 1
}
export type DictSaveBody = DictTypeBody | DictItemBody

/** POST /dict/info/tree/dict answer item (spec: id, dictCode, dictName, internationalizeKey). */
export interface DictTreeItem {
  id: number
  dictCode: string
  /** in the caller's language (lang / Accept-Language header) */
  dictName: string
  nameZh: string
  nameEn: string
  internationalizeKey: string | null
  children: DictTreeItem[]
}

export interface ServiceCategoryNode {
  id: number
  pid: number
  nameZh: string
  nameEn: string
  sort: number
  hidden: 0 | 1
  agentUserId: number
  agentName: string | null
  /** business items answered by this category, e.g. 'repatriation_service:apply_job' */
  links: string[]
  children: ServiceCategoryNode[]
}

export interface ServiceCategoryBody {
  id?: number
  pid?: number
  nameZh?: string
  nameEn?: string
  sort?: number | null
  hidden?: 0 | 1
  agentUserId?: number | null
  /** returning-home service codes answered by this category (replaces the category's links) */
  repatriationCodes?: string[]
}

export interface ServiceAgent {
  userId: number
  nickName: string
  email: string
}

export interface BusinessOption {
  bizType: 'repatriation_service'
  bizCode: string
  titleZh: string
  titleEn: string
  /** the category answering it now, if any */
  categoryId: number | null
}

export interface SiteTextRow {
  code: string
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
  /** raised by "publish as a new version"; for the User Agreement and Privacy Policy people then agree again */
  version: number
  updatedAt: string
}

export interface SiteTextBody {
  code: string
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
  /** edit only: publish as a new version (version + 1). For user_agreement / privacy_policy every person
   *  is asked to agree again at their next sign-in; without it the edit is a correction of the same version */
  publishVersion?: boolean
}

export interface TranslationRow {
  key: string
  /** text shipped in src/shared/i18n/locales/<lang>.json ('' when the key is not in the file) */
  base: string
  /** the operator's override, null when none */
  override: string | null
}

export type TranslationLang = 'zh-cn' | 'en'
export type TranslationPage = Page<TranslationRow>
