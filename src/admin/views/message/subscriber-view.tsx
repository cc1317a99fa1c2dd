/**
 * 'message/subscribe/list': e-mail subscribers (SUBSCRIPTION_API). Search by e-mail, filter by status and
 * blacklist; blacklist / un-blacklist a row or any address (button 'blacklist'); export the filtered list
 * as CSV (button 'export'); push a published policy / information item into the subscribers' daily
 * digest (button 'notify').
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { apiUrl, request } from '../../../shared/api/request'
import { getToken } from '../../../shared/storage'
import { SUBSCRIPTION_API as S, type SubscriberItem, type SubscriberStatus } from '../../../shared/contracts/subscription'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/list-toolbar'
import { useFilteredList, type Filters } from '../common/use-filtered-list'
import type { ViewProps } from '../registry'
import type { OptionItem } from '../../../shared/contracts/api'

const STATUS_COLOR: Record<SubscriberStatus, string> = { pending: 'gold', confirmed: 'green', unsubscribed: 'default' }

export default function SubscriberView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const [names, setNames] = useState<Record<string, string>>({})
  useEffect(() => {
    void request<OptionItem[]>({ url: S.categories, method: 'GET' }).then((env) => env.code === 200 && setNames(Object.fromEntries(env.result.map((o) => [o.code, lang === 'en' ? o.nameEn : o.nameZh]))))
  }, [lang])
  const q = useFilteredList<SubscriberItem>(S.adminList, { status: '', blacklisted: undefined })
  const [blackEmail, setBlackEmail] = useState('')
  const [notifyOpen, setNotifyOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notifyForm] = Form.useForm<{ kind: 'policy' | 'information'; id: number }>()

  const setBlacklisted = async (email: string, blacklisted: boolean) => {
    const env = await request<SubscriberItem>({ url: S.adminBlacklist, method: 'POST', data: { email, blacklisted } })
    if (env.code === 200) {
      void feedback().success(blacklisted ? t('adm.msg.subscriber.blacklisted') : t('adm.msg.subscriber.unblacklisted'))
      setBlackEmail('')
      q.reload()
    }
  }

  const exportCsv = async () => {
    setBusy(true)
    try {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(q.filters as Filters)) if (v !== undefined && v !== '') params.set(k, String(v))
      const res = await fetch(`${apiUrl(S.adminExport)}?${params}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const blob = await res.blob()
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'subscribers.csv'
      const a = document.createElement('a')
      a.href = URL.createObjectURL(blob)
      a.download = name
      document.body.appendChild(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(a.href), 1000)
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
      const env = await request<{ digestDate: string }>({ url: S.adminNotify, method: 'POST', data: v })
      if (env.code === 200) {
        void feedback().success(t('adm.msg.subscriber.notified', { date: env.result.digestDate }))
        setNotifyOpen(false)
      }
    } finally {
      setBusy(false)
    }
  }

  const statusLabel = (s: SubscriberStatus) => t(`adm.msg.subscriber.status.${s}`)
  const bl = q.filters.blacklisted
  return (
    <Card data-testid="adm-subscribers">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
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
        </Space>
        <Space wrap>
          <Select
            style={{ width: 140 }}
            value={String(q.filters.status ?? '')}
            onChange={(v) => q.setFilters({ status: v })}
            options={[{ value: '', label: t('adm.msg.all') }, ...(['pending', 'confirmed', 'unsubscribed'] as const).map((s) => ({ value: s, label: statusLabel(s) }))]}
          />
          <Select
            style={{ width: 140 }}
            value={bl === undefined ? '' : String(bl)}
            onChange={(v) => q.setFilters({ blacklisted: v === '' ? undefined : v === 'true' })}
            options={[
              { value: '', label: t('adm.msg.all') },
              { value: 'true', label: t('adm.msg.subscriber.onBlacklist') },
              { value: 'false', label: t('adm.msg.subscriber.notOnBlacklist') },
            ]}
          />
          <Input.Search allowClear placeholder={t('adm.msg.subscriber.keyword')} enterButton={t('adm.table.search')} style={{ width: 300 }} onSearch={(v) => q.setFilters({ keyword: v.trim() })} data-testid="adm-sub-search" />
        </Space>
      </Space>
      <Table<SubscriberItem>
        rowKey="id"
        loading={q.loading}
        dataSource={q.data.list}
        pagination={q.pagination}
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
          {
            title: t('adm.msg.actions'),
            key: 'actions',
            width: 130,
            render: (_, r) => (
              <Permission name="blacklist">
                {r.blacklisted ? (
                  <Button size="small" type="link" onClick={() => void setBlacklisted(r.email, false)} data-testid="adm-sub-unblack">
                    {t('adm.msg.subscriber.removeBlacklist')}
                  </Button>
                ) : (
                  <Popconfirm title={t('adm.msg.subscriber.confirmBlacklist')} onConfirm={() => setBlacklisted(r.email, true)}>
                    <Button size="small" type="link" danger data-testid="adm-sub-black">
                      {t('adm.msg.subscriber.addBlacklist')}
                    </Button>
                  </Popconfirm>
                )}
              </Permission>
            ),
          },
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
