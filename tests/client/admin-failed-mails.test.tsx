/**
 * The subscriber view's "failed mails" tab (src/admin/views/message/failed-mails-panel.tsx), rendered with
 * the admin API module mocked: the failed digest mails fill the table, the selected rows are sent again
 * after a confirmation, and the resend action exists only with the `resend` button permission.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { DigestDeliveryItem } from '@contracts/subscription'
import { initI18n, setLang } from '../../src/shared/i18n'
import { adminEn, adminZh } from '../../src/admin/locales'
import { RouteButtonsProvider } from '../../src/admin/core/permission'
import * as api from '../../src/admin/api/message'
import FailedMailsPanel from '../../src/admin/views/message/failed-mails-panel'

jest.mock('../../src/admin/api/message', () => ({
  listDeliveries: jest.fn(),
  resendDeliveries: jest.fn(),
}))

// antd's Table renders slowly in jsdom on a busy machine: room for the render, not a speed check
jest.setTimeout(120_000)

const listDeliveries = api.listDeliveries as jest.MockedFunction<typeof api.listDeliveries>
const resendDeliveries = api.resendDeliveries as jest.MockedFunction<typeof api.resendDeliveries>

const row = (id: number, email: string, error: string, attempts: number): DigestDeliveryItem => ({
  id,
  email,
  digestDate: '2026-11-20',
  status: 'failed',
  error,
  attempts,
  sentAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
})

const ROWS = [row(11, 'ann@example.com', 'SMTP 550 mailbox unavailable', 3), row(12, 'bob@example.com', 'interrupted while sending', 1), row(13, 'cy@example.com', 'timeout', 2)]

beforeAll(() => {
  // antd's responsive helpers and table measure with matchMedia / ResizeObserver, which jsdom lacks
  ;(globalThis as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }),
  })
  initI18n({ zh: adminZh, en: adminEn })
  setLang('en')
})

beforeEach(() => {
  listDeliveries.mockReset().mockResolvedValue({ code: 200, message: 'ok', result: { list: ROWS, total: 3, page: 1, pageSize: 20 } })
  resendDeliveries.mockReset().mockResolvedValue({ code: 200, message: 'ok', result: { count: 2 } })
})

const renderPanel = (buttons: string[]) =>
  render(
    <RouteButtonsProvider buttons={buttons}>
      <FailedMailsPanel />
    </RouteButtonsProvider>,
  )

// plain selectors: role queries walk the accessibility tree of the whole antd table and are very slow in jsdom
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('tr[data-row-key]'))
const checkbox = (r: HTMLElement) => r.querySelector('input[type="checkbox"]') as HTMLInputElement

test('lists the failed digest mails with their reason and attempts', async () => {
  renderPanel(['resend'])
  await screen.findByText('ann@example.com')
  expect(listDeliveries).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed', page: 1, pageSize: 20 }))
  const rows = bodyRows()
  expect(rows.map((r) => r.getAttribute('data-row-key'))).toEqual(['11', '12', '13'])
  expect(within(rows[0]).getByText('SMTP 550 mailbox unavailable')).toBeTruthy()
  expect(within(rows[1]).getByText('bob@example.com')).toBeTruthy()
  expect(within(rows[1]).getByText('interrupted while sending')).toBeTruthy()
  expect(within(rows[2]).getByText('2026-11-20')).toBeTruthy()
  expect(screen.getByText('3 in total')).toBeTruthy()
})

test('resends the selected mails after the confirmation and reloads the table', async () => {
  renderPanel(['resend'])
  await screen.findByText('ann@example.com')
  const button = screen.getByTestId('adm-failed-resend') as HTMLButtonElement
  expect(button.disabled).toBe(true)
  const rows = bodyRows()
  fireEvent.click(checkbox(rows[0]))
  fireEvent.click(checkbox(rows[2]))
  await waitFor(() => expect(button.disabled).toBe(false))
  fireEvent.click(button)
  const ok = await screen.findByTestId('adm-failed-resend-ok')
  expect(resendDeliveries).not.toHaveBeenCalled()
  await act(async () => {
    fireEvent.click(ok)
  })
  await waitFor(() => expect(resendDeliveries).toHaveBeenCalledWith([11, 13]))
  expect(await screen.findByText('2 mail(s) queued to be sent again')).toBeTruthy()
  await waitFor(() => expect(listDeliveries).toHaveBeenCalledTimes(2))
  await waitFor(() => expect(button.disabled).toBe(true))
})

test('without the resend permission there is neither the button nor row selection', async () => {
  renderPanel([])
  await screen.findByText('ann@example.com')
  expect(screen.queryByTestId('adm-failed-resend')).toBeNull()
  expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(0)
  expect(bodyRows()).toHaveLength(3)
})

