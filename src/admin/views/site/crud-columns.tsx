/** Columns and cells of the site content tables. */
import React from 'react'
import { Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { formatTime } from '../common/format'
import { windowState, type Item } from './crud-config'

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

