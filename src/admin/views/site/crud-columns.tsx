/** Columns and cells of the site content tables. */
import React from 'react'
import { Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { formatTime } from '../common/format'
import { pick, windowState, type Item, type Lang } from './crud-config'

type T = (k: string, o?: any) => string

/** the row's title (or name) in the language, the other language under it */
export const titleCol = (t: T, lang: Lang, base = 'title') => ({
  title: t(`adm.site.field.${base}`),
  key: `${base}${lang === 'en' ? 'En' : 'Zh'}`,
  sorter: base === 'name',
  width: 260,
  render: (_: unknown, r: any) => (
    <div style={{ wordBreak: 'break-word' }}>
      <div>{pick(r, base, lang)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {pick(r, base, lang === 'en' ? 'zh' : 'en')}
      </Typography.Text>
    </div>
  ),
})
export const imageCol = (t: T, name: string, label: string) => ({ title: t(`adm.site.field.${label}`), dataIndex: name, key: name, width: 110, render: (v: string) => <Thumb url={v} /> })
export const timeCol = (t: T, name: string, sorter = true) => ({
  title: t(`adm.site.field.${name}`),
  dataIndex: name,
  key: name,
  width: 150,
  sorter,
  render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span>,
})
/** a bilingual text in the language (the other when empty) */
export const textCol = (t: T, lang: Lang, base: string, width?: number) => ({
  title: t(`adm.site.field.${base}`),
  key: base,
  width,
  ellipsis: !width,
  render: (_: unknown, r: any) => pick(r, base, lang) || '—',
})

export function windowColumn(t: (k: string) => string): ColumnsType<Item>[number] {
  const color = { always: 'blue', scheduled: 'gold', live: 'green', expired: 'default' } as const
  return {
    title: t('adm.site.field.window'),
    key: 'window',
    width: 230,
    sorter: true,
    render: (_: unknown, r: Item) => {
      const st = windowState(r)
      return (
        <Space orientation="vertical" size={0}>
          <Tag color={color[st]}>{t(`adm.site.window.${st}`)}</Tag>
          {st !== 'always' && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {r.startAt ? formatTime(r.startAt) : '…'} → {r.endAt ? formatTime(r.endAt) : '…'}
            </Typography.Text>
          )}
        </Space>
      )
    },
  }
}

export function Thumb({ url, size = 48 }: { url?: string | null; size?: number }) {
  return url ? <img src={url} alt="" style={{ width: size * 1.6, height: size, objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }} /> : <span>—</span>
}

