/** Dictionary area: dictionary types and options, service categories, site texts and UI translations. */
import {
  ADMIN_DICTIONARY_API as D,
  type BusinessOption,
  type DictItemRow,
  type DictSaveBody,
  type DictTypeRow,
  type ServiceAgent,
  type ServiceCategoryBody,
  type ServiceCategoryNode,
  type SiteSettingsForm,
  type SiteTextBody,
  type SiteTextRow,
  type TranslationLang,
  type TranslationRow,
} from '@contracts/admin-dictionary'
import { del, get, lister, post, unwrap } from './client'

// ---- dictionaries: one payload for types and options, told apart by `kind` ----
export const listDictTypes = lister<DictTypeRow>(D.typeList)
export const listDictItems = lister<DictItemRow>(D.itemList)
export const saveDict = (body: DictSaveBody) => post(body.id ? D.update : D.add, body)
/** a partial update of an option (enable / disable) */
export const updateDictItem = (body: Pick<DictItemRow, 'id' | 'nameZh' | 'nameEn' | 'status'>) => post(D.update, { kind: 'item', ...body })
export const deleteDict = (kind: 'type' | 'item', id: number) => del(D.delete, { kind, id }, {})
/** the options' ids in their new order */
export const sortDictItems = (typeCode: string, ids: number[]) => post(D.sort, { typeCode, ids })

// ---- service categories ----
export const categoryTree = (keyword?: string) => get<{ list: ServiceCategoryNode[] }>(D.categoryTree, keyword ? { keyword } : {})
export const categoryBusiness = () => get<BusinessOption[]>(D.categoryBusiness)
/** the people who may answer a category */
export const categoryAgents = unwrap(() => get<ServiceAgent[]>(D.categoryAgents))
export const saveCategory = (body: ServiceCategoryBody) => post(body.id ? D.categoryUpdate : D.categoryAdd, body)
export const deleteCategory = (id: number) => del(D.categoryDelete, { id }, {})

// ---- site texts and translation overrides ----
export const listSiteTexts = lister<SiteTextRow>(D.textList)
export const saveSiteText = (body: SiteTextBody, isNew: boolean) => post(isNew ? D.textAdd : D.textUpdate, body)
export const listTranslations = lister<TranslationRow>(D.translationList)
export const saveTranslation = (lang: TranslationLang, key: string, value: string) => post(D.translationUpdate, { lang, key, value })

// ---- site settings (the frame's contact details and social QR codes) ----
export const getSiteSettingsForm = () => get<SiteSettingsForm>(D.settingInfo)
/** silent: the view shows a refused field under the field itself */
export const saveSiteSettings = (body: SiteSettingsForm) => post<SiteSettingsForm>(D.settingUpdate, body, true)
