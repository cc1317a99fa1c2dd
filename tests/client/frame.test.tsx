/** The frame: header search + hot-search dropdown, footer e-mail box and entrances, side menu. */
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Header from '../../src/components/layout/header'
import Footer from '../../src/components/layout/footer'
import { subscribeEmailError } from '../../src/shared/validation'
import { sideMenuState } from '../../src/components/layout/side-menu'
import { groupHotSearch, hotSearchLink, hotTitle, resetHotSearchCache } from '../../src/components/layout/hot-search'
import { resetSiteSettingsCache } from '../../src/shared/hooks/use-site-settings'
import { initI18n, setLang } from '../../src/shared/i18n'
import { resetClient } from './support/reset'
import { expectEmailMessages } from './support/email-messages'
import { toastTitles } from './support/toasts'

const T = Taro as any
const ok = (result: unknown) => ({ statusCode: 200, header: {}, data: { code: 200, result, message: '' } })
const HOT = [
  { id: 1, searchModuleCode: 'topic', relationId: 11, title: '海外人才回国创业扶持 Start-up support for returnees', posterUrl: null },
  { id: 2, searchModuleCode: 'policy', relationId: 22, title: '上海留学人员落户政策 Shanghai residence policy', posterUrl: null },
  { id: 3, searchModuleCode: 'place', relationId: 33, title: '深圳湾科技园 Shenzhen Bay Science Park', posterUrl: null },
  { id: 4, searchModuleCode: 'topic', relationId: 12, title: 'Only English', posterUrl: null },
]
const SITE = { phone: '400-000-0000', email: 'service@haijiao.demo', icp: '沪ICP备00000000号', copyrightZh: '© 海交', copyrightEn: '© Haijiao' }

function serve() {
  T.request.mockImplementation(async ({ url }: { url: string }) => {
    if (url.includes('/system/search/list/index/hot_search')) return ok(HOT)
    if (url.includes('/system/setting/site')) return ok(SITE)
    return ok(null)
  })
}

beforeAll(() => initI18n())
beforeEach(() => {
  resetClient()
  resetHotSearchCache()
  resetSiteSettingsCache()
  serve()
})
afterEach(() => jest.useRealTimers())

/** the header's keyword box: the test id is on our wrapper of taro-ui's AtSearchBar, the <input> inside */
const headerInput = () => screen.getByTestId('header-search').querySelector('input')!

describe('header search', () => {
  const typeAndSearch = (path: string, kw: string, how: 'button' | 'enter' = 'button') => {
    render(<Header path={path} />)
    fireEvent.input(headerInput(), { target: { value: kw } })
    if (how === 'button') fireEvent.click(screen.getByTestId('header-search-btn'))
    else fireEvent.keyDown(headerInput(), { key: 'Enter', keyCode: 13 })
  }

  test('on a detail page the search runs in its list', () => {
    typeAndSearch('/activityDetail', '人才')
    expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/search/index?path=%2Factivity&keywords=${encodeURIComponent('人才')}` })
  })
  test.each([
    ['/topicDetail', '%2Ftopic'],
    ['/informationDetail', '%2Finformation'],
    ['/activity', '%2Factivity'],
    ['/', 'all'],
  ])('%s → path %s', (page, path) => {
    typeAndSearch(page, 'AI')
    expect(T.navigateTo).toHaveBeenCalledWith({ url: `/pages/search/index?path=${path}&keywords=AI` })
  })
  test('Enter searches too', () => {
    typeAndSearch('/topicDetail', 'policy', 'enter')
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/search/index?path=%2Ftopic&keywords=policy' })
  })
})

describe('hot search', () => {
  test('grouping, links and language split', () => {
    expect(groupHotSearch(HOT as any).map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ['topic', [1, 4]],
      ['policy', [2]],
      ['place', [3]],
    ])
    expect(hotSearchLink(HOT[0] as any)).toBe('/topicDetail?id=11')
    expect(hotSearchLink(HOT[1] as any)).toBe('/policyDetail?id=22')
    expect(hotSearchLink(HOT[2] as any)).toBe('/sponsor?id=33')
    expect(hotTitle(HOT[1] as any, 'zh')).toBe('上海留学人员落户政策')
    expect(hotTitle(HOT[1] as any, 'en')).toBe('Shanghai residence policy')
    expect(hotTitle(HOT[3] as any, 'zh')).toBe('Only English')
  })

  test('focus opens the dropdown grouped topic / policy / place; an item opens its page', async () => {
    render(<Header path='/' />)
    expect(screen.queryByTestId('hot-search')).toBeNull()
    fireEvent.focus(headerInput())
    await waitFor(() => expect(screen.getAllByTestId('hot-search-item')).toHaveLength(4))
    const groups = ['topic', 'policy', 'place'].map((g) => screen.getByTestId(`hot-search-group-${g}`).textContent)
    expect(groups[0]).toContain('Hot topics')
    expect(groups[0]).toContain('Start-up support for returnees')
    expect(groups[1]).toContain('Hot policies')
    expect(groups[2]).toContain('Hot places')
    expect(groups[2]).toContain('Shenzhen Bay Science Park')
    const place = screen.getAllByTestId('hot-search-item').find((el) => el.getAttribute('data-type') === 'place')!
    fireEvent.click(place)
    expect(T.navigateTo).toHaveBeenCalledWith({ url: '/pages/sponsor/index?id=33' })
    expect(screen.queryByTestId('hot-search')).toBeNull()
  })

  test('blur closes the dropdown after a short delay (so clicks still land)', async () => {
    render(<Header path='/' />)
    fireEvent.focus(headerInput())
    await waitFor(() => expect(screen.getAllByTestId('hot-search-item').length).toBe(4))
    jest.useFakeTimers()
    fireEvent.blur(headerInput())
    expect(screen.queryByTestId('hot-search')).not.toBeNull()
    act(() => {
      jest.advanceTimersByTime(250)
    })
    expect(screen.queryByTestId('hot-search')).toBeNull()
  })

  test('Chinese group names', async () => {
    act(() => setLang('zh'))
    render(<Header path='/' />)
    fireEvent.focus(headerInput())
    await waitFor(() => expect(screen.getByTestId('hot-search-group-policy').textContent).toContain('热门政策'))
    expect(screen.getByTestId('hot-search-group-policy').textContent).toContain('上海留学人员落户政策')
    expect(screen.getByTestId('hot-search-group-policy').textContent).not.toContain('Shanghai')
  })
})

describe('footer', () => {
  test('e-mail validation messages in both languages; a valid address shows nothing', async () => {
    expect(subscribeEmailError('')).toBe('frame.subscribe.emailRequired')
    expect(subscribeEmailError('not-an-email')).toBe('frame.subscribe.emailInvalid')
    expect(subscribeEmailError(' a@b.cn ')).toBe('')
    render(<Footer />)
    await waitFor(() => expect(screen.getByTestId('footer-phone')).toBeTruthy())
    expectEmailMessages({ input: 'footer-subscribe-email', submit: 'footer-subscribe-btn', error: 'footer-subscribe-error' })
    fireEvent.input(screen.getByTestId('footer-subscribe-email'), { target: { value: '' } })
    fireEvent.click(screen.getByTestId('footer-subscribe-btn'))
    expect(screen.getByTestId('footer-subscribe-error').textContent).toBe('请填写您的常用邮箱')
    fireEvent.input(screen.getByTestId('footer-subscribe-email'), { target: { value: 'user@haijiao.demo' } })
    fireEvent.click(screen.getByTestId('footer-subscribe-btn'))
    expect(screen.queryByTestId('footer-subscribe-error')).toBeNull()
    expect(toastTitles()).toEqual([])
    expect(T.navigateTo).not.toHaveBeenCalled()
  })

  test('badges, entrances and contact from the site settings', async () => {
    render(<Footer />)
    expect(['official', 'global', 'quality', 'free'].map((k) => screen.getByTestId(`footer-badge-${k}`).textContent)).toEqual([
      expect.stringContaining('Official certification'),
      expect.stringContaining('Globalization'),
      expect.stringContaining('High-quality resources'),
      expect.stringContaining('Zero fee service'),
    ])
    expect(screen.getByTestId('footer-entrance-job').textContent).toBe('Job hunt')
    await waitFor(() => expect(screen.getByTestId('footer-phone').textContent).toBe('Contact phone: 400-000-0000'))
    expect(screen.getByTestId('footer-email').textContent).toContain('service@haijiao.demo')
    expect(screen.getByTestId('footer-icp').textContent).toBe('沪ICP备00000000号')
    // an entrance opens the chat (through the overlay store): no navigation
    fireEvent.click(screen.getByTestId('footer-entrance-tech'))
    expect(T.navigateTo).not.toHaveBeenCalled()
  })
})

test('side menu: go-to-top after 500 px, height 140 → 160', () => {
  expect(sideMenuState(0)).toEqual({ showTop: false, height: 140 })
  expect(sideMenuState(500)).toEqual({ showTop: false, height: 140 })
  expect(sideMenuState(501)).toEqual({ showTop: true, height: 160 })
})
