import Taro from '@tarojs/taro'
import { goLogin, currentPublicUrl } from '../../src/shared/router/navigate'

const T = Taro as unknown as { navigateTo: jest.Mock; redirectTo: jest.Mock; getCurrentPages: jest.Mock }

describe('login keeps the page the visitor came from', () => {
  beforeEach(() => {
    T.navigateTo.mockReset().mockResolvedValue(undefined)
    T.getCurrentPages.mockReturnValue([])
  })

  test('a detail page keeps its id in the redirect', async () => {
    window.history.pushState({}, '', '/activityDetail?id=3')
    expect(currentPublicUrl()).toBe('/activityDetail?id=3')
    await goLogin()
    const url = T.navigateTo.mock.calls[0][0].url as string
    expect(url.startsWith('/pages/login/index?redirect=')).toBe(true)
    expect(decodeURIComponent(url.split('redirect=')[1])).toBe('/activityDetail?id=3')
  })

  test('home and the login page itself need no redirect', async () => {
    window.history.pushState({}, '', '/')
    await goLogin()
    expect(T.navigateTo.mock.calls[0][0].url).toBe('/pages/login/index')
  })
})
