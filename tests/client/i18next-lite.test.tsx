/**
 * The mini-program's i18next (src/shared/i18n/lite, resolved for `i18next` and `react-i18next` in the
 * weapp build only) answers as i18next does for every text the app has: each key of both languages
 * (the sections too, and the error catalogue's `request` namespace), with and without its values, a
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

type Dict = Record<string, unknown>
const TEXTS: Record<'zh' | 'en', Dict> = { zh: { ...zhCn, request: requestNamespace('zh') }, en: { ...en, request: requestNamespace('en') } }

/** every string leaf as [key with dots, text] */
function leaves(o: Dict, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Dict, `${prefix}${k}.`) : typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : []))
}

const OPTIONS = { interpolation: { escapeValue: false }, initAsync: false, returnNull: false, showSupportNotice: false }

function both(lng: 'zh' | 'en', texts: Record<'zh' | 'en', Dict> = TEXTS) {
  const real = i18next.createInstance()
  void real.init({ ...OPTIONS, lng, fallbackLng: lng === 'zh' ? 'en' : 'zh', resources: { zh: { translation: texts.zh }, en: { translation: texts.en } } } as Parameters<typeof real.init>[0])
  const lite = new I18nLite()
  void lite.init({ lng, fallbackLng: lng === 'zh' ? 'en' : 'zh', resources: { zh: { translation: texts.zh }, en: { translation: texts.en } } })
  return { real, lite }
}

const keys = [...new Set([...leaves(TEXTS.zh), ...leaves(TEXTS.en)].map(([k]) => k))]
const names = (key: string) => [...new Set([...leaves(TEXTS.zh), ...leaves(TEXTS.en)].filter(([k]) => k === key).flatMap(([, v]) => [...v.matchAll(/{{(.+?)}}/g)].map((m) => m[1].trim())))]

test('the texts are many, and some carry values', () => {
  expect(keys.length).toBeGreaterThan(900)
  expect(keys.filter((k) => names(k).length).length).toBeGreaterThan(50)
})

describe.each(['zh', 'en'] as const)('in %s', (lng) => {
  const { real, lite } = both(lng)
  const textsOf = new Map(keys.map((k) => [k, names(k)]))

  test('every key, without and with its values, as i18next', () => {
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
