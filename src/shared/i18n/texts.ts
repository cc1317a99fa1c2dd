/**
 * The bundled texts, mini-program build: both languages are in the package (a mini-program page cannot
 * import code at run time), so a language's texts are there at once. The web builds use texts.h5.ts,
 * where each language is a chunk of its own.
 */
import type { Lang } from '@contracts/error-codes'
import zhCn from './locales/zh-cn.json'
import en from './locales/en.json'

type Dict = Record<string, unknown>

const TEXTS: Record<Lang, Dict> = { zh: zhCn, en }

/** the language's bundled texts, or undefined while they are not loaded (never, here) */
export function bundledTexts(lang: Lang): Dict | undefined {
  return TEXTS[lang]
}

export function loadBundledTexts(lang: Lang): Promise<Dict> {
  return Promise.resolve(TEXTS[lang])
}
