import React from 'react'
import { Input } from 'antd'
import { useTranslation } from 'react-i18next'

/** Keyword search above a table (e-mail or nickname). */
export function ListToolbar({ onSearch }: { onSearch: (keyword: string) => void }) {
  const { t } = useTranslation()
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('adm.table.keyword')}
        enterButton={t('adm.table.search')}
        style={{ width: 360 }}
        onSearch={(v) => onSearch(v)}
      />
    </div>
  )
}

/** The keyword box above a list: `onKeyword` gets the trimmed keyword, undefined when blank. */
export function KeywordSearch({ placeholder, onKeyword, testId, style }: { placeholder: string; onKeyword: (keyword: string | undefined) => void; testId: string; style?: React.CSSProperties }) {
  const { t } = useTranslation()
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      enterButton={t('adm.table.search')}
      style={{ width: 360, ...style }}
      onSearch={(v) => onKeyword(v.trim() || undefined)}
      data-testid={testId}
    />
  )
}

export function formatTime(v: unknown): string {
  if (!v || typeof v !== 'string') return '—'
  const d = new Date(v)
  if (Number.isNaN(d.getTime())) return v
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
