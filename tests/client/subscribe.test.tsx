/**
 * Subscription dialog: opened by the footer after its e-mail check, not closed by the backdrop,
 * categories required, the widget variant asks and validates the e-mail, a logged-in user sends
 * categories only; success and failure toasts carry the spec's texts.
 */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Footer from '../../src/components/layout/footer'
import OverlayHost from '../../src/components/overlays/overlay-host'
import SubscribeDialog from '../../src/components/subscribe/subscribe-dialog'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState } from '../../src/shared/api/request'
import { resetSiteSettingsCache } from '../../src/shared/hooks/use-site-settings'
import { useAuth } from '../../src/shared/stores/auth-store'
import { expectEmailMessages } from './support/email-messages'
import { typeInto, fieldValue } from './support/fields'
import { toastTitles } from './support/toasts'

const T = Taro as any
const env = (code: number, result: unknown) => ({ statusCode: 200, header: {}, data: { code, result, message: '' } })
const CATS = [
  { code: 'ai', nameZh: '人工智能', nameEn: 'Artificial intelligence' },
  { code: 'ic', nameZh: '集成电路', nameEn: 'Integrated circuits' },
]
let subscribeAnswer = env(200, { status: 'pending', email: 'a@b.cn' })
const calls: Array<{ url: string; data: any; header: any }> = []

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  resetRequestState()
  resetSiteSettingsCache()
  setLang('en')
  calls.length = 0
  subscribeAnswer = env(200, { status: 'pending', email: 'a@b.cn' })
  act(() => useAuth.getState().logout())
  T.request.mockImplementation(async (o: { url: string; data: any; header: any }) => {
    calls.push(o)
    if (o.url.includes('/system/subscribe/list/category')) return env(200, CATS)
    if (o.url.includes('/system/subscribe/add/subscribe_info')) return subscribeAnswer
    return env(200, null)
  })
})

const subscribeCalls = () => calls.filter((c) => c.url.includes('/system/subscribe/add/subscribe_info'))

test('the footer opens the dialog with its e-mail; the backdrop does not close it; a category is required', async () => {
  render(
    <>
      <Footer />
      <OverlayHost />
    </>,
  )
  fireEvent.input(screen.getByTestId('footer-subscribe-email'), { target: { value: ' a@b.cn ' } })
  fireEvent.click(screen.getByTestId('footer-subscribe-btn'))
  const dialog = await screen.findByTestId('subscribe-dialog')
  expect(dialog.getAttribute('data-variant')).toBe('footer')
  expect(screen.getByTestId('subscribe-who').textContent).toContain('a@b.cn')
  fireEvent.click(dialog) // our layer
  fireEvent.click(dialog.querySelector('.at-modal__overlay')!) // AtModal's backdrop
  expect(screen.queryByTestId('subscribe-dialog')).not.toBeNull()

  await waitFor(() => expect(screen.getByTestId('subscribe-cat-ai').textContent).toBe('Artificial intelligence'))
  fireEvent.click(screen.getByTestId('subscribe-submit'))
  expect(screen.getByTestId('subscribe-cat-error').textContent).toBe('Please choose at least one category')
  expect(subscribeCalls()).toHaveLength(0)

  fireEvent.click(screen.getByTestId('subscribe-cat-ic'))
  fireEvent.click(screen.getByTestId('subscribe-submit'))
  await waitFor(() => expect(screen.queryByTestId('subscribe-dialog')).toBeNull())
  expect(subscribeCalls()[0].data).toEqual({ email: 'a@b.cn', source: 'footer', professionalCodeList: ['ic'] })
  expect(toastTitles()).toContain('Almost done: please open the e-mail we sent you and confirm')
  expect(fieldValue('footer-subscribe-email')).toBe('')
})

test('from the widget the e-mail is asked and validated in the dialog; a blacklisted address gets the failure toast', async () => {
  const onClose = jest.fn()
  render(<SubscribeDialog source='widget' onClose={onClose} />)
  await waitFor(() => screen.getByTestId('subscribe-cat-ai'))
  fireEvent.click(screen.getByTestId('subscribe-cat-ai'))
  expectEmailMessages({ input: 'subscribe-email', submit: 'subscribe-submit', error: 'subscribe-email-error' })

  subscribeAnswer = env(425, { reason: 'blacklisted' })
  typeInto('subscribe-email', 'bad@ex.com')
  fireEvent.click(screen.getByTestId('subscribe-submit'))
  await waitFor(() => expect(toastTitles()).toContain('该邮箱无法订阅'))
  expect(subscribeCalls()[0].data).toEqual({ email: 'bad@ex.com', source: 'widget', professionalCodeList: ['ai'] })
  expect(onClose).not.toHaveBeenCalled()
  fireEvent.click(screen.getByTestId('subscribe-close'))
  expect(onClose).toHaveBeenCalledWith(false)
})

test('logged in: categories only, no e-mail field, no e-mail sent', async () => {
  act(() =>
    useAuth.getState().login({
      token: 't0k3n',
      userInfo: { id: 1, nickName: 'U', avatarUrl: null, auserId: null, cuserId: 1, ouserId: null, kefuId: null, isPromoter: false, email: 'user@haijiao.demo', phone: null, lang: null },
    }),
  )
  subscribeAnswer = env(200, { status: 'confirmed', email: 'user@haijiao.demo' })
  render(<SubscribeDialog source='widget' onClose={() => undefined} />)
  expect(screen.queryByTestId('subscribe-email')).toBeNull()
  expect(screen.getByTestId('subscribe-dialog').getAttribute('data-variant')).toBe('user')
  expect(screen.getByTestId('subscribe-who').textContent).toContain('user@haijiao.demo')
  await waitFor(() => screen.getByTestId('subscribe-cat-ai'))
  fireEvent.click(screen.getByTestId('subscribe-cat-ai'))
  fireEvent.click(screen.getByTestId('subscribe-submit'))
  await waitFor(() => expect(toastTitles()).toContain('Your subscription has been updated'))
  expect(subscribeCalls()[0].data).toEqual({ professionalCodeList: ['ai'] })
  expect(subscribeCalls()[0].header.Authorization).toBe('Bearer t0k3n')
})

test('keyboard (H5): focus starts on the dialog and Tab cycles inside it; Enter and Space pick a category; Escape cancels', async () => {
  const outside = document.createElement('button')
  document.body.appendChild(outside)
  outside.focus()
  const onClose = jest.fn()
  const { unmount } = render(<SubscribeDialog source='widget' onClose={onClose} />)
  await waitFor(() => screen.getByTestId('subscribe-cat-ai'))
  const box = screen.getByRole('dialog')
  expect(box.getAttribute('aria-labelledby')).toBe('hj-sub-title')
  expect(document.activeElement).toBe(box)

  const close = screen.getByTestId('subscribe-close')
  const submit = screen.getByTestId('subscribe-submit')
  // Tab from the last control goes back to the first (the ×), Shift+Tab from the first to the last
  submit.focus()
  fireEvent.keyDown(submit, { key: 'Tab' })
  expect(document.activeElement).toBe(close)
  fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
  expect(document.activeElement).toBe(submit)
  // focus that leaves the dialog (a click behind it) is brought back
  act(() => outside.focus())
  expect(box.contains(document.activeElement)).toBe(true)

  const ai = screen.getByTestId('subscribe-cat-ai')
  expect(ai.getAttribute('aria-checked')).toBe('false')
  fireEvent.keyDown(ai, { key: 'Enter' })
  expect(ai.getAttribute('aria-checked')).toBe('true')
  fireEvent.keyDown(ai, { key: ' ' })
  expect(ai.getAttribute('aria-checked')).toBe('false')

  expect(onClose).not.toHaveBeenCalled()
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
  expect(onClose).toHaveBeenCalledWith(false)
  unmount()
  // focus goes back to where it was before the dialog opened
  expect(document.activeElement).toBe(outside)
  outside.remove()
})
