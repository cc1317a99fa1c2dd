/**
 * URLs inside the admin. Taro's router owns the four static pages (login, register, forgot, shell) and
 * adds the /admin basename itself; inside the shell the view switcher uses history.pushState so that
 * /admin/system/user is a real URL the server falls back to index.html for, and reloads into that view.
 */
import Taro from '@tarojs/taro'
import { ADMIN_BASE, toViewPath } from './menu-routes'

export const PAGES = {
  login: '/admLogin',
  register: '/admRegister',
  forgot: '/forgot',
} as const

/** Paths Taro serves as their own pages; everything else under /admin is the shell. */
export function isStaticPagePath(viewPath: string): boolean {
  return (Object.values(PAGES) as string[]).includes(toViewPath(viewPath))
}

export function adminHref(viewPath: string, search = ''): string {
  const p = toViewPath(viewPath)
  const q = search && !search.startsWith('?') ? `?${search}` : search
  return `${ADMIN_BASE}${p === '/' ? '/' : p}${q}`
}

/** Leave the current Taro page for another one (basename added by Taro). */
export function goPage(urlInsideAdmin: string): void {
  const url = urlInsideAdmin.startsWith(`${ADMIN_BASE}/`) || urlInsideAdmin === ADMIN_BASE
    ? urlInsideAdmin.slice(ADMIN_BASE.length) || '/'
    : urlInsideAdmin
  void Taro.reLaunch({ url }).catch(() => {
    // Router refused (should not happen): a full load still lands on the right page via the SPA fallback.
    window.location.assign(`${ADMIN_BASE}${url.startsWith('/') ? url : `/${url}`}`)
  })
}

export interface RedirectTarget {
  path: string
  query: Record<string, string>
}

function queryObject(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  new URLSearchParams(search).forEach((v, k) => {
    out[k] = v
  })
  return out
}

/**
 * Route guard (spec): redirect path and query as one JSON string, e.g.
 * /admin/admLogin?redirect={"path":"/admin/system/user","query":{"page":"2"}}
 */
export function loginUrlFor(pathname: string, search: string): string {
  const redirect = JSON.stringify({ path: pathname, query: queryObject(search) })
  return `${PAGES.login}?redirect=${encodeURIComponent(redirect)}`
}

/**
 * Reads the redirect parameter of the login page. Accepts the JSON form above and the plain
 * `?redirect=/admin/x?y=1` form the shared request client's 401 flow produces. Only admin paths are
 * followed (never an open redirect elsewhere); the auth pages themselves are not targets.
 */
export function parseRedirect(search: string): RedirectTarget {
  const raw = new URLSearchParams(search).get('redirect')
  const fallback: RedirectTarget = { path: '/', query: {} }
  if (!raw) return fallback
  let path = raw
  let query: Record<string, string> = {}
  try {
    const parsed = JSON.parse(raw) as { path?: unknown; query?: unknown }
    if (parsed && typeof parsed === 'object' && typeof parsed.path === 'string') {
      path = parsed.path
      if (parsed.query && typeof parsed.query === 'object') {
        for (const [k, v] of Object.entries(parsed.query as Record<string, unknown>)) {
          if (v != null) query[k] = String(v)
        }
      }
    }
  } catch {
    // plain path form
  }
  if (!path.startsWith('/') || path.startsWith('//')) return fallback
  const qIndex = path.indexOf('?')
  if (qIndex >= 0) {
    query = { ...queryObject(path.slice(qIndex + 1)), ...query }
    path = path.slice(0, qIndex)
  }
  const viewPath = toViewPath(path)
  if (isStaticPagePath(viewPath)) return fallback
  return { path: viewPath, query }
}

export function targetUrl(target: RedirectTarget): string {
  const qs = new URLSearchParams(target.query).toString()
  return `${target.path}${qs ? `?${qs}` : ''}`
}
