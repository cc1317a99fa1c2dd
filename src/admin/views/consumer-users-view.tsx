/** 'system/cuser/list': consumer users (GET /system/user/list/cuser). Read-only in the foundation. */
import React from 'react'
import { Card, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { ListToolbar, formatTime } from './list-toolbar'
import { usePageQuery } from './use-page-query'
import { StatusTags } from './admin-users-view'

interface ConsumerRow {
  id: number
  email: string
  nickName: string
  isPromoter?: boolean | number
  forbidden?: boolean | number
  locked?: boolean | number
  expiresAt?: string | null
  createdAt?: string
}

export default function ConsumerUsersView() {
  const { t } = useTranslation()
  const q = usePageQuery<ConsumerRow>('/system/user/list/cuser')
  return (
    <Card>
      <ListToolbar onSearch={q.search} />
      <Table<ConsumerRow>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 80 },
          { title: t('adm.table.email'), dataIndex: 'email' },
          { title: t('adm.table.nickName'), dataIndex: 'nickName' },
          {
            title: t('adm.table.promoter'),
            dataIndex: 'isPromoter',
            render: (v) => (v ? <Tag color="gold">{t('adm.table.yes')}</Tag> : t('adm.table.no')),
          },
          { title: t('adm.table.status'), key: 'status', render: (_, row) => <StatusTags row={row} /> },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 170, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
        ]}
      />
    </Card>
  )
}
