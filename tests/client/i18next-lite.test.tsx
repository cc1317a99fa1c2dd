/**
 * The apps' i18next (src/shared/i18n/lite, resolved for `i18next` and `react-i18next` in the builds;
 * the other unit tests use the real ones) answers as i18next does for every text the apps have: each key
 * of both languages, the consumer app's (with the sections and the error catalogue's `request`
 * namespace) and the admin's (its own over the shared ones), with and without its values, a
 * value missing or given as undefined, each language falling back to the other, a default value, texts
 * added deep with and without overwriting; and useTranslation renders again on a language switch.
 */
import i18next from 'i18next'
import { act, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { I18nLite } from '../../src/shared/i18n/lite/i18next-lite'
import { initReactI18next as initLite, useTranslation as useLiteTranslation } from '../../src/shared/i18n/lite/react-i18next-lite'
import { requestNamespace } from '../../src/shared/i18n'
import zhCn from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { adminEn, adminZh } from '../../src/admin/locales'

type Dict = Record<string, unknown>
/** as shared/i18n's bundle() merges them: the shared texts, the app's own over them, the catalogue */
const CONSUMER: Record<'zh' | 'en', Dict> = { zh: { ...zhCn, request: requestNamespace('zh') }, en: { ...en, request: requestNamespace('en') } }
const ADMIN: Record<'zh' | 'en', Dict> = { zh: { ...zhCn, ...adminZh, request: requestNamespace('zh') }, en: { ...en, ...adminEn, request: requestNamespace('en') } }
const TEXTS = CONSUMER

/** every string leaf as [key with dots, text] */
function leaves(o: Dict, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Dict, `${prefix}${k}.`) : typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : []))
}

const OPTIONS = { interpolation: { escapeValue: false }, initAsync: false, returnNull: false, showSupportNotice: false }

function both(lng: 'zh' | 'en', shared: Record<'zh' | 'en', Dict> = TEXTS) {
  // i18next keeps the objects init is given and adds into them: a copy each, or one test's adds reach the next
  const texts = JSON.parse(JSON.stringify(shared)) as Record<'zh' | 'en', Dict>
  const real = i18next.createInstance()
  void real.init({ ...OPTIONS, lng, fallbackLng: lng === 'zh' ? 'en' : 'zh', resources: { zh: { translation: texts.zh }, en: { translation: texts.en } } } as Parameters<typeof real.init>[0])
  const lite = new I18nLite()
  void lite.init({ lng, fallbackLng: lng === 'zh' ? 'en' : 'zh', resources: { zh: { translation: texts.zh }, en: { translation: texts.en } } })
  return { real, lite }
}

/** each key of the texts with the value names its texts carry */
function keysOf(texts: Record<'zh' | 'en', Dict>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [k, v] of [...leaves(texts.zh), ...leaves(texts.en)]) {
    const vars = [...v.matchAll(/{{(.+?)}}/g)].map((m) => m[1].trim())
    out.set(k, [...new Set([...(out.get(k) ?? []), ...vars])])
  }
  return out
}
const TEXT_KEYS = keysOf(TEXTS)
const names = (key: string) => TEXT_KEYS.get(key) ?? []

test('the texts are many, and some carry values', () => {
  for (const texts of [CONSUMER, ADMIN]) {
    const keys = keysOf(texts)
    expect(keys.size).toBeGreaterThan(900)
    expect([...keys.values()].filter((v) => v.length).length).toBeGreaterThan(50)
  }
  expect(keysOf(ADMIN).size).toBeGreaterThan(keysOf(CONSUMER).size + 1000)
})

describe.each([
  ['consumer', 'zh', CONSUMER],
  ['consumer', 'en', CONSUMER],
  ['admin', 'zh', ADMIN],
  ['admin', 'en', ADMIN],
] as const)('%s texts in %s', (_app, lng, texts) => {
  const { real, lite } = both(lng, texts)
  const textsOf = keysOf(texts)

  test('every key, without and with its values, as i18next; and with a language fixed', () => {
    const differ: string[] = []
    for (const [key, vars] of textsOf) {
      const all = Object.fromEntries(vars.map((v, i) => [v, i % 2 ? 42 + i : `‹${v}›`]))
      const cases: (Dict | undefined)[] = [undefined, all]
      if (vars.length) cases.push({ ...all, [vars[0]]: undefined }, Object.fromEntries(vars.slice(1).map((v) => [v, 'x'])), { ...all, [vars[0]]: null })
      for (const options of cases) {
        const a = real.t(key, options as never) as unknown as string
        const b = lite.t(key, options)
        if (a !== b) differ.push(`${key} ${JSON.stringify(options)}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`)
      }
    }
    const other = lng === 'zh' ? 'en' : 'zh'
    const [realOther, liteOther] = [real.getFixedT(other), lite.getFixedT(other)]
    for (const key of textsOf.keys()) if (realOther(key) !== liteOther(key)) differ.push(`${key} in ${other}`)
    expect(differ).toEqual([])
  })

  test('a missing key: the key, or the default value with its values', () => {
    for (const [key, options] of [
      ['no.such.key', undefined],
      ['request.999999', { defaultValue: 'Failed: {{why}}', why: 'because' }],
      ['request.999999', { defaultValue: 'Failed' }],
      ['request', undefined],
    ] as const) expect([key, lite.t(key, options as never)]).toEqual([key, real.t(key, options as never)])
  })

  test('a key only the other language has falls back to it', () => {
    const other = lng === 'zh' ? 'en' : 'zh'
    const only = { [lng]: { a: 'mine' }, [other]: { a: 'theirs', b: 'only {{x}} there' } } as unknown as Record<'zh' | 'en', Dict>
    const p = both(lng, only)
    for (const k of ['a', 'b']) expect(p.lite.t(k, { x: 1 })).toBe(p.real.t(k, { x: 1 }))
    expect(p.lite.t('b', { x: 1 })).toBe('only 1 there')
  })

  test('texts added deep, with and without overwriting, as i18next', () => {
    const { real: r, lite: l } = both(lng)
    const added = { common: { confirm: 'A', brandNew: 'B {{n}}' }, extraSection: { title: 'C' } }
    r.addResourceBundle(lng, 'translation', added, true, false)
    l.addResourceBundle(lng, 'translation', added, true, false)
    for (const k of ['common.confirm', 'common.brandNew', 'extraSection.title']) expect(l.t(k, { n: 2 })).toBe(r.t(k, { n: 2 }))
    r.addResourceBundle(lng, 'translation', added, true, true)
    l.addResourceBundle(lng, 'translation', added, true, true)
    expect(l.t('common.confirm')).toBe('A')
    expect(r.t('common.confirm')).toBe('A')
    expect(l.hasResourceBundle(lng, 'translation')).toBe(true)
    expect(l.hasResourceBundle('fr', 'translation')).toBe(false)
  })
})

test('useTranslation gives the language in use and renders again when it changes', async () => {
  const lite = new I18nLite()
  lite.use(initLite)
  void lite.init({ lng: 'zh', fallbackLng: 'en', resources: { zh: { translation: TEXTS.zh }, en: { translation: TEXTS.en } } })
  const key = leaves(TEXTS.zh).find(([k, v]) => !names(k).length && leaves(TEXTS.en).some(([k2, v2]) => k2 === k && v2 !== v))![0]
  function Probe() {
    const { t, i18n } = useLiteTranslation()
    return createElement('p', { 'data-testid': 'probe' }, `${i18n.language}:${t(key)}`)
  }
  render(createElement(Probe))
  expect(screen.getByTestId('probe').textContent).toBe(`zh:${lite.t(key, { lng: 'zh' })}`)
  await act(async () => {
    await lite.changeLanguage('en')
  })
  expect(screen.getByTestId('probe').textContent).toBe(`en:${lite.t(key, { lng: 'en' })}`)
  expect(lite.t(key, { lng: 'en' })).not.toBe(lite.t(key, { lng: 'zh' }))
})
