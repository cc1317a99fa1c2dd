/** Paged list with a keyword search box: GET url?page=&pageSize=&keyword= → Page<T>. */
import { useCallback } from 'react'
import { useFilteredList } from './use-filtered-list'

export function usePageQuery<T>(url: string, pageSize = 20) {
  const q = useFilteredList<T>(url, {}, pageSize)
  const { setFilters } = q
  const search = useCallback((k: string) => setFilters({ keyword: k.trim() || undefined }), [setFilters])
  return { ...q, search }
}
