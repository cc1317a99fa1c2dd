/**
 * The admin's texts of the language in use, loaded before anything renders: app.ts imports this first,
 * and its top-level await holds the app's start (webpack runs the entry's body once this has settled).
 * Each language, the shared texts and the admin's own, is a chunk of its own (shared/i18n/texts.h5.ts,
 * locales/load.ts); the other language arrives when a person switches.
 */
import { getLang, loadLang, setExtraTexts } from '../../shared/i18n'
import { loadAdminTexts } from '../locales/load'

setExtraTexts(loadAdminTexts)
await loadLang(getLang()).catch((e) => console.warn('[i18n] texts did not load', e))
