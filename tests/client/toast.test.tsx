/**
 * Toasts: `toast()` (src/shared/stores/toast-store.ts) drawn by the overlay host with taro-ui's AtToast —
 * in the host's live region, the success picture for icon 'success', replaced by the next toast, gone
 * when its time is up or on a tap, and on a page opened meanwhile only for the time it has left. Only the
 * host on top draws it.
 */
import { render, screen, act, fireEvent, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import OverlayHost from '../../src/components/overlays/overlay-host'
import { toast } from '../../src/shared/stores/toast-store'
import { initI18n } from '../../src/shared/i18n'

const T = Taro as any

beforeAll(() => initI18n())
beforeEach(() => T.__reset())
afterEach(() => jest.useRealTimers())

test('a toast shows its text in the live region, is replaced by the next and goes when its time is up', async () => {
  jest.useFakeTimers()
  render(<OverlayHost toastsOnly />)
  const live = document.querySelector('[role="status"]')!
  expect(live.getAttribute('aria-live')).toBe('polite')
  expect(screen.queryByTestId('toast')).toBeNull()

  act(() => toast('Added to your favourites', { duration: 2000 }))
  await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Added to your favourites'))
  expect(live.contains(screen.getByTestId('toast'))).toBe(true)
  expect(screen.getByTestId('toast').querySelector('.at-toast .toast-body--text')).toBeTruthy()

  act(() => toast('登录成功', { icon: 'success', duration: 1000 }))
  expect(screen.getAllByTestId('toast')).toHaveLength(1)
  expect(screen.getByTestId('toast').textContent).toBe('登录成功')
  expect(screen.getByTestId('toast').getAttribute('data-icon')).toBe('success')
  expect(screen.getByTestId('toast').querySelector('.at-toast__body--success img')).toBeTruthy()

  act(() => {
    jest.advanceTimersByTime(900)
  })
  expect(screen.queryByTestId('toast')).not.toBeNull()
  act(() => {
    jest.advanceTimersByTime(200)
  })
  expect(screen.queryByTestId('toast')).toBeNull()
})

test('a tap hides it', async () => {
  render(<OverlayHost toastsOnly />)
  act(() => toast('Network error', { duration: 5000 }))
  await waitFor(() => screen.getByTestId('toast'))
  fireEvent.click(screen.getByTestId('toast').querySelector('.toast-body')!)
  expect(screen.queryByTestId('toast')).toBeNull()
})

test('only the host on top draws it, and the next page gets only the time left', async () => {
  jest.useFakeTimers()
  const first = render(<OverlayHost toastsOnly />)
  act(() => toast('登录成功', { duration: 1000 }))
  await waitFor(() => expect(screen.getAllByTestId('toast')).toHaveLength(1))
  act(() => {
    jest.advanceTimersByTime(600)
  })
  // a page opens on top (log in, then home): its host draws the toast, the one below does not
  const second = render(<OverlayHost toastsOnly />)
  expect(screen.getAllByTestId('toast')).toHaveLength(1)
  expect(second.container.querySelector('[data-testid="toast"]')).toBeTruthy()
  expect(first.container.querySelector('[data-testid="toast"]')).toBeNull()
  act(() => {
    jest.advanceTimersByTime(450)
  })
  expect(screen.queryByTestId('toast')).toBeNull()
})
