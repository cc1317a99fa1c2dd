/** Pure helpers: keyword highlight, search path mapping, time zones, enrolment key, query cleaning. */
import { highlightParts, parseUtcOffset, formatUtcOffset, zonedTimes, searchListPath, searchModuleOf, searchUrl, enrollStateKey } from '../../src/shared/format'
import { cleanQuery } from '../../src/shared/api/content'

const hits = (text: string, kw: string) => highlightParts(text, kw).filter((p) => p.hit).map((p) => p.text)

describe('highlightParts', () => {
  test('Chinese: a two-character word inside a title', () => {
    const parts = highlightParts('海外人才回国创业扶持，人才优先', '人才')
    expect(parts.map((p) => p.text).join('')).toBe('海外人才回国创业扶持，人才优先')
    expect(hits('海外人才回国创业扶持，人才优先', '人才')).toEqual(['人才', '人才'])
    expect(parts[0]).toEqual({ text: '海外', hit: false })
  })

  test('English: case-insensitive, original casing kept', () => {
    expect(hits('Email the AI team about Ai chips', 'ai')).toEqual(['ai', 'AI', 'Ai'])
    expect(hits('Shanghai Residence Policy', 'RESIDENCE')).toEqual(['Residence'])
  })

  test('regex-special characters are taken literally', () => {
    expect(hits('C++ (advanced) workshop $100 [beta]', 'c++')).toEqual(['C++'])
    expect(hits('C++ (advanced) workshop $100 [beta]', '(adv')).toEqual(['(adv'])
    expect(hits('C++ (advanced) workshop $100 [beta]', '$1')).toEqual(['$1'])
    expect(hits('a.b axb', 'a.b')).toEqual(['a.b'])
    expect(hits('x*y', '.*')).toEqual([])
  })

  test('several keywords, mixed languages, longest first; empty keywords', () => {
    expect(hits('深圳 Shenzhen 高层次人才 talent', '人才 shenzhen')).toEqual(['Shenzhen', '人才'])
    expect(hits('abcabc', 'ab abc')).toEqual(['abc', 'abc'])
    expect(highlightParts('plain', '')).toEqual([{ text: 'plain', hit: false }])
    expect(highlightParts('', 'x')).toEqual([])
  })
})

describe('search path mapping (spec section 2)', () => {
  test('detail pages search their list', () => {
    expect(searchListPath('/activityDetail')).toBe('/activity')
    expect(searchListPath('/topicDetail')).toBe('/topic')
    expect(searchListPath('/informationDetail')).toBe('/information')
    expect(searchListPath('/activityDetail?id=3')).toBe('/activity')
  })
  test('list pages search themselves; elsewhere all', () => {
    expect(searchListPath('/activity')).toBe('/activity')
    expect(searchListPath('/policy')).toBe('/policy')
    expect(searchListPath('/')).toBe('all')
    expect(searchListPath('/website')).toBe('all')
    expect(searchListPath('all')).toBe('all')
  })
  test('search URL and module', () => {
    expect(searchUrl('/activityDetail', ' 人才 ')).toBe('/search?path=%2Factivity&keywords=%E4%BA%BA%E6%89%8D')
    expect(searchUrl('/', 'AI')).toBe('/search?path=all&keywords=AI')
    expect(searchModuleOf('/activity')).toBe('activity')
    expect(searchModuleOf('/informationDetail')).toBe('information')
    expect(searchModuleOf('/premiumPlace')).toBe('sponsor')
    expect(searchModuleOf('all')).toBe('all')
    expect(searchModuleOf(undefined)).toBe('all')
  })
})

describe('time zones', () => {
  test('offset parsing and formatting', () => {
    expect(parseUtcOffset('UTC+10:00')).toBe(600)
    expect(parseUtcOffset('UTC-05:30')).toBe(-330)
    expect(parseUtcOffset('UTC')).toBe(0)
    expect(parseUtcOffset('nonsense')).toBeNull()
    expect(formatUtcOffset(-330)).toBe('UTC-05:30')
    expect(formatUtcOffset(480)).toBe('UTC+08:00')
  })

  test('an activity at UTC+10:00 shown in its zone and in the viewer zone', () => {
    // 00:00–02:00 UTC = 10:00–12:00 in Sydney (UTC+10) = 08:00–10:00 for a viewer in Beijing
    const z = zonedTimes('2026-12-01T00:00:00.000Z', '2026-12-01T02:00:00.000Z', 'UTC+10:00', 480)
    expect(z.local).toEqual({ range: '2026-12-01 10:00 – 12:00', zone: 'UTC+10:00' })
    expect(z.viewer).toEqual({ range: '2026-12-01 08:00 – 10:00', zone: 'UTC+08:00' })
    expect(z.same).toBe(false)
    // a viewer in New York (UTC-05:00): the previous evening, crossing no midnight
    const ny = zonedTimes('2026-12-01T00:00:00.000Z', '2026-12-01T06:00:00.000Z', 'UTC+10:00', -300)
    expect(ny.viewer).toEqual({ range: '2026-11-30 19:00 – 2026-12-01 01:00', zone: 'UTC-05:00' })
    expect(ny.local.range).toBe('2026-12-01 10:00 – 16:00')
  })
})

test('enrolment state keys and query cleaning', () => {
  expect(enrollStateKey('register_now')).toBe('activity.enroll.register_now')
  expect(cleanQuery({ page: 1, type: undefined, keyword: '', isHot: true, country: null })).toEqual({ page: 1, isHot: 'true' })
})
