/**
 * The frame every consumer page uses (spec section 2): desktop header + footer with a 1200 px minimum
 * width, or the mobile frame (< 768 px: back button, H5 bottom tab bar on the five tab pages). Page
 * show = a navigation: progress bar done, scroll to top, token refresh, version check, title.
 */
import { type ReactNode, useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { useDidShow, useLoad } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Header, { LangToggle } from './header'
import Footer from './footer'
import TabBar, { TABS } from './tab-bar'
import SideMenu from './side-menu'
import OverlayHost from '../overlays/overlay-host'
import MobileSearch, { MOBILE_SEARCH_PATHS } from './mobile-search'
import MobileServiceEntry from './mobile-service'
import { setPageTitle } from '../../shared/platform/page-title'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { TAB_PATHS } from '../../shared/router/routes'
import { currentPublicUrl, goBack, goLogin, guardOpenedPage } from '../../shared/router/navigate'
import { setTabBarTexts } from '../../shared/platform/tab-bar'
import { useUnread } from '../../shared/stores/unread-store'
import { useShare } from '../../shared/hooks/use-share'
import { maybeRefreshToken } from '../../shared/api/request'
import { checkVersionOnShow } from './version-check'
import { progressDone, scrollToTop } from '../../shared/platform/browser'
import { useAuth } from '../../shared/stores/auth-store'
import { isH5 } from '../../shared/env'
import './layout.scss'

/** Pages whose header has no search box (spec section 2). */
const NO_SEARCH = ['/register', '/login', '/accountCuser/recovery', '/account/recovery', '/sponsor']
/** Phone pages without the customer-service button (signing in and up: a form fills the screen). */
const NO_SERVICE = ['/login', '/register', '/accountCuser/recovery', '/account/recovery']
/** Pages without the desktop bottom padding. */
const NO_PADDING = ['/login', '/register', '/accountCuser/recovery', '/competition']

export interface LayoutProps {
  /** public path of the page (e.g. '/center/userinfo') */
  path: string
  /** i18n key of the page title; the home page uses the product name only */
  titleKey?: string
  /** a detail page's own title (the item's title); wins over titleKey */
  title?: string
  /** header / mobile search: the path the search runs in (default from `path`) and its keywords */
  searchPath?: string
  keywords?: string
  /** phones: the frame's search box filters this page instead of opening the search page */
  onSearch?: (keywords: string) => void
  /** no frame at all (404, orgProject, project) */
  bare?: boolean
  /** mini-program share card: another path (e.g. with the promoter code) and a picture; default = this page */
  share?: { path?: string; imageUrl?: string | null }
  children?: ReactNode
  className?: string
}

/** '<page> - 海交' (or the product name alone); detail pages pass their item's title as `own`. */
export function usePageTitle(titleKey?: string, own?: string) {
  const { t, i18n } = useTranslation()
  const head = own || (titleKey ? t(titleKey) : '')
  const title = head ? `${head} - ${t('app.name')}` : t('app.name')
  useEffect(() => {
    setPageTitle(title)
  }, [title, i18n.language])
  return title
}

export default function Layout({ path, titleKey, title: ownTitle, searchPath, keywords, onSearch, bare, share, children, className }: LayoutProps) {
  const { t } = useTranslation()
  const mobile = useIsMobile()
  const title = usePageTitle(titleKey, ownTitle)
  const mobileSearch = MOBILE_SEARCH_PATHS.includes(path)
  const isTab = TAB_PATHS.includes(path)
  const token = useAuth((s) => s.token)

  useLoad(() => {
    guardOpenedPage()
  })

  // the native tab bar's labels in the app language (only while a tab page shows, as WeChat requires)
  const tabTexts = isTab ? TABS.map((tab) => t(tab.key)).join('\n') : ''
  const syncTabBar = () => tabTexts && setTabBarTexts(tabTexts.split('\n'))
  useEffect(() => {
    if (tabTexts) setTabBarTexts(tabTexts.split('\n'))
  }, [tabTexts])

  useShare(() => ({ title: ownTitle || (titleKey ? t(titleKey) : t('app.name')), path: share?.path || currentPublicUrl(), imageUrl: share?.imageUrl }))

  useDidShow(() => {
    progressDone()
    scrollToTop()
    useAuth.getState().sync()
    void maybeRefreshToken()
    checkVersionOnShow()
    setPageTitle(title)
    syncTabBar()
    // the inbox's unread count for the tab bar and header badges (a page shown, not a poll)
    void useUnread.getState().refresh()
  })

  if (bare)
    return (
      <View className={`hj-page hj-page--bare ${className || ''}`}>
        {children}
        <OverlayHost toastsOnly path={path} />
      </View>
    )

  if (mobile) {
    return (
      <View className={`hj-page hj-page--mobile${isTab && isH5() ? ' has-tabbar' : ''} ${className || ''}`}>
        {isH5() && (
          <View className='hj-mbar'>
            {!isTab ? (
              <View className='hj-mbar__back' data-testid='mobile-back' onClick={goBack}>
                ‹ {t('common.back')}
              </View>
            ) : (
              <Text className='hj-mbar__logo'>海交</Text>
            )}
            <Text className='hj-mbar__title'>{ownTitle || (titleKey ? t(titleKey) : t('app.name'))}</Text>
            <View className='hj-mbar__right'>
              {!token && path !== '/login' && path !== '/register' && (
                <Text className='hj-mbar__login' data-testid='mobile-login' onClick={() => goLogin()}>
                  {t('header.login')}
                </Text>
              )}
              <LangToggle />
            </View>
          </View>
        )}
        {!isH5() && (
          <View className='hj-wbar'>
            <LangToggle />
          </View>
        )}
        {mobileSearch && <MobileSearch path={path} searchPath={searchPath} keywords={keywords} onSearch={onSearch} />}
        <View className='hj-main hj-main--mobile'>{children}</View>
        {isH5() && isTab && <TabBar path={path} />}
        {!NO_SERVICE.includes(path) && <MobileServiceEntry raised={isH5() && isTab} />}
        <OverlayHost path={path} />
      </View>
    )
  }

  const hideChrome = path === '/competition'
  return (
    <View className={`hj-page hj-page--desktop ${className || ''}`}>
      {!hideChrome && <Header path={path} hideSearch={NO_SEARCH.includes(path)} searchPath={searchPath} keywords={keywords} />}
      <View className={`hj-main hj-main--desktop${NO_PADDING.includes(path) ? ' no-padding' : ''}`}>{children}</View>
      {!hideChrome && <Footer />}
      {!hideChrome && <SideMenu />}
      <OverlayHost toastsOnly={hideChrome} path={path} />
    </View>
  )
}
