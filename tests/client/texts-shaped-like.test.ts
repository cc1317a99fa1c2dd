/**
 * The mini-program's main package ships English as a list in the Chinese key order (src/shared/i18n/texts.ts,
 * `&like=zh-cn`, cut by config/texts-sections-loader.js): put back in shape it must be the same English cut,
 * text for text, for the query texts.ts really uses.
 */
import fs from 'fs'
import path from 'path'
import { shapedLike } from '../../src/shared/i18n/shaped-like'

const loader = require('../../config/texts-sections-loader.js') as (this: object, source: string) => string
const ROOT = path.join(__dirname, '../..')
const LOCALES = path.join(ROOT, 'src/shared/i18n/locales')

/** the loader as webpack runs it on `locales/<file>.json?<query>` */
function load(file: string, query: string): unknown {
  const resourcePath = path.join(LOCALES, file)
  const ctx = { resourceQuery: `?${query}`, resourcePath, addDependency: () => undefined }
  return JSON.parse(loader.call(ctx, fs.readFileSync(resourcePath, 'utf8')))
}

const texts = fs.readFileSync(path.join(ROOT, 'src/shared/i18n/texts.ts'), 'utf8')
const zhQuery = /locales\/zh-cn\.json\?([^']+)'/.exec(texts)?.[1] ?? ''
const enQuery = /locales\/en\.json\?([^']+)'/.exec(texts)?.[1] ?? ''

test('texts.ts imports English like the Chinese file, with the same cut', () => {
  expect(enQuery).toBe(zhQuery.replace(/&as=texts$/, '&like=zh-cn&as=texts'))
})

test('the list put back in the Chinese shape is the English cut, text for text', () => {
  const zh = load('zh-cn.json', zhQuery) as Record<string, unknown>
  const values = load('en.json', enQuery) as Array<string | null>
  expect(Array.isArray(values)).toBe(true)
  const english = load('en.json', zhQuery)
  expect(shapedLike(zh, values)).toEqual(english)
  // and it is smaller than the English cut with its keys
  expect(JSON.stringify(values).length).toBeLessThan(JSON.stringify(english).length * 0.75)
})

test('a key only Chinese has stays out of the English shape (i18next falls back to Chinese); a list of the wrong length is refused', () => {
  expect(shapedLike({ a: { b: '甲', c: '乙' } }, ['B', null])).toEqual({ a: { b: 'B' } })
  expect(() => shapedLike({ a: '甲' }, ['A', 'extra'])).toThrow(/2 values for 1 keys/)
})
