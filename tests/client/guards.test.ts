import { guard } from '../../src/shared/router/guards'
import { toPageUrl, publicPathOf, findRoute, ROUTES } from '../../src/shared/router/routes'
import { pagePathOf } from '@contracts/page-path'

describe('route guards (spec section 2)', () => {
  test('logged in → /login goes to /', () => {
    expect(guard('/login', { token: 't' })).toEqual({ action: 'redirect', to: '/' })
    expect(guard('/login?redirect=%2Fcenter', { token: 't' })).toEqual({ action: 'redirect', to: '/' })
    expect(guard('/login', { token: null })).toEqual({ action: 'allow' })
  })

  test('/competition without a query id → /404', () => {
    expect(guard('/competition', { token: null })).toEqual({ action: 'redirect', to: '/404' })
    expect(guard('/competition/7', { token: null })).toEqual({ action: 'redirect', to: '/404' })
    expect(guard('/competition?id=7', { token: null })).toEqual({ action: 'allow' })
    expect(guard('/competition/7?id=7', { token: null })).toEqual({ action: 'allow' })
  })

  test('unknown paths → /404', () => {
    expect(guard('/nope', { token: null })).toEqual({ action: 'redirect', to: '/404' })
    expect(guard('/activity/extra', { token: 't' })).toEqual({ action: 'redirect', to: '/404' })
  })

  test('/index is the frame path and goes to /', () => {
    expect(guard('/index', { token: null })).toEqual({ action: 'redirect', to: '/' })
  })

  test('/admin without a token: login.unlogin, clear, /login with JSON redirect params', () => {
    const d = guard('/admin/system/user?x=1', { token: null })
    expect(d).toMatchObject({ action: 'redirect', messageKey: 'login.unlogin', clearAuth: true })
    const to = (d as { to: string }).to
    expect(to.startsWith('/login?redirect=')).toBe(true)
    const redirect = JSON.parse(decodeURIComponent(to.split('redirect=')[1]))
    expect(redirect).toEqual({ path: '/admin/system/user', query: { x: '1' } })
    expect(guard('/admin', { token: 't' })).toEqual({ action: 'allow' })
  })

  test('/admLogin and /admRegister belong to the admin app', () => {
    expect(guard('/admRegister?noReg=true', { token: null })).toEqual({
      action: 'redirect',
      to: '/admin/admRegister?noReg=true',
      external: true,
    })
    expect(guard('/admLogin', { token: 't', adminAvailable: true })).toEqual({
      action: 'redirect',
      to: '/admin',
      external: true,
    })
  })

  test('every consumer route is allowed for a tourist except the guarded ones', () => {
    for (const r of ROUTES) {
      if (r.path === '/competition') continue
      expect([r.path, guard(r.path, { token: null }).action]).toEqual([r.path, 'allow'])
    }
  })
})

describe('route table', () => {
  test('maps public URLs to Taro pages and back', () => {
    expect(toPageUrl('/login?redirect=%2Fcenter')).toBe('/pages/login/index?redirect=%2Fcenter')
    expect(toPageUrl('/center/userinfo')).toBe('/pages/center-userinfo/index')
    expect(toPageUrl('/competition/9')).toBe('/pages/competition/index?id=9')
    expect(toPageUrl('/what')).toBe('/pages/not-found/index')
    expect(publicPathOf('pages/account-cuser-recovery/index')).toBe('/accountCuser/recovery')
    expect(findRoute('/index')?.path).toBe('/')
  })

  test('reads a page URL as one public path (the server announces that page\'s files by it)', () => {
    const read = (urls: string[]) => urls.map((u) => [u, pagePathOf(u)])
    expect(read(['/', '', '/index', '/index/', '/policy/', '/policy//?x=1#y', '/competition/12', '/competition/12/', '/competition', '/competition/1/2'])).toEqual([
      ['/', '/'],
      ['', '/'],
      ['/index', '/'],
      ['/index/', '/'],
      ['/policy/', '/policy'],
      ['/policy//?x=1#y', '/policy'],
      ['/competition/12', '/competition'],
      ['/competition/12/', '/competition'],
      ['/competition', '/competition'],
      ['/competition/1/2', '/competition/1/2'],
    ])
    expect(findRoute('/policy/?x=1')?.path).toBe('/policy')
  })
})

describe('a mini-program page opened from a share card or QR code', () => {
  const Taro = require('@tarojs/taro').default
  const { guardOpenedPage } = require('../../src/shared/router/navigate') as typeof import('../../src/shared/router/navigate')
  // jest resolves the H5 platform helpers, so the opened page is the address; the decision is the same
  const opened = (url: string) => window.history.replaceState({}, '', url)
  let before: typeof process.env.TARO_ENV
  beforeEach(() => {
    before = process.env.TARO_ENV
    process.env.TARO_ENV = 'weapp'
    Taro.redirectTo.mockClear()
  })
  afterEach(() => {
    process.env.TARO_ENV = before
  })

  test('/competition without an id goes to the not-found page', () => {
    opened('/competition')
    expect(guardOpenedPage()).toBe(true)
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: toPageUrl('/404') })
  })

  test('/competition with an id stays', () => {
    opened('/competition?id=7')
    expect(guardOpenedPage()).toBe(false)
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })
})
