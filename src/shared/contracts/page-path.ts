/**
 * The public path a consumer page's URL names (spec section 2), as the router finds its page and the
 * server finds the page's build files to announce (plugins/static.ts): without the query, the fragment
 * or a trailing slash; `/index` (the frame's own path) is `/`; `/competition/<id>` is `/competition`.
 */
export function pagePathOf(url: string): string {
  const p = url.split('#')[0].split('?')[0].replace(/\/+$/, '') || '/'
  if (p === '/index') return '/'
  if (/^\/competition\/[^/]+$/.test(p)) return '/competition'
  return p
}
