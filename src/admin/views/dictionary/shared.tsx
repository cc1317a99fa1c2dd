/** Small pieces the dictionary area's views share. */
import React from 'react'
import { Input } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { useTranslation } from 'react-i18next'
import type { Envelope } from '../../../shared/contracts/api'

/** Keyword box above a table, with this area's own placeholder. */
export function SearchBox({ onSearch, placeholder, testId }: { onSearch: (k: string) => void; placeholder: string; testId: string }) {
  const { t } = useTranslation()
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      enterButton={t('adm.table.search')}
      style={{ width: 320 }}
      onSearch={(v) => onSearch(v.trim())}
      data-testid={testId}
    />
  )
}

/** antd sorter → the server's sortField/sortOrder query (undefined = server default). */
export function sortQuery<T>(sorter: SorterResult<T> | SorterResult<T>[]) {
  const s = Array.isArray(sorter) ? sorter[0] : sorter
  if (!s || !s.order || !s.field) return { sortField: undefined, sortOrder: undefined }
  return { sortField: String(s.columnKey ?? s.field), sortOrder: s.order === 'ascend' ? 'asc' : 'desc' }
}

export function pickName(row: { nameZh?: string | null; nameEn?: string | null }, lang: 'zh' | 'en'): string {
  return (lang === 'zh' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh) || '—'
}

export const isOk = (env: Envelope<unknown>) => env.code === 200

/** plain text → minimal HTML paragraphs (text escaped), for switching a text to the rich editor */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

export const LOOKS_HTML = /<[a-z][\s\S]*>/i
