/** When advisers are back, in the visitor's clock and Beijing time. */
import { formatAtOffset, offsetLabel, returnTime } from '../../src/components/chat/hours-text'

test('an instant at a UTC offset, in both languages', () => {
  const ms = Date.parse('2026-11-30T01:00:00.000Z')
  expect(formatAtOffset(ms, 480, 'en')).toBe('Mon 30 Nov 09:00')
  expect(formatAtOffset(ms, 480, 'zh')).toBe('11月30日（周一）09:00')
  // London in winter (UTC+0)
  expect(formatAtOffset(ms, 0, 'en')).toBe('Mon 30 Nov 01:00')
  // New York (UTC-5): Sunday evening
  expect(formatAtOffset(ms, -300, 'en')).toBe('Sun 29 Nov 20:00')
  expect(offsetLabel(-300)).toBe('UTC-05:00')
  expect(offsetLabel(330)).toBe('UTC+05:30')
})

test('the return time names the visitor zone and Beijing time, once when they are the same', () => {
  expect(returnTime('2026-11-30T01:00:00.000Z', 'en', -300, 'America/New_York')).toEqual({ local: 'Sun 29 Nov 20:00', zone: 'America/New_York', beijing: 'Mon 30 Nov 09:00', sameAsBeijing: false })
  expect(returnTime('2026-11-30T01:00:00.000Z', 'zh', 480, 'Asia/Shanghai')?.sameAsBeijing).toBe(true)
  expect(returnTime('not a date', 'en', 0)).toBeNull()
})
