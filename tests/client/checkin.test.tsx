/**
 * The admin check-in view (src/admin/views/checkin) with the admin API mocked: a typed code answers in
 * the banner (kind, words, who) and moves the counter; "already" says when and by whom; without network
 * the scan is kept on the device ("saved, not yet sent") with its nonce and sent as a batch when the
 * browser is back online, the answer replacing the queued line and a conflict flagged; undo asks first.
 * And the device queue itself (scan-queue.ts): kept across instances, nonces unique, batches capped.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { CheckinCounter, CheckinPerson, CheckinScanResult } from '@contracts/ticket'
import { initI18n, setLang } from '../../src/shared/i18n'
import { adminEn, adminZh } from '../../src/admin/locales'
import { RouteButtonsProvider } from '../../src/admin/core/permission'
import { HttpError } from '../../src/shared/api/request'
import * as api from '../../src/admin/api/checkin'
import CheckinView from '../../src/admin/views/checkin/checkin-view'
import { ScanQueue, deviceId, hhmm, isOffline, randomId, toneOf, type KeyValueStore } from '../../src/admin/views/checkin/scan-queue'

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
// antd's icons ship ESM this jest config does not compile: stand-ins (as the site views' test does)
jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))
jest.setTimeout(120_000)

const m = api as jest.Mocked<typeof api>
const ok = <T,>(result: T) => ({ code: 200, message: 'ok', result })
const counter = (checkedIn: number, expected = 3): CheckinCounter => ({ activityId: 9, checkedIn, expected })
const person = (over: Partial<CheckinPerson> = {}): CheckinPerson => ({ enrollmentId: 71, name: 'Lin Wei', email: 'lin@example.com', phone: null, status: 'approved', checkedInAt: '2026-12-01T06:05:00.000Z', checkedInBy: 'Ops', ...over })
const result = (kind: CheckinScanResult['kind'], over: Partial<CheckinScanResult> = {}): CheckinScanResult => ({
  kind, person: person(), at: null, by: null, ticketActivity: null, conflict: false, replayed: false, counter: counter(1), ...over,
})

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

let online = true
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
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
  initI18n({ zh: adminZh, en: adminEn })
})

beforeEach(() => {
  online = true
  setLang('en')
  window.localStorage.clear()
  window.history.replaceState({}, '', '/admin/activity/checkin?activityId=9')
  for (const f of Object.values(m)) if (typeof (f as jest.Mock).mockReset === 'function') (f as jest.Mock).mockReset()
  m.listCheckinActivities.mockResolvedValue(ok({ list: [{ id: 9, titleZh: '沙龙', titleEn: 'Salon', startTime: '2026-12-01T06:00:00.000Z', endTime: '2026-12-01T09:00:00.000Z', timeZone: 'UTC+08:00', checkedIn: 0, expected: 3 }], total: 1, page: 1, pageSize: 30 }) as any)
  m.checkinCounter.mockResolvedValue(ok(counter(0)) as any)
})

const renderView = (buttons = ['checkin']) =>
  render(
    <RouteButtonsProvider buttons={buttons}>
      <CheckinView lang="en" route={{} as any} routes={[]} open={() => undefined} />
    </RouteButtonsProvider>,
  )

function type(code: string) {
  const input = screen.getByTestId('checkin-code') as HTMLInputElement
  fireEvent.change(input, { target: { value: code } })
  fireEvent.click(screen.getByTestId('checkin-submit'))
}

describe('check-in view', () => {
  it('answers a typed code at once: checked in with who, the counter moves; again: already at HH:MM by whom', async () => {
    renderView()
    await waitFor(() => expect(screen.getByTestId('checkin-counter').getAttribute('data-checked')).toBe('0'))
    m.scanTicket.mockResolvedValueOnce(ok(result('checked_in')) as any)
    type(' k7q2-m9zt ')
    await waitFor(() => expect(screen.getByTestId('checkin-result').getAttribute('data-kind')).toBe('checked_in'))
    expect(screen.getByTestId('checkin-result-title').textContent).toBe('Checked in')
    expect(screen.getByTestId('checkin-result-person').textContent).toBe('Lin Wei · lin@example.com')
    expect(screen.getByTestId('checkin-counter').getAttribute('data-checked')).toBe('1')
    const body = m.scanTicket.mock.calls[0][0]
    expect(body.activityId).toBe(9)
    expect(body.code).toBe('k7q2-m9zt')
    expect(body.nonce).toMatch(/^[A-Za-z0-9]{24}$/)
    expect(body.deviceId).toMatch(/^[A-Za-z0-9]{16}$/)

    m.scanTicket.mockResolvedValueOnce(ok(result('already', { at: '2026-12-01T06:05:00.000Z', by: 'Ops' })) as any)
    type('K7Q2M9ZT')
    await waitFor(() => expect(screen.getByTestId('checkin-result').getAttribute('data-kind')).toBe('already'))
    expect(screen.getByTestId('checkin-result-detail').textContent).toBe(`Already checked in at ${hhmm('2026-12-01T06:05:00.000Z', 'UTC+08:00')} by Ops`)
    // a new nonce per scan
    expect(m.scanTicket.mock.calls[1][0].nonce).not.toBe(body.nonce)
    expect(screen.getAllByTestId('checkin-recent-item').map((e) => e.getAttribute('data-kind'))).toEqual(['already', 'checked_in'])
  })

  it('offline: the scan is saved on the device, then sent with its nonce when the network returns; a conflict is flagged', async () => {
    renderView()
    await waitFor(() => expect(screen.getByTestId('checkin-counter').getAttribute('data-checked')).toBe('0'))
    m.scanTicket.mockRejectedValueOnce(new HttpError(0, null, 'request:fail'))
    type('AAAA1111')
    await waitFor(() => expect(screen.getByTestId('checkin-result').getAttribute('data-kind')).toBe('queued'))
    expect(screen.getByTestId('checkin-result-title').textContent).toBe('Saved, not yet sent')
    expect(screen.getByTestId('checkin-pending').getAttribute('data-count')).toBe('1')

    // the browser says offline: the next scan is not even tried
    online = false
    act(() => void window.dispatchEvent(new Event('offline')))
    type('BBBB2222')
    await waitFor(() => expect(screen.getByTestId('checkin-pending').getAttribute('data-count')).toBe('2'))
    expect(m.scanTicket).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('checkin-pending').textContent).toContain('Offline: 2 scan(s) saved on this device, not yet sent')
    const kept = JSON.parse(window.localStorage.getItem('hj.checkin.queue.9') || '[]')
    expect(kept.map((s: any) => s.code)).toEqual(['AAAA1111', 'BBBB2222'])

    m.uploadScans.mockImplementation(async (b) =>
      ok({
        results: [
          { ...result('checked_in'), nonce: b.scans[0].nonce },
          { ...result('already', { at: '2026-12-01T06:01:00.000Z', by: 'Door 2', conflict: true, person: person({ enrollmentId: 72, name: 'Zhao Min', email: 'zhao@example.com' }) }), nonce: b.scans[1].nonce },
        ],
        counter: counter(2),
      }) as any,
    )
    online = true
    await act(async () => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(screen.queryByTestId('checkin-pending')).toBeNull())
    const sent = m.uploadScans.mock.calls[0][0]
    expect(sent.activityId).toBe(9)
    expect(sent.scans.map((s) => s.nonce)).toEqual(kept.map((s: any) => s.nonce))
    expect(window.localStorage.getItem('hj.checkin.queue.9')).toBeNull()
    const rows = screen.getAllByTestId('checkin-recent-item')
    expect(rows.map((e) => [e.getAttribute('data-kind'), e.getAttribute('data-conflict')])).toEqual([
      ['already', '1'],
      ['checked_in', ''],
    ])
    expect(screen.getByTestId('checkin-counter').getAttribute('data-checked')).toBe('2')
  })

  it('undo asks first, then calls the server with the enrolment', async () => {
    m.undoCheckin.mockResolvedValue(ok(person({ checkedInAt: null, checkedInBy: null })) as any)
    renderView()
    await waitFor(() => expect(screen.getByTestId('checkin-counter').getAttribute('data-checked')).toBe('0'))
    m.scanTicket.mockResolvedValueOnce(ok(result('checked_in')) as any)
    type('CCCC3333')
    await waitFor(() => expect(screen.getByTestId('checkin-undo')).toBeTruthy())
    fireEvent.click(screen.getByTestId('checkin-undo'))
    expect(m.undoCheckin).not.toHaveBeenCalled()
    fireEvent.click(await screen.findByTestId('checkin-undo-ok'))
    await waitFor(() => expect(m.undoCheckin).toHaveBeenCalledWith(71))
    await waitFor(() => expect(screen.getByTestId('checkin-result-title').textContent).toBe('Checked in · Undone'))
  })

  it('without the checkin button: no code box, no camera (zh)', async () => {
    setLang('zh')
    renderView([])
    await waitFor(() => expect(screen.getByTestId('checkin-counter')).toBeTruthy())
    expect(screen.queryByTestId('checkin-code')).toBeNull()
    expect(screen.queryByTestId('checkin-camera-toggle')).toBeNull()
    expect(screen.getByTestId('checkin-result').textContent).toBe('等待扫码或输入票码')
  })
})

describe('scan queue', () => {
  it('keeps scans per activity across instances, drops the answered ones, caps a batch', () => {
    const store = memoryStore()
    const q = new ScanQueue(store, 9)
    for (let i = 0; i < 5; i++) q.add({ code: `C${i}`, nonce: `n${i}`, scannedAt: '2026-12-01T06:00:00.000Z' })
    q.add({ code: 'dup', nonce: 'n1', scannedAt: '2026-12-01T06:00:00.000Z' })
    expect(new ScanQueue(store, 9).list().map((s) => s.code)).toEqual(['C0', 'C1', 'C2', 'C3', 'C4'])
    expect(new ScanQueue(store, 10).size).toBe(0)
    expect(q.next(2).map((s) => s.nonce)).toEqual(['n0', 'n1'])
    q.remove(['n0', 'n3'])
    expect(q.list().map((s) => s.nonce)).toEqual(['n1', 'n2', 'n4'])
    q.remove(['n1', 'n2', 'n4'])
    expect(store.map.size).toBe(0)
    store.setItem('hj.checkin.queue.9', '{broken')
    expect(q.list()).toEqual([])
  })

  it('one device id per browser; random ids of the asked length from [A-Za-z0-9]', () => {
    const store = memoryStore()
    const a = deviceId(store)
    expect(deviceId(store)).toBe(a)
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/)
    const ids = new Set(Array.from({ length: 200 }, () => randomId(24)))
    expect(ids.size).toBe(200)
  })

  it('tones and what counts as offline', () => {
    expect(['checked_in', 'already', 'unknown', 'wrong_activity', 'cancelled_or_rejected', 'not_confirmed', 'queued'].map((k) => toneOf(k as any))).toEqual(['ok', 'warn', 'bad', 'bad', 'bad', 'bad', 'queued'])
    expect(isOffline(new HttpError(0, null), true)).toBe(true)
    expect(isOffline(new HttpError(502, null), true)).toBe(true)
    expect(isOffline(new HttpError(401, null), true)).toBe(false)
    expect(isOffline(new HttpError(401, null), false)).toBe(true)
    expect(isOffline(new Error('timeout'), true)).toBe(true)
  })
})
