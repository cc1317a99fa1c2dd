/**
 * On the client: the re-consent sheet after sign-in (agree stores the versions it loaded,
 * 671 reloads them, disagree signs out; it steps aside on /extend) and the mini-program's privacy sheet
 * (WeChat's resolve gets agree with the open-type button's id, or disagree with a message).
 */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import ConsentSheet from '../../src/components/account/consent-sheet'
import { initI18n, setLang } from '../../src/shared/i18n'
import { getToken, setToken } from '../../src/shared/storage'
import { useAuth } from '../../src/shared/stores/auth-store'
import { useToast } from '../../src/shared/stores/toast-store'
import { PRIVACY_AGREE_BUTTON_ID, usePrivacy } from '../../src/shared/stores/privacy-store'
import type { CurrentUser } from '@contracts/api'
import { resetClient } from './support/reset'

const T = Taro as any
const env = (code: number, result: unknown) => ({ statusCode: 200, header: {}, data: { code, result, message: '' } })
const user: CurrentUser = {
  id: 7, nickName: 'Seven', avatarUrl: null, auserId: null, cuserId: 7, ouserId: null, kefuId: null, isPromoter: false,
  email: 'seven@example.test', phone: null, lang: null, consentRequired: true,
}
const calls = (suffix: string) => T.request.mock.calls.map((c: any[]) => c[0]).filter((o: any) => o.url === `/api/v1/system/user/consent${suffix}`)

beforeAll(() => initI18n())
beforeEach(() => {
  resetClient()
  act(() => useAuth.getState().login({ token: 'tok-7', userInfo: user }))
})

describe('re-consent sheet', () => {
  let versions = { agreementVersion: 1, privacyVersion: 2 }
  beforeEach(() => {
    versions = { agreementVersion: 1, privacyVersion: 2 }
    T.request.mockImplementation(async ({ url, data }: { url: string; data: any }) => {
      if (url.endsWith('/consent')) return env(200, { current: versions, agreed: { agreementVersion: 1, privacyVersion: 1 }, required: true })
      if (url.endsWith('/consent/agree')) {
        return data.agreementVersion === versions.agreementVersion && data.privacyVersion === versions.privacyVersion
          ? env(200, { current: versions, agreed: versions, required: false })
          : env(671, { current: versions })
      }
      if (url.endsWith('/consent/refuse')) return env(200, null)
      return env(200, null)
    })
  })

  it('shows while the user owes an agreement; agreeing posts the versions it loaded and lets the person on', async () => {
    render(<ConsentSheet path='/' />)
    expect(screen.getByTestId('consent-sheet').textContent).toContain('The User Agreement and Privacy Policy have changed')
    await waitFor(() => expect(calls('')).toHaveLength(1))
    await act(async () => {
      fireEvent.click(screen.getByTestId('consent-agree'))
    })
    expect(calls('/agree').map((c: any) => c.data)).toEqual([{ agreementVersion: 1, privacyVersion: 2, channel: 'h5' }])
    expect(screen.queryByTestId('consent-sheet')).toBeNull()
    expect(useAuth.getState().user?.consentRequired).toBe(false)
    expect(getToken()).toBe('tok-7')
  })

  it('671 (a newer version appeared meanwhile) reloads the versions; the next tap agrees to those', async () => {
    render(<ConsentSheet path='/' />)
    await waitFor(() => expect(calls('')).toHaveLength(1))
    // the sheet has its versions (v1 / v2) …
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    // … when operations publish another one
    versions = { agreementVersion: 2, privacyVersion: 2 }
    await act(async () => {
      fireEvent.click(screen.getByTestId('consent-agree'))
    })
    expect(screen.getByTestId('consent-sheet')).toBeTruthy()
    expect(calls('')).toHaveLength(2)
    await act(async () => {
      fireEvent.click(screen.getByTestId('consent-agree'))
    })
    expect(calls('/agree').map((c: any) => c.data.agreementVersion)).toEqual([1, 2])
    expect(screen.queryByTestId('consent-sheet')).toBeNull()
  })

  it('disagreeing signs out on the server and the device, says so and goes home', async () => {
    render(<ConsentSheet path='/center' />)
    await act(async () => {
      fireEvent.click(screen.getByTestId('consent-refuse'))
    })
    expect(calls('/refuse')).toHaveLength(1)
    expect(getToken()).toBeNull()
    expect(useAuth.getState().user).toBeNull()
    expect(useToast.getState().current?.title).toBe('You did not agree to the updated terms and have been signed out')
    expect(screen.queryByTestId('consent-sheet')).toBeNull()
    expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('steps aside on /extend (where the texts are read), links both texts, in Chinese too; nothing for a person who agreed', async () => {
    const { rerender } = render(<ConsentSheet path='/extend' />)
    expect(screen.queryByTestId('consent-sheet')).toBeNull()
    rerender(<ConsentSheet path='/' />)
    act(() => setLang('zh'))
    expect(screen.getByTestId('consent-sheet').textContent).toContain('用户协议与隐私政策已更新')
    expect(screen.getByTestId('consent-refuse').textContent).toBe('不同意并退出登录')
    act(() => fireEvent.click(screen.getByTestId('consent-privacy')))
    expect(T.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/extend/index?content=privacy_policy' })
    act(() => useAuth.getState().setUser({ ...user, consentRequired: false }))
    expect(screen.queryByTestId('consent-sheet')).toBeNull()
    setToken('')
  })
})

describe('mini-program privacy sheet', () => {
  // the weapp variants (jest resolves the .h5 twins first)
  const PrivacySheet = require('../../src/components/account/privacy-sheet.tsx').default as () => JSX.Element | null
  const { registerPrivacyAuthorization } = require('../../src/shared/platform/privacy.ts') as { registerPrivacyAuthorization(): void }

  it('WeChat’s listener opens the sheet; declining resolves disagree and says why', () => {
    let listener: ((resolve: (r: unknown) => void, info: { referrer: string }) => void) | null = null
    T.onNeedPrivacyAuthorization = jest.fn((fn) => (listener = fn))
    registerPrivacyAuthorization()
    expect(T.onNeedPrivacyAuthorization).toHaveBeenCalledTimes(1)
    render(<PrivacySheet />)
    expect(screen.queryByTestId('privacy-sheet')).toBeNull()
    const resolve = jest.fn()
    act(() => listener!(resolve, { referrer: 'chooseImage' }))
    expect(usePrivacy.getState().pending?.referrer).toBe('chooseImage')
    expect(resolve).toHaveBeenCalledWith({ event: 'exposureAuthorization' })
    expect(screen.getByTestId('privacy-sheet').textContent).toContain('Privacy notice')
    act(() => fireEvent.click(screen.getByTestId('privacy-refuse')))
    expect(resolve).toHaveBeenLastCalledWith({ event: 'disagree' })
    expect(screen.queryByTestId('privacy-sheet')).toBeNull()
    expect(useToast.getState().current?.title).toBe('You did not agree to the privacy guide, so this feature cannot be used')

    // asked again, in Chinese; the agree button is WeChat's open-type button, its event resolves agree with its id
    const again = jest.fn()
    act(() => setLang('zh'))
    act(() => listener!(again, { referrer: 'setClipboardData' }))
    const agree = screen.getByTestId('privacy-agree')
    expect(agree.textContent).toBe('同意')
    expect(agree.id).toBe(PRIVACY_AGREE_BUTTON_ID)
    expect(screen.getByTestId('privacy-sheet').textContent).toContain('《隐私保护指引》')
    // components-react's Button has no agreePrivacyAuthorization event: call the handler the weapp build binds
    const { agreePrivacy } = jest.requireActual('../../src/shared/stores/privacy-store')
    act(() => agreePrivacy())
    expect(again).toHaveBeenLastCalledWith({ buttonId: 'hj-privacy-agree', event: 'agree' })
    expect(screen.queryByTestId('privacy-sheet')).toBeNull()
    delete T.onNeedPrivacyAuthorization
  })
})
