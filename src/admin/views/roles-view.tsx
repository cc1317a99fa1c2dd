/** 'system/role/list': roles (GET /system/role/list). */
import React, { useEffect, useState } from 'react'
import { Card, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { request } from '../../shared/api/request'
import type { ViewProps } from './registry'

interface RoleRow {
  id: number
  code: string
  name: string
  nameZh?: string
  nameEn?: string
  brief: string | null
  dataScope?: string
  menuIds?: number[]
  buttonIds?: number[]
}

export default function RolesView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const [rows, setRows] = useState<RoleRow[]>([])
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    request<RoleRow[] | { list: RoleRow[] }>({ url: '/system/role/list', method: 'GET' })
      .then((env) => {
        if (env.code !== 200 || !env.result) return
        setRows(Array.isArray(env.result) ? env.result : env.result.list || [])
      })
      .catch((e) => console.warn('[admin] roles failed', e))
      .finally(() => setLoading(false))
  }, [])
  return (
    <Card>
      <Table<RoleRow>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 80 },
          {
            title: t('adm.role.name'),
            key: 'name',
            render: (_, r) => (lang === 'zh' ? r.nameZh || r.name : r.nameEn || r.name),
          },
          { title: t('adm.role.code'), dataIndex: 'code', render: (v) => <Tag>{v}</Tag> },
          { title: t('adm.role.brief'), dataIndex: 'brief', render: (v) => v || '—' },
          { title: t('adm.role.menus'), key: 'menus', render: (_, r) => r.menuIds?.length ?? '—' },
        ]}
      />
    </Card>
  )
}
