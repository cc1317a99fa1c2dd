/**
 * The antd Table of a useTableList list: its rows, loading state and pagination, rows keyed by id, and a
 * click on a sortable column header becomes the list's sortField / sortOrder (paging keeps the sort).
 */
import React from 'react'
import { Table, type TableProps } from 'antd'
import type { TableList } from './use-table-list'
import { tableSort, type TableSortOptions } from './table-sort'

export type ListTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading'> & {
  list: TableList<T>
  /** how the sort reaches the server; false = the columns are not sortable */
  sort?: TableSortOptions | false
  /** (JSX lets any data-* through; a props object, such as ListCard's `table`, must name it) */
  'data-testid'?: string
}

export function ListTable<T extends object>({ list, sort, ...rest }: ListTableProps<T>) {
  return (
    <Table<T>
      rowKey="id"
      loading={list.loading}
      dataSource={list.data.list}
      pagination={list.pagination}
      onChange={
        sort === false
          ? undefined
          : (_p, _f, sorter, extra) => {
              // paging also fires onChange: only a header click changes the sort (and goes back to page 1)
              if (extra.action === 'sort') list.setFilters(tableSort(sorter, sort))
            }
      }
      {...rest}
    />
  )
}
