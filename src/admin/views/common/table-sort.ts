/**
 * An antd Table sorter → the list query's sortField / sortOrder. The field is the column's key (a column
 * rendered from several fields has no dataIndex), else its dataIndex; no order = the server's default.
 */
import type { SorterResult } from 'antd/es/table/interface'
import type { Filters } from './use-table-list'

export interface TableSortOptions {
  /** 'asc' / 'desc' (default) or antd's own 'ascend' / 'descend' (the CMS and activity lists take those) */
  order?: 'short' | 'antd'
  /** a column key → the field the server sorts by (e.g. a time window column sorts by its start) */
  rename?: Record<string, string>
}

export function tableSort<T>(sorter: SorterResult<T> | SorterResult<T>[], opts: TableSortOptions = {}): Filters {
  const s = Array.isArray(sorter) ? sorter[0] : sorter
  const key = s?.columnKey ?? s?.field
  if (!s?.order || key === undefined || key === '') return { sortField: undefined, sortOrder: undefined }
  const field = String(key)
  return { sortField: opts.rename?.[field] ?? field, sortOrder: opts.order === 'antd' ? s.order : s.order === 'descend' ? 'desc' : 'asc' }
}
