/**
 * The bundled texts, mini-program build: both languages are in the package (a mini-program page cannot
 * import code at run time), so a language's texts are there at once. The web builds use texts.h5.ts,
 * where each language is a chunk of its own.
 * The sections only subpackage pages use are not here: the main package (downloaded before the first
 * page draws) goes without them, and those pages bring theirs (./sections/);
 * config/texts-sections-loader.js cuts the files. A section a tab page, the frame or app.ts starts to use
 * comes off the omit list in both imports below, or its single text goes on the keep list (page titles
 * of the route table, the service button's label, the chat's file limits named by the shared contracts,
 * the deletion notice on sign-in, "My prizes" in the centre). tests/weapp/weapp-build.test.ts checks the main
 * package's scripts name no key of an omitted section, and every file that names one imports the
 * section's module.
 */
import type { Lang } from '@contracts/error-codes'
import { shapedLike } from './shaped-like'
import zhCn from './locales/zh-cn.json?omit=chat,enrollment,waitlist,dataExport,unsubscribe,extend,recovery,topic,information,policy,platform,job,talent,place,service,website,project,competition,deletion,raffle&keep=chat.title,chat.tooManyFiles,chat.fileTooLarge,recovery.title,raffle.title,deletion.cancelled,raffle.prizes,raffle.prizesEmpty,raffle.prizeClaimed,raffle.prizeUnclaimed&as=texts'
import enValues from './locales/en.json?omit=chat,enrollment,waitlist,dataExport,unsubscribe,extend,recovery,topic,information,policy,platform,job,talent,place,service,website,project,competition,deletion,raffle&keep=chat.title,chat.tooManyFiles,chat.fileTooLarge,recovery.title,raffle.title,deletion.cancelled,raffle.prizes,raffle.prizesEmpty,raffle.prizeClaimed,raffle.prizeUnclaimed&like=zh-cn&as=texts'

type Dict = Record<string, unknown>

// English comes as its texts alone, in the Chinese file's key order (the keys ship once: ~7 KB less)
const TEXTS: Record<Lang, Dict> = { zh: zhCn, en: shapedLike(zhCn, enValues as unknown as Array<string | null>) }

/** the language's bundled texts, or undefined while they are not loaded (never, here) */
export function bundledTexts(lang: Lang): Dict | undefined {
  return TEXTS[lang]
}

export function loadBundledTexts(lang: Lang): Promise<Dict> {
  return Promise.resolve(TEXTS[lang])
}
