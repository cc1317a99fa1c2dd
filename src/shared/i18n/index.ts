/**
 * i18next for both apps. Resources are bundled (works offline and in the mini-program), then refreshed
 * from the server's `/locales/{zh-cn|en}.json?t=` so copy fixes ship without a rebuild. The `request`
 * namespace (`request.401` …) is generated from the shared error catalogue, never duplicated in JSON.
 *
 * One language per page load on the web: the bundled texts of each language are a chunk of their own
 * there (./texts.h5.ts). The app entries load the current language before the first render
 * (`loadLang`, awaited by ./start.h5.ts and the admin's core/texts-ready.h5.ts); `setLang` to the other
 * language fetches its chunk (and the server's copy, once the app has asked for it) and switches when it
 * has arrived. The mini-program bundles both (./texts.ts), so there everything below is synchronous.
 */
import i18next, { type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import Taro from '@tarojs/taro'
import { ERROR_CATALOGUE, type Lang } from '@contracts/error-codes'
import { STORAGE_KEYS, getItem, setItem } from '../storage'
import { browserLanguage, rememberLangForServer } from '../platform/browser'
import { apiOrigin } from '../env'
import { bundledTexts, loadBundledTexts } from './texts'

export type { Lang }
type Dict = Record<string, unknown>

export const i18n = i18next.createInstance()

const UNLOGIN = {
  zh: '未登录或登录已过期，请重新登录',
  en: 'Not logged in or login expired, please log in again',
}

const LANGS: Lang[] = ['zh', 'en']

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

/** An app's own texts over the shared ones: both languages at hand, or a loader per language (admin, web). */
export type ExtraTexts = { zh: object; en: object } | ((lang: Lang) => Promise<object>)

let extraSource: ExtraTexts | null = null
/** an app's own loader for the part of the shared texts it uses (`setSharedTexts`) */
let sharedSource: ((lang: Lang) => Promise<object>) | null = null
const sharedResources: Partial<Record<Lang, Dict>> = {}
const extraResources: Partial<Record<Lang, Dict>> = {}
/** the server's copy of each language, once fetched */
const remoteResources: Partial<Record<Lang, Dict>> = {}
/** where refreshLocales read the server's copy; a language loaded later reads its copy there too */
let remoteBase: string | null = null

function extraFor(lang: Lang): Dict | undefined {
  if (extraSource && typeof extraSource !== 'function') return extraSource[lang] as Dict
  return extraResources[lang]
}

/** the language's texts, when its bundled texts (and the app's own, if any) are at hand */
function bundle(lang: Lang): Dict | undefined {
  const base = sharedSource ? sharedResources[lang] : bundledTexts(lang)
  const extra = extraFor(lang)
  if (!base || (extraSource && !extra)) return undefined
  return { ...base, ...(remoteResources[lang] || {}), ...(extra || {}), request: requestNamespace(lang) }
}

/** Set the app's own texts before `loadLang` / `initI18n` (the admin passes its per-language loader). */
export function setExtraTexts(extra: ExtraTexts): void {
  extraSource = extra
}

/**
 * An app that says only part of the shared texts (the admin on the web: chat, common …) loads that part
 * itself instead of the whole file of the consumer app's texts. Set before `loadLang` / `initI18n`.
 */
export function setSharedTexts(load: (lang: Lang) => Promise<object>): void {
  sharedSource = load
}

/**
 * Makes a language's texts available: on the web its chunk (and the app's own texts) are fetched; in
 * the mini-program they already are. Resolves once i18next has them (or, before `initI18n`, once they
 * are at hand for it). Failures reject; the language in use stays.
 */
export async function loadLang(lang: Lang): Promise<void> {
  const [shared, extra] = await Promise.all([
    sharedSource ? sharedSource(lang) : loadBundledTexts(lang),
    typeof extraSource === 'function' ? extraSource(lang) : Promise.resolve(undefined),
  ])
  if (sharedSource) sharedResources[lang] = shared as Dict
  if (extra) extraResources[lang] = extra as Dict
  if (remoteBase && !remoteResources[lang]) await refreshLang(lang, remoteBase, Date.now())
  const texts = bundle(lang)
  if (i18n.isInitialized && texts) i18n.addResourceBundle(lang, 'translation', texts, true, true)
}

/**
 * Initialise once per app. `extra` lets the admin add its own keys (merged over the shared ones).
 * Synchronous: the current language's texts are at hand (bundled, or loaded by `loadLang` first), so the
 * first render already has text.
 */
export function initI18n(extra?: ExtraTexts): typeof i18n {
  if (extra) setExtraTexts(extra)
  const lng = getLang()
  const resources: Record<string, { translation: Dict }> = {}
  for (const l of LANGS) {
    const texts = bundle(l)
    if (texts) resources[l] = { translation: texts }
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
    for (const l of Object.keys(resources) as Lang[]) i18n.addResourceBundle(l, 'translation', resources[l].translation, true, true)
    void i18n.changeLanguage(lng)
  }
  return i18n
}

async function refreshLang(lang: Lang, base: string, t: number): Promise<void> {
  try {
    const res = await Taro.request({ url: `${base}/${FILE[lang]}.json?t=${t}`, method: 'GET', timeout: 10000 })
    if (res.statusCode === 200 && res.data && typeof res.data === 'object') {
      remoteResources[lang] = res.data as Dict
      const texts = bundle(lang)
      if (texts) i18n.addResourceBundle(lang, 'translation', texts, true, true)
    }
  } catch (e) {
    console.warn('[i18n] locale refresh failed', lang, e)
  }
}

/**
 * Pull the server's copy of the languages at hand (on the web: the one in use; a language loaded later
 * pulls its own); failures keep the bundled texts (only logged).
 */
export async function refreshLocales(base: string = `${apiOrigin()}/locales`): Promise<void> {
  remoteBase = base
  const t = Date.now()
  await Promise.all(LANGS.filter((l) => bundle(l)).map((lang) => refreshLang(lang, base, t)))
}

/**
 * Texts of sections that only subpackage pages use (mini-program: ./sections/), added when such a
 * page's code loads: beside the bundled ones, and under the server's copy when that has arrived first.
 */
export function addSectionTexts(texts: Record<Lang, Dict>): void {
  for (const lang of LANGS) i18n.addResourceBundle(lang, 'translation', texts[lang], true, false)
}

/** the language last asked for: a switch whose texts arrive after a later switch is dropped */
let wanted: Lang | null = null

/**
 * Stores the choice and switches: at once when the language's texts are at hand, otherwise once they
 * have arrived (web: the other language's chunk), so no page draws keys in place of texts and requests
 * ask for the new language (Accept-Language) only when the page shows it.
 */
export function setLang(lang: Lang): void {
  wanted = lang
  const apply = () => {
    setItem(STORAGE_KEYS.lang, lang)
    rememberLangForServer(lang)
    void i18n.changeLanguage(lang)
  }
  if (i18n.hasResourceBundle(lang, 'translation')) {
    apply()
    return
  }
  loadLang(lang).then(
    () => {
      // a later switch wins
      if (wanted === lang) apply()
    },
    (e) => console.warn('[i18n] language load failed', lang, e),
  )
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
