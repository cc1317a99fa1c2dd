/**
 * The "failed mails" tab of the subscriber view: the digest mails that could not be sent (subscriber
 * e-mail, digest day, reason, attempts, time), searchable by e-mail, paged. Selected rows can be put back
 * in the queue (button 'resend', after a confirmation); the digest job then sends them again.
 */
import React, { useState } from 'react'
import { Button, Popconfirm, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DigestDeliveryItem } from '@contracts/subscription'
import { listDeliveries, resendDeliveries } from '../../api/message'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { KeywordSearch, ListToolbar } from '../common/list-toolbar'

export default function FailedMailsPanel() {
  const { t } = useTranslation()
  const q = useTableList<DigestDeliveryItem>(listDeliveries, { status: 'failed' })
  const canResend = usePermission('resend')
  const [selected, setSelected] = useState<number[]>([])
  const [busy, setBusy] = useState(false)

  const resend = async () => {
    if (!selected.length) return
    setBusy(true)
    try {
      const env = await resendDeliveries(selected)
      if (env.code === 200) {
        void feedback().success(t('adm.msg.failedMails.resent', { count: env.result.count }))
        setSelected([])
        q.reload()
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div data-testid="adm-failed-mails">
      <ListToolbar
        actions={
          <Permission name="resend">
            <Popconfirm
              title={t('adm.msg.failedMails.confirmResend', { count: selected.length })}
              onConfirm={resend}
              disabled={!selected.length}
              okButtonProps={{ 'data-testid': 'adm-failed-resend-ok' } as ButtonProps}
            >
              <Button type="primary" disabled={!selected.length} loading={busy} data-testid="adm-failed-resend">
                {t('adm.msg.failedMails.resend')}
                {selected.length ? ` (${selected.length})` : ''}
              </Button>
            </Popconfirm>
          </Permission>
        }
      >
        <KeywordSearch placeholder={t('adm.msg.subscriber.keyword')} style={{ width: 300 }} list={q} testId="adm-failed-search" />
      </ListToolbar>
      <ListTable<DigestDeliveryItem>
        list={q}
        sort={false}
        scroll={{ x: 900 }}
        rowSelection={
          canResend
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.status !== 'failed' }),
              }
            : undefined
        }
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 70 },
          { title: t('adm.table.email'), dataIndex: 'email' },
          { title: t('adm.msg.failedMails.digestDate'), dataIndex: 'digestDate', width: 120 },
          { title: t('adm.msg.failedMails.reason'), dataIndex: 'error', render: (v: string | null) => v || '—' },
          { title: t('adm.msg.failedMails.attempts'), dataIndex: 'attempts', width: 90 },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 150, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
        ]}
      />
    </div>
  )
}
