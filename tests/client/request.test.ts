import Taro from '@tarojs/taro'
import {
  configureRequest,
  request,
  http,
  resetRequestState,
  maybeRefreshToken,
  checkVersion,
  basicCredential,
  HttpError,
} from '../../src/shared/api/request'
import { STORAGE_KEYS, getToken, setItem, setToken } from '../../src/shared/storage'
import { initI18n, setLang } from '../../src/shared/i18n'
import { CLIENT_CREDENTIALS } from '@contracts/api'

const T = Taro as any
const reply = (statusCode: number, data: unknown) => ({ statusCode, data, header: {} })

function hooks() {
  const h = {
    navigate: jest.fn(),
    showWarning: jest.fn(),
    showInfo: jest.fn(),
    showSuccess: jest.fn(),
    reload: jest.fn(),
    currentPath: () => '/center?tab=2',
  }
  configureRequest({ ...h, clientId: 'h5', loginPath: '/login' })
  return h
}

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  resetRequestState()
  setLang('en')
  jest.useRealTimers()
})

describe('request client', () => {
  test('sends JSON to /api/v1 with a 10 s timeout, Bearer token and Accept-Language', async () => {
    hooks()
    setToken('tok-1')
    T.request.mockResolvedValue(reply(200, { code: 200, result: { ok: 1 }, message: '' }))
    const env = await http.get<{ ok: number }>('/activity/info/list', { page: 1 })
    expect(env.result).toEqual({ ok: 1 })
    const call = T.request.mock.calls[0][0]
    expect(call.url).toBe('/api/v1/activity/info/list')
    expect(call.timeout).toBe(10000)
    expect(call.header['Content-Type']).toBe('application/json')
    expect(call.header.Authorization).toBe('Bearer tok-1')
    expect(call.header['Accept-Language']).toBe('en')
    setLang('zh')
    await http.get('/x')
    expect(T.request.mock.calls[1][0].header['Accept-Language']).toBe('zh-CN')
  })

  test('no Authorization header without a token', async () => {
    hooks()
    await http.post('/x', { a: 1 })
    expect(T.request.mock.calls[0][0].header.Authorization).toBeUndefined()
    expect(T.request.mock.calls[0][0].method).toBe('POST')
  })

  test('login calls carry the Basic client credential of the configured client', async () => {
    hooks()
    setToken('tok-1')
    await request({ url: '/system/user/login', method: 'POST', data: {}, basicAuth: true })
    const expected = `Basic ${Buffer.from(`${CLIENT_CREDENTIALS.h5.id}:${CLIENT_CREDENTIALS.h5.secret}`).toString('base64')}`
    expect(T.request.mock.calls[0][0].header.Authorization).toBe(expected)
    configureRequest({ clientId: 'admin' })
    expect(basicCredential()).toBe(
      `Basic ${Buffer.from(`${CLIENT_CREDENTIALS.admin.id}:${CLIENT_CREDENTIALS.admin.secret}`).toString('base64')}`,
    )
  })

  test('code ≠ 200 shows the translated request.{code} warning and still passes the result on', async () => {
    const h = hooks()
    T.request.mockResolvedValue(reply(200, { code: 410, result: { field: 'code' }, message: 'x' }))
    const env = await http.post('/system/user/register', {})
    expect(env.code).toBe(410)
    expect(env.result).toEqual({ field: 'code' })
    expect(h.showWarning).toHaveBeenCalledWith('Verification code expired or wrong')
    setLang('zh')
    await http.post('/system/user/register', {})
    expect(h.showWarning).toHaveBeenLastCalledWith('验证码已过期或错误')
  })

  test('671 with consentRequired (the policy texts changed while signed in) asks the app to show its re-consent sheet; other codes do not', async () => {
    hooks()
    const consentRequired = jest.fn()
    configureRequest({ consentRequired })
    T.request.mockResolvedValueOnce(reply(200, { code: 671, result: { consentRequired: true }, message: '' }))
    expect((await http.get('/notification/my/list')).code).toBe(671)
    expect(consentRequired).toHaveBeenCalledTimes(1)
    // the agree route's own 671 (stale versions on the sheet) carries the versions, not the flag
    T.request.mockResolvedValueOnce(reply(200, { code: 671, result: { current: { agreementVersion: 2, privacyVersion: 1 } }, message: '' }))
    T.request.mockResolvedValueOnce(reply(200, { code: 402, result: null, message: '' }))
    await http.post('/system/user/consent/agree', {})
    await http.get('/x')
    expect(consentRequired).toHaveBeenCalledTimes(1)
  })

  test('silent requests do not warn', async () => {
    const h = hooks()
    T.request.mockResolvedValue(reply(200, { code: 410, result: null, message: '' }))
    await request({ url: '/x', silent: true })
    expect(h.showWarning).not.toHaveBeenCalled()
  })

  test('other HTTP errors reject with the status', async () => {
    const h = hooks()
    T.request.mockResolvedValue(reply(500, { code: 500, result: null, message: 'Request error' }))
    await expect(http.get('/x')).rejects.toMatchObject({ status: 500 })
    T.request.mockResolvedValue(reply(403, { code: 402, result: null, message: '' }))
    await expect(http.get('/x')).rejects.toBeInstanceOf(HttpError)
    T.request.mockRejectedValue({ errMsg: 'request:fail timeout' })
    await expect(http.get('/x')).rejects.toMatchObject({ status: 0 })
    expect(h.navigate).not.toHaveBeenCalled()
  })

  test('HTTP 401 clears auth, informs, navigates to login after 30 ms; repeats within 1 s suppressed', async () => {
    jest.useFakeTimers({ now: 1_000_000 })
    const h = hooks()
    setToken('stale')
    setItem(STORAGE_KEYS.userInfo, { id: 1 })
    setItem(STORAGE_KEYS.menu, 'enc')
    T.request.mockResolvedValue(reply(401, { code: 402, result: null, message: '' }))

    await expect(http.get('/system/user/current/user')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(T.__storage.has(STORAGE_KEYS.userInfo)).toBe(false)
    expect(T.__storage.has(STORAGE_KEYS.menu)).toBe(false)
    expect(h.showInfo).toHaveBeenCalledWith('Not logged in or login expired, please log in again')
    expect(h.navigate).not.toHaveBeenCalled()
    jest.advanceTimersByTime(29)
    expect(h.navigate).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(h.navigate).toHaveBeenCalledTimes(1)
    expect(h.navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/center?tab=2')}`)

    // a second 401 900 ms later is suppressed
    jest.advanceTimersByTime(870)
    await expect(http.get('/x')).rejects.toMatchObject({ status: 401 })
    jest.advanceTimersByTime(100)
    expect(h.showInfo).toHaveBeenCalledTimes(1)
    expect(h.navigate).toHaveBeenCalledTimes(1)

    // after the 1 s window a new 401 is handled again
    jest.advanceTimersByTime(1000)
    await expect(http.get('/x')).rejects.toMatchObject({ status: 401 })
    jest.advanceTimersByTime(30)
    expect(h.showInfo).toHaveBeenCalledTimes(2)
    expect(h.navigate).toHaveBeenCalledTimes(2)
  })
})

describe('token refresh', () => {
  test('refreshes only when a token exists and the last refresh is older than 30 minutes', async () => {
    hooks()
    const t0 = 5_000_000
    expect(await maybeRefreshToken(t0)).toBe(false) // no token
    expect(T.request).not.toHaveBeenCalled()

    setToken('old', t0)
    T.request.mockResolvedValue(reply(200, { code: 200, result: 'new-token', message: '' }))
    expect(await maybeRefreshToken(t0 + 29 * 60 * 1000)).toBe(false)
    expect(await maybeRefreshToken(t0 + 30 * 60 * 1000 - 1)).toBe(false)
    expect(T.request).not.toHaveBeenCalled()

    expect(await maybeRefreshToken(t0 + 30 * 60 * 1000 + 1)).toBe(true)
    expect(T.request).toHaveBeenCalledTimes(1)
    const call = T.request.mock.calls[0][0]
    expect(call.url).toBe('/api/v1/system/user/refresh/token')
    expect(call.header.Authorization).toBe('Bearer old')
    expect(getToken()).toBe('new-token')
    expect(Number(T.__storage.get(STORAGE_KEYS.tokenRefreshedAt))).toBeGreaterThan(t0)
  })

  test('a failed refresh keeps the token', async () => {
    hooks()
    setToken('old', 0)
    T.request.mockResolvedValue(reply(200, { code: 402, result: null, message: '' }))
    expect(await maybeRefreshToken(60 * 60 * 1000)).toBe(false)
    expect(getToken()).toBe('old')
  })
})

describe('version check', () => {
  test('a different version shows a success message and reloads after 1 s', async () => {
    jest.useFakeTimers()
    const h = hooks()
    T.request.mockResolvedValue(reply(200, { version: 'newer-build' }))
    expect(await checkVersion()).toBe(true)
    expect(T.request.mock.calls[0][0].url).toMatch(/^\/version\.json\?t=\d+$/)
    expect(h.showSuccess).toHaveBeenCalled()
    jest.advanceTimersByTime(999)
    expect(h.reload).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(h.reload).toHaveBeenCalledTimes(1)
  })

  test('a page showing asks at once, except the first page, which asks once it has settled', async () => {
    jest.useFakeTimers()
    hooks()
    T.request.mockResolvedValue(reply(200, { version: 'test-build' }))
    const { checkVersionOnShow } = await import('../../src/components/layout/version-check')
    checkVersionOnShow()
    expect(T.request).not.toHaveBeenCalled()
    // the document has loaded in jsdom: two settling seconds, then an idle moment (none in jsdom)
    jest.advanceTimersByTime(1999)
    expect(T.request).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(T.request).toHaveBeenCalledTimes(1)
    await jest.runAllTimersAsync()
    checkVersionOnShow()
    expect(T.request).toHaveBeenCalledTimes(2)
    expect(T.request.mock.calls[1][0].url).toMatch(/^\/version\.json\?t=\d+$/)
  })

  test('the same version does nothing', async () => {
    const h = hooks()
    T.request.mockResolvedValue(reply(200, { version: 'test-build' }))
    expect(await checkVersion()).toBe(false)
    expect(h.showSuccess).not.toHaveBeenCalled()
  })
})

describe('an activity page answer started as the app opens', () => {
  test('is handed once to the page’s first identical call; later calls and other ids ask again', async () => {
    hooks()
    setToken('tok-early')
    const { getActivityDetail, startActivityDetail } = await import('../../src/shared/api/content')
    T.request.mockResolvedValue(reply(200, { code: 200, result: { id: 7, titleZh: '早' }, message: '' }))
    startActivityDetail(7)
    expect(T.request).toHaveBeenCalledTimes(1)
    // the app's own request: the caller's token travels with it
    expect(T.request.mock.calls[0][0].header.Authorization).toBe('Bearer tok-early')
    expect(T.request.mock.calls[0][0].data).toEqual({ id: 7 })
    expect(await getActivityDetail(7)).toEqual({ id: 7, titleZh: '早' })
    expect(T.request).toHaveBeenCalledTimes(1)
    await getActivityDetail(7)
    await getActivityDetail(8)
    expect(T.request).toHaveBeenCalledTimes(3)
  })

  test('a failed early answer fails the page’s call, which the page reports', async () => {
    hooks()
    const { getActivityDetail, startActivityDetail } = await import('../../src/shared/api/content')
    T.request.mockResolvedValue(reply(200, { code: 302, result: null, message: 'gone' }))
    startActivityDetail(9)
    await expect(getActivityDetail(9)).rejects.toMatchObject({ code: 302 })
    expect(T.request).toHaveBeenCalledTimes(1)
  })
})
