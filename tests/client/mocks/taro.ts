/**
 * Hand-written @tarojs/taro mock (design.md section 6: @tarojs/test-utils-react does not work with
 * Taro 4). Storage is an in-memory map; request/navigation/toast are jest.fn so tests can script them.
 */
import { resetToasts } from '../support/toasts'

const store = new Map<string, unknown>()
const listeners = new Map<string, Set<(...a: any[]) => void>>()

export const __storage = store
export const __reset = () => {
  store.clear()
  listeners.clear()
  resetToasts()
  for (const fn of Object.values(Taro)) if (typeof fn === 'function' && 'mockReset' in fn) (fn as jest.Mock).mockReset()
  installDefaults()
}

const eventCenter = {
  on(name: string, fn: (...a: any[]) => void) {
    if (!listeners.has(name)) listeners.set(name, new Set())
    listeners.get(name)!.add(fn)
  },
  off(name: string, fn?: (...a: any[]) => void) {
    if (fn) listeners.get(name)?.delete(fn)
    else listeners.delete(name)
  },
  trigger(name: string, ...args: any[]) {
    listeners.get(name)?.forEach((fn) => fn(...args))
  },
}

const Taro: any = {
  eventCenter,
  request: jest.fn(),
  getStorageSync: jest.fn(),
  setStorageSync: jest.fn(),
  removeStorageSync: jest.fn(),
  showToast: jest.fn(),
  hideToast: jest.fn(),
  showLoading: jest.fn(),
  hideLoading: jest.fn(),
  navigateTo: jest.fn(),
  redirectTo: jest.fn(),
  switchTab: jest.fn(),
  reLaunch: jest.fn(),
  navigateBack: jest.fn(),
  pageScrollTo: jest.fn(),
  setNavigationBarTitle: jest.fn(),
  getSystemInfoSync: jest.fn(),
  getCurrentPages: jest.fn(),
  getCurrentInstance: jest.fn(),
  connectSocket: jest.fn(),
  onAppShow: jest.fn(),
  offAppShow: jest.fn(),
  useDidShow: jest.fn(),
  useDidHide: jest.fn(),
  useLoad: jest.fn(),
  useReady: jest.fn(),
  usePageScroll: jest.fn(),
  usePullDownRefresh: jest.fn(),
  useShareAppMessage: jest.fn(),
  useShareTimeline: jest.fn(),
  useReachBottom: jest.fn(),
  setTabBarItem: jest.fn(),
  stopPullDownRefresh: jest.fn(),
  useRouter: jest.fn(),
  nextTick: (fn: () => void) => Promise.resolve().then(fn),
  ENV_TYPE: { WEAPP: 'WEAPP', WEB: 'WEB' },
  getEnv: () => 'WEB',
}

function installDefaults() {
  Taro.getStorageSync.mockImplementation((k: string) => (store.has(k) ? store.get(k) : ''))
  Taro.setStorageSync.mockImplementation((k: string, v: unknown) => void store.set(k, v))
  Taro.removeStorageSync.mockImplementation((k: string) => void store.delete(k))
  Taro.showToast.mockResolvedValue({})
  Taro.navigateTo.mockResolvedValue({})
  Taro.redirectTo.mockResolvedValue({})
  Taro.switchTab.mockResolvedValue({})
  Taro.reLaunch.mockResolvedValue({})
  Taro.navigateBack.mockResolvedValue({})
  Taro.pageScrollTo.mockResolvedValue({})
  Taro.setNavigationBarTitle.mockResolvedValue({})
  Taro.setTabBarItem.mockResolvedValue({})
  Taro.getSystemInfoSync.mockReturnValue({ language: 'zh-CN', windowWidth: 1280, platform: 'devtools' })
  Taro.getCurrentPages.mockReturnValue([])
  Taro.getCurrentInstance.mockReturnValue({ router: { path: '/pages/index/index', params: {} } })
  Taro.useRouter.mockReturnValue({ path: '/pages/index/index', params: {} })
  Taro.request.mockResolvedValue({ statusCode: 200, data: { code: 200, result: null, message: '' }, header: {} })
}
installDefaults()

export default Taro
module.exports = Taro
module.exports.default = Taro
module.exports.__storage = store
module.exports.__reset = __reset
