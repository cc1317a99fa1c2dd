/**
 * i18next for both apps. Resources are bundled (works offline and in the mini-program), then refreshed
 * from the server's `/locales/{zh-cn|en}.json?t=` so copy fixes ship without a rebuild. The `request`
 * namespace (`request.401` …) is generated from the shared error catalogue, never duplicated in JSON.
 */
import i18next, { type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import Taro from '@tarojs/taro'
import { ERROR_CATALOGUE, type Lang } from '@contracts/error-codes'
import { STORAGE_KEYS, getItem, setItem } from '../storage'
import { browserLanguage } from '../platform/browser'
import { apiOrigin } from '../env'
import zhCn from './locales/zh-cn.json'
import en from './locales/en.json'

export type { Lang }
type Dict = Record<string, unknown>

export const i18n = i18next.createInstance()

const UNLOGIN = {
  zh: '未登录或登录已过期，请重新登录',
  en: 'Not logged in or login expired, please log in again',
}

/** `request.{code}` texts from the catalogue, plus the client-side `request.unlogin`. */
export function requestNamespace(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) out[code] = entry[lang]
  out.unlogin = UNLOGIN[lang]
  return out
}

/** Default: Chinese when the system/browser language contains "zh", else English (spec section 9). */
export function detectLang(systemLanguage: string = browserLanguage()): Lang {
  return /zh/i.test(systemLanguage || '') ? 'zh' : 'en'
}

export function getLang(): Lang {
  const stored = getItem<string>(STORAGE_KEYS.lang)
  if (stored === 'zh' || stored === 'en') return stored
  return detectLang()
}

/** i18next language code for a Lang; file names on the server are zh-cn.json / en.json. */
const FILE: Record<Lang, string> = { zh: 'zh-cn', en: 'en' }

let extraResources: { zh: Dict; en: Dict } = { zh: {}, en: {} }

function bundle(lang: Lang, remote?: Dict): Dict {
  const base = lang === 'zh' ? zhCn : en
  return { ...base, ...(remote || {}), ...extraResources[lang], request: requestNamespace(lang) }
}

/**
 * Initialise once per app. `extra` lets the admin add its own keys (merged over the shared ones).
 * Synchronous: resources are in the bundle, so the first render already has text.
 */
export function initI18n(extra?: { zh: object; en: object }): typeof i18n {
  if (extra) extraResources = { zh: extra.zh as Dict, en: extra.en as Dict }
  const lng = getLang()
  const resources = {
    zh: { translation: bundle('zh') },
    en: { translation: bundle('en') },
  }
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      lng,
      fallbackLng: lng === 'zh' ? 'en' : 'zh',
      resources,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      showSupportNotice: false,
    } as Parameters<typeof i18n.init>[0])
  } else {
    for (const l of ['zh', 'en'] as Lang[]) i18n.addResourceBundle(l, 'translation', resources[l].translation, true, true)
    void i18n.changeLanguage(lng)
  }
  return i18n
}

/** Pull the server's copy of both files; failures keep the bundled texts (only logged). */
export async function refreshLocales(base: string = `${apiOrigin()}/locales`): Promise<void> {
  const t = Date.now()
  await Promise.all(
    (['zh', 'en'] as Lang[]).map(async (lang) => {
      try {
        const res = await Taro.request({ url: `${base}/${FILE[lang]}.json?t=${t}`, method: 'GET', timeout: 10000 })
        if (res.statusCode === 200 && res.data && typeof res.data === 'object') {
          i18n.addResourceBundle(lang, 'translation', bundle(lang, res.data as Dict), true, true)
        }
      } catch (e) {
        console.warn('[i18n] locale refresh failed', lang, e)
      }
    }),
  )
}

export function setLang(lang: Lang): void {
  setItem(STORAGE_KEYS.lang, lang)
  void i18n.changeLanguage(lang)
}

export function toggleLang(): Lang {
  const next: Lang = getLang() === 'zh' ? 'en' : 'zh'
  setLang(next)
  return next
}

/** Accept-Language header value for the stored language. */
export function acceptLanguage(): string {
  return getLang() === 'zh' ? 'zh-CN' : 'en'
}

export const t: TFunction = ((...args: Parameters<TFunction>) => (i18n.t as any)(...args)) as TFunction

/** Pick the zh or en field of bilingual data, falling back to the other language when empty. */
export function pickLang<T extends Record<string, any>>(item: T, field: string, lang: Lang = getLang()): string {
  const zh = item[`${field}Zh`]
  const enV = item[`${field}En`]
  return (lang === 'zh' ? zh || enV : enV || zh) || ''
}

/** `tagsZh` / `tagsEn` style lists: the language's list, else the other one. */
export function pickList<T extends Record<string, any>>(item: T, field: string, lang: Lang): string[] {
  const zh: string[] = item[`${field}Zh`] || []
  const en: string[] = item[`${field}En`] || []
  return lang === 'zh' ? (zh.length ? zh : en) : en.length ? en : zh
}
