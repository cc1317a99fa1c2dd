/**
 * Opening a view with a query (`/admin/activity/publish?id=5`). The shell's `open(path)` keeps only the
 * path, so the query is put back into the address right after (before the next view mounts and reads it);
 * when the shell carries the query itself this is a no-op.
 */
export function openWithQuery(open: (path: string) => void, pathWithQuery: string): void {
  open(pathWithQuery)
  const i = pathWithQuery.indexOf('?')
  if (i < 0 || typeof window === 'undefined') return
  const search = pathWithQuery.slice(i)
  if (window.location.search !== search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`)
}

/** one query parameter of the current address */
export function queryParam(name: string): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get(name)
}

/** rewrite the current address's query without a navigation (after a first save: ?id=N) */
export function replaceQuery(search: string): void {
  if (typeof window === 'undefined') return
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`)
}
