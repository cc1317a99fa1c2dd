import type { Page } from '@contracts/api'
import { usePagedList, type PagedList } from '../../shared/hooks/use-paged-list'

export type CenterList<T> = PagedList<T>

/** A section's paged list: no scroll to the top on a page change (the sections sit one under the other). */
export function useCenterList<T>(load: (page: number, pageSize: number) => Promise<Page<T>>, key: string, pageSize = 5, enabled = true): CenterList<T> {
  return usePagedList<T, { key: string }>((q) => load(q.page, q.pageSize), { key }, pageSize, enabled, { scrollToTop: false })
}
