/**
 * Consumer routes (spec section 2): the public URL of each page and the Taro page that renders it.
 * One table feeds app.config.ts (pages/subpackages), the H5 customRoutes, the guards and navigation.
 */
import routeTable from './route-table.json'
import { pagePathOf } from '@contracts/page-path'

export interface RouteDef {
  /** public URL (H5 path) */
  path: string
  /** folder under src/pages (page file is pages/<page>/index) */
  page: string
  /** i18n key of the page title */
  titleKey: string
  tab?: boolean
  /** complete here (not a "coming soon" placeholder) */
  complete?: boolean
  /** pages outside the shared frame */
  bare?: boolean
}

/** The table is JSON so config/index.ts (loaded by plain node, no TS for files outside config/) can read it. */
export const ROUTES: RouteDef[] = routeTable as RouteDef[]

export const TAB_PATHS = ROUTES.filter((r) => r.tab).map((r) => r.path)

export const pagePath = (r: RouteDef): string => `pages/${r.page}/index`

/** Route for a public path (read as pagePathOf reads it: `/index` is `/`, `/competition/:id` is /competition). */
export function findRoute(path: string): RouteDef | undefined {
  const p = pagePathOf(path)
  return ROUTES.find((r) => r.path === p) ?? ROUTES.find((r) => `/${pagePath(r)}` === p)
}

/** Public URL → Taro page URL (`/login?x=1` → `/pages/login/index?x=1`). Unknown → 404 page. */
export function toPageUrl(url: string): string {
  const [path, query] = splitUrl(url)
  const route = findRoute(path) ?? ROUTES.find((r) => r.path === '/404')!
  const extra: Record<string, string> = {}
  const m = /^\/competition\/([^/?#]+)/.exec(path)
  if (m && !query.id) extra.id = decodeURIComponent(m[1])
  const qs = toQuery({ ...query, ...extra })
  return `/${pagePath(route)}${qs ? `?${qs}` : ''}`
}

/** Taro page route (`pages/login/index`) → public path (`/login`). */
export function publicPathOf(pageRoute: string): string {
  const clean = pageRoute.replace(/^\//, '').split('?')[0]
  const r = ROUTES.find((x) => pagePath(x) === clean)
  return r ? r.path : `/${clean}`
}

export function splitUrl(url: string): [string, Record<string, string>] {
  const [pathPart, queryPart = ''] = url.split('#')[0].split('?')
  const query: Record<string, string> = {}
  for (const pair of queryPart.split('&')) {
    if (!pair) continue
    const [k, v = ''] = pair.split('=')
    query[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
  }
  return [pathPart || '/', query]
}

export function toQuery(query: Record<string, string | number | undefined>): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
}
