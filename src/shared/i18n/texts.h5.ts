/**
 * The bundled texts, web builds: each language is a chunk of its own, so a page load carries the texts
 * of the language it shows; the other language's chunk is fetched when a person switches
 * (`setLang` in ./index.ts). The app entries wait for the current language before the first render
 * (./start.h5.ts, admin core/texts-ready.h5.ts).
 */
import type { Lang } from '@contracts/error-codes'

type Dict = Record<string, unknown>

const loaded: Partial<Record<Lang, Dict>> = {}
const loading: Partial<Record<Lang, Promise<Dict>>> = {}

function importTexts(lang: Lang): Promise<{ default: Dict }> {
  return lang === 'zh'
    ? import(/* webpackChunkName: "texts-zh" */ './locales/zh-cn.json')
    : import(/* webpackChunkName: "texts-en" */ './locales/en.json')
}

/** the language's bundled texts, or undefined while its chunk has not arrived */
export function bundledTexts(lang: Lang): Dict | undefined {
  return loaded[lang]
}

export function loadBundledTexts(lang: Lang): Promise<Dict> {
  const done = loaded[lang]
  if (done) return Promise.resolve(done)
  return (loading[lang] ??= importTexts(lang).then(
    (m) => (loaded[lang] = m.default),
    (e) => {
      delete loading[lang]
      throw e
    },
  ))
}
