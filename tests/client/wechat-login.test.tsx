/**
 * WeChat sign-in on the client: environment detection from the agent, the weapp call path with a mocked
 * Taro.login, the H5 "query code" flow (URL cleaned, redirect followed, token and user stored) and the
 * login page's WeChat button.
 */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetRequestState, basicCredential } from '../../src/shared/api/request'
import { useAuth } from '../../src/shared/stores/auth-store'
import { getItem, getToken, STORAGE_KEYS } from '../../src/shared/storage'
import { isInWeChat, isMiniProgramWebViewUA, isWeChatUA, weChatEnv } from '../../src/shared/env'
import {
  afterSignInTarget,
  h5WechatCodeSignIn,
  resetWechatCodeSignIn,
  useWechatCodeSignIn,
  weappWechatSignIn,
  withoutWechatCode,
} from '../../src/shared/auth/wechat-login'
import LoginPage from '../../src/pages/login/index'
// the mock below (jest hoists jest.mock above the imports)
import { assignLocation } from '../../src/shared/platform/browser'
import { toastTitles } from './support/toasts'

jest.mock('../../src/shared/platform/browser', () => {
  const actual = jest.requireActual('../../src/shared/platform/browser')
  return { ...actual, assignLocation: jest.fn() }
})

const T = Taro as any
const UA = {
  iosWeChat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  androidWeChat:
    'Mozilla/5.0 (Linux; Android 13; PGT-AN10 Build/HONORPGT-AN10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1110017 MMWEBSDK/20230805 MMWEBID/2651 MicroMessenger/8.0.42.2460(0x28002A58) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  miniProgramWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN miniProgram/wx1234567890abcdef',
  windowsWeChat:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/8555 Flue',
  weCom:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.16 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
}

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
}

const envelope = (code: number, result: unknown, message = '') => ({ statusCode: 200, header: {}, data: { code, result, message } })
const USER = {
  id: 41, nickName: '小海', avatarUrl: 'https://thirdwx.qlogo.cn/a/132', auserId: null, cuserId: 7, ouserId: null,
  kefuId: null, isPromoter: false, email: 'wx-ab12@wechat.invalid', phone: null, lang: null,
}

/** Script the server: path (after /api/v1) → envelope. Unknown paths answer 200 null (footer settings …). */
function server(routes: Record<string, ReturnType<typeof envelope>>) {
  T.request.mockImplementation(async ({ url }: { url: string }) => {
    const path = url.replace(/^.*\/api\/v1/, '').split('?')[0]
    return routes[path] ?? envelope(200, null)
  })
}
const calls = (path: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => o.url.endsWith(`/api/v1${path}`))

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  T.login = jest.fn()
  T.hideLoading.mockResolvedValue({})
  T.showLoading.mockResolvedValue({})
  resetRequestState()
  resetWechatCodeSignIn()
  ;(assignLocation as jest.Mock).mockReset()
  setLang('en')
  setUserAgent(UA.chrome)
  act(() => useAuth.getState().sync())
})

describe('environment from the user agent (spec section 4)', () => {
  test('WeChat in-app browsers on iOS, Android and Windows carry the marker', () => {
    for (const ua of [UA.iosWeChat, UA.androidWeChat, UA.windowsWeChat]) {
      expect([ua.slice(0, 30), isWeChatUA(ua)]).toEqual([ua.slice(0, 30), true])
      expect(isMiniProgramWebViewUA(ua)).toBe(false)
      expect(weChatEnv(ua)).toBe('wechatBrowser')
      expect(isInWeChat(ua)).toBe(true)
    }
  })

  test('a mini-program web-view is WeChat and a mini-program', () => {
    expect(isWeChatUA(UA.miniProgramWebView)).toBe(true)
    expect(isMiniProgramWebViewUA(UA.miniProgramWebView)).toBe(true)
    expect(weChatEnv(UA.miniProgramWebView)).toBe('miniProgramWebView')
  })

  test('ordinary browsers, WeCom and missing agents are not WeChat', () => {
    for (const ua of [UA.chrome, UA.safari, UA.weCom, '', null, undefined]) {
      expect(isWeChatUA(ua)).toBe(false)
      expect(weChatEnv(ua)).toBe('none')
    }
    // "miniProgram" alone is not the WeChat marker
    expect(isMiniProgramWebViewUA('Mozilla/5.0 miniProgram')).toBe(false)
  })

  test('the weapp build is always WeChat, whatever the agent', () => {
    const before = process.env.TARO_ENV
    process.env.TARO_ENV = 'weapp'
    try {
      expect(weChatEnv('')).toBe('weapp')
      expect(isInWeChat('')).toBe(true)
    } finally {
      process.env.TARO_ENV = before
    }
  })
})

describe('weapp: Taro.login → server → token', () => {
  test('signs in: the code goes to wx/mini/login, the ticket to cuser/wechat/login, the token and user are stored', async () => {
    T.login.mockResolvedValue({ code: 'MINI-CODE', errMsg: 'login:ok' })
    server({
      '/system/user/wx/mini/login': envelope(200, { userInfo: null, unionId: 'union-9', ticket: 'TICKET-9' }),
      '/system/user/cuser/wechat/login': envelope(200, 'TOKEN-9'),
      '/system/user/current/user': envelope(200, USER),
    })
    const user = await weappWechatSignIn()
    expect(user).toEqual(USER)
    expect(T.login).toHaveBeenCalledTimes(1)
    expect(calls('/system/user/wx/mini/login')[0]).toMatchObject({ method: 'POST', data: { code: 'MINI-CODE' } })
    const login = calls('/system/user/cuser/wechat/login')[0]
    expect(login).toMatchObject({ method: 'POST', data: { unionId: 'union-9', ticket: 'TICKET-9', avatarUrl: '', nickName: '' } })
    expect(login.header.Authorization).toBe(basicCredential())
    // the user was loaded with the new token
    expect(calls('/system/user/current/user')[0].header.Authorization).toBe('Bearer TOKEN-9')
    expect(getToken()).toBe('TOKEN-9')
    expect(useAuth.getState()).toMatchObject({ token: 'TOKEN-9', user: USER })
    expect(getItem(STORAGE_KEYS.userInfo)).toEqual(USER)
  })

  test('Taro.login failing: a message, no server call, still logged out', async () => {
    T.login.mockRejectedValue({ errMsg: 'login:fail' })
    const user = await weappWechatSignIn()
    expect(user).toBeNull()
    expect(T.request).not.toHaveBeenCalled()
    expect(toastTitles()).toContain('WeChat sign-in failed, please try again')
    expect(getToken()).toBeNull()
  })

  test('WeChat refusing the code (301): the warning shows, no token is stored', async () => {
    T.login.mockResolvedValue({ code: 'USED' })
    server({ '/system/user/wx/mini/login': envelope(301, { field: 'code', wechatErrcode: 40163 }, 'Parameter error: code') })
    expect(await weappWechatSignIn()).toBeNull()
    expect(calls('/system/user/cuser/wechat/login')).toHaveLength(0)
    expect(toastTitles()).toContain('Parameter error')
    expect(getToken()).toBeNull()
    expect(useAuth.getState().user).toBeNull()
  })
})

describe('H5 inside WeChat: the query code', () => {
  const okServer = () =>
    server({
      '/system/user/wx/login': envelope(200, { userInfo: { headimgurl: 'https://thirdwx.qlogo.cn/a/132', nickname: '小海' }, unionId: 'union-1', ticket: 'T1' }),
      '/system/user/cuser/wechat/login': envelope(200, 'TOKEN-1'),
      '/system/user/current/user': envelope(200, USER),
    })

  test('the deletion page\'s WeChat proof coming back (wxproof=1) is no sign-in: the code is left to the page', async () => {
    okServer()
    expect(await h5WechatCodeSignIn('/center/deletion?wxproof=1&code=abc&state=hjwx')).toBe('none')
    expect(T.request).not.toHaveBeenCalled()
  })

  test('URL helpers: code (and our state) removed, other params kept; redirect wins; login page → home', () => {
    expect(withoutWechatCode('/activityDetail?id=3&code=abc&state=hjwx&promoter=DEMO2026')).toBe('/activityDetail?id=3&promoter=DEMO2026')
    expect(withoutWechatCode('/?code=abc')).toBe('/')
    expect(withoutWechatCode('/x?state=other&code=1')).toBe('/x?state=other')
    expect(afterSignInTarget('/login?redirect=%2Fcenter%3Ftab%3D1&code=abc&state=hjwx')).toBe('/center?tab=1')
    expect(afterSignInTarget('/login?code=abc')).toBe('/')
    expect(afterSignInTarget('/activityDetail?id=3&code=abc')).toBe('/activityDetail?id=3')
    // an off-site redirect is ignored
    expect(afterSignInTarget('/topic?redirect=%2F%2Fevil.example&code=abc')).toBe('/topic?redirect=%2F%2Fevil.example')
  })

  test('signs in and replaces the URL with the same page without code', async () => {
    okServer()
    window.history.pushState({}, '', '/activityDetail?id=3&code=WXCODE&state=hjwx')
    await expect(h5WechatCodeSignIn()).resolves.toBe('signed-in')
    expect(calls('/system/user/wx/login')[0]).toMatchObject({ method: 'GET', data: { code: 'WXCODE' } })
    expect(calls('/system/user/cuser/wechat/login')[0].data).toEqual({
      unionId: 'union-1', avatarUrl: 'https://thirdwx.qlogo.cn/a/132', nickName: '小海', ticket: 'T1',
    })
    expect(getItem(STORAGE_KEYS.wxUserInfo)).toEqual({ headimgurl: 'https://thirdwx.qlogo.cn/a/132', nickname: '小海' })
    expect(getToken()).toBe('TOKEN-1')
    expect(useAuth.getState().user).toEqual(USER)
    expect(T.redirectTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=3' })
  })

  test('follows the redirect target (a tab page is relaunched)', async () => {
    okServer()
    window.history.pushState({}, '', `/login?redirect=${encodeURIComponent('/center')}&code=WXCODE&state=hjwx`)
    await expect(h5WechatCodeSignIn()).resolves.toBe('signed-in')
    expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/center/index' })
    expect(getToken()).toBe('TOKEN-1')
  })

  test('an invalid code: the warning shows, nothing is stored, the URL loses the code but keeps the rest', async () => {
    server({ '/system/user/wx/login': envelope(301, { field: 'code', wechatErrcode: 40029 }, 'Parameter error: code') })
    window.history.pushState({}, '', `/login?redirect=${encodeURIComponent('/center')}&code=BAD&state=hjwx`)
    await expect(h5WechatCodeSignIn()).resolves.toBe('failed')
    expect(calls('/system/user/cuser/wechat/login')).toHaveLength(0)
    expect(getToken()).toBeNull()
    // the refusal waits for the page we land on (after the loading mask is gone)
    expect(toastTitles()).toEqual([])
    expect(T.hideLoading).toHaveBeenCalled()
    act(() => T.eventCenter.trigger('__afterTaroRouterChange'))
    expect(toastTitles()).toEqual(['Parameter error'])
    expect(T.redirectTo).toHaveBeenCalledWith({ url: `/pages/login/index?redirect=${encodeURIComponent('/center')}` })
  })

  test('no code in the URL: nothing happens', async () => {
    window.history.pushState({}, '', '/activityDetail?id=3')
    await expect(h5WechatCodeSignIn()).resolves.toBe('none')
    expect(T.request).not.toHaveBeenCalled()
    expect(T.redirectTo).not.toHaveBeenCalled()
  })

  test('the boot hook runs the flow once in H5', async () => {
    okServer()
    window.history.pushState({}, '', '/?code=BOOT&state=hjwx')
    const before = process.env.TARO_ENV
    process.env.TARO_ENV = 'h5'
    function Boot() {
      useWechatCodeSignIn()
      return null
    }
    try {
      const { rerender } = render(<Boot />)
      rerender(<Boot />)
      await waitFor(() => expect(getToken()).toBe('TOKEN-1'))
      expect(calls('/system/user/wx/login')).toHaveLength(1)
      await waitFor(() => expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' }))
    } finally {
      process.env.TARO_ENV = before
    }
  })
})

describe('the login page button', () => {
  test('an ordinary browser shows no WeChat button', () => {
    render(<LoginPage />)
    expect(screen.queryByTestId('wechat-sign-in')).toBeNull()
  })

  test('inside WeChat the button sends the visitor to the consent page, coming back to the login page with the redirect', async () => {
    setUserAgent(UA.iosWeChat)
    T.useRouter.mockReturnValue({ path: '/pages/login/index', params: { redirect: encodeURIComponent('/activityDetail?id=3') } })
    server({ '/system/user/wx/authorize/url': envelope(200, { url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect' }) })
    render(<LoginPage />)
    expect(screen.getByTestId('wechat-sign-in').textContent).toBe('Sign in with WeChat')
    // not before the User Agreement / Privacy Policy box is ticked (a first sign-in creates the account)
    await act(async () => fireEvent.click(screen.getByTestId('wechat-sign-in')))
    expect(calls('/system/user/wx/authorize/url')).toHaveLength(0)
    expect(assignLocation).not.toHaveBeenCalled()
    act(() => fireEvent.click(screen.getByTestId('wechat-agree-box')))
    await act(async () => fireEvent.click(screen.getByTestId('wechat-sign-in')))
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect'))
    // the agreement rides along through WeChat
    expect(calls('/system/user/wx/authorize/url')[0].data).toEqual({ redirect: `/login?redirect=${encodeURIComponent('/activityDetail?id=3')}&agree=1` })
  })

  test('in the weapp the button signs in with Taro.login and goes to the redirect target (Chinese label)', async () => {
    setLang('zh')
    const before = process.env.TARO_ENV
    process.env.TARO_ENV = 'weapp'
    T.login.mockResolvedValue({ code: 'MINI-CODE' })
    T.useRouter.mockReturnValue({ path: '/pages/login/index', params: { redirect: encodeURIComponent('/activityDetail?id=3') } })
    server({
      '/system/user/wx/mini/login': envelope(200, { userInfo: null, unionId: 'union-9', ticket: 'TICKET-9' }),
      '/system/user/cuser/wechat/login': envelope(200, 'TOKEN-9'),
      '/system/user/current/user': envelope(200, USER),
    })
    try {
      render(<LoginPage />)
      expect(screen.getByTestId('wechat-sign-in').textContent).toBe('微信登录')
      act(() => fireEvent.click(screen.getByTestId('wechat-agree-box')))
      await act(async () => fireEvent.click(screen.getByTestId('wechat-sign-in')))
      await waitFor(() => expect(T.redirectTo).toHaveBeenCalledWith({ url: '/pages/activity-detail/index?id=3' }))
      expect(getToken()).toBe('TOKEN-9')
      expect(calls('/system/user/cuser/wechat/login')[0].data).toMatchObject({ unionId: 'union-9', ticket: 'TICKET-9', agree: true })
    } finally {
      process.env.TARO_ENV = before
    }
  })
})
