/**
 * Web: the app entry imports this before it initialises i18n, and its top-level await holds the app's
 * start (webpack runs the entry's body once this has settled) until the current language's texts have
 * arrived (./texts.h5.ts), so the first render has text. A failed load leaves the start to the fallback:
 * i18next shows the keys rather than no page at all.
 */
import { getLang, loadLang } from '.'
import { rememberLangForServer } from '../platform/browser'

const lang = getLang()
// the next page load's HTML then announces this language's texts (a visitor who chose another language
// than the browser's before this cookie existed)
rememberLangForServer(lang)
await loadLang(lang).catch((e) => console.warn('[i18n] texts did not load', e))
