/** The dashboard's filter from and to the address, and local days in a time zone. */
import { addDays, lastDays, queryFromSearch, searchOf, todayIn } from '../analysis-filters'

const NOW = new Date('2026-11-24T17:30:00Z') // 01:30 on the 25th in Shanghai, still the 24th in UTC

test('today and the last N days follow the time zone', () => {
  expect(todayIn('Asia/Shanghai', NOW)).toBe('2026-11-25')
  expect(todayIn('UTC', NOW)).toBe('2026-11-24')
  expect(lastDays(7, 'Asia/Shanghai', NOW)).toEqual({ from: '2026-11-19', to: '2026-11-25' })
  expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
})

test('the address gives the filter, with defaults for what is missing or malformed', () => {
  expect(queryFromSearch('', NOW)).toEqual({ from: '2026-10-27', to: '2026-11-25', tz: 'Asia/Shanghai', activityId: undefined, organizationId: undefined, type: undefined })
  expect(queryFromSearch('?from=2026-01-01&to=2026-01-31&tz=UTC&activityId=5&organizationId=x&type=online', NOW)).toEqual({
    from: '2026-01-01',
    to: '2026-01-31',
    tz: 'UTC',
    activityId: 5,
    organizationId: undefined,
    type: 'online',
  })
  expect(queryFromSearch('?from=bad&to=2026-01-31&type=space', NOW)).toMatchObject({ from: '2026-10-27', type: undefined })
  const q = queryFromSearch('?from=2026-01-01&to=2026-01-31&activityId=5', NOW)
  expect(queryFromSearch(searchOf(q), NOW)).toEqual(q)
})
