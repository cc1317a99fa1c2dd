/**
 * Paged list state of an admin table: the loader (a list function of src/admin/api) gets page, pageSize
 * and the non-blank filters, and the antd pagination is wired to it (every list view pages the same way).
 * `load` null = nothing to load yet. The loader is an effect dependency: pass a stable function.
 */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TablePaginationConfig } from 'antd'
import type { ListLoader, ListQuery, Page } from '../../api/client'

export type Filters = Record<string, string | number | boolean | undefined>

export interface TableList<T> {
  data: Page<T>
  loading: boolean
  filters: Filters
  /** merge into the filters and go back to the first page */
  setFilters(patch: Filters): void
  reload(): void
  pagination: TablePaginationConfig
}

export function useTableList<T>(load: ListLoader<T> | null, initial: Filters = {}, pageSize = 20): TableList<T> {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [size, setSize] = useState(pageSize)
  const [filters, setFiltersState] = useState<Filters>(initial)
  const [data, setData] = useState<Page<T>>({ list: [], total: 0, page: 1, pageSize })
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    if (!load) return
    let alive = true
    setLoading(true)
    const query: ListQuery = { page, pageSize: size }
    for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') query[k] = v
    load(query)
      .then((env) => {
        if (alive && env.code === 200 && env.result) setData(env.result)
      })
      .catch((e) => console.warn('[admin] list failed', e))
      .finally(() => alive && setLoading(false))
    return () => {
      alive = false
    }
  }, [load, page, size, filters, tick])

  const reload = useCallback(() => setTick((n) => n + 1), [])
  const setFilters = useCallback((patch: Filters) => {
    setPage(1)
    setFiltersState((f) => ({ ...f, ...patch }))
  }, [])
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: data.total,
    showSizeChanger: true,
    showTotal: (total) => t('adm.table.total', { total }),
    onChange: (p, s) => {
      setPage(p)
      setSize(s)
    },
  }
  return { data, loading, filters, setFilters, reload, pagination }
}
