/**
 * 'message/subscribe/list': e-mail subscribers. Search by e-mail, filter by status and
 * blacklist; blacklist / un-blacklist a row or any address (button 'blacklist'); export the filtered list
 * as CSV (button 'export'); push a published policy / information item into the subscribers' daily
 * digest (button 'notify'). A second tab lists the digest mails that failed and sends selected ones again
 * (button 'resend', failed-mails-panel.tsx).
 */
import React, { useState } from 'react'
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Space, Tabs, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SubscriberItem, SubscriberStatus } from '@contracts/subscription'
import { exportSubscribers, listSubscribers, notifySubscribers, setBlacklisted as postBlacklisted, subscriptionCategories } from '../../api/message'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useLoaded } from '../common/use-loaded'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ToggleLink, actionsColumn } from '../common/row-actions'
import type { ViewProps } from '../view-props'
import FailedMailsPanel from './failed-mails-panel'

const STATUS_COLOR: Record<SubscriberStatus, string> = { pending: 'gold', confirmed: 'green', unsubscribed: 'default' }

export default function SubscriberView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const categories = useLoaded(subscriptionCategories)
  const names: Record<string, string> = Object.fromEntries((categories ?? []).map((o) => [o.code, lang === 'en' ? o.nameEn : o.nameZh]))
  const q = useTableList<SubscriberItem>(listSubscribers)
  const [blackEmail, setBlackEmail] = useState('')
  const [notifyOpen, setNotifyOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notifyForm] = Form.useForm<{ kind: 'policy' | 'information'; id: number }>()

  const setBlacklisted = async (email: string, blacklisted: boolean) => {
    const env = await postBlacklisted(email, blacklisted)
    if (env.code === 200) {
      void feedback().success(blacklisted ? t('adm.msg.subscriber.blacklisted') : t('adm.msg.subscriber.unblacklisted'))
      setBlackEmail('')
      q.reload()
    }
  }

  const exportCsv = async () => {
    setBusy(true)
    try {
      await exportSubscribers(q.filters)
    } catch (e) {
      void feedback().error(t('adm.msg.subscriber.exportFailed'))
      console.warn('[admin] export failed', e)
    } finally {
      setBusy(false)
    }
  }

  const notify = async () => {
    const v = await notifyForm.validateFields().catch(() => null)
    if (!v) return
    setBusy(true)
    try {
      const env = await notifySubscribers(v)
      if (env.code === 200) {
        void feedback().success(t('adm.msg.subscriber.notified', { date: env.result.digestDate }))
        setNotifyOpen(false)
      }
    } finally {
      setBusy(false)
    }
  }

  const statusLabel = (s: SubscriberStatus) => t(`adm.msg.subscriber.status.${s}`)
  return (
    <Card data-testid="adm-subscribers">
      <Tabs
        items={[
          {
            key: 'subscribers',
            label: t('adm.msg.failedMails.subscribers'),
            children: (
              <>
                <ListToolbar
                  actions={
                    <>
                    <Permission name="blacklist">
                      <Space.Compact>
                        <Input placeholder={t('adm.msg.subscriber.blacklistPlaceholder')} value={blackEmail} onChange={(e) => setBlackEmail(e.target.value)} style={{ width: 240 }} data-testid="adm-sub-black-email" />
                        <Button danger disabled={!blackEmail.trim()} onClick={() => void setBlacklisted(blackEmail.trim(), true)} data-testid="adm-sub-black-add">
                          {t('adm.msg.subscriber.addBlacklist')}
                        </Button>
                      </Space.Compact>
                    </Permission>
                    <Permission name="export">
                      <Button onClick={() => void exportCsv()} loading={busy} data-testid="adm-sub-export">
                        {t('adm.msg.subscriber.export')}
                      </Button>
                    </Permission>
                    <Permission name="notify">
                      <Button type="primary" onClick={() => setNotifyOpen(true)} data-testid="adm-sub-notify">
                        {t('adm.msg.subscriber.notify')}
                      </Button>
                    </Permission>
              </>
            }
          >
            <FilterSelect list={q} name="status" all={t('adm.msg.all')} options={(['pending', 'confirmed', 'unsubscribed'] as const).map((s) => ({ value: s, label: statusLabel(s) }))} />
            <FilterSelect
              list={q}
              name="blacklisted"
              boolean
              all={t('adm.msg.all')}
              options={[
                { value: 'true', label: t('adm.msg.subscriber.onBlacklist') },
                { value: 'false', label: t('adm.msg.subscriber.notOnBlacklist') },
              ]}
            />
            <KeywordSearch placeholder={t('adm.msg.subscriber.keyword')} style={{ width: 300 }} list={q} testId="adm-sub-search" />
          </ListToolbar>
          <ListTable<SubscriberItem>
            list={q}
            sort={false}
            scroll={{ x: 900 }}
            columns={[
              { title: t('adm.table.id'), dataIndex: 'id', width: 70 },
              { title: t('adm.table.email'), dataIndex: 'email' },
              {
                title: t('adm.table.status'),
                key: 'status',
                width: 170,
                render: (_, r) => (
                  <>
                    <Tag color={STATUS_COLOR[r.status]}>{statusLabel(r.status)}</Tag>
                    {r.blacklisted && <Tag color="red">{t('adm.msg.subscriber.onBlacklist')}</Tag>}
                  </>
                ),
              },
              { title: t('adm.msg.subscriber.categories'), dataIndex: 'professionalCodeList', render: (v: string[]) => (v.length ? v.map((c) => <Tag key={c}>{names[c] ?? c}</Tag>) : '—') },
              { title: t('adm.msg.subscriber.source'), dataIndex: 'source', width: 90 },
              { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 150, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
              actionsColumn<SubscriberItem>(t('adm.msg.actions'), 130, (r) => (
                <Permission name="blacklist">
                  <ToggleLink
                    on={r.blacklisted}
                    onChange={(on) => setBlacklisted(r.email, on)}
                    confirm={t('adm.msg.subscriber.confirmBlacklist')}
                    turnOn={t('adm.msg.subscriber.addBlacklist')}
                    turnOff={t('adm.msg.subscriber.removeBlacklist')}
                    onTestId="adm-sub-black"
                    offTestId="adm-sub-unblack"
                  />
                </Permission>
              )),
            ]}
                />
              </>
            ),
          },
          { key: 'failed', label: <span data-testid="adm-failed-mails-tab">{t('adm.msg.failedMails.title')}</span>, children: <FailedMailsPanel /> },
        ]}
      />
      <Modal open={notifyOpen} title={t('adm.msg.subscriber.notify')} onCancel={() => setNotifyOpen(false)} onOk={notify} confirmLoading={busy} forceRender maskClosable={false}>
        <p style={{ color: '#888' }}>{t('adm.msg.subscriber.notifyHelp')}</p>
        <Form form={notifyForm} layout="vertical" initialValues={{ kind: 'policy' }}>
          <Form.Item name="kind" label={t('adm.msg.subscriber.kind')} rules={[{ required: true }]}>
            <Radio.Group options={[{ value: 'policy', label: t('adm.msg.subscriber.policy') }, { value: 'information', label: t('adm.msg.subscriber.information') }]} />
          </Form.Item>
          <Form.Item name="id" label={t('adm.msg.subscriber.itemId')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
