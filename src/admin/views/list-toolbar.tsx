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

export function formatTime(v: unknown): string {
  if (!v || typeof v !== 'string') return '—'
  const d = new Date(v)
  if (Number.isNaN(d.getTime())) return v
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
