/**
 * Consumer tickets: the QR code drawn from qrcode's matrix decodes (with @zxing/library, the
 * decoder the admin's camera uses) back to the ticket code, in alphanumeric and byte mode; the ticket card
 * shows the title, time in the activity's zone, address and holder, and no code for a cancelled
 * enrolment; the ticket page keeps the last ticket and shows it, marked as a saved copy, when the network
 * is gone; cancelling asks first and sends the enrolment id.
 */
import React from 'react'
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library'
import { qrMatrix } from '../../src/components/ticket/qr-matrix'
import TicketCard, { groupCode } from '../../src/components/ticket/ticket-card'
import TicketPage from '../../src/pages/ticket/index'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import { useAuth } from '../../src/shared/stores/auth-store'
import { lastTicket } from '../../src/shared/api/ticket'
import type { Ticket } from '@contracts/ticket'
import { USER } from './support/center-server'

const T = Taro as any

/** the matrix as an 8-bit grey image (4 px per module, 4-module quiet zone), decoded by zxing */
function decode(text: string): string {
  const m = qrMatrix(text)
  const scale = 4
  const side = (m.size + 8) * scale
  const grey = new Uint8ClampedArray(side * side).fill(255)
  for (let r = 0; r < m.size; r++)
    for (let c = 0; c < m.size; c++)
      if (m.dark[r * m.size + c])
        for (let y = 0; y < scale; y++) for (let x = 0; x < scale; x++) grey[((r + 4) * scale + y) * side + (c + 4) * scale + x] = 0
  const source = new RGBLuminanceSource(grey, side, side)
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText()
}

const TICKET: Ticket = {
  enrollmentId: 41, activityId: 7, code: 'K7Q2M9ZT4XW8BN3RVC6HJP1D5F', qrPayload: 'K7Q2M9ZT4XW8BN3RVC6HJP1D5F', state: 'valid', valid: true,
  holderName: 'Lin Wei', titleZh: '海归创业沙龙', titleEn: 'Returnee founders salon', startTime: '2026-12-01T06:00:00.000Z', endTime: '2026-12-01T09:00:00.000Z',
  timeZone: 'UTC+08:00', type: 'offline', addressZh: '中关村大街 1 号', addressEn: '1 Zhongguancun St', cityZh: '北京', cityEn: 'Beijing', onlineUrl: null,
  checkedInAt: null, cancelUntil: '2099-12-01T06:00:00.000Z',
}

const envelope = (result: unknown, code = 200, message = '') => ({ statusCode: 200, data: { code, result, message }, header: {} })

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  resetRequestState()
  setLang('en')
  act(() => useAuth.getState().logout())
})

describe('QR matrix', () => {
  it('decodes back to the ticket code (alphanumeric) and to any text (bytes, UTF-8)', () => {
    expect(decode(TICKET.code)).toBe(TICKET.code)
    expect(decode('https://haijiao.example/ticket?token=abc')).toBe('https://haijiao.example/ticket?token=abc')
    expect(decode('票 K7Q2')).toBe('票 K7Q2')
  })

  it('draws rows of runs that cover every module exactly once', () => {
    const m = qrMatrix(TICKET.code)
    expect(m.size).toBeGreaterThanOrEqual(21)
    for (const row of m.rows) expect(row.reduce((n, run) => n + run.length, 0)).toBe(m.size)
    // runs alternate: two neighbours never have the same colour
    for (const row of m.rows) row.slice(1).forEach((run, i) => expect(run.dark).not.toBe(row[i].dark))
  })
})

describe('TicketCard', () => {
  it('shows title, time in the activity zone, address, holder and the grouped code with its QR', () => {
    render(<TicketCard ticket={TICKET} lang='en' />)
    expect(screen.getByTestId('ticket-title').textContent).toBe('Returnee founders salon')
    expect(screen.getByTestId('ticket-time').textContent).toBe('2026-12-01 14:00 – 17:00 (UTC+08:00)')
    expect(screen.getByTestId('ticket-address').textContent).toBe('Beijing · 1 Zhongguancun St')
    expect(screen.getByTestId('ticket-holder').textContent).toBe('Lin Wei')
    expect(screen.getByTestId('ticket-code').textContent).toBe(groupCode(TICKET.code))
    expect(screen.getByTestId('ticket-qr').getAttribute('data-size')).toBe(String(qrMatrix(TICKET.code).size))
  })

  it('a cancelled enrolment has no code and says why (zh)', () => {
    setLang('zh')
    render(<TicketCard ticket={{ ...TICKET, state: 'cancelled', valid: false, code: '', qrPayload: '' }} lang='zh' />)
    expect(screen.queryByTestId('ticket-qr')).toBeNull()
    expect(screen.queryByTestId('ticket-code')).toBeNull()
    expect(screen.getByTestId('ticket-void').textContent).toBe('报名已取消，此票已失效')
    expect(screen.getByTestId('ticket-title').textContent).toBe('海归创业沙龙')
  })
})

describe('ticket page', () => {
  const open = (params: Record<string, string>) => T.useRouter.mockReturnValue({ path: '/pages/ticket/index', params })
  /** answers by path (the frame asks for other things too); `null` = no network for that path */
  const calls: Array<{ url: string; method: string; data: any }> = []
  function serveTicket(routes: Record<string, (data: any) => unknown>) {
    calls.length = 0
    T.request.mockImplementation(async ({ url, method, data }: { url: string; method: string; data: any }) => {
      calls.push({ url, method, data })
      const key = Object.keys(routes).find((k) => url.includes(k))
      if (!key) return envelope(null)
      const v = routes[key](data)
      if (v === null) throw { errMsg: 'request:fail' }
      return v
    })
  }
  const ticketCalls = (part: string) => calls.filter((c) => c.url.includes(part))

  it('keeps the ticket it showed and shows that copy, marked, when the network is gone', async () => {
    act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
    open({ enrollmentId: '41' })
    serveTicket({ '/activity/ticket/my': () => envelope(TICKET) })
    const first = render(<TicketPage />)
    await waitFor(() => expect(screen.getByTestId('ticket-code')).toBeTruthy())
    expect(ticketCalls('/activity/ticket/my')[0].data).toEqual({ enrollmentId: 41 })
    expect(screen.queryByTestId('ticket-offline')).toBeNull()
    expect(lastTicket('enrollmentId:41')?.ticket.code).toBe(TICKET.code)
    first.unmount()

    serveTicket({ '/activity/ticket/my': () => null })
    render(<TicketPage />)
    await waitFor(() => expect(screen.getByTestId('ticket-offline')).toBeTruthy())
    expect(screen.getByTestId('ticket-code').getAttribute('data-code')).toBe(TICKET.code)
    // a saved copy cannot be cancelled: that needs the server
    expect(screen.queryByTestId('ticket-cancel')).toBeNull()
  })

  it('an unknown token says the ticket does not exist', async () => {
    open({ token: 'nope' })
    serveTicket({ '/activity/ticket/guest': () => envelope(null, 660, 'Unknown or invalid ticket') })
    render(<TicketPage />)
    await waitFor(() => expect(screen.getByTestId('ticket-missing').textContent).toBe('This ticket does not exist or the link has expired'))
    expect(ticketCalls('/activity/ticket/guest')[0].data).toEqual({ token: 'nope' })
  })

  it('cancels after the confirmation, with the enrolment id, and shows the cancelled ticket', async () => {
    act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
    open({ enrollmentId: '41' })
    let cancelled = false
    serveTicket({
      '/activity/ticket/my': () => envelope(cancelled ? { ...TICKET, state: 'cancelled', valid: false, code: '', qrPayload: '', cancelUntil: null } : TICKET),
      '/activity/enroll/cancel': () => {
        cancelled = true
        return envelope({ enrollmentId: 41, status: 'cancelled', cancelledAt: '2026-11-28T08:00:00.000Z' })
      },
    })
    render(<TicketPage />)
    await waitFor(() => expect(screen.getByTestId('ticket-cancel')).toBeTruthy())
    fireEvent.click(screen.getByTestId('ticket-cancel'))
    // keeping the seat sends nothing
    fireEvent.click(screen.getByTestId('ticket-cancel-confirm-cancel'))
    expect(screen.queryByTestId('ticket-cancel-confirm')).toBeNull()
    expect(ticketCalls('/activity/enroll/cancel')).toHaveLength(0)

    fireEvent.click(screen.getByTestId('ticket-cancel'))
    fireEvent.click(screen.getByTestId('ticket-cancel-confirm-ok'))
    await waitFor(() => expect(screen.getByTestId('ticket-void')).toBeTruthy())
    const [cancelCall] = ticketCalls('/activity/enroll/cancel')
    expect(cancelCall.method).toBe('POST')
    expect(cancelCall.data).toEqual({ enrollmentId: 41 })
    expect(screen.queryByTestId('ticket-cancel')).toBeNull()
  })
})
