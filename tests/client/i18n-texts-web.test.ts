/**
 * Web builds: a page load carries the texts of the language it shows (src/shared/i18n/texts.h5.ts, one
 * chunk per language); the other language is fetched when a person switches, and the page switches only
 * once its texts are there. The other client tests use the mini-program's variant (both at hand).
 */
import path from 'path'
import { STORAGE_KEYS } from '../../src/shared/storage'

/** the Taro mock the fresh i18n module uses (storage, request) */
let T: any
const I18N = path.resolve(__dirname, '../../src/shared/i18n')

type I18nModule = typeof import('../../src/shared/i18n')

/** a fresh i18n module wired to the web's texts */
function webI18n(): I18nModule {
  let mod: I18nModule | undefined
  jest.isolateModules(() => {
    jest.doMock(path.join(I18N, 'texts.ts'), () => jest.requireActual(path.join(I18N, 'texts.h5.ts')))
    mod = require(path.join(I18N, 'index.ts'))
    T = require('@tarojs/taro')
    T.__reset()
  })
  return mod!
}

async function until(cond: () => boolean) {
  for (let i = 0; i < 50 && !cond(); i++) await new Promise((r) => setTimeout(r, 0))
  expect(cond()).toBe(true)
}

beforeEach(() => {
  Object.defineProperty(window.navigator, 'languages', { value: ['en-US'], configurable: true })
  Object.defineProperty(window.navigator, 'language', { value: 'en-US', configurable: true })
})

test('a page load has the texts of its language only, loaded before i18n starts', async () => {
  const { loadLang, getLang, initI18n, i18n, t } = webI18n()
  await loadLang(getLang())
  initI18n()
  expect(i18n.language).toBe('en')
  expect(t('nav.home')).toBe('Home')
  expect(i18n.hasResourceBundle('en', 'translation')).toBe(true)
  expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false)
  // the catalogue's texts are there too
  expect(t('request.401')).not.toBe('request.401')
})

test('switching fetches the other language and switches once its texts have arrived', async () => {
  const { loadLang, getLang, initI18n, i18n, t, toggleLang } = webI18n()
  await loadLang(getLang())
  initI18n()
  expect(toggleLang()).toBe('zh')
  // not yet: the page keeps its language (and requests keep asking for it) until the texts are there
  expect(i18n.language).toBe('en')
  expect(T.__storage.get(STORAGE_KEYS.lang)).toBeUndefined()
  await until(() => i18n.language === 'zh')
  expect(t('nav.home')).toBe('首页')
  expect(T.__storage.get(STORAGE_KEYS.lang)).toBe('zh')
  // back again: both are at hand now, the switch is immediate
  expect(toggleLang()).toBe('en')
  expect(i18n.language).toBe('en')
  expect(t('nav.home')).toBe('Home')
})

test('a later switch wins over one whose texts arrive after it', async () => {
  const { loadLang, getLang, initI18n, i18n, setLang } = webI18n()
  await loadLang(getLang())
  initI18n()
  setLang('zh')
  setLang('en')
  await new Promise((r) => setTimeout(r, 20))
  expect(i18n.language).toBe('en')
  expect(T.__storage.get(STORAGE_KEYS.lang)).toBe('en')
})

test("an app's own texts come from its loader, per language, with the shared ones", async () => {
  const { loadLang, getLang, initI18n, setExtraTexts, setLang, i18n, t } = webI18n()
  const asked: string[] = []
  setExtraTexts(async (lang) => {
    asked.push(lang)
    return { adm: { hello: lang === 'zh' ? '你好' : 'Hello' } }
  })
  await loadLang(getLang())
  initI18n()
  expect(asked).toEqual(['en'])
  expect(t('adm.hello')).toBe('Hello')
  setLang('zh')
  await until(() => i18n.language === 'zh')
  expect(asked).toEqual(['en', 'zh'])
  expect(t('adm.hello')).toBe('你好')
  expect(t('nav.home')).toBe('首页')
})

test("the server's copy: the language in use at refresh, a language loaded later on its arrival", async () => {
  const { loadLang, getLang, initI18n, refreshLocales, setLang, i18n, t } = webI18n()
  T.request.mockImplementation(async ({ url }: { url: string }) => ({
    statusCode: 200,
    data: url.includes('/en.json') ? { nav: { home: 'Home (server)' } } : { nav: { home: '首页（服务器）' } },
  }))
  await loadLang(getLang())
  initI18n()
  await refreshLocales('/locales')
  let urls = T.request.mock.calls.map((c: any[]) => c[0].url)
  expect(urls).toHaveLength(1)
  expect(urls[0]).toMatch(/^\/locales\/en\.json\?t=\d+$/)
  expect(t('nav.home')).toBe('Home (server)')
  setLang('zh')
  await until(() => i18n.language === 'zh')
  urls = T.request.mock.calls.map((c: any[]) => c[0].url)
  expect(urls[1]).toMatch(/^\/locales\/zh-cn\.json\?t=\d+$/)
  expect(t('nav.home')).toBe('首页（服务器）')
})

test('an app saying only part of the shared texts loads that part instead of the whole file', async () => {
  const { loadLang, getLang, initI18n, setSharedTexts, t, i18n } = webI18n()
  const asked: string[] = []
  setSharedTexts(async (lang) => {
    asked.push(lang)
    return { common: { cancel: lang === 'en' ? 'Cancel (part)' : '取消' } }
  })
  await loadLang(getLang())
  initI18n()
  expect(asked).toEqual(['en'])
  expect(t('common.cancel')).toBe('Cancel (part)')
  // the consumer app's texts were not loaded
  expect(i18n.exists('nav.home')).toBe(false)
})
