/**
 * Sends that failed, and sending them again: the subscriber view's digest mails (subscriber e-mail,
 * digest day, reason, attempts, time; searchable by e-mail) and the notice view's notifications (e-mail
 * and WeChat, filtered by channel). Paged; selected rows go back in the queue (the route's resend button,
 * after a confirmation) and their job sends them again.
 */
import React, { useState } from 'react'
import { Button, Popconfirm, type ButtonProps } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import type { DigestDeliveryItem } from '@contracts/subscription'
import { listDeliveries, resendDeliveries } from '../../api/message'
import type { Envelope, ListLoader } from '../../api/client'
import { Permission, usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList, type TableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { KeywordSearch, ListToolbar } from '../common/list-toolbar'

export default function FailedMailsPanel() {
  const { t } = useTranslation()
  return (
    <FailedSends<DigestDeliveryItem>
      load={listDeliveries}
      filters={{ status: 'failed' }}
      resend={resendDeliveries}
      button="resend"
      search={t('adm.msg.subscriber.keyword')}
      columns={[
        { title: t('adm.table.id'), dataIndex: 'id', width: 70 },
        { title: t('adm.table.email'), dataIndex: 'email' },
        { title: t('adm.msg.failedMails.digestDate'), dataIndex: 'digestDate', width: 120 },
        { title: t('adm.msg.failedMails.reason'), dataIndex: 'error', render: (v: string | null) => v || '—' },
        { title: t('adm.msg.failedMails.attempts'), dataIndex: 'attempts', width: 90 },
        { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 150, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
      ]}
    />
  )
}

export function FailedSends<T extends { id: number; status?: string }>(props: {
  load: ListLoader<T>
  filters?: Record<string, string>
  resend(ids: number[]): Promise<Envelope<{ count: number }>>
  /** the route's button that allows sending again */
  button: string
  search?: string
  /** filters beside the search, given the list they filter */
  toolbar?(list: TableList<T>): React.ReactNode
  columns: ColumnsType<T>
}) {
  const { t } = useTranslation()
  const q = useTableList<T>(props.load, props.filters)
  const canResend = usePermission(props.button)
  const [selected, setSelected] = useState<number[]>([])
  const [busy, setBusy] = useState(false)

  const resend = async () => {
    if (!selected.length) return
    setBusy(true)
    try {
      const env = await props.resend(selected)
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
          <Permission name={props.button}>
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
        {props.toolbar?.(q)}
        {props.search && <KeywordSearch placeholder={props.search} style={{ width: 300 }} list={q} testId="adm-failed-search" />}
      </ListToolbar>
      <ListTable<T>
        list={q}
        sort={false}
        scroll={{ x: 900 }}
        rowSelection={
          canResend
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.status !== undefined && r.status !== 'failed' }),
              }
            : undefined
        }
        columns={props.columns}
      />
    </div>
  )
}
