/**
 * @jest-environment ./tests/client/support/zone-environment.js
 * @jest-environment-options {"timeZone": "America/New_York"}
 *
 * Ticket and check-in times read in the activity's zone, not the device's: this file runs with the device
 * in New York (UTC-05:00 in December) and activities in UTC+08:00. The door scanner's "already checked in
 * at HH:MM by whom", the ticket's check-in time and its cancellation deadline, a held seat's deadline.
 * And a visitor on a waiting list sees their place: on the ticket page their link's token (no enrolment
 * yet) shows their position, and the activity page finds it with the token kept on the device.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { CheckinScanResult, GuestWaitlistEntry, Ticket, WaitlistEntry } from '@contracts/ticket'
import type { ActivityDetail } from '@contracts/activity'
import { initI18n, setLang } from '../../src/shared/i18n'
import { adminEn, adminZh } from '../../src/admin/locales'
import { RouteButtonsProvider } from '../../src/admin/core/permission'
import * as api from '../../src/admin/api/checkin'
import CheckinView from '../../src/admin/views/checkin/checkin-view'
import { hhmm } from '../../src/admin/views/checkin/scan-queue'
import { CheckinCell } from '../../src/admin/views/enrollment/ticket-parts'
import TicketCard from '../../src/components/ticket/ticket-card'
import TicketPage from '../../src/pages/ticket/index'
import EnrollSection from '../../src/components/enrollment/enroll-section'
import { formatInZone } from '../../src/shared/format'
import { resetRequestState } from '../../src/shared/api/request'
import { saveWaitlistGuestToken, waitlistGuestTokenFor } from '../../src/shared/api/ticket'
import { useAuth } from '../../src/shared/stores/auth-store'
import type { AdminEnrollItem } from '@contracts/admin-enrollment'

jest.mock('../../src/admin/api/checkin', () => ({
  listCheckinActivities: jest.fn(),
  scanTicket: jest.fn(),
  uploadScans: jest.fn(),
  undoCheckin: jest.fn(),
  searchCheckin: jest.fn(),
  checkinCounter: jest.fn(),
  listCheckinLog: jest.fn(),
}))
jest.mock('../../src/admin/views/checkin/scan-signal', () => ({ signal: jest.fn() }))
jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))
jest.setTimeout(120_000)

const T = Taro as any
const m = api as jest.Mocked<typeof api>
const ok = <R,>(result: R) => ({ code: 200, message: 'ok', result })
const envelope = (result: unknown, code = 200, message = '') => ({ statusCode: 200, data: { code, result, message }, header: {} })
/** 06:05 UTC: 14:05 in the activity's UTC+08:00, 01:05 on the device in New York */
const AT = '2026-12-01T06:05:00.000Z'

const TICKET: Ticket = {
  enrollmentId: 41, activityId: 7, code: 'K7Q2M9ZT4XW8BN3RVC6HJP1D5F', qrPayload: 'K7Q2M9ZT4XW8BN3RVC6HJP1D5F', state: 'valid', valid: true,
  holderName: 'Lin Wei', titleZh: '海归创业沙龙', titleEn: 'Returnee founders salon', startTime: '2026-12-01T06:00:00.000Z', endTime: '2026-12-01T09:00:00.000Z',
  timeZone: 'UTC+08:00', type: 'offline', addressZh: '中关村大街 1 号', addressEn: '1 Zhongguancun St', cityZh: '北京', cityEn: 'Beijing', onlineUrl: null,
  checkedInAt: null, cancelUntil: '2099-12-01T03:30:00.000Z',
}

beforeAll(() => {
  ;(globalThis as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }),
  })
})

describe('the device is in New York', () => {
  it('really is (the zone this file depends on)', () => {
    expect(new Date(AT).getHours()).toBe(1)
    expect(hhmm(AT)).toBe('01:05')
  })

  it('formats in the activity zone, labelled; an unreadable zone falls back to the device', () => {
    expect(formatInZone(AT, 'UTC+08:00')).toBe('2026-12-01 14:05 (UTC+08:00)')
    expect(formatInZone(AT, 'UTC-03:30')).toBe('2026-12-01 02:35 (UTC-03:30)')
    expect(formatInZone(AT, 'Mars/Olympus')).toBe('2026-12-01 01:05')
    expect(hhmm(AT, 'UTC+08:00')).toBe('14:05')
    expect(hhmm(AT, 'UTC+05:45')).toBe('11:50')
  })
})

describe('admin: the door scanner and the enrolment list (activity in UTC+08:00)', () => {
  beforeAll(() => initI18n({ zh: adminZh, en: adminEn }))
  beforeEach(() => {
    setLang('en')
    window.localStorage.clear()
    window.history.replaceState({}, '', '/admin/activity/checkin?activityId=9')
    m.listCheckinActivities.mockResolvedValue(ok({ list: [{ id: 9, titleZh: '沙龙', titleEn: 'Salon', startTime: '2026-12-01T06:00:00.000Z', endTime: '2026-12-01T09:00:00.000Z', timeZone: 'UTC+08:00', checkedIn: 0, expected: 3 }], total: 1, page: 1, pageSize: 30 }) as any)
    m.checkinCounter.mockResolvedValue(ok({ activityId: 9, checkedIn: 1, expected: 3 }) as any)
  })

  it('"already checked in at HH:MM by whom" reads the activity clock, in the banner, the recent list and the search', async () => {
    const person = { enrollmentId: 71, name: 'Lin Wei', email: 'lin@example.com', phone: null, status: 'approved' as const, checkedInAt: AT, checkedInBy: 'Ops' }
    const already: CheckinScanResult = { kind: 'already', person, at: AT, by: 'Ops', ticketActivity: null, conflict: false, replayed: false, counter: { activityId: 9, checkedIn: 1, expected: 3 } }
    m.scanTicket.mockResolvedValue(ok(already) as any)
    m.searchCheckin.mockResolvedValue(ok([{ ...person, code: 'K7Q2M9ZT' }]) as any)
    render(
      <RouteButtonsProvider buttons={['checkin']}>
        <CheckinView lang="en" route={{} as any} routes={[]} open={() => undefined} />
      </RouteButtonsProvider>,
    )
    await waitFor(() => expect(screen.getByTestId('checkin-counter').getAttribute('data-checked')).toBe('1'))
    fireEvent.change(screen.getByTestId('checkin-code'), { target: { value: 'K7Q2M9ZT' } })
    fireEvent.click(screen.getByTestId('checkin-submit'))
    await waitFor(() => expect(screen.getByTestId('checkin-result').getAttribute('data-kind')).toBe('already'))
    expect(screen.getByTestId('checkin-result-detail').textContent).toBe('Already checked in at 14:05 by Ops')
    expect(screen.getByTestId('checkin-recent-item').textContent).toContain('Already checked in at 14:05 by Ops')
    // find the person: their check-in time on the same clock
    fireEvent.click(screen.getByTestId('checkin-tab-find'))
    const box = await screen.findByTestId('checkin-search')
    fireEvent.change(box.querySelector('input')!, { target: { value: 'lin' } })
    fireEvent.keyDown(box.querySelector('input')!, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(screen.getByTestId('checkin-person').textContent).toContain('14:05'))
    expect(screen.getByTestId('checkin-person').textContent).not.toContain('01:05')
  })

  it("the enrolment list's check-in cell", () => {
    render(<CheckinCell item={{ status: 'approved', checkedInAt: AT, checkedInBy: 'Ops' } as AdminEnrollItem} zone="UTC+08:00" />)
    expect(screen.getByTestId('adm-enroll-checkin').textContent).toContain('12-01 14:05')
  })
})

describe('consumer: ticket, cancellation deadline, a visitor on the waiting list (activity in UTC+08:00)', () => {
  const calls: Array<{ url: string; data: any }> = []
  function serve(routes: Record<string, (data: any) => unknown>) {
    calls.length = 0
    T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
      calls.push({ url, data })
      const key = Object.keys(routes).find((k) => url.includes(k))
      return key ? routes[key](data) : envelope(null)
    })
  }
  beforeAll(() => initI18n())
  beforeEach(() => {
    T.__reset()
    resetRequestState()
    setLang('en')
    window.localStorage.clear()
    act(() => useAuth.getState().logout())
  })

  it("the card's check-in time and the page's cancellation deadline", async () => {
    const card = render(<TicketCard ticket={{ ...TICKET, checkedInAt: AT }} lang="en" />)
    expect(screen.getByTestId('ticket-checked-in').textContent).toBe('Checked in at 2026-12-01 14:05 (UTC+08:00)')
    card.unmount()
    T.useRouter.mockReturnValue({ path: '/pages/ticket/index', params: { token: 'ab12' } })
    serve({ '/activity/ticket/guest': () => envelope(TICKET) })
    render(<TicketPage />)
    // 03:30 UTC: 11:30 at the activity, 22:30 the evening before on the device
    await waitFor(() => expect(screen.getByTestId('ticket-cancel-until').textContent).toBe('You can cancel until 2099-12-01 11:30 (UTC+08:00)'))
  })

  it("a visitor's link to a waiting-list place shows their position; the way to the activity keeps the token", async () => {
    const place: GuestWaitlistEntry = { id: 5, activityId: 7, state: 'waiting', position: 3, offerExpiresAt: null, enrollmentId: null, createdAt: AT, titleZh: '海归创业沙龙', titleEn: 'Returnee founders salon', timeZone: 'UTC+08:00' }
    T.useRouter.mockReturnValue({ path: '/pages/ticket/index', params: { token: 'cd34' } })
    serve({ '/activity/ticket/guest': () => envelope(null, 660, 'Unknown or invalid ticket'), '/activity/waitlist/my': () => envelope(place) })
    const r = render(<TicketPage />)
    await waitFor(() => expect(screen.getByTestId('ticket-waitlist-place').textContent).toBe('You are No. 3 on the waiting list'))
    expect(screen.getByTestId('ticket-title').textContent).toBe('Returnee founders salon')
    expect(calls.find((c) => c.url.includes('/activity/waitlist/my'))?.data).toEqual({ guestToken: 'cd34' })
    fireEvent.click(screen.getByTestId('ticket-activity'))
    expect(waitlistGuestTokenFor(7)).toBe('cd34')
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=7' })
    r.unmount()

    // a held seat: until when, on the activity's clock
    serve({ '/activity/ticket/guest': () => envelope(null, 660, 'Unknown or invalid ticket'), '/activity/waitlist/my': () => envelope({ ...place, state: 'offered', position: null, offerExpiresAt: AT }) })
    render(<TicketPage />)
    await waitFor(() => expect(screen.getByTestId('ticket-waitlist-place').textContent).toBe('A seat is held for you until 2026-12-01 14:05 (UTC+08:00)'))
  })

  it('the activity page shows a visitor their place (found with the kept token), as it shows an account holder', async () => {
    saveWaitlistGuestToken(3, 'ef56')
    T.useRouter.mockReturnValue({ path: '/pages/activity-detail/index', params: { id: '3' } })
    const entry: WaitlistEntry = { id: 8, activityId: 3, state: 'waiting', position: 2, offerExpiresAt: null, enrollmentId: null, createdAt: AT }
    serve({ '/activity/waitlist/my': () => envelope(entry) })
    const detail = { id: 3, titleZh: '论坛', titleEn: 'Forum', isNeedLoginEnroll: false, enrollState: 'join_waitlist', myEnrollment: null, peopleCount: 10, enrolledCount: 10, startTime: '2099-12-01T06:00:00.000Z', endTime: '2099-12-01T09:00:00.000Z', timeZone: 'UTC+08:00' } as unknown as ActivityDetail
    const r = render(<EnrollSection detail={detail} onChanged={jest.fn()} />)
    await waitFor(() => expect(screen.getByTestId('waitlist-position').textContent).toBe('You are No. 2 on the waiting list'))
    expect(calls.find((c) => c.url.includes('/activity/waitlist/my'))?.data).toEqual({ activityId: 3, guestToken: 'ef56' })
    expect(screen.getByTestId('enroll-button').getAttribute('data-state')).toBe('on_waitlist')
    r.unmount()

    // offered: the held seat's deadline on the activity's clock, and the button confirms it with the token
    serve({ '/activity/waitlist/my': () => envelope({ ...entry, state: 'offered', position: null, offerExpiresAt: AT }), '/activity/waitlist/confirm': () => envelope({ enrollmentId: 90, status: 'approved', guestToken: 'ef56' }) })
    render(<EnrollSection detail={detail} onChanged={jest.fn()} />)
    await waitFor(() => expect(screen.getByTestId('waitlist-position').textContent).toBe('A seat is held for you until 2026-12-01 14:05 (UTC+08:00)'))
    fireEvent.click(screen.getByTestId('enroll-button'))
    await waitFor(() => expect(calls.find((c) => c.url.includes('/activity/waitlist/confirm'))?.data).toEqual({ waitlistId: 8, guestToken: 'ef56' }))
  })
})
