/**
 * 'system/cuser/list': consumer users (paged, keyword, sortable). With the route's 'forbid' button:
 * forbid (which also signs the person out) or restore an account.
 */
import React from 'react'
import { Card, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ConsumerListItem } from '@contracts/admin-system'
import { listConsumers, setConsumerForbidden } from '../../api/system'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ToggleLink, actionsColumn } from '../common/row-actions'
import { formatTime } from '../common/format'
import { StatusTags } from './account-status'

export default function ConsumerUsersView() {
  const { t } = useTranslation()
  const q = useTableList<ConsumerListItem>(listConsumers)
  const setForbidden = async (row: ConsumerListItem, forbidden: boolean) => {
    const env = await setConsumerForbidden(row.id, forbidden)
    if (env.code === 200) {
      feedback().success(t('adm.user.updated'))
      q.reload()
    }
  }
  return (
    <Card title={t('adm.system.cuser.title')}>
      <ListToolbar>
        <KeywordSearch list={q} />
      </ListToolbar>
      <ListTable<ConsumerListItem>
        list={q}
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
          actionsColumn<ConsumerListItem>(t('adm.table.actions'), 120, (row) => (
            <Permission name="forbid">
              <ToggleLink
                on={!!row.forbidden}
                onChange={(forbidden) => setForbidden(row, forbidden)}
                confirm={t('adm.system.cuser.confirmForbid')}
                turnOn={t('adm.user.forbid')}
                turnOff={t('adm.user.unforbid')}
                onTestId={`sys-cuser-forbid-${row.id}`}
                offTestId={`sys-cuser-unforbid-${row.id}`}
              />
            </Permission>
          )),
        ]}
      />
    </Card>
  )
}
