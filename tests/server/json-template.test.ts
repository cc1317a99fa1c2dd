/**
 * JsonTemplate (server/src/lib/json-template.ts) serialises an object once and fills its live values per
 * answer: whatever the object holds, fill must write exactly what JSON.stringify writes of the object with
 * those values — including data that spells the marker the fast way cuts at (then it serialises value by
 * value), values left undefined, and text in any script.
 */
import fc from 'fast-check'
import { JsonBytes, JsonTemplate } from '../../server/src/lib/json-template'

const LIVE = ['count', 'status', 'views'] as const
type Live = Record<(typeof LIVE)[number], string | number | boolean | null>

function filled(object: Record<string, unknown>, values: Live): string {
  return JsonTemplate.of(object, LIVE).fill(new JsonBytes(), values).toString()
}
const expected = (object: Record<string, unknown>, values: Live) =>
  JSON.stringify(Object.fromEntries(Object.entries(object).map(([k, v]) => [k, (LIVE as readonly string[]).includes(k) && v !== undefined ? values[k as keyof Live] : v])))

const liveValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))
const values = fc.record({ count: liveValue, status: liveValue, views: liveValue })
/** the marker of the fast way, as data may spell it (a title, a tag) */
const MARKERISH = ['\u0001live\u0002', '"\u0001live\u0002"', 'x\u0001live\u0002y']
const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(...MARKERISH, '深圳·生物医药', 'emoji 🎉', ''))
const value = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(text, { maxLength: 3 }), fc.record({ code: text, nameZh: text }))

describe('JsonTemplate', () => {
  it('writes what JSON.stringify writes, for any object and live values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...LIVE)), value, { maxKeys: 8 }),
        fc.subarray([...LIVE]),
        values,
        (object, liveKeys, v) => {
          // live keys present in the object, in its key order, some of them undefined
          for (const k of liveKeys) if (!(k in object)) object[k] = 1
          expect(filled(object, v)).toBe(expected(object, v))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('cuts at the live values of a list item, and falls back when the data spells the marker', () => {
    const item = { id: 7, titleZh: '深圳论坛', titleEn: 'Forum', count: 3, tagsEn: ['a'], status: 'upcoming', views: 12, categories: [{ code: 'forum' }] }
    const v: Live = { count: 4, status: 'running', views: 13 }
    expect(filled(item, v)).toBe(expected(item, v))
    for (const spelled of MARKERISH) {
      const odd = { ...item, titleEn: spelled, tagsEn: [spelled] }
      expect(filled(odd, v)).toBe(expected(odd, v))
    }
    // a live value left undefined is left out, as JSON.stringify leaves it out
    const without = { ...item, views: undefined }
    expect(filled(without, v)).toBe(JSON.stringify({ ...item, count: 4, status: 'running', views: undefined }))
  })
})
