/**
 * Data hooks of the browsing pages (engineer B): current language, a paged list bound to a query, a
 * detail read by id, and the detail page title. Everything goes through the shared `http` client.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import type { Page } from '../../shared/contracts/api'
import type { Lang } from '../../shared/i18n'

export const PAGE_SIZE = 12

export function useLang(): Lang {
  const { i18n } = useTranslation()
  return i18n.language === 'en' ? 'en' : 'zh'
}

/** Query parameter of the current page (decoded). */
export function useQueryParam(name: string): string {
  const router = useRouter()
  const raw = (router && router.params && router.params[name]) || ''
  try {
    return decodeURIComponent(String(raw))
  } catch {
    return String(raw)
  }
}

/** Numeric `id` from the query, or 0. */
export function useQueryId(): number {
  const id = Number(useQueryParam('id'))
  return Number.isFinite(id) && id > 0 ? Math.floor(id) : 0
}

type Fetcher<T, Q> = (query: Q & { page: number; pageSize: number }) => Promise<Page<T>>

export interface PagedList<T> {
  items: T[] | null
  total: number
  page: number
  pageSize: number
  loading: boolean
  failed: boolean
  setPage(page: number): void
  reload(): void
}

/** Drop empty values so requests only carry the filters in use. */
export function cleanQuery<Q extends object>(q: Q): Partial<Q> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') out[k] = v
  return out as Partial<Q>
}

/**
 * A paged list: reloads from page 1 whenever `query` changes (compared by JSON), keeps the last answer
 * while the next page loads, ignores answers of superseded requests, and steps back a page when the
 * asked one came back empty (its last item was removed, or the page is past the end).
 * `scrollToTop: false` keeps the scroll position on page changes (lists stacked in one page).
 */
export function usePagedList<T, Q extends object>(
  fetcher: Fetcher<T, Q>,
  query: Q,
  pageSize = PAGE_SIZE,
  enabled = true,
  { scrollToTop = true }: { scrollToTop?: boolean } = {},
): PagedList<T> {
  const key = JSON.stringify(query)
  const [page, setPageState] = useState(1)
  const [state, setState] = useState<{ items: T[] | null; total: number; failed: boolean; loading: boolean }>({
    items: null,
    total: 0,
    failed: false,
    loading: true,
  })
  const seq = useRef(0)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  const [tick, setTick] = useState(0)
  const lastKey = useRef(key)

  useEffect(() => {
    if (lastKey.current !== key) {
      lastKey.current = key
      if (page !== 1) {
        setPageState(1)
        return
      }
    }
    if (!enabled) return
    const mine = ++seq.current
    setState((s) => ({ ...s, loading: true }))
    fetcherRef
      .current({ ...(cleanQuery(JSON.parse(key)) as Q), page, pageSize })
      .then((res) => {
        if (mine !== seq.current) return
        if (res && res.list.length === 0 && page > 1 && res.total > 0) {
          setPageState(page - 1)
          return
        }
        setState({ items: (res && res.list) || [], total: (res && res.total) || 0, failed: !res, loading: false })
      })
      .catch(() => {
        if (mine !== seq.current) return
        setState({ items: [], total: 0, failed: true, loading: false })
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, pageSize, tick, enabled])

  const setPage = useCallback(
    (p: number) => {
      setPageState(p)
      if (scrollToTop) void Taro.pageScrollTo({ scrollTop: 0, duration: 0 })?.catch?.(() => undefined)
    },
    [scrollToTop],
  )
  const reload = useCallback(() => setTick((x) => x + 1), [])
  return { ...state, page, pageSize, setPage, reload }
}

export interface DetailState<T> {
  data: T | null
  loading: boolean
  /** not found or failed */
  missing: boolean
}

/** A detail read by id (or any single read): null id → missing. */
export function useDetail<T>(fetcher: () => Promise<T>, deps: unknown[], enabled = true): DetailState<T> {
  const [state, setState] = useState<DetailState<T>>({ data: null, loading: enabled, missing: !enabled })
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  useEffect(() => {
    if (!enabled) {
      setState({ data: null, loading: false, missing: true })
      return
    }
    let alive = true
    setState({ data: null, loading: true, missing: false })
    fetcherRef
      .current()
      .then((res) => {
        if (!alive) return
        setState({ data: res || null, loading: false, missing: !res })
      })
      .catch(() => alive && setState({ data: null, loading: false, missing: true }))
    return () => {
      alive = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps])
  return state
}

/**
 * Detail pages show their item's own title (in the current language) once loaded; the frame sets the
 * generic page title on show, so set ours after it, on load, on language change and on every show.
 */
export function useDetailTitle(title: string | null | undefined): void {
  const { t } = useTranslation()
  const full = title ? `${title} - ${t('app.name')}` : ''
  const ref = useRef(full)
  ref.current = full
  useEffect(() => {
    if (!full) return
    const id = setTimeout(() => void Taro.setNavigationBarTitle({ title: ref.current })?.catch?.(() => undefined), 0)
    return () => clearTimeout(id)
  }, [full])
  useDidShow(() => {
    if (!ref.current) return
    setTimeout(() => ref.current && void Taro.setNavigationBarTitle({ title: ref.current })?.catch?.(() => undefined), 0)
  })
}
