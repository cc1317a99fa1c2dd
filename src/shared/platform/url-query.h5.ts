/** H5: rewrite the query of the current address without navigating (filters survive reload / share). */
export function replaceUrlQuery(path: string, query: Record<string, string | number | undefined | null>): void {
  if (typeof window === 'undefined' || !window.history) return
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  const url = `${path}${qs ? `?${qs}` : ''}`
  if (`${window.location.pathname}${window.location.search}` === url) return
  try {
    window.history.replaceState(window.history.state, '', url)
  } catch {
    /* ignore */
  }
}
