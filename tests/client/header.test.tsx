import { render, screen, fireEvent, act } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Header from '../../src/components/layout/header'
import { initI18n, setLang } from '../../src/shared/i18n'
import { useAuth } from '../../src/shared/stores/auth-store'
import { STORAGE_KEYS, getToken } from '../../src/shared/storage'
import * as browser from '../../src/shared/platform/browser'
import type { CurrentUser } from '@contracts/api'
import { toastTitles } from './support/toasts'

jest.mock('../../src/shared/platform/browser', () => ({
  ...jest.requireActual('../../src/shared/platform/browser'),
  assignLocation: jest.fn(),
  openInNewTab: jest.fn(() => true),
}))

const T = Taro as any
const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  nickName: '示例用户 Demo User',
  avatarUrl: null,
  auserId: null,
  cuserId: 1,
  ouserId: null,
  kefuId: null,
  isPromoter: false,
  email: 'user@haijiao.demo',
  phone: null,
  lang: null,
  ...over,
})

function loginAs(u: CurrentUser) {
  act(() => useAuth.getState().login({ token: 'tok', userInfo: u }))
}

beforeAll(() => initI18n())
beforeEach(() => {
  T.__reset()
  jest.clearAllMocks()
  setLang('en')
  act(() => useAuth.getState().sync())
})

test('logged out: register and login links, login keeps the page and its query as redirect', () => {
  window.history.pushState({}, '', '/activity?type=online')
  render(<Header path='/activity' />)
  expect(screen.getByTestId('header-register').textContent).toBe('Register')
  fireEvent.click(screen.getByTestId('header-login'))
  expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/login/index?redirect=%2Factivity%3Ftype%3Donline' })
  expect(screen.queryByTestId('header-user')).toBeNull()
})

test('nav items and the language toggle (persisted)', () => {
  render(<Header path='/' />)
  expect(['home', 'activity', 'roadshow', 'topic', 'website'].map((k) => screen.getByTestId(`header-nav-${k}`).textContent)).toEqual([
    'Home',
    'Activity',
    'Roadshow',
    'Topic',
    'About',
  ])
  act(() => fireEvent.click(screen.getByTestId('header-lang')))
  expect(T.__storage.get(STORAGE_KEYS.lang)).toBe('zh')
  expect(screen.getByTestId('header-nav-home').textContent).toBe('首页')
})

test('search box hidden on login/register/recovery/sponsor pages', () => {
  const { rerender } = render(<Header path='/' hideSearch={false} />)
  expect(screen.queryByTestId('header-search')).not.toBeNull()
  rerender(<Header path='/login' hideSearch />)
  expect(screen.queryByTestId('header-search')).toBeNull()
})

test('logged in: nickname opens the menu; My talent only for promoters', () => {
  loginAs(user())
  const { unmount } = render(<Header path='/' />)
  expect(screen.getByTestId('header-user').textContent).toContain('示例用户 Demo User')
  fireEvent.click(screen.getByTestId('header-user'))
  expect(screen.getByTestId('header-menu-center').textContent).toBe('Personal home')
  expect(screen.queryByTestId('header-menu-talent')).toBeNull()
  unmount()
  loginAs(user({ isPromoter: true }))
  render(<Header path='/' />)
  fireEvent.click(screen.getByTestId('header-user'))
  expect(screen.getByTestId('header-menu-talent').textContent).toBe('My talent')
})

test('logout clears token, user info and menu and goes home', () => {
  loginAs(user())
  T.__storage.set(STORAGE_KEYS.menu, 'enc')
  render(<Header path='/activity' />)
  fireEvent.click(screen.getByTestId('header-user'))
  act(() => fireEvent.click(screen.getByTestId('header-logout')))
  expect(getToken()).toBeNull()
  expect(T.__storage.has(STORAGE_KEYS.userInfo)).toBe(false)
  expect(T.__storage.has(STORAGE_KEYS.menu)).toBe(false)
  expect(T.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
  expect(screen.getByTestId('header-login')).toBeTruthy()
})

describe('organizer entry (spec section 2)', () => {
  test('token without ouserId/auserId → organizer registration', () => {
    loginAs(user())
    render(<Header path='/' />)
    fireEvent.click(screen.getByTestId('header-user'))
    fireEvent.click(screen.getByTestId('header-menu-organizer'))
    expect(browser.assignLocation).toHaveBeenCalledWith('/admin/admRegister?noReg=true')
    expect(browser.openInNewTab).not.toHaveBeenCalled()
  })

  test('organizer or operations id → admin login in a new tab', () => {
    loginAs(user({ ouserId: 5 }))
    render(<Header path='/' />)
    fireEvent.click(screen.getByTestId('header-user'))
    fireEvent.click(screen.getByTestId('header-menu-organizer'))
    expect(browser.openInNewTab).toHaveBeenCalledWith('/admin/admLogin')
  })

  test('no token → warning, credentials cleared, admin login opened', () => {
    loginAs(user({ auserId: 2 }))
    render(<Header path='/' />)
    fireEvent.click(screen.getByTestId('header-user'))
    T.__storage.delete(STORAGE_KEYS.token) // token expired elsewhere while the menu is open
    act(() => fireEvent.click(screen.getByTestId('header-menu-organizer')))
    expect(toastTitles()).toContain('Invalid login, please log in again')
    expect(T.__storage.has(STORAGE_KEYS.userInfo)).toBe(false)
    expect(browser.assignLocation).toHaveBeenCalledWith('/admin/admLogin')
  })
})
