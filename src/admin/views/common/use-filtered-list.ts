/**
 * Paged list state for the admin table views: GET url?page&pageSize&<filters> → Page<T>, with the antd
 * Table pagination wired to it (every list view pages the same way). `url` null = nothing to load yet.
 */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TablePaginationConfig } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import type { Page } from '../../../shared/contracts/api'
import { request } from '../../../shared/api/request'

export type Filters = Record<string, string | number | boolean | undefined>

export function useFilteredList<T>(url: string | null, initial: Filters = {}, pageSize = 20) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [size, setSize] = useState(pageSize)
  const [filters, setFiltersState] = useState<Filters>(initial)
  const [data, setData] = useState<Page<T>>({ list: [], total: 0, page: 1, pageSize })
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    if (!url) return
    let alive = true
    setLoading(true)
    const query: Record<string, string | number | boolean> = { page, pageSize: size }
    for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') query[k] = v
    request<Page<T>>({ url, method: 'GET', data: query })
      .then((env) => {
        if (alive && env.code === 200 && env.result) setData(env.result)
      })
      .catch((e) => console.warn('[admin] list failed', url, e))
      .finally(() => alive && setLoading(false))
    return () => {
      alive = false
    }
  }, [url, page, size, filters, tick])

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

/** antd Table sorter → sortField (the column's key) / sortOrder; no order = the server's default. */
export function sortFilters<T>(sorter: SorterResult<T> | SorterResult<T>[]): Filters {
  const s = Array.isArray(sorter) ? sorter[0] : sorter
  return { sortField: s?.order ? String(s.columnKey) : undefined, sortOrder: s?.order === 'descend' ? 'desc' : s?.order ? 'asc' : undefined }
}
