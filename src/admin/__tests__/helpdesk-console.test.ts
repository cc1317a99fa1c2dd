/** The console's canned-reply picker, the settings form's conversion and the search body. */
// the icon package ships ES modules only under jsdom's export conditions; no icon is drawn here
jest.mock('@ant-design/icons', () => ({ MinusCircleOutlined: () => null, PlusOutlined: () => null }))
import dayjs from 'dayjs'
import type { CannedReply } from '@contracts/helpdesk'
import { cannedMatches, cannedText } from '../views/chat/advisor-canned'
import { fromForm, toForm } from '../views/chat/helpdesk-settings'
import { searchBody } from '../views/chat/advisor-search'

const reply = (id: number, code: string, textZh: string, textEn: string): CannedReply => ({ id, code, textZh, textEn, shared: false, ownerId: 1, ownerName: 'A', mine: true, updatedAt: '' })
const items = [reply(1, 'patent', '专利', 'Patent'), reply(2, 'hello', '您好', 'Hello'), reply(3, 'cpat', '中', '')]

test('"/" and the start of a code offer the replies, prefix matches first; anything else offers none', () => {
  expect(cannedMatches(items, '/')?.map((r) => r.code)).toEqual(['patent', 'hello', 'cpat'])
  expect(cannedMatches(items, '/pat')?.map((r) => r.code)).toEqual(['patent', 'cpat'])
  expect(cannedMatches(items, '/PAT')?.map((r) => r.code)).toEqual(['patent', 'cpat'])
  expect(cannedMatches(items, '/zzz')).toEqual([])
  expect(cannedMatches(items, 'pat')).toBeNull()
  expect(cannedMatches(items, '/pat ent')).toBeNull()
})

test("a reply goes in in the visitor's language, the other one when that is blank, Chinese when unknown", () => {
  expect(cannedText(items[0], 'en')).toBe('Patent')
  expect(cannedText(items[0], 'zh')).toBe('专利')
  expect(cannedText(items[0], undefined)).toBe('专利')
  expect(cannedText(items[2], 'en')).toBe('中')
})

test('the settings form round-trips: spans sorted by day, closed days unique and sorted', () => {
  const settings = {
    alertMinutes: 7,
    maxConcurrent: 3,
    hours: { timeZone: 'Europe/London', alwaysOpen: false, weekly: [{ day: 3 as const, open: '13:00', close: '17:30' }, { day: 1 as const, open: '09:00', close: '12:00' }], holidays: ['2026-12-25', '2026-12-24'] },
  }
  const form = toForm(settings)
  form.holidays.push(dayjs('2026-12-24'))
  expect(fromForm(form)).toEqual({
    alertMinutes: 7,
    maxConcurrent: 3,
    hours: { timeZone: 'Europe/London', alwaysOpen: false, weekly: [{ day: 1, open: '09:00', close: '12:00' }, { day: 3, open: '13:00', close: '17:30' }], holidays: ['2026-12-24', '2026-12-25'] },
  })
})

test('the search body leaves blank filters out and sends dates as Beijing dates', () => {
  expect(searchBody({ keyword: '  ', visitor: ' t12 ', unanswered: false }, 2)).toEqual({ page: 2, pageSize: 10, tz: 'Asia/Shanghai', visitor: 't12' })
  expect(searchBody({ keyword: 'patent', kefuId: 4, categoryId: 9, status: 'closed', unanswered: true, dates: [dayjs('2026-11-01'), dayjs('2026-11-28')] }, 1)).toEqual({
    page: 1,
    pageSize: 10,
    tz: 'Asia/Shanghai',
    keyword: 'patent',
    kefuId: 4,
    categoryId: 9,
    status: 'closed',
    unanswered: true,
    from: '2026-11-01',
    to: '2026-11-28',
  })
})
