/**
 * The admin's texts, one language at a time, each language a chunk of its own: the first load carries
 * the language it shows, and of it only what the login page, the shell and the home view say (./first-zh.ts,
 * ./first-en.ts); the other areas' texts (./areas-zh.ts, ./areas-en.ts) arrive with the first view's code that
 * needs them (views/lazy-view.tsx). A language a person switches to arrives whole as far as the
 * language in use had arrived.
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

/** antd's texts (and dayjs's) of a language, in the same chunk as the admin's first texts */
function antd(lang: Lang): Promise<{ default: Locale }> {
  return lang === 'zh' ? import(/* webpackChunkName: "adm-texts-zh" */ './antd-zh') : import(/* webpackChunkName: "adm-texts-en" */ './antd-en')
}

const antdLocales: Partial<Record<Lang, Locale>> = {}

/** antd's locale of a language whose texts have loaded (core/admin-root.tsx) */
export function antdLocaleFor(lang: Lang): Locale | undefined {
  return antdLocales[lang]
}

/** the admin's own texts of a language (shared/i18n `setExtraTexts`), antd's locale with them */
export function loadAdminTexts(lang: Lang): Promise<object> {
  const texts = Promise.all(areasWanted ? [first(lang), areas(lang)] : [first(lang)])
  return Promise.all([texts, antd(lang)]).then(([parts, locale]) => {
    antdLocales[lang] = locale.default
    return deepMerge(...parts.map((m) => m.default))
  })
}

/** every area's texts, in each language already loaded; the views wait for this with their code */
export function loadAdminAreaTexts(): Promise<void> {
  if (areasWanted) return done ?? Promise.resolve()
  areasWanted = true
  const langs = (['zh', 'en'] as Lang[]).filter((l) => i18n.hasResourceBundle(l, 'translation'))
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
