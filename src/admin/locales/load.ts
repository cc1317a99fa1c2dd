/**
 * The admin's texts, one language at a time, each language a chunk of its own: the first load carries
 * the language it shows, and of it only what the login page, the shell and the home view say (./first-zh.ts,
 * ./first-en.ts); the other areas' texts (./areas-zh.ts, ./areas-en.ts) and antd's (./antd-zh.ts) arrive
 * with the first view's code that needs them (views/lazy-view.tsx). A language a person switches to
 * arrives whole as far as the language in use had arrived.
 */
import type { Locale } from 'antd/es/locale'
import { i18n, loadLang, type Lang } from '../../shared/i18n'
import { deepMerge } from './merge'

let areasWanted = false

function first(lang: Lang): Promise<{ default: object }> {
  return lang === 'zh' ? import(/* webpackChunkName: "adm-texts-zh" */ './first-zh') : import(/* webpackChunkName: "adm-texts-en" */ './first-en')
}

function areas(lang: Lang): Promise<{ default: object }> {
  return lang === 'zh'
    ? import(/* webpackChunkName: "adm-texts-areas-zh" */ './areas-zh')
    : import(/* webpackChunkName: "adm-texts-areas-en" */ './areas-en')
}

/**
 * The shared texts the admin says (shared/i18n `setSharedTexts`), in the same chunk as its first texts:
 * the rest of the shared file is the consumer app's.
 */
export function loadAdminSharedTexts(lang: Lang): Promise<object> {
  const part = lang === 'zh' ? import(/* webpackChunkName: "adm-texts-zh" */ './shared-zh') : import(/* webpackChunkName: "adm-texts-en" */ './shared-en')
  return part.then((m) => m.default)
}

/**
 * antd's texts and dayjs's of a language, a chunk of their own per language: the first view (the login
 * page's plain fields, the shell, the home) draws no antd component with texts of its own, so they come
 * with the first lazy view (views/lazy-view.tsx) or the auth page that does (register, forgot). Until
 * then antd speaks its built-in English and dayjs its default English, which nothing on screen shows.
 */
type AntdTexts = { default: Locale; applyDayjs(): void }
function antd(lang: Lang): Promise<AntdTexts> {
  return lang === 'zh' ? import(/* webpackChunkName: "adm-antd-zh" */ './antd-zh') : import(/* webpackChunkName: "adm-antd-en" */ './antd-en')
}

const antdLocales: Partial<Record<Lang, AntdTexts>> = {}
let antdWanted = false
const antdListeners = new Set<() => void>()

/** antd's locale of a language, once it has loaded (core/admin-root.tsx) */
export function antdLocaleFor(lang: Lang): Locale | undefined {
  return antdLocales[lang]?.default
}

/** told each time a language's antd locale arrives (the root's ConfigProvider takes it) */
export function subscribeAntdLocales(listener: () => void): () => void {
  antdListeners.add(listener)
  return () => {
    antdListeners.delete(listener)
  }
}

/** dayjs in the admin's language, as far as that language's dayjs texts have arrived */
export function applyDayjsLocale(lang: Lang): void {
  antdLocales[lang]?.applyDayjs()
}

/** the languages whose texts have loaded so far (what a later part is loaded for) */
function loadedLangs(): Lang[] {
  return (['zh', 'en'] as Lang[]).filter((l) => i18n.hasResourceBundle(l, 'translation'))
}

function loadAntd(lang: Lang): Promise<void> {
  return antd(lang).then((m) => {
    if (antdLocales[lang] === m) return
    antdLocales[lang] = m
    // dates a view formats on its first render already speak the language
    if (i18n.language === lang) m.applyDayjs()
    antdListeners.forEach((listener) => listener())
  })
}

/** antd's texts, in every language loaded so far and every one loaded later (a switch waits for them) */
export function loadAntdLocales(): Promise<void> {
  antdWanted = true
  const langs = loadedLangs()
  return Promise.all(langs.map(loadAntd)).then(() => undefined)
}

/** the admin's own texts of a language (shared/i18n `setExtraTexts`), antd's texts with them once wanted */
export function loadAdminTexts(lang: Lang): Promise<object> {
  const texts = Promise.all(areasWanted ? [first(lang), areas(lang)] : [first(lang)])
  return Promise.all([texts, antdWanted ? loadAntd(lang) : undefined]).then(([parts]) => deepMerge(...parts.map((m) => m.default)))
}

/** every area's texts, in each language already loaded; the views wait for this with their code */
export function loadAdminAreaTexts(): Promise<void> {
  if (areasWanted) return done ?? Promise.resolve()
  areasWanted = true
  const langs = loadedLangs()
  done = Promise.all(langs.map((l) => loadLang(l))).then(
    () => undefined,
    (e) => {
      areasWanted = false
      done = null
      throw e
    },
  )
  return done
}

let done: Promise<void> | null = null
