/**
 * Business hours: open/closed and the next opening instant in an IANA zone, across daylight-saving
 * changes (Europe/London in March, America/New_York in November) and holidays — first the pure
 * calculation, then the settings route (operations) and the visitors' route on SQLite and PostgreSQL
 * with the clock moved to the instants under test.
 */
import { describeEachDb } from './harness'
import { hoursState, instantOf } from '../../server/src/modules/chat/helpdesk.hours'
import { HELPDESK_API as H, type BusinessHours } from '@contracts/helpdesk'

const weekdays = (open: string, close: string) => ([1, 2, 3, 4, 5] as const).map((day) => ({ day, open, close }))
const london: BusinessHours = { timeZone: 'Europe/London', weekly: weekdays('09:00', '17:00'), holidays: [], alwaysOpen: false }
const newYork: BusinessHours = { timeZone: 'America/New_York', weekly: weekdays('09:00', '17:00'), holidays: [], alwaysOpen: false }
const at = (iso: string) => Date.parse(iso)

describe('business hours (pure)', () => {
  it('London: 09:00 is 09:00Z in winter and 08:00Z after the clocks go forward (29 March 2026)', () => {
    expect(hoursState(london, at('2026-03-27T16:59:00Z'))).toMatchObject({ open: true, closesAt: '2026-03-27T17:00:00.000Z', nextOpenAt: null })
    // Friday after closing: next Monday is in summer time
    expect(hoursState(london, at('2026-03-27T17:30:00Z'))).toMatchObject({ open: false, nextOpenAt: '2026-03-30T08:00:00.000Z' })
    expect(hoursState(london, at('2026-03-30T07:59:00Z'))).toMatchObject({ open: false, nextOpenAt: '2026-03-30T08:00:00.000Z' })
    expect(hoursState(london, at('2026-03-30T08:00:00Z'))).toMatchObject({ open: true, closesAt: '2026-03-30T16:00:00.000Z' })
    // a holiday Monday moves the opening to Tuesday
    expect(hoursState({ ...london, holidays: ['2026-03-30'] }, at('2026-03-27T17:30:00Z'))).toMatchObject({ open: false, nextOpenAt: '2026-03-31T08:00:00.000Z' })
    expect(hoursState({ ...london, holidays: ['2026-03-30'] }, at('2026-03-30T10:00:00Z'))).toMatchObject({ open: false, nextOpenAt: '2026-03-31T08:00:00.000Z' })
  })

  it('New York: 09:00 is 13:00Z in summer and 14:00Z after the clocks go back (1 November 2026)', () => {
    expect(hoursState(newYork, at('2026-10-30T20:59:00Z'))).toMatchObject({ open: true, closesAt: '2026-10-30T21:00:00.000Z' })
    expect(hoursState(newYork, at('2026-10-30T21:01:00Z'))).toMatchObject({ open: false, nextOpenAt: '2026-11-02T14:00:00.000Z' })
    // Sunday 01:30 happens twice that night; nothing is open, Monday is the next opening
    expect(hoursState(newYork, at('2026-11-01T06:00:00Z'))).toMatchObject({ open: false, nextOpenAt: '2026-11-02T14:00:00.000Z' })
  })

  it('local times in a gap move forward, repeated local times take the earlier instant; always open and no spans', () => {
    expect(new Date(instantOf('Europe/London', Date.UTC(2026, 2, 29, 1, 30))).toISOString()).toBe('2026-03-29T01:30:00.000Z') // 01:30 does not exist: 02:30 BST
    expect(new Date(instantOf('America/New_York', Date.UTC(2026, 10, 1, 1, 30))).toISOString()).toBe('2026-11-01T05:30:00.000Z') // first 01:30 (EDT)
    expect(new Date(instantOf('Asia/Shanghai', Date.UTC(2026, 0, 1, 9, 0))).toISOString()).toBe('2026-01-01T01:00:00.000Z')
    expect(hoursState({ ...london, alwaysOpen: true }, at('2026-03-28T12:00:00Z'))).toMatchObject({ open: true, nextOpenAt: null, closesAt: null })
    expect(hoursState({ ...london, weekly: [] }, at('2026-03-28T12:00:00Z'))).toMatchObject({ open: false, nextOpenAt: null })
  })
})

describeEachDb('business hours routes', (hh) => {
  let opsToken = ''
  const moveTo = (iso: string) => {
    hh().clock.offsetMs = Date.parse(iso) - Date.now()
  }
  beforeAll(async () => {
    opsToken = await hh().adminLogin('ops@haijiao.demo')
  })
  afterAll(() => {
    hh().clock.offsetMs = 0
  })

  it('operations set weekly hours and holidays; the visitors’ endpoint answers open/closed and the next opening (ISO UTC)', async () => {
    const hours = await hh().api('GET', `/api/v1${H.hours}`)
    expect(hours.body.result).toMatchObject({ open: true, nextOpenAt: null }) // default: always open
    const saved = await hh().api('POST', `/api/v1${H.settingsSave}`, { token: opsToken, body: { hours: { ...london, holidays: ['2026-03-30'] } } })
    expect(saved.body).toMatchObject({ code: 200, result: { hours: { timeZone: 'Europe/London', holidays: ['2026-03-30'], alwaysOpen: false } } })
    // the settings cache is per instance and short: a fresh read follows the save at once
    moveTo('2026-03-27T17:30:00Z')
    expect((await hh().api('GET', `/api/v1${H.hours}`)).body.result).toMatchObject({ open: false, nextOpenAt: '2026-03-31T08:00:00.000Z', timeZone: 'Europe/London' })
    moveTo('2026-03-31T08:30:00Z')
    expect((await hh().api('GET', `/api/v1${H.hours}`)).body.result).toMatchObject({ open: true, closesAt: '2026-03-31T16:00:00.000Z' })
    // the save left an audit row with what changed (staged rows moved into audit_log first, as the audit list does)
    await hh().app.services.audit.flush()
    const audit = await hh().db.selectFrom('audit_log').selectAll().where('route', 'like', '%helpdesk/settings/update%').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ action: 'update', outcome: 'ok' })
    expect(audit.after_json).toContain('Europe/London')
  })
})
