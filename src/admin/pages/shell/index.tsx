/**
 * The admin shell: one Taro page serving /admin/ and every /admin/<view path>. Routes come from the
 * stored (encrypted) menu; the view switcher uses history.pushState, so each view has a real URL that
 * reloads into the same view (the server falls back to dist/admin/index.html).
 *
 * Guard: no token → `login.unlogin` message, clear token/userInfo/menu, go to /admin/admLogin with the
 * redirect path and query as a JSON string. The menu is reloaded on every start and every navigation so
 * role changes apply without logging in again.
 */
import React, { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import type { MenuPermission } from '@contracts/api'
import { t as translate } from '../../../shared/i18n'
import { checkVersion, maybeRefreshToken } from '../../api/client'
import { logout as endSession } from '../../api/session'
import { AdminLayout } from '../../layout/admin-layout'
import { buildRoutes, buildSideMenu, matchRoute, titleIn, toViewPath, type AdminRoute } from '../../core/menu-routes'
import { RouteButtonsProvider } from '../../core/permission'
import {
  clearAuth,
  clearTags,
  getToken,
  getUserInfo,
  loadMenu,
  readMenu,
  readTags,
  saveTags,
  capTags,
  type TagView,
} from '../../core/session'
import { PAGES, adminHref, goPage, isStaticPagePath, loginUrlFor } from '../../core/navigation'
import { feedback } from '../../core/feedback'
import { NotFoundView, prefetchViews, preloadView, viewFor } from '../../views/registry'

type Tag = TagView & { titleZh?: string; titleEn?: string; fixed?: boolean }

function here() {
  return { path: toViewPath(window.location.pathname), search: window.location.search }
}

// As soon as this page's code runs, fetch the code of the view the address opens (from the stored menu),
// beside the shell's own start-up instead of after its first render.
if (typeof window !== 'undefined' && getToken()) {
  const stored = readMenu()
  if (stored) void preloadView(matchRoute(buildRoutes(stored.menuTreeList), here().path)?.component)
}

export default function Shell() {
  const { t, i18n } = useTranslation()
  const lang: 'zh' | 'en' = i18n.language === 'en' ? 'en' : 'zh'
  const [menu, setMenu] = useState<MenuPermission | null>(() => (getToken() ? readMenu() : null))
  const [loc, setLoc] = useState(here)
  const [tags, setTags] = useState<Tag[]>(() => readTags())
  const leaving = useRef(false)

  const routes = useMemo(() => buildRoutes(menu?.menuTreeList), [menu])
  const sideMenu = useMemo(() => buildSideMenu(menu?.menuTreeList), [menu])
  const route = useMemo(() => matchRoute(routes, loc.path), [routes, loc.path])
  const homeRoute = useMemo(() => matchRoute(routes, '/'), [routes])

  /** Guard failure: message, clear credentials, login with the JSON redirect (spec route guard). */
  // the module-level t (same i18n instance): keeps this callback, and the start-up effect using it, stable
  const toLogin = useCallback((withMessage = true) => {
    if (leaving.current) return
    leaving.current = true
    if (withMessage) feedback().warning(translate('login.unlogin'))
    clearAuth()
    goPage(loginUrlFor(window.location.pathname, window.location.search))
  }, [])

  const refreshMenu = useCallback(async () => {
    const r = await loadMenu()
    if (r.status === 'ok') setMenu(r.menu)
    else if (r.status === 'none' || !readMenu()) toLogin()
  }, [toLogin])

  /** Work done on every navigation (spec section 4): menu reload, token refresh, new-version check. */
  const afterNavigate = useCallback(() => {
    void refreshMenu()
    void maybeRefreshToken()
    void checkVersion('/admin/version.json')
  }, [refreshMenu])

  // start-up: guard, then reload the menu (it may have changed since it was stored)
  useEffect(() => {
    if (!getToken()) {
      toLogin()
      return
    }
    afterNavigate()
    const onVisible = () => document.visibilityState === 'visible' && void maybeRefreshToken()
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [afterNavigate, toLogin])

  // Back/forward between shell views is ours: stop Taro's router from remounting the page for it.
  // Capture phase so this runs before the router's own popstate listener on window.
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const next = here()
      if (isStaticPagePath(next.path)) return
      e.stopImmediatePropagation()
      if (!getToken()) {
        toLogin()
        return
      }
      setLoc(next)
      afterNavigate()
    }
    window.addEventListener('popstate', onPop, true)
    return () => window.removeEventListener('popstate', onPop, true)
  }, [afterNavigate, toLogin])

  const open = useCallback(
    (pathWithQuery: string, searchArg = '') => {
      // views open others with a query (`/admin/activity/enroll?activityId=5`): keep it in the address
      const q = pathWithQuery.indexOf('?')
      const path = q < 0 ? pathWithQuery : pathWithQuery.slice(0, q)
      const search = searchArg || (q < 0 ? '' : pathWithQuery.slice(q))
      if (!getToken()) {
        toLogin()
        return
      }
      const viewPath = toViewPath(path)
      if (isStaticPagePath(viewPath)) {
        goPage(`${viewPath}${search}`)
        return
      }
      const href = adminHref(viewPath, search)
      if (`${window.location.pathname}${window.location.search}` !== href) {
        window.history.pushState({ admView: viewPath }, '', href)
      }
      setLoc({ path: viewPath, search })
      afterNavigate()
    },
    [afterNavigate, toLogin],
  )

  // Tag views: home fixed first, then every opened view (kept for the browser session).
  useEffect(() => {
    if (!route || !route.component) return
    setTags((prev) => {
      const key = loc.path === '/' ? route.path : loc.path
      const existing = prev.find((x) => x.path === key)
      const entry: Tag = { path: key, title: route.title, titleZh: route.titleZh, titleEn: route.titleEn }
      const opened = existing ? prev.map((x) => (x.path === key ? { ...x, ...entry } : x)) : [...prev, entry]
      // the fixed home tag is drawn apart (shownTags) and does not count against the cap
      const next = capTags(opened.filter((x) => x.path !== homeRoute?.path), key)
      saveTags(next.map(({ fixed: _f, ...rest }) => rest))
      return next
    })
  }, [route, loc.path, homeRoute])

  // once the first view has had time to settle, the other views' code is fetched while the browser is idle
  // (keyed by the views, not the routes object, which every navigation's menu reload renews)
  const viewKeys = useMemo(() => routes.map((r) => r.component).join('|'), [routes])
  useEffect(() => {
    if (!viewKeys) return
    let stop = () => {}
    const timer = window.setTimeout(() => {
      stop = prefetchViews(viewKeys.split('|'))
    }, 1500)
    return () => {
      window.clearTimeout(timer)
      stop()
    }
  }, [viewKeys])

  const shownTags: Tag[] = useMemo(() => {
    const home = homeRoute
      ? { path: homeRoute.path, title: homeRoute.title, titleZh: homeRoute.titleZh, titleEn: homeRoute.titleEn, fixed: true }
      : null
    const rest = tags.filter((x) => !home || x.path !== home.path).filter((x) => routes.some((r) => r.path === x.path))
    return home ? [home, ...rest] : rest
  }, [tags, homeRoute, routes])

  const closeTag = useCallback(
    (path: string) => {
      const remaining = shownTags.filter((x) => x.path !== path)
      const next = tags.filter((x) => x.path !== path)
      setTags(next)
      saveTags(next.map(({ fixed: _f, ...rest }) => rest))
      const active = loc.path === path || (loc.path === '/' && homeRoute?.path === path)
      if (active) open(remaining.length ? remaining[remaining.length - 1].path : '/')
    },
    [shownTags, tags, loc.path, homeRoute, open],
  )

  const logout = useCallback(async () => {
    try {
      await endSession()
    } catch {
      // the token is dropped locally whatever the server says
    }
    leaving.current = true
    clearAuth()
    clearTags()
    feedback().success(t('adm.logoutDone'))
    goPage(PAGES.login)
  }, [t])

  useEffect(() => {
    const title = route ? titleIn(route, lang) : t('adm.notFound.title')
    document.title = `${title} - ${t('adm.appName')}`
  }, [route, lang, t])

  if (!getToken() || !menu) {
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    )
  }

  const user = getUserInfo()
  const activePath = route && loc.path === '/' ? route.path : loc.path
  const View = route ? viewFor(route.component) : NotFoundView
  const fallbackRoute: AdminRoute = route || {
    id: 0,
    path: loc.path,
    name: 'notFound',
    title: '404',
    component: '',
    redirect: null,
    icon: null,
    buttons: [],
  }

  return (
    <AdminLayout
      sideMenu={sideMenu}
      activePath={activePath}
      lang={lang}
      userName={user?.nickName || user?.email || ''}
      title={route ? titleIn(route, lang) : t('adm.notFound.title')}
      tags={shownTags}
      onOpen={(p) => open(p)}
      onCloseTag={closeTag}
      onLogout={() => void logout()}
    >
      <RouteButtonsProvider buttons={route?.buttons || []}>
        <Suspense
          fallback={
            <div style={{ padding: 48, textAlign: 'center' }}>
              <Spin />
            </div>
          }
        >
          {/* a view opened again with another query (?id=) starts afresh */}
          <View key={`${fallbackRoute.path}${loc.search}`} route={fallbackRoute} routes={routes} lang={lang} open={(p) => open(p)} />
        </Suspense>
      </RouteButtonsProvider>
    </AdminLayout>
  )
}
