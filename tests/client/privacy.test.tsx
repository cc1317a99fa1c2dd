/**
 * Account deletion and the personal-data download in the consumer app: what the deletion page lists and
 * asks (password, e-mail code or — in the mini-program, for an account linked to WeChat — WeChat; only the
 * proofs the deletion status names; a last confirmation), a refusal shown as the server's translated text,
 * success signing the person out to the home page; the data page's states, the one-request-a-day rule
 * (and the server's 674), and the H5 download of the archive with the Bearer token; the sign-in's notice
 * that a pending deletion was cancelled.
 */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import CenterDeletionPage from '../../src/pages/center-deletion/index'
import CenterDataPage from '../../src/pages/center-data/index'
import AccountData from '../../src/components/center/account-data'
import { ERASED, KEPT, offeredProofs, proofBody, proofError } from '../../src/components/center/deletion'
import { askedToday, exportStateView, fileSize } from '../../src/components/center/data-export'
import { initI18n, t } from '../../src/shared/i18n'
import { useAuth } from '../../src/shared/stores/auth-store'
import { STORAGE_KEYS, getItem } from '../../src/shared/storage'
import { PRIVACY_API, type DataExport } from '@contracts/privacy'
import { USER, callsTo, serve } from './support/center-server'
import { typeInto } from './support/fields'
import { assignLocation } from '../../src/shared/platform/browser'
import { resetClient } from './support/reset'
import { toastTitles } from './support/toasts'

const T = Taro as any

jest.mock('../../src/shared/platform/browser', () => {
  const actual = jest.requireActual('../../src/shared/platform/browser')
  return { ...actual, assignLocation: jest.fn() }
})

beforeAll(() => initI18n())
beforeEach(() => {
  resetClient()
  act(() => useAuth.getState().login({ token: 'tok', userInfo: USER }))
})

const NOW = new Date('2026-11-28T10:00:00.000Z')
const exp = (over: Partial<DataExport>): DataExport => ({ id: 1, state: 'pending', requestedAt: '2026-11-20T10:00:00.000Z', readyAt: null, expiresAt: null, size: null, ...over })

describe('what the pages decide', () => {
  test('the proof: a password or a code, never both, and what is missing', () => {
    expect(proofError('password', '', '123456')).toBe('deletion.passwordEmpty')
    expect(proofError('code', 'secret', ' ')).toBe('deletion.codeEmpty')
    expect(proofError('password', 'secret', '')).toBeNull()
    expect(proofBody('password', 'secret', '123456')).toEqual({ password: 'secret' })
    expect(proofBody('code', 'secret', ' 123456 ')).toEqual({ code: '123456' })
    expect(proofError('wechat', '', '')).toBeNull()
    expect(proofBody('wechat', 'secret', '123456', 'tkt')).toEqual({ wechatTicket: 'tkt' })
  })

  test('the proofs offered: what the status names, WeChat only in the mini-program; before it answers, password and a real e-mail\'s code', () => {
    expect(offeredProofs(null, true, false)).toEqual(['password', 'code'])
    expect(offeredProofs(null, false, true)).toEqual(['password'])
    expect(offeredProofs(['wechat'], false, true)).toEqual(['wechat'])
    expect(offeredProofs(['wechat'], false, false)).toEqual([])
    expect(offeredProofs(['password', 'code', 'wechat'], true, false)).toEqual(['password', 'code'])
  })

  test('a request reads preparing, ready until its date, failed or expired; only a ready one downloads', () => {
    expect(exportStateView(exp({ state: 'pending' }), NOW)).toMatchObject({ key: 'dataExport.state.pending', downloadable: false })
    const ready = exportStateView(exp({ state: 'ready', expiresAt: '2026-12-01T10:00:00.000Z', size: 2048 }), NOW)
    expect(ready).toMatchObject({ key: 'dataExport.state.ready', downloadable: true, tone: 'ok' })
    expect(ready.params.date).toMatch(/^2026-12-0[12] /)
    // past its date it is expired even before the list is read again
    expect(exportStateView(exp({ state: 'ready', expiresAt: '2026-11-28T09:00:00.000Z' }), NOW)).toMatchObject({ key: 'dataExport.state.expired', downloadable: false })
    expect(exportStateView(exp({ state: 'failed' }), NOW).key).toBe('dataExport.state.failed')
    expect(exportStateView(exp({ state: 'expired' }), NOW).key).toBe('dataExport.state.expired')
    expect(fileSize(2048)).toBe('2.0 KB')
    expect(fileSize(null)).toBe('')
  })

  test('one request a day (the server\'s UTC date): any request of today blocks another, one of yesterday does not', () => {
    expect(askedToday(null, NOW)).toBe(false)
    expect(askedToday([exp({ requestedAt: '2026-11-28T00:01:00.000Z' })], NOW)).toBe(true)
    expect(askedToday([exp({ requestedAt: '2026-11-28T01:00:00.000Z', state: 'failed' })], NOW)).toBe(true)
    expect(askedToday([exp({ requestedAt: '2026-11-27T23:59:00.000Z', state: 'ready' })], NOW)).toBe(false)
  })

  test('every erased and kept line has its text in both languages', () => {
    const zh = require('../../src/shared/i18n/locales/zh-cn.json')
    const en = require('../../src/shared/i18n/locales/en.json')
    for (const k of ERASED) expect([zh.deletion.erased[k], en.deletion.erased[k]].every(Boolean)).toBe(true)
    for (const k of KEPT) expect([zh.deletion.kept[k], en.deletion.kept[k]].every(Boolean)).toBe(true)
  })
})

describe('the centre', () => {
  test('"Account and data" opens the download and the deletion pages', async () => {
    render(<AccountData />)
    fireEvent.click(screen.getByTestId('center-to-data'))
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/center-data/index' }))
    fireEvent.click(screen.getByTestId('center-to-deletion'))
    await waitFor(() => expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/center-deletion/index' }))
  })
})

describe('/center/deletion', () => {
  test('lists what is erased and kept and the cooling-off; asks for a password first', async () => {
    serve({ '/system/user/current/user': USER })
    render(<CenterDeletionPage />)
    expect(screen.getByTestId('deletion-erased-list').children).toHaveLength(ERASED.length)
    expect(screen.getByTestId('deletion-kept-list').children).toHaveLength(KEPT.length)
    expect(screen.getByTestId('deletion-account').textContent).toBe(USER.email)
    expect(screen.getByTestId('deletion-cooling-text').textContent).toMatch(/within 7 days to cancel/)
    fireEvent.click(screen.getByTestId('deletion-submit'))
    expect(screen.getByTestId('deletion-error').textContent).toBe('Please enter your password')
    expect(screen.queryByTestId('deletion-confirm')).toBeNull()
    expect(callsTo(PRIVACY_API.deletionRequest)).toHaveLength(0)
  })

  test('a wrong password shows the server\'s text and keeps the person signed in', async () => {
    serve({ '/system/user/current/user': USER, [PRIVACY_API.deletionRequest]: [401, null] })
    render(<CenterDeletionPage />)
    typeInto('deletion-password', 'wrong')
    fireEvent.click(screen.getByTestId('deletion-submit'))
    fireEvent.click(screen.getByTestId('deletion-confirm-ok'))
    await waitFor(() => expect(screen.getByTestId('deletion-error').textContent).toBe(t('request.401')))
    expect(callsTo(PRIVACY_API.deletionRequest)[0]).toMatchObject({ method: 'POST', data: { password: 'wrong' } })
    expect(useAuth.getState().token).toBe('tok')
  })

  test('cancelling the confirmation sends nothing', () => {
    serve({ '/system/user/current/user': USER })
    render(<CenterDeletionPage />)
    typeInto('deletion-password', 'secret1')
    fireEvent.click(screen.getByTestId('deletion-submit'))
    fireEvent.click(screen.getByTestId('deletion-confirm-cancel'))
    expect(screen.queryByTestId('deletion-confirm')).toBeNull()
    expect(callsTo(PRIVACY_API.deletionRequest)).toHaveLength(0)
  })

  test('by e-mail code: the code is sent (with a countdown), the request carries it, and success signs out to home', async () => {
    const pending = { state: 'pending', requestedAt: NOW.toISOString(), eraseAt: '2026-12-05T10:00:00.000Z' }
    serve({ '/system/user/current/user': USER, [PRIVACY_API.deletionSendCode]: null, [PRIVACY_API.deletionRequest]: pending })
    render(<CenterDeletionPage />)
    fireEvent.click(screen.getByTestId('deletion-way-code'))
    expect(screen.getByTestId('deletion-code-to').textContent).toContain(USER.email)
    fireEvent.click(screen.getByTestId('deletion-send-code'))
    await waitFor(() => expect(screen.getByTestId('deletion-send-code').textContent).toMatch(/Resend in \d+s/))
    expect(callsTo(PRIVACY_API.deletionSendCode)[0].method).toBe('POST')
    typeInto('deletion-code', '123456')
    fireEvent.click(screen.getByTestId('deletion-submit'))
    expect(screen.getByTestId('deletion-confirm').textContent).toMatch(/signed out at once/)
    fireEvent.click(screen.getByTestId('deletion-confirm-ok'))
    await waitFor(() => expect(useAuth.getState().token).toBeNull())
    expect(callsTo(PRIVACY_API.deletionRequest)[0].data).toEqual({ code: '123456' })
    expect(getItem(STORAGE_KEYS.userInfo)).toBeNull()
    expect(toastTitles()).toContain(t('deletion.done', { days: 7 }))
    // home is a tab page
    await waitFor(() => expect(T.switchTab.mock.calls.length + T.reLaunch.mock.calls.length + T.redirectTo.mock.calls.length).toBeGreaterThan(0))
  })
})

describe('/center/deletion for an account made by WeChat sign-in', () => {
  const WX_USER = { ...USER, email: 'wx-0a1b2c@wechat.invalid' }
  const none = { state: 'none', requestedAt: null, eraseAt: null, proofs: ['wechat'] }
  const pending = { state: 'pending', requestedAt: NOW.toISOString(), eraseAt: '2026-12-05T10:00:00.000Z', proofs: ['wechat'] }
  const prevEnv = process.env.TARO_ENV
  beforeEach(() => {
    // the Taro mock has no login: the mini-program's wx.login, scripted per test
    T.login = jest.fn()
  })
  afterEach(() => {
    process.env.TARO_ENV = prevEnv
  })

  test('mini-program: only WeChat is offered; confirming takes Taro.login\'s code to wx/mini/login and sends the ticket; success signs out', async () => {
    process.env.TARO_ENV = 'weapp'
    act(() => useAuth.getState().login({ token: 'tok', userInfo: WX_USER }))
    T.login.mockResolvedValue({ code: 'WX-CODE-1', errMsg: 'login:ok' })
    serve({
      '/system/user/current/user': WX_USER,
      [PRIVACY_API.deletionStatus]: none,
      '/system/user/wx/mini/login': (data: any) => (data?.code === 'WX-CODE-1' ? { userInfo: null, unionId: 'u1', ticket: 'TICKET-1' } : [301, null]),
      [PRIVACY_API.deletionRequest]: pending,
    })
    render(<CenterDeletionPage />)
    await waitFor(() => expect(screen.getByTestId('deletion-way-wechat')).toBeTruthy())
    expect(screen.queryByTestId('deletion-way-password')).toBeNull()
    expect(screen.queryByTestId('deletion-way-code')).toBeNull()
    expect(screen.getByTestId('deletion-wechat-hint').textContent).toBe(t('deletion.wechatHint'))
    expect(screen.getByTestId('deletion-submit').textContent).toBe('Confirm with WeChat')
    fireEvent.click(screen.getByTestId('deletion-submit'))
    fireEvent.click(screen.getByTestId('deletion-confirm-ok'))
    await waitFor(() => expect(useAuth.getState().token).toBeNull())
    expect(T.login).toHaveBeenCalled()
    expect(callsTo('/system/user/wx/mini/login')[0]).toMatchObject({ method: 'POST', data: { code: 'WX-CODE-1' } })
    expect(callsTo(PRIVACY_API.deletionRequest)[0].data).toEqual({ wechatTicket: 'TICKET-1' })
    expect(toastTitles()).toContain(t('deletion.done', { days: 7 }))
  })

  test('mini-program: WeChat gives no code → the page says so, nothing is asked; a refused ticket shows the server\'s text', async () => {
    process.env.TARO_ENV = 'weapp'
    act(() => useAuth.getState().login({ token: 'tok', userInfo: WX_USER }))
    T.login.mockResolvedValue({ code: '', errMsg: 'login:fail' })
    serve({
      '/system/user/current/user': WX_USER,
      [PRIVACY_API.deletionStatus]: none,
      '/system/user/wx/mini/login': { userInfo: null, unionId: 'u1', ticket: 'TICKET-OTHER' },
      [PRIVACY_API.deletionRequest]: [410, { field: 'wechatTicket' }],
    })
    render(<CenterDeletionPage />)
    await waitFor(() => expect(screen.getByTestId('deletion-way-wechat')).toBeTruthy())
    fireEvent.click(screen.getByTestId('deletion-submit'))
    fireEvent.click(screen.getByTestId('deletion-confirm-ok'))
    await waitFor(() => expect(screen.getByTestId('deletion-error').textContent).toBe(t('deletion.wechatFailed')))
    expect(callsTo(PRIVACY_API.deletionRequest)).toHaveLength(0)

    T.login.mockResolvedValue({ code: 'WX-CODE-2', errMsg: 'login:ok' })
    fireEvent.click(screen.getByTestId('deletion-submit'))
    fireEvent.click(screen.getByTestId('deletion-confirm-ok'))
    await waitFor(() => expect(screen.getByTestId('deletion-error').textContent).toBe(t('request.410')))
    expect(callsTo(PRIVACY_API.deletionRequest)[0].data).toEqual({ wechatTicket: 'TICKET-OTHER' })
    expect(useAuth.getState().token).toBe('tok')
  })

  test('H5 outside WeChat: a WeChat-only account is told to open the page in WeChat (or add an e-mail); no proof and no button', async () => {
    process.env.TARO_ENV = 'h5'
    act(() => useAuth.getState().login({ token: 'tok', userInfo: WX_USER }))
    serve({ '/system/user/current/user': WX_USER, [PRIVACY_API.deletionStatus]: none })
    render(<CenterDeletionPage />)
    await waitFor(() => expect(screen.getByTestId('deletion-wechat-in-mini').textContent).toBe(t('deletion.wechatInMini')))
    expect(screen.queryByTestId('deletion-way-wechat')).toBeNull()
    expect(screen.queryByTestId('deletion-way-password')).toBeNull()
    expect(screen.queryByTestId('deletion-submit')).toBeNull()
  })

  describe('H5 inside WeChat: a round trip through WeChat\'s consent page', () => {
    const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'
    let agent: jest.SpyInstance
    beforeEach(() => {
      process.env.TARO_ENV = 'h5'
      agent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
      ;(assignLocation as jest.Mock).mockReset()
      act(() => useAuth.getState().login({ token: 'tok', userInfo: WX_USER }))
    })
    afterEach(() => {
      agent.mockRestore()
      window.history.replaceState(null, '', '/')
    })

    test('confirming goes to WeChat\'s consent page, which comes back to this page with the mark', async () => {
      serve({ '/system/user/current/user': WX_USER, [PRIVACY_API.deletionStatus]: none, '/system/user/wx/authorize/url': { url: 'https://open.weixin.qq.com/connect/oauth2/authorize?x=1' } })
      render(<CenterDeletionPage />)
      await waitFor(() => expect(screen.getByTestId('deletion-way-wechat')).toBeTruthy())
      fireEvent.click(screen.getByTestId('deletion-submit'))
      fireEvent.click(screen.getByTestId('deletion-confirm-ok'))
      await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?x=1'))
      expect(callsTo('/system/user/wx/authorize/url')[0].data).toEqual({ redirect: '/center/deletion?wxproof=1' })
      expect(callsTo(PRIVACY_API.deletionRequest)).toHaveLength(0)
    })

    test('back with the code: it leaves the address, wx/login gives the ticket, the request carries it; success signs out', async () => {
      window.history.replaceState(null, '', '/center/deletion?wxproof=1&code=OAUTH-1&state=hjwx')
      serve({
        '/system/user/current/user': WX_USER,
        [PRIVACY_API.deletionStatus]: none,
        '/system/user/wx/login': (data: any) => (data?.code === 'OAUTH-1' ? { userInfo: { headimgurl: '', nickname: 'x' }, unionId: 'u1', ticket: 'TICKET-H5' } : [301, null]),
        [PRIVACY_API.deletionRequest]: { state: 'pending', requestedAt: NOW.toISOString(), eraseAt: '2026-12-05T10:00:00.000Z', proofs: ['wechat'] },
      })
      render(<CenterDeletionPage />)
      await waitFor(() => expect(useAuth.getState().token).toBeNull())
      expect(window.location.search).toBe('')
      expect(callsTo(PRIVACY_API.deletionRequest)[0].data).toEqual({ wechatTicket: 'TICKET-H5' })
      expect(toastTitles()).toContain(t('deletion.done', { days: 7 }))
    })

    test('back with a code WeChat refuses: the page says so and nothing is asked', async () => {
      window.history.replaceState(null, '', '/center/deletion?wxproof=1&code=BAD&state=hjwx')
      serve({ '/system/user/current/user': WX_USER, [PRIVACY_API.deletionStatus]: none, '/system/user/wx/login': [301, { field: 'code' }] })
      render(<CenterDeletionPage />)
      await waitFor(() => expect(screen.getByTestId('deletion-error').textContent).toBe(t('deletion.wechatFailed')))
      expect(window.location.search).toBe('')
      expect(callsTo(PRIVACY_API.deletionRequest)).toHaveLength(0)
      expect(useAuth.getState().token).toBe('tok')
    })
  })
})

/** the list and the request share a path (GET lists, POST asks): answer by method */
function serveExports(list: DataExport[], asked: unknown, status = 200) {
  T.request.mockImplementation(async ({ url, method }: { url: string; method: string }) => {
    const p = url.replace(/^.*\/api\/v1/, '')
    if (p === '/system/user/current/user') return { statusCode: 200, header: {}, data: { code: 200, result: USER, message: '' } }
    if (p === PRIVACY_API.exportList && method === 'GET') return { statusCode: 200, header: {}, data: { code: 200, result: list, message: '' } }
    if (p === PRIVACY_API.exportRequest && method === 'POST') {
      const [code, result] = Array.isArray(asked) ? asked : [200, asked]
      return { statusCode: code === 200 ? 200 : status, header: {}, data: { code, result, message: '' } }
    }
    return { statusCode: 200, header: {}, data: { code: 200, result: null, message: '' } }
  })
}

describe('/center/data', () => {
  const ready = exp({ id: 5, state: 'ready', requestedAt: '2026-11-26T08:00:00.000Z', readyAt: '2026-11-26T08:01:00.000Z', expiresAt: '2099-12-03T08:01:00.000Z', size: 4096 })
  const failed = exp({ id: 4, state: 'failed', requestedAt: '2026-11-25T08:00:00.000Z' })

  test('shows each request with its state and downloads a ready one with the Bearer token', async () => {
    const created = jest.fn(() => 'blob:haijiao/1')
    ;(URL as any).createObjectURL = created
    ;(URL as any).revokeObjectURL = jest.fn()
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    serve({ '/system/user/current/user': USER, [PRIVACY_API.exportList]: [ready, failed] })
    render(<CenterDataPage />)
    await waitFor(() => expect(screen.getByTestId('data-export-5-state').textContent).toMatch(/^Ready until 2099-12-0[34] .* · 4\.0 KB$/))
    expect(screen.getByTestId('data-export-4-state').textContent).toBe('Failed: please ask again')
    expect(screen.queryByTestId('data-export-4-download')).toBeNull()
    expect(screen.getByTestId('data-email').textContent).toBe(USER.email)

    const zip = new Uint8Array([0x50, 0x4b, 3, 4]).buffer
    T.request.mockImplementationOnce(async () => ({ statusCode: 200, data: zip, header: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="haijiao-data-5.zip"' } }))
    fireEvent.click(screen.getByTestId('data-export-5-download'))
    await waitFor(() => expect(clicked).toHaveBeenCalled())
    const call = T.request.mock.calls.find((c: any[]) => c[0].url.endsWith('/system/user/data/export/5/file'))[0]
    expect(call).toMatchObject({ method: 'GET', responseType: 'arraybuffer' })
    expect(call.header.Authorization).toBe('Bearer tok')
    expect(created).toHaveBeenCalled()
    clicked.mockRestore()
  })

  test('a file that expired meanwhile: the server\'s 675 text, and the list is read again', async () => {
    serve({ '/system/user/current/user': USER, [PRIVACY_API.exportList]: [ready] })
    render(<CenterDataPage />)
    await waitFor(() => expect(screen.getByTestId('data-export-5-download')).toBeTruthy())
    const refusal = JSON.stringify({ code: 675, result: null, message: 'x' })
    const bytes = new Uint8Array(Array.from(refusal).map((c) => c.charCodeAt(0))).buffer
    T.request.mockImplementationOnce(async () => ({ statusCode: 404, data: bytes, header: { 'content-type': 'application/json; charset=utf-8' } }))
    const before = callsTo(PRIVACY_API.exportList).length
    fireEvent.click(screen.getByTestId('data-export-5-download'))
    await waitFor(() => expect(toastTitles()).toContain(t('request.675')))
    await waitFor(() => expect(callsTo(PRIVACY_API.exportList).length).toBeGreaterThan(before))
  })

  test('one request a day: after asking, the button is disabled and says why', async () => {
    const fresh = exp({ id: 9, state: 'pending', requestedAt: new Date().toISOString() })
    serveExports([failed], fresh)
    render(<CenterDataPage />)
    await waitFor(() => expect(screen.getByTestId('data-export-4')).toBeTruthy())
    expect(screen.getByTestId('data-request').className).not.toMatch(/is-disabled/)
    fireEvent.click(screen.getByTestId('data-request'))
    await waitFor(() => expect(screen.getByTestId('data-export-9-state').textContent).toBe('Preparing'))
    expect(callsTo(PRIVACY_API.exportRequest).filter((c: any) => c.method === 'POST')).toHaveLength(1)
    expect(screen.getByTestId('data-request').className).toMatch(/is-disabled/)
    expect(screen.getByTestId('data-message').textContent).toBe(t('dataExport.limit'))
    fireEvent.click(screen.getByTestId('data-request'))
    expect(callsTo(PRIVACY_API.exportRequest).filter((c: any) => c.method === 'POST')).toHaveLength(1)
  })

  test('the server\'s 674 (asked on another device today) disables the button too', async () => {
    serveExports([], [674, null], 429)
    render(<CenterDataPage />)
    await waitFor(() => expect(screen.getByTestId('data-list-empty').textContent).toBe('No requests in the last 30 days'))
    fireEvent.click(screen.getByTestId('data-request'))
    await waitFor(() => expect(screen.getByTestId('data-message').textContent).toBe(t('dataExport.limit')))
    expect(screen.getByTestId('data-request').className).toMatch(/is-disabled/)
  })
})

describe('signing in cancels a pending deletion', () => {
  test('the user info says so once: a notice in the app\'s language, and the stored user forgets the flag', () => {
    act(() => useAuth.getState().logout())
    act(() => useAuth.getState().login({ token: 'tok2', userInfo: { ...USER, deletionCancelled: true } }))
    expect(toastTitles()).toContain('Your account deletion was cancelled because you signed in')
    expect(useAuth.getState().user).not.toHaveProperty('deletionCancelled')
    expect(getItem(STORAGE_KEYS.userInfo)).not.toHaveProperty('deletionCancelled')
  })

  test('a later copy of the user (e.g. after a WeChat sign-in) says it as well', () => {
    act(() => useAuth.getState().setUser({ ...USER, deletionCancelled: true }))
    expect(toastTitles()).toContain(t('deletion.cancelled'))
    expect(useAuth.getState().user?.deletionCancelled).toBeUndefined()
  })

  test('in Chinese', async () => {
    const { setLang } = await import('../../src/shared/i18n')
    setLang('zh')
    act(() => useAuth.getState().login({ token: 'tok3', userInfo: { ...USER, deletionCancelled: true } }))
    expect(toastTitles()).toContain('由于你重新登录，账号注销已撤销')
  })
})


describe('H5 inside WeChat on a phone', () => {
  test('says to open the page in the phone\'s browser, whose downloads keep the file', async () => {
    const agent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN')
    serveExports([], null)
    render(<CenterDataPage />)
    await waitFor(() => expect(screen.getByTestId('data-wechat-browser').textContent).toBe(t('dataExport.wechatBrowser')))
    agent.mockRestore()
  })
})
