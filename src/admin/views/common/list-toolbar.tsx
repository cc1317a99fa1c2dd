/** The bar above a list: actions on the left, filters and the keyword box on the right. */
import React from 'react'
import { Input, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { TableList } from './use-table-list'

export function ListToolbar({ actions, children, style }: { actions?: React.ReactNode; children?: React.ReactNode; style?: React.CSSProperties }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', marginBottom: 16, ...style }}>
      <Space wrap>{actions}</Space>
      <Space wrap>{children}</Space>
    </div>
  )
}

/** The keyword box of a list (its `keyword` filter) or of `onKeyword`: the trimmed keyword, undefined when blank. */
export function KeywordSearch<T>({
  list,
  placeholder,
  onKeyword = (keyword) => list?.setFilters({ keyword }),
  testId,
  style,
  button = true,
}: {
  list?: TableList<T>
  placeholder?: string
  onKeyword?: (keyword: string | undefined) => void
  testId?: string
  style?: React.CSSProperties
  /** the search button next to the box (Enter searches either way) */
  button?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Input.Search
      allowClear
      placeholder={placeholder ?? t('adm.table.keyword')}
      enterButton={button ? t('adm.table.search') : undefined}
      style={{ width: 360, ...style }}
      onSearch={(v) => onKeyword(v.trim() || undefined)}
      data-testid={testId}
    />
  )
}

export type FilterOption = { value: string | number; label: React.ReactNode }

/**
 * A select filtering a list by one field; its first choice (`all`) clears the filter. `boolean` filters
 * travel as true / false.
 */
export function FilterSelect<T>({
  list,
  name,
  all,
  options,
  boolean,
  width = 140,
  testId,
}: {
  list: TableList<T>
  name: string
  all: string
  options: FilterOption[]
  boolean?: boolean
  width?: number
  testId?: string
}) {
  const v = list.filters[name]
  return (
    <Select
      style={{ width }}
      value={v === undefined ? '' : typeof v === 'boolean' ? String(v) : v}
      onChange={(next: string | number) => list.setFilters({ [name]: next === '' ? undefined : boolean ? next === 'true' : next })}
      options={[{ value: '', label: all }, ...options]}
      data-testid={testId}
    />
  )
}
