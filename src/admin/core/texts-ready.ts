/**
 * The admin's texts of the language in use, loaded before anything renders: app.ts imports this first,
 * and its top-level await holds the app's start (webpack runs the entry's body once this has settled).
 * Each language's texts are a chunk of their own (locales/load.ts): the part of the shared texts the
 * admin says, the admin's own, antd's locale; the other language arrives when a person switches.
 */
import { getLang, loadLang, setExtraTexts, setSharedTexts } from '../../shared/i18n'
import { loadAdminSharedTexts, loadAdminTexts } from '../locales/load'

setSharedTexts(loadAdminSharedTexts)
setExtraTexts(loadAdminTexts)
await loadLang(getLang()).catch((e) => console.warn('[i18n] texts did not load', e))
