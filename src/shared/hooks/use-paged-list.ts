import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { cleanQuery } from '../api/content'
import type { Page } from '@contracts/api'
import { useIsMobile } from './use-viewport'
import { useSkipFirstLoad } from './use-skip-first-load'

export const PAGE_SIZE = 12

type Fetcher<T, Q> = (query: Q & { page: number; pageSize: number }) => Promise<Page<T>>

export interface PagedList<T> {
  items: T[] | null
  total: number
  page: number
  pageSize: number
  loading: boolean
  failed: boolean
  setPage(page: number): void
  /** load the current page again; resolves once that answer (or a later one) is shown */
  reload(): Promise<void>
  /** "load more" mode: each next page is added under the ones shown */
  append: boolean
  /** fewer items shown than the total */
  hasMore: boolean
  /** append mode: ask for the next page unless one is loading or none is left */
  more(): void
  /** start again from page 1 (what a pull-down does); resolves once the answer is shown */
  refresh(): Promise<void>
}

export interface PagedListOptions<T = unknown> {
  /** scroll to the top on a page change (default); false for lists stacked in one page */
  scrollToTop?: boolean
  /** the page shown first (a page number kept in the address) */
  initialPage?: number
  /** "load more": each next page is added under the ones shown; a page 1 replaces them */
  append?: boolean
  /**
   * The answer for the first query and page, already arrived (an early answer: shared/api/content.ts):
   * shown in the first render, and not asked for again.
   */
  arrived?: Page<T> | null
}

/**
 * A paged list: reloads from page 1 whenever `query` (compared by JSON) or the append mode changes,
 * keeps the last answer while the next page loads, ignores answers of superseded requests, and (paged,
 * not appending) steps back a page when the asked one came back empty (its last item was removed, or
 * the page is past the end). Empty query values are not sent.
 */
export function usePagedList<T, Q extends object>(
  fetcher: Fetcher<T, Q>,
  query: Q,
  pageSize = PAGE_SIZE,
  enabled = true,
  { scrollToTop = true, initialPage = 1, append = false, arrived = null }: PagedListOptions<T> = {},
): PagedList<T> {
  const key = JSON.stringify(query)
  const resetKey = `${append ? 'append' : 'pages'}:${key}`
  const [page, setPageState] = useState(initialPage)
  const [state, setState] = useState<{ items: T[] | null; total: number; failed: boolean; loading: boolean }>(() =>
    arrived ? { items: arrived.list, total: arrived.total, failed: false, loading: false } : { items: null, total: 0, failed: false, loading: true },
  )
  /** the first load is the arrived answer */
  const skipFirstLoad = useSkipFirstLoad(!!arrived)
  const seq = useRef(0)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  const [tick, setTick] = useState(0)
  const lastKey = useRef(resetKey)
  const waiting = useRef<(() => void)[]>([])

  useEffect(() => {
    if (lastKey.current !== resetKey) {
      lastKey.current = resetKey
      if (page !== 1) {
        setPageState(1)
        return
      }
    }
    if (skipFirstLoad()) return
    if (!enabled) return
    const mine = ++seq.current
    const adding = append && page > 1
    const settle = () => waiting.current.splice(0).forEach((done) => done())
    setState((s) => ({ ...s, loading: true }))
    fetcherRef
      .current({ ...(cleanQuery(JSON.parse(key)) as Q), page, pageSize })
      .then((res) => {
        if (mine !== seq.current) return
        if (!append && res && res.list.length === 0 && page > 1 && res.total > 0) {
          setPageState(page - 1)
          return
        }
        const list = (res && res.list) || []
        setState((s) => ({ items: adding && s.items ? [...s.items, ...list] : list, total: (res && res.total) || 0, failed: !res, loading: false }))
        settle()
      })
      .catch(() => {
        if (mine !== seq.current) return
        // a failed "more" keeps what is shown
        setState((s) => (adding ? { ...s, failed: true, loading: false } : { items: [], total: 0, failed: true, loading: false }))
        settle()
      })
  }, [resetKey, key, page, pageSize, tick, enabled, append, skipFirstLoad])

  const setPage = useCallback(
    (p: number) => {
      setPageState(p)
      if (scrollToTop) void Taro.pageScrollTo({ scrollTop: 0, duration: 0 })?.catch?.(() => undefined)
    },
    [scrollToTop],
  )
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve)
        setTick((x) => x + 1)
      }),
    [],
  )
  const hasMore = (state.items?.length ?? 0) < state.total && (append || page * pageSize < state.total)
  const latest = useRef({ loading: state.loading, hasMore, page })
  latest.current = { loading: state.loading, hasMore, page }
  const more = useCallback(() => {
    const now = latest.current
    if (now.loading || !now.hasMore) return
    setPageState(now.page + 1)
  }, [])
  const refresh = useCallback(() => {
    setPageState(1)
    return reload()
  }, [reload])
  return { ...state, page, pageSize, setPage, reload, append, hasMore, more, refresh }
}

/**
 * A page's main list as a phone shows it (the mini-program, and H5 under 768 px): the next page is added
 * under the shown ones when the page scrolls to the bottom (onReachBottom), and a pull-down
 * (onPullDownRefresh; the page config needs `enablePullDownRefresh: true`) starts again from page 1.
 * Desktop H5 keeps the numbered pager. One list per page: the hooks act on the page, not on a list.
 */
export function useScrollPagedList<T, Q extends object>(
  fetcher: Fetcher<T, Q>,
  query: Q,
  pageSize = PAGE_SIZE,
  enabled = true,
  options: Omit<PagedListOptions<T>, 'append'> = {},
): PagedList<T> {
  const mobile = useIsMobile()
  const list = usePagedList<T, Q>(fetcher, query, pageSize, enabled, {
    ...options,
    scrollToTop: mobile ? false : options.scrollToTop,
    initialPage: mobile ? 1 : options.initialPage,
    append: mobile,
  })
  useScrollPaging(list, mobile)
  return list
}

/** onReachBottom → `list.more()`, onPullDownRefresh → `list.refresh()` (then the spinner stops) */
export function useScrollPaging(list: PagedList<unknown>, enabled = true): void {
  const ref = useRef(list)
  ref.current = list
  useReachBottom(() => {
    if (enabled && ref.current.append) ref.current.more()
  })
  usePullDownRefresh(() => {
    const stop = () => void Promise.resolve(Taro.stopPullDownRefresh()).catch(() => undefined)
    if (!enabled) return stop()
    void ref.current.refresh().finally(stop)
  })
}
