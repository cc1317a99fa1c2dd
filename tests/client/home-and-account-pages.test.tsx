import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import HomePage from '../../src/pages/index/index'
import RegisterPage from '../../src/pages/register/index'
import LoginPage, { redirectTarget } from '../../src/pages/login/index'
import NotFoundPage from '../../src/pages/not-found/index'
import { initI18n, setLang } from '../../src/shared/i18n'
import { getToken } from '../../src/shared/storage'
import { resetClient } from './support/reset'
import { typeInto } from './support/fields'

const T = Taro as any
const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, result, message: '' } })
const activity = (id: number, titleEn: string, titleZh: string) => ({
  id, titleZh, titleEn, summaryZh: '', summaryEn: '', type: 'offline', posterUrl: null,
  startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T03:00:00.000Z', timeZone: 'UTC+08:00', country: 'China',
  cityZh: '北京', cityEn: 'Beijing', organizerId: 1, organizerNameZh: '', organizerNameEn: '', peopleCount: 10, enrolledCount: 0, isHot: false,
})

/** The request a page made to `path` (the desktop footer also loads site settings). */
const callTo = (path: string) => T.request.mock.calls.map((c: any[]) => c[0]).find((o: any) => o.url === `/api/v1${path}`)

/** Fill a field (ui/field: the input inside the test id's wrapper). */
const type = typeInto

beforeAll(() => initI18n())
beforeEach(resetClient)

test('home lists activities from the server with bilingual titles', async () => {
  T.request.mockImplementation(async ({ url }: { url: string }) =>
    url.includes('/activity/info/list') ? ok({ list: [activity(1, 'Forum', '论坛'), activity(2, 'Roadshow', '路演')], total: 2, page: 1, pageSize: 12 }) : ok(null),
  )
  render(<HomePage />)
  await waitFor(() => expect(screen.getAllByTestId('home-activity')).toHaveLength(2))
  expect(screen.getAllByTestId('home-activity')[0].textContent).toContain('Forum')
  expect(screen.getAllByTestId('home-activity')[0].textContent).toContain('Beijing')
  const call = T.request.mock.calls.find((c: any[]) => c[0].url.includes('/activity/info/list'))[0]
  expect(call.data).toEqual({ page: 1, pageSize: 12 })
  act(() => setLang('zh'))
  expect(screen.getAllByTestId('home-activity')[0].textContent).toContain('论坛')
})

test('register: client messages of spec section 5, in order', () => {
  render(<RegisterPage />)
  const submit = () => act(() => fireEvent.click(screen.getByTestId('register-submit')))
  const error = () => screen.getByTestId('form-error').textContent
  submit()
  expect(error()).toBe('Please enter your e-mail')
  type('register-email', 'bad')
  submit()
  expect(error()).toBe('Incorrect email format')
  type('register-email', 'a@b.com')
  submit()
  expect(error()).toBe('Please enter the verification code')
  type('register-code', '123456')
  submit()
  expect(error()).toBe('Please enter a nickname')
  type('register-nickname', 'Nick')
  type('register-password', '12345')
  submit()
  expect(error()).toBe('The password needs at least 6 characters')
  type('register-password', '123456')
  type('register-confirm', '1234567')
  submit()
  expect(error()).toBe('The two passwords do not match')
  // then the User Agreement and Privacy Policy box
  type('register-confirm', '123456')
  submit()
  expect(error()).toBe('Please read and tick to agree to the User Agreement and the Privacy Policy')
  const box = screen.getByTestId('register-agree')
  expect(box.getAttribute('aria-checked')).toBe('false')
  act(() => fireEvent.click(box))
  expect(box.getAttribute('aria-checked')).toBe('true')
  expect(error()).toBe('')
  expect(T.request).not.toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining('/register') }))
})

test('register: send code validates the e-mail, calls type=register and counts down 60 s', async () => {
  jest.useFakeTimers()
  render(<RegisterPage />)
  type('register-email', 'new@haijiao.demo')
  await act(async () => {
    fireEvent.click(screen.getByTestId('register-send-code'))
  })
  const call = callTo('/system/user/send/verify/code')
  expect(call.data).toEqual({ email: 'new@haijiao.demo', type: 'register' })
  expect(screen.getByTestId('register-send-code').textContent).toBe('Resend in 60s')
  act(() => {
    jest.advanceTimersByTime(59000)
  })
  expect(screen.getByTestId('register-send-code').textContent).toBe('Resend in 1s')
  act(() => {
    jest.advanceTimersByTime(1000)
  })
  expect(screen.getByTestId('register-send-code').textContent).toBe('Send code')
  jest.useRealTimers()
})

test('register success logs in and goes home', async () => {
  T.request.mockResolvedValue(ok({ token: 'new-token', userInfo: { id: 9, nickName: 'Nick' } }))
  render(<RegisterPage />)
  type('register-email', 'new@haijiao.demo')
  type('register-code', '123456')
  type('register-nickname', 'Nick')
  type('register-password', 'secret1')
  type('register-confirm', 'secret1')
  act(() => fireEvent.click(screen.getByTestId('register-agree')))
  await act(async () => {
    fireEvent.click(screen.getByTestId('register-submit'))
  })
  const call = callTo('/system/user/register')
  expect(call.data).toEqual({ email: 'new@haijiao.demo', code: '123456', nickName: 'Nick', password: 'secret1', confirmPassword: 'secret1', agree: true })
  expect(getToken()).toBe('new-token')
  expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
})

test('register: the agreement line links both texts, and a tap on a link opens it without ticking the box', () => {
  render(<RegisterPage />)
  const box = screen.getByTestId('register-agree')
  expect(box.textContent).toContain('User Agreement')
  expect(box.textContent).toContain('Privacy Policy')
  act(() => fireEvent.click(screen.getByTestId('register-agree-agreement')))
  expect(T.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/extend/index?content=user_agreement' })
  act(() => fireEvent.click(screen.getByTestId('register-agree-privacy')))
  expect(T.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/extend/index?content=privacy_policy' })
  expect(box.getAttribute('aria-checked')).toBe('false')
  act(() => setLang('zh'))
  expect(screen.getByTestId('register-agree').textContent).toBe('我已阅读并同意 《用户协议》 和 《隐私政策》')
  act(() => setLang('en'))
})

test('login posts with the Basic credential and returns to the redirect', async () => {
  T.useRouter.mockReturnValue({ path: '/pages/login/index', params: { redirect: encodeURIComponent('/activityDetail?id=3') } })
  T.request.mockResolvedValue(ok({ token: 't1', userInfo: { id: 1, nickName: 'A' } }))
  render(<LoginPage />)
  type('login-email', 'user@haijiao.demo')
  type('login-password', 'Haijiao2026')
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'))
  })
  const call = callTo('/system/user/login')
  expect(call.header.Authorization).toMatch(/^Basic /)
  expect(getToken()).toBe('t1')
  expect(T.redirectTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=3' })
})

test('login redirect accepts the admin guard JSON form and refuses foreign targets', () => {
  expect(redirectTarget(JSON.stringify({ path: '/admin/home', query: { a: '1' } }))).toBe('/admin/home?a=1')
  expect(redirectTarget('//evil.example')).toBe('/')
  expect(redirectTarget('https://evil.example')).toBe('/')
  expect(redirectTarget(undefined)).toBe('/')
})

test('404 page: page not found, check the URL, back to home', () => {
  render(<NotFoundPage />)
  expect(screen.getByTestId('not-found').textContent).toContain('Page not found')
  expect(screen.getByTestId('not-found').textContent).toContain('Please check the URL you entered')
  fireEvent.click(screen.getByTestId('not-found-home'))
  expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
})
