/** 'system/menu/list': the whole menu tree (GET /system/menu/tree) as a tree table with each entry's buttons. */
import React, { useEffect, useState } from 'react'
import { Card, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { MenuEntry } from '../../shared/contracts/api'
import { request } from '../../shared/api/request'
import { titleIn } from '../core/menu-routes'
import type { ViewProps } from './registry'

type Row = MenuEntry & { titleZh?: string; titleEn?: string; buttonList: Array<MenuEntry['buttonList'][number] & { titleZh?: string; titleEn?: string }> }

/** antd renders an expand arrow for any `children` array, even empty: drop empty ones. */
function prune(list: Row[]): Row[] {
  return list.map((r) => {
    const children = r.children?.length ? prune(r.children as Row[]) : undefined
    const { children: _drop, ...rest } = r
    return (children ? { ...rest, children } : rest) as Row
  })
}

export default function MenusView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const [rows, setRows] = useState<Row[]>([])
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    request<Row[] | { menuTreeList: Row[] }>({ url: '/system/menu/tree', method: 'GET' })
      .then((env) => {
        if (env.code !== 200 || !env.result) return
        setRows(prune(Array.isArray(env.result) ? env.result : env.result.menuTreeList || []))
      })
      .catch((e) => console.warn('[admin] menu tree failed', e))
      .finally(() => setLoading(false))
  }, [])
  return (
    <Card>
      {rows.length || !loading ? (
        <Table<Row>
          rowKey="id"
          loading={loading}
          dataSource={rows}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          columns={[
            { title: t('adm.menu.title'), key: 'title', render: (_, r) => titleIn(r, lang) },
            { title: t('adm.menu.path'), dataIndex: 'path', render: (v) => <code>{v}</code> },
            { title: t('adm.menu.component'), dataIndex: 'component', render: (v) => <Tag>{v}</Tag> },
            { title: t('adm.menu.sort'), dataIndex: 'sort', width: 80 },
            {
              title: t('adm.menu.buttons'),
              key: 'buttons',
              render: (_, r) =>
                (r.buttonList || []).map((b) => (
                  <Tag color="geekblue" key={b.id}>
                    {b.name} · {titleIn(b, lang)}
                  </Tag>
                )),
            },
          ]}
        />
      ) : null}
    </Card>
  )
}
