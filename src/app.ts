/**
 * Consumer app entry (weapp and H5). Boot order matters: i18n and the request hooks are ready before
 * the first page renders; on H5 the router events drive guards, the not-found page and the progress bar.
 */
import { type PropsWithChildren } from 'react'
import Taro from '@tarojs/taro'
// web: holds the start until the current language's texts have arrived (each language is a chunk of its own)
import './shared/i18n/start'
import { initI18n, refreshLocales } from './shared/i18n'
import { configureRequest, maybeRefreshToken } from './shared/api/request'
import { go, resolveUrl } from './shared/router/navigate'
import { toPageUrl, findRoute } from './shared/router/routes'
import { whenIdleAfterLoad, currentLocation, onVisible, progressStart, windowWidth } from './shared/platform/browser'
import { useAuth } from './shared/stores/auth-store'
import { useWechatCodeSignIn } from './shared/auth/wechat-login'
import { startActivityDetail, startActivityFilterOptions, startActivityList, startHome } from './shared/api/content'
import { filtersFromQuery, firstPageOf } from './shared/activity-list-query'
import { ACTIVITY_PAGE_SIZE } from '@contracts/activity'
import { MOBILE_MAX_WIDTH } from './shared/hooks/use-viewport'
import './app.scss'
import { toast } from './shared/stores/toast-store'
import { registerPrivacyAuthorization } from './shared/platform/privacy'
import { tunePreactForMiniProgram } from './shared/platform/preact-tuning'
import { mountPagesAsTransitions } from './shared/platform/page-mount'

// mini-program: Preact set up to send what React sent (shared/platform/preact-tuning.ts)
tunePreactForMiniProgram()

// web: a page's first render is sliced instead of one long task (shared/platform/page-mount.h5.ts)
mountPagesAsTransitions()
initI18n()
// The bundled texts render the first page; the server's copy (operators' overrides) follows. On H5 it
// waits until the first page has settled, so its two requests and the work of merging them do not
// compete with the first page's scripts, pictures and first render.
whenIdleAfterLoad(() => void refreshLocales())

configureRequest({
  clientId: process.env.TARO_ENV === 'weapp' ? 'weapp' : 'h5',
  loginPath: '/login',
  navigate: (url) => {
    useAuth.getState().sync()
    void go(url, { replace: true })
  },
  showWarning: (title) => toast(title, { duration: 2500 }),
  showInfo: (title) => toast(title, { duration: 2500 }),
  showSuccess: (title) => toast(title, { icon: 'success', duration: 1500 }),
  // a consumer route refused for want of the agreement to new policy versions: the re-consent sheet opens
  consentRequired: () => {
    const { user, setUser } = useAuth.getState()
    if (user && !user.consentRequired) setUser({ ...user, consentRequired: true })
  },
})

// mini-program: privacy APIs wait for the person's agreement, asked by our own sheet
registerPrivacyAuthorization()

onVisible(() => {
  useAuth.getState().sync()
  void maybeRefreshToken()
})

/** Never let a guard bounce between pages forever (a misconfigured route would freeze the tab). */
let bounces: number[] = []
function redirectOnce(url: string): void {
  const now = Date.now()
  bounces = bounces.filter((t) => now - t < 2000)
  if (bounces.length >= 3) {
    console.error('[router] redirect loop stopped at', url)
    return
  }
  bounces.push(now)
  void Taro.redirectTo({ url })
}

if (process.env.TARO_ENV === 'h5') {
  // Guards for URLs typed into the address bar or reached by history (in-app links go through go()).
  Taro.eventCenter.on('__taroRouterChange', () => {
    progressStart()
    const here = currentLocation()
    const target = resolveUrl(here)
    if (target !== null && target !== here && findRoute(target.split('?')[0])?.path !== findRoute(here.split('?')[0])?.path) {
      redirectOnce(toPageUrl(target))
    }
  })
  // Opened on home, the activity list or an activity's page (a shared link, a search result): the page's
  // first answer is asked for now, beside the page's code, instead of once that code has loaded and
  // rendered (shared/api/content.ts)
  const [openedPath, openedQuery = ''] = currentLocation().split('?')
  const opened = findRoute(openedPath)?.path
  const params = Object.fromEntries(new URLSearchParams(openedQuery))
  if (opened === '/') startHome()
  if (opened === '/activity') {
    startActivityList({ ...filtersFromQuery(params), page: firstPageOf(params, windowWidth() < MOBILE_MAX_WIDTH), pageSize: ACTIVITY_PAGE_SIZE })
    startActivityFilterOptions()
  }
  if (opened === '/activityDetail') {
    const id = Number(params.id)
    if (Number.isSafeInteger(id) && id > 0) startActivityDetail(id)
  }
  // Paths the Taro router does not know (typos, /competition/7 …) end on /404 or their guard target.
  Taro.eventCenter.on('__taroRouterNotFound', () => {
    const target = resolveUrl(currentLocation())
    if (target !== null) redirectOnce(toPageUrl(target))
  })
}

function App({ children }: PropsWithChildren) {
  // H5 inside WeChat: a query `code` (WeChat's OAuth redirect) signs the visitor in (spec section 4)
  useWechatCodeSignIn()
  return children
}

export default App
