/**
 * Consumer navigation by public URL ("/login?redirect=…"): applies the route guards, then uses the
 * right Taro call (switchTab for weapp tab pages, reLaunch for H5 tab roots, navigateTo otherwise).
 */
import Taro from '@tarojs/taro'
import { guard } from './guards'
import { findRoute, pagePath, publicPathOf, toPageUrl, splitUrl, toQuery } from './routes'
import { getToken, clearAuth } from '../storage'
import { isWeapp } from '../env'
import { assignLocation, currentLocation, openInNewTab } from '../platform/browser'
import { t } from '../i18n'
import { toast } from '../stores/toast-store'

export interface GoOptions {
  replace?: boolean
}

/** Apply the guard decision; returns the URL to open inside the app, or null when handled. */
export function resolveUrl(url: string): string | null {
  let target = url
  for (let i = 0; i < 3; i++) {
    const d = guard(target, { token: getToken(), adminAvailable: true })
    if (d.action === 'allow') return target
    if (d.clearAuth) clearAuth()
    if (d.messageKey) toast(t(d.messageKey))
    if (d.external) {
      assignLocation(d.to)
      return null
    }
    target = d.to
  }
  return target
}

export function go(url: string, opts: GoOptions = {}): Promise<unknown> {
  const target = resolveUrl(url)
  if (target === null) return Promise.resolve()
  const [path, query] = splitUrl(target)
  const route = findRoute(path)
  if (route?.tab) {
    if (isWeapp()) return Taro.switchTab({ url: `/${pagePath(route)}` }).catch(() => undefined)
    const qs = toQuery(query)
    return Taro.reLaunch({ url: `/${pagePath(route)}${qs ? `?${qs}` : ''}` }).catch(() => undefined)
  }
  return openPageUrl(toPageUrl(target), opts.replace)
}

/** Opens a Taro page URL (`/pages/<page>/index?…`) on top, or in place of the current page. */
export function openPageUrl(pageUrl: string, replace = false): Promise<unknown> {
  // weapp allows 10 pages in the stack; replace instead of failing beyond that
  if (replace || Taro.getCurrentPages().length >= 9) return Taro.redirectTo({ url: pageUrl }).catch(() => undefined)
  return Taro.navigateTo({ url: pageUrl }).catch(() => Taro.redirectTo({ url: pageUrl }).catch(() => undefined))
}

export function goBack(): void {
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack().catch(() => go('/', { replace: true }))
  else void go('/', { replace: true })
}

/** The current page as a public URL with its query ("/activityDetail?id=3"), on H5 and in the weapp. */
export function currentPublicUrl(): string {
  const [path, query] = splitUrl(currentLocation())
  const publicPath = path.startsWith('/pages/') ? publicPathOf(path.slice(1)) : path
  const qs = toQuery(query)
  return `${publicPath}${qs ? `?${qs}` : ''}`
}

/**
 * A mini-program page opened without go() — from a share card, a QR code or as the entry page — gets
 * the same guards as in-app navigation (H5 applies them on router events in app.ts). Returns true when
 * the visitor was sent elsewhere.
 */
export function guardOpenedPage(): boolean {
  if (!isWeapp()) return false
  const here = currentPublicUrl()
  const target = resolveUrl(here)
  if (target === null) return true
  if (findRoute(splitUrl(target)[0])?.path === findRoute(splitUrl(here)[0])?.path) return false
  void go(target, { replace: true })
  return true
}

/** Login, then back to where the user was — query included, so a detail page keeps its id. */
export function goLogin(): Promise<unknown> {
  const here = currentPublicUrl()
  return go(here === '/' || here.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(here)}`)
}

/** A link from content (banner, advert): in-app path → navigate; http(s) → a new tab on H5 (nothing in the mini-program). */
export function openContentLink(linkUrl: string | null): void {
  if (!linkUrl) return
  if (/^https?:\/\//.test(linkUrl)) {
    if (isWeapp()) return
    if (!openInNewTab(linkUrl)) assignLocation(linkUrl)
    return
  }
  void go(linkUrl.startsWith('/') ? linkUrl : `/${linkUrl}`)
}
