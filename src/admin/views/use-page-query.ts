/** Paged list state for the table views: GET url?page=&pageSize=&keyword= → Page<T>. */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TablePaginationConfig } from 'antd'
import type { Page } from '../../shared/contracts/api'
import { request } from '../../shared/api/request'

export function usePageQuery<T>(url: string, pageSize = 20) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [size, setSize] = useState(pageSize)
  const [keyword, setKeyword] = useState('')
  const [data, setData] = useState<Page<T>>({ list: [], total: 0, page: 1, pageSize })
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    let alive = true
    setLoading(true)
    const query: Record<string, string | number> = { page, pageSize: size }
    if (keyword) query.keyword = keyword
    request<Page<T>>({ url, method: 'GET', data: query })
      .then((env) => {
        if (alive && env.code === 200 && env.result) setData(env.result)
      })
      .catch((e) => console.warn('[admin] list failed', url, e))
      .finally(() => alive && setLoading(false))
    return () => {
      alive = false
    }
  }, [url, page, size, keyword, tick])

  const reload = useCallback(() => setTick((n) => n + 1), [])
  const search = useCallback((k: string) => {
    setPage(1)
    setKeyword(k.trim())
  }, [])
  const onPage = useCallback((p: number, s: number) => {
    setPage(p)
    setSize(s)
  }, [])
  /** antd Table pagination wired to this query (every list view pages the same way) */
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: data.total,
    showSizeChanger: true,
    showTotal: (total) => t('adm.table.total', { total }),
    onChange: onPage,
  }
  return { data, loading, page, size, keyword, search, reload, onPage, pagination }
}
