/**
 * The bundled texts, mini-program build: both languages are in the package (a mini-program page cannot
 * import code at run time), so a language's texts are there at once. The web builds use texts.h5.ts,
 * where each language is a chunk of its own.
 * The sections only subpackage pages use are not here: the main package (downloaded before the first
 * page draws) goes without them, and those pages bring theirs (./sections/);
 * config/texts-sections-loader.js cuts the files. A section a tab page, the frame or app.ts starts to use
 * comes off the list in both imports below.
 */
import type { Lang } from '@contracts/error-codes'
import zhCn from './locales/zh-cn.json?omit=enrollment,waitlist,dataExport,unsubscribe,extend&as=texts'
import en from './locales/en.json?omit=enrollment,waitlist,dataExport,unsubscribe,extend&as=texts'

type Dict = Record<string, unknown>

const TEXTS: Record<Lang, Dict> = { zh: zhCn, en }

/** the language's bundled texts, or undefined while they are not loaded (never, here) */
export function bundledTexts(lang: Lang): Dict | undefined {
  return TEXTS[lang]
}

export function loadBundledTexts(lang: Lang): Promise<Dict> {
  return Promise.resolve(TEXTS[lang])
}
