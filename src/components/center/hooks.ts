/**
 * Data hooks of the personal centre: a paged list (no scroll-to-top on page change: sections sit one
 * under the other) and the login requirement of the centre pages.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAuth } from '../../shared/stores/auth-store'
import { goLogin } from '../../shared/router/navigate'
import type { Page } from '../../shared/contracts/api'

export interface CenterList<T> {
  items: T[] | null
  total: number
  page: number
  pageSize: number
  loading: boolean
  failed: boolean
  setPage(p: number): void
  reload(): void
}

/** Reloads from page 1 when `key` changes; answers of superseded requests are ignored. */
export function useCenterList<T>(fetch: (page: number, pageSize: number) => Promise<Page<T>>, key: string, pageSize = 5, enabled = true): CenterList<T> {
  const [page, setPage] = useState(1)
  const [tick, setTick] = useState(0)
  const [state, setState] = useState<{ items: T[] | null; total: number; loading: boolean; failed: boolean }>({ items: null, total: 0, loading: true, failed: false })
  const seq = useRef(0)
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch
  const lastKey = useRef(key)

  useEffect(() => {
    if (lastKey.current !== key) {
      lastKey.current = key
      if (page !== 1) {
        setPage(1)
        return
      }
    }
    if (!enabled) return
    const mine = ++seq.current
    setState((s) => ({ ...s, loading: true }))
    fetchRef
      .current(page, pageSize)
      .then((res) => {
        if (mine !== seq.current) return
        // the last item of a page was removed: show the previous page
        if (res.list.length === 0 && page > 1 && res.total > 0) {
          setPage(page - 1)
          return
        }
        setState({ items: res.list, total: res.total, loading: false, failed: false })
      })
      .catch(() => {
        if (mine !== seq.current) return
        setState({ items: [], total: 0, loading: false, failed: true })
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, pageSize, tick, enabled])

  const reload = useCallback(() => setTick((x) => x + 1), [])
  return { ...state, page, pageSize, setPage, reload }
}

/**
 * The centre pages need a login: without a token the person is sent to /login with a redirect back
 * (once per mount, so backing out of the login page shows the prompt instead of looping).
 */
export function useRequireLogin(): string | null {
  const token = useAuth((s) => s.token)
  const sent = useRef(false)
  useEffect(() => {
    if (!token && !sent.current) {
      sent.current = true
      void goLogin()
    }
  }, [token])
  return token
}
