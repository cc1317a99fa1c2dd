/**
 * 'message/notice/list': group notices. Search notices; compose one to an activity's
 * enrollees filtered by enrolment status, sent now or at a fixed time (the time is required: spec
 * section 5), by e-mail through the job queue (button 'send'); cancel a scheduled one; the send history
 * shows each recipient's delivery status, searchable.
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Checkbox, DatePicker, Drawer, Form, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { DeliveryStatus, NoticeActivityOption, NoticeItem, NoticeRecipientItem, NoticeStatus } from '../../../shared/contracts/notice'
import type { EnrollmentStatus } from '../../../shared/contracts/enrollment'
import { cancelNotice, listNoticeHistory, listNotices, noticeActivities, noticeRecipientCount, sendNotice } from '../../api/message'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'
import { pick } from '../common/bilingual'
import type { ViewProps } from '../registry'

const NOTICE_COLOR: Record<NoticeStatus, string> = { scheduled: 'blue', sending: 'gold', sent: 'green', cancelled: 'default' }
const DELIVERY_COLOR: Record<DeliveryStatus, string> = { pending: 'default', sending: 'gold', sent: 'green', failed: 'red', skipped: 'purple' }
const ENROLL_STATUSES = ['approved', 'pending', 'rejected'] as const

interface ComposeValues {
  activityId: number
  statuses: EnrollmentStatus[]
  title: string
  content: string
  sendMode: 'now' | 'fixed'
  sendAt?: Dayjs | null
}

function History({ notice, onClose }: { notice: NoticeItem | null; onClose(): void }) {
  const { t } = useTranslation()
  const q = useTableList<NoticeRecipientItem>(notice ? listNoticeHistory : null, { noticeId: notice?.id })
  const noticeId = notice?.id
  const { setFilters } = q
  useEffect(() => {
    if (noticeId) setFilters({ noticeId })
  }, [noticeId, setFilters])
  return (
    <Drawer open={!!notice} width={720} title={t('adm.msg.notice.history', { title: notice?.title ?? '' })} onClose={onClose} data-testid="adm-notice-history">
      <Space wrap style={{ marginBottom: 12 }}>
        <FilterSelect list={q} name="status" all={t('adm.msg.all')} options={(['pending', 'sending', 'sent', 'failed', 'skipped'] as const).map((s) => ({ value: s, label: t(`adm.msg.notice.delivery.${s}`) }))} />
        <KeywordSearch placeholder={t('adm.table.email')} button={false} style={{ width: 260 }} list={q} />
        <Button onClick={q.reload}>{t('adm.msg.refresh')}</Button>
      </Space>
      <ListTable<NoticeRecipientItem>
        list={q}
        sort={false}
        size="small"
        columns={[
          { title: t('adm.table.email'), dataIndex: 'email' },
          { title: t('adm.table.status'), dataIndex: 'status', width: 110, render: (s: DeliveryStatus) => <Tag color={DELIVERY_COLOR[s]}>{t(`adm.msg.notice.delivery.${s}`)}</Tag> },
          { title: t('adm.msg.notice.sentAt'), dataIndex: 'sentAt', width: 150, render: (v) => formatTime(v) },
          { title: t('adm.msg.notice.error'), dataIndex: 'error', render: (v) => v || '—' },
        ]}
      />
    </Drawer>
  )
}

export default function NoticeView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const q = useTableList<NoticeItem>(listNotices)
  const [composing, setComposing] = useState(false)
  const [history, setHistory] = useState<NoticeItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [activities, setActivities] = useState<NoticeActivityOption[]>([])
  const [count, setCount] = useState<number | null>(null)
  const [form] = Form.useForm<ComposeValues>()
  const mode = Form.useWatch('sendMode', form)
  const activityId = Form.useWatch('activityId', form)
  const statuses = Form.useWatch('statuses', form)

  const searchActivities = (keyword = '') => {
    void noticeActivities(keyword).then((env) => env.code === 200 && setActivities(env.result))
  }
  useEffect(() => {
    if (composing) void noticeActivities().then((env) => env.code === 200 && setActivities(env.result))
  }, [composing])
  useEffect(() => {
    if (!activityId) return setCount(null)
    void noticeRecipientCount(activityId, statuses ?? []).then((env) => setCount(env.code === 200 ? env.result.count : null))
  }, [activityId, statuses])

  const send = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    setBusy(true)
    try {
      const env = await sendNotice({
        activityId: v.activityId,
        statuses: v.statuses,
        title: v.title,
        content: v.content,
        sendMode: v.sendMode,
        sendAt: v.sendMode === 'fixed' && v.sendAt ? v.sendAt.toISOString() : null,
      })
      if (env.code === 200) {
        void feedback().success(v.sendMode === 'now' ? t('adm.msg.notice.queued') : t('adm.msg.notice.scheduled', { time: formatTime(env.result.sendAt) }))
        setComposing(false)
        form.resetFields()
        q.reload()
      }
    } finally {
      setBusy(false)
    }
  }
  const cancel = async (row: NoticeItem) => {
    const env = await cancelNotice(row.id)
    if (env.code === 200) q.reload()
  }
  const inLang = (zh: string, en: string) => pick(lang, zh, en)

  return (
    <Card data-testid="adm-notices">
      <ListToolbar
        actions={
          <Permission name="send">
            <Button type="primary" onClick={() => setComposing(true)} data-testid="adm-notice-new">
              {t('adm.msg.notice.new')}
            </Button>
          </Permission>
        }
      >
        <FilterSelect list={q} name="status" all={t('adm.msg.all')} options={(['scheduled', 'sending', 'sent', 'cancelled'] as const).map((s) => ({ value: s, label: t(`adm.msg.notice.status.${s}`) }))} />
        <KeywordSearch placeholder={t('adm.msg.notice.keyword')} style={{ width: 320 }} list={q} />
        <Button onClick={q.reload}>{t('adm.msg.refresh')}</Button>
      </ListToolbar>
      <ListTable<NoticeItem>
        list={q}
        sort={false}
        scroll={{ x: 1000 }}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 60 },
          {
            title: t('adm.msg.notice.title'),
            dataIndex: 'title',
            render: (v: string, r) => (
              <>
                <div style={{ fontWeight: 500 }}>{v}</div>
                <Typography.Text type="secondary">{inLang(r.activityTitleZh, r.activityTitleEn)}</Typography.Text>
              </>
            ),
          },
          { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s: NoticeStatus) => <Tag color={NOTICE_COLOR[s]}>{t(`adm.msg.notice.status.${s}`)}</Tag> },
          { title: t('adm.msg.notice.sendAt'), dataIndex: 'sendAt', width: 150, render: (v, r) => <>{formatTime(v)}{r.sendMode === 'fixed' ? ` · ${t('adm.msg.notice.fixed')}` : ''}</> },
          { title: t('adm.msg.notice.recipients'), key: 'n', width: 150, render: (_, r) => t('adm.msg.notice.counts', { sent: r.sentCount, total: r.recipientCount, failed: r.failedCount }) },
          {
            title: t('adm.msg.actions'),
            key: 'actions',
            width: 160,
            fixed: 'right',
            render: (_, r) => (
              <Space size={4}>
                <RowLink onClick={() => setHistory(r)} data-testid="adm-notice-history-btn">
                  {t('adm.msg.notice.historyBtn')}
                </RowLink>
                {r.status === 'scheduled' && (
                  <Permission name="send">
                    <ConfirmLink confirm={t('adm.msg.notice.confirmCancel')} onConfirm={() => cancel(r)}>
                      {t('adm.msg.notice.cancel')}
                    </ConfirmLink>
                  </Permission>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={composing} width={640} title={t('adm.msg.notice.new')} onCancel={() => setComposing(false)} onOk={send} okText={t('adm.msg.notice.send')} confirmLoading={busy} forceRender maskClosable={false}>
        <Form form={form} layout="vertical" initialValues={{ sendMode: 'now', statuses: ['approved', 'pending'] }} data-testid="adm-notice-form">
          <Form.Item name="activityId" label={t('adm.msg.notice.activity')} rules={[{ required: true, message: t('adm.msg.notice.activityRequired') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: (k: string) => searchActivities(k) }}
              placeholder={t('adm.msg.notice.activityPlaceholder')}
              options={activities.map((a) => ({ value: a.id, label: `${inLang(a.titleZh, a.titleEn)} (${formatTime(a.startTime).slice(0, 10)})` }))}
              data-testid="adm-notice-activity"
            />
          </Form.Item>
          <Form.Item name="statuses" label={t('adm.msg.notice.filter')} rules={[{ required: true, type: 'array', min: 1, message: t('adm.msg.notice.filterRequired') }]} extra={count === null ? undefined : t('adm.msg.notice.preview', { count })}>
            <Checkbox.Group options={ENROLL_STATUSES.map((s) => ({ value: s, label: t(`adm.msg.notice.enroll.${s}`) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('adm.msg.notice.title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input data-testid="adm-notice-title" />
          </Form.Item>
          <Form.Item name="content" label={t('adm.msg.notice.content')} rules={[{ required: true, whitespace: true, max: 5000 }]}>
            <Input.TextArea rows={5} data-testid="adm-notice-content" />
          </Form.Item>
          <Form.Item name="sendMode" label={t('adm.msg.notice.mode')}>
            <Radio.Group options={[{ value: 'now', label: t('adm.msg.notice.now') }, { value: 'fixed', label: t('adm.msg.notice.fixed') }]} />
          </Form.Item>
          {mode === 'fixed' && (
            <Form.Item name="sendAt" label={t('adm.msg.notice.sendAt')} rules={[{ required: true, message: t('adm.msg.notice.sendAtRequired') }]}>
              <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: 240 }} data-testid="adm-notice-sendat" />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <History notice={history} onClose={() => setHistory(null)} />
    </Card>
  )
}
