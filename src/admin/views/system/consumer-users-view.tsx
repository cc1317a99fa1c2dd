/**
 * 'system/cuser/list': consumer users (GET /system/user/list/cuser: paged, keyword, sortable). With the
 * route's 'forbid' button: forbid (which also signs the person out) or restore an account
 * (POST /system/user/update/cuser/status).
 */
import React from 'react'
import { Button, Card, Popconfirm, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { request } from '../../../shared/api/request'
import { ListToolbar, formatTime } from '../common/list-toolbar'
import { usePageQuery } from '../common/use-page-query'
import { sortFilters } from '../common/use-filtered-list'
import { StatusTags } from './admin-users-view'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'

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
  const setForbidden = async (row: ConsumerRow, forbidden: boolean) => {
    const env = await request({ url: '/system/user/update/cuser/status', method: 'POST', data: { id: row.id, forbidden } })
    if (env.code === 200) {
      feedback().success(t('adm.user.updated'))
      q.reload()
    }
  }
  return (
    <Card title={t('adm.system.cuser.title')}>
      <ListToolbar onSearch={q.search} />
      <Table<ConsumerRow>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
        onChange={(_p, _f, sorter) => q.setFilters(sortFilters(sorter))}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', key: 'id', width: 80, sorter: true },
          { title: t('adm.table.email'), dataIndex: 'email', key: 'email', sorter: true },
          { title: t('adm.table.nickName'), dataIndex: 'nickName', key: 'nickName', sorter: true },
          {
            title: t('adm.table.promoter'),
            dataIndex: 'isPromoter',
            render: (v) => (v ? <Tag color="gold">{t('adm.table.yes')}</Tag> : t('adm.table.no')),
          },
          { title: t('adm.table.status'), key: 'status', render: (_, row) => <StatusTags row={row} /> },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
          {
            title: t('adm.table.actions'),
            key: 'actions',
            width: 120,
            render: (_, row) => (
              <Permission name="forbid">
                {row.forbidden ? (
                  <Button size="small" type="link" onClick={() => void setForbidden(row, false)} data-testid={`sys-cuser-unforbid-${row.id}`}>
                    {t('adm.user.unforbid')}
                  </Button>
                ) : (
                  <Popconfirm title={t('adm.system.cuser.confirmForbid')} onConfirm={() => setForbidden(row, true)}>
                    <Button size="small" type="link" danger data-testid={`sys-cuser-forbid-${row.id}`}>
                      {t('adm.user.forbid')}
                    </Button>
                  </Popconfirm>
                )}
              </Permission>
            ),
          },
        ]}
      />
    </Card>
  )
}
