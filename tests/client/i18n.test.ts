import fs from 'fs'
import path from 'path'
import Taro from '@tarojs/taro'
import { initI18n, i18n, t, getLang, setLang, toggleLang, detectLang, refreshLocales } from '../../src/shared/i18n'
import { STORAGE_KEYS } from '../../src/shared/storage'
import { Codes, ERROR_CATALOGUE } from '@contracts/error-codes'

const T = Taro as any
const ROOT = path.resolve(__dirname, '../..')

function setBrowserLanguage(lang: string) {
  Object.defineProperty(window.navigator, 'languages', { value: [lang], configurable: true })
  Object.defineProperty(window.navigator, 'language', { value: lang, configurable: true })
}

beforeEach(() => T.__reset())

describe('language default and toggle', () => {
  test('defaults to zh when the system language contains zh, else en', () => {
    expect(detectLang('zh-CN')).toBe('zh')
    expect(detectLang('zh-Hant-TW')).toBe('zh')
    expect(detectLang('en-US')).toBe('en')
    expect(detectLang('fr')).toBe('en')
    setBrowserLanguage('zh-CN')
    expect(getLang()).toBe('zh')
    setBrowserLanguage('en-GB')
    expect(getLang()).toBe('en')
  })

  test('toggle switches the texts and persists under lang', () => {
    setBrowserLanguage('zh-CN')
    initI18n()
    expect(i18n.language).toBe('zh')
    expect(t('nav.home')).toBe('首页')
    expect(toggleLang()).toBe('en')
    expect(T.__storage.get(STORAGE_KEYS.lang)).toBe('en')
    expect(t('nav.home')).toBe('Home')
    // a fresh start (same storage) keeps the stored choice over the browser language
    initI18n()
    expect(i18n.language).toBe('en')
    setLang('zh')
    expect(T.__storage.get(STORAGE_KEYS.lang)).toBe('zh')
    expect(t('nav.home')).toBe('首页')
  })

  test('request namespace comes from the error catalogue', () => {
    initI18n()
    setLang('en')
    expect(t('request.516')).toBe(ERROR_CATALOGUE[516].en)
    setLang('zh')
    expect(t('request.404')).toBe(ERROR_CATALOGUE[404].zh)
    expect(t('request.unlogin')).toBe('未登录或登录已过期，请重新登录')
  })

  test('admin extras merge over the shared keys', () => {
    initI18n({ zh: { adm: { hello: '你好' } }, en: { adm: { hello: 'Hello' } } })
    setLang('en')
    expect(t('adm.hello')).toBe('Hello')
    expect(t('nav.home')).toBe('Home')
    initI18n({ zh: {}, en: {} })
  })

  test('server copies refresh the bundled texts with a timestamp query', async () => {
    initI18n()
    setLang('en')
    T.request.mockImplementation(async ({ url }: { url: string }) => ({
      statusCode: 200,
      data: url.includes('/en.json') ? { nav: { home: 'Home (server)' } } : { nav: { home: '首页（服务器）' } },
    }))
    await refreshLocales('/locales')
    const urls = T.request.mock.calls.map((c: any[]) => c[0].url)
    expect(urls.some((u: string) => /^\/locales\/zh-cn\.json\?t=\d+$/.test(u))).toBe(true)
    expect(urls.some((u: string) => /^\/locales\/en\.json\?t=\d+$/.test(u))).toBe(true)
    expect(t('nav.home')).toBe('Home (server)')
    expect(t('request.401')).toBe(ERROR_CATALOGUE[401].en)
  })
})

/** Flatten to dotted keys so a key present in one language only is named in the failure. */
function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return [prefix]
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

const LOCALE_DIRS = ['src/shared/i18n/locales', 'src/admin/locales'].filter((d) =>
  fs.existsSync(path.join(ROOT, d, 'zh-cn.json')),
)

describe.each(LOCALE_DIRS)('zh/en key parity in %s', (dir) => {
  const zh = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'zh-cn.json'), 'utf8'))
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'en.json'), 'utf8'))
  test('every zh key exists in en', () => {
    const missing = keys(zh).filter((k) => !keys(en).includes(k))
    expect(missing).toEqual([])
  })
  test('every en key exists in zh', () => {
    const missing = keys(en).filter((k) => !keys(zh).includes(k))
    expect(missing).toEqual([])
  })
  test('no empty texts', () => {
    const empty = (o: any, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? empty(v, `${p}${k}.`) : v === '' ? [`${p}${k}`] : [],
      )
    expect([...empty(zh), ...empty(en)]).toEqual([])
  })
})

test('the catalogue has both languages for every code', () => {
  for (const [code, e] of Object.entries(ERROR_CATALOGUE)) {
    expect([code, !!e.zh, !!e.en]).toEqual([code, true, true])
  }
})

test('each named code is a different number (a copy-pasted name would answer with another error)', () => {
  const byCode = new Map<number, string[]>()
  for (const [name, code] of Object.entries(Codes)) byCode.set(code, [...(byCode.get(code) ?? []), name])
  expect([...byCode.values()].filter((names) => names.length > 1)).toEqual([])
})
