/**
 * Pages of the consumer app (spec section 2). Tab-bar pages sit in the main package; every other page
 * is its own subpackage so the main package stays far under WeChat's 2 MB limit. H5 URLs come from
 * config/index.ts customRoutes (same ROUTES table).
 */
import { ROUTES, pagePath } from './shared/router/routes'

const main = ROUTES.filter((r) => r.tab)
const sub = ROUTES.filter((r) => !r.tab)
const isWeapp = process.env.TARO_ENV === 'weapp'

/**
 * The subpackages each tab page's links lead to (page folders): WeChat fetches them once the tab page has
 * opened, so the first tap on a card does not wait for its subpackage to download. Every link a tab page
 * or its own components name must be here (tests/weapp/weapp-build.test.ts checks the sources), and the
 * packages preloaded from one page stay under WeChat's 2 MB.
 */
const PRELOAD: Record<string, string[]> = {
  index: ['activity-detail', 'search', 'topic', 'topic-detail', 'information', 'information-detail', 'policy', 'policy-detail', 'sponsor', 'premium-place', 'website'],
  activity: ['activity-detail'],
  roadshow: ['roadshow-detail', 'competition'],
  match: ['policy-detail'],
  center: ['login', 'activity-detail', 'ticket', 'raffle', 'center-userinfo', 'center-talent', 'center-data', 'center-deletion', 'sponsor', 'topic-detail', 'information-detail'],
}

/**
 * Mini-program pages without a web route: the chat (components/overlays/chat-page.ts; on the web the
 * frame's overlay draws it). Every page's service entry leads there, so every tab page preloads it.
 */
const WEAPP_ONLY = ['chat']

export default defineAppConfig({
  pages: main.map(pagePath),
  subPackages: [...sub.map((r) => r.page), ...(isWeapp ? WEAPP_ONLY : [])].map((page) => ({ root: `pages/${page}`, pages: ['index'] })),
  ...(isWeapp
    ? {
        preloadRule: Object.fromEntries(
          main.map((r) => [pagePath(r), { network: 'all' as const, packages: [...(PRELOAD[r.page] || []), ...WEAPP_ONLY].map((p) => `pages/${p}`) }]),
        ),
      }
    : {}),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '海交 Haijiao',
    navigationBarTextStyle: 'black',
    // H5 draws its own header; the mini-program keeps the native navigation bar
    ...(isWeapp ? {} : { navigationStyle: 'custom' as const }),
  },
  // Native tab bar in the mini-program; H5 draws its own (mobile only) in the Layout component.
  ...(isWeapp
    ? {
        tabBar: {
          color: '#666666',
          selectedColor: '#d7000f',
          backgroundColor: '#ffffff',
          borderStyle: 'black' as const,
          // labels follow the app language at run time (components/layout: setTabBarTexts); icons from scripts/tab-icons.mjs
          list: [
            { pagePath: 'pages/index/index', text: '首页', iconPath: 'assets/tab/home.png', selectedIconPath: 'assets/tab/home-active.png' },
            { pagePath: 'pages/activity/index', text: '活动', iconPath: 'assets/tab/activity.png', selectedIconPath: 'assets/tab/activity-active.png' },
            { pagePath: 'pages/roadshow/index', text: '路演', iconPath: 'assets/tab/roadshow.png', selectedIconPath: 'assets/tab/roadshow-active.png' },
            { pagePath: 'pages/match/index', text: '匹配', iconPath: 'assets/tab/match.png', selectedIconPath: 'assets/tab/match-active.png' },
            { pagePath: 'pages/center/index', text: '我的', iconPath: 'assets/tab/center.png', selectedIconPath: 'assets/tab/center-active.png' },
          ],
        },
      }
    : {}),
  lazyCodeLoading: 'requiredComponents',
  // privacy APIs wait for the agreement to the privacy guide, asked by our sheet (shared/platform/privacy.ts);
  // WeChat enforces this since 2023-10-17 whatever the flag, which keeps older base libraries in step
  ...(isWeapp ? { __usePrivacyCheck__: true } : {}),
})
