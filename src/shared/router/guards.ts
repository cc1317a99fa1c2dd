/**
 * Route guards of spec section 2 as a pure decision, so they are unit-tested without a router.
 * The app applies the decision (navigate / clear / message) where navigation happens.
 */
import { findRoute, splitUrl } from './routes'

export interface GuardContext {
  token: string | null
  /** the admin app's routes exist (true when the admin build is deployed next to the consumer app) */
  adminAvailable?: boolean
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; messageKey?: string; clearAuth?: boolean; external?: boolean }

const ADMIN_ENTRY = /^\/(admin|admLogin|admRegister)(\/|$)/

export function guard(url: string, ctx: GuardContext): GuardDecision {
  const [path, query] = splitUrl(url)
  // `/admin` paths need a token: message login.unlogin, clear, go to /login with JSON redirect params.
  if (/^\/admin(\/|$)/.test(path) && !ctx.token) {
    const redirect = JSON.stringify({ path, query })
    return {
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent(redirect)}`,
      messageKey: 'login.unlogin',
      clearAuth: true,
    }
  }
  // Organizer login when logged in and the admin exists → /admin with the same redirect params.
  if (path === '/admLogin' && ctx.token && ctx.adminAvailable) {
    const qs = query.redirect ? `?redirect=${encodeURIComponent(query.redirect)}` : ''
    return { action: 'redirect', to: `/admin${qs}`, external: true }
  }
  // Remaining admin entries belong to the admin app served under /admin/.
  if (ADMIN_ENTRY.test(path)) {
    const sub = path.startsWith('/admin') ? path : `/admin${path}`
    const qs = url.includes('?') ? `?${url.split('?')[1]}` : ''
    if (path.startsWith('/admin')) return { action: 'allow' }
    return { action: 'redirect', to: `${sub}${qs}`, external: true }
  }
  if (path === '/index') return { action: 'redirect', to: '/' }
  const route = findRoute(path)
  if (!route) return { action: 'redirect', to: '/404' }
  if (route.path === '/login' && ctx.token) return { action: 'redirect', to: '/' }
  if (route.path === '/competition' && !query.id) {
    // optional id in the path is not enough: a query id is required (spec section 5)
    return { action: 'redirect', to: '/404' }
  }
  return { action: 'allow' }
}
