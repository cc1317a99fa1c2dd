/**
 * The pieces of group notices both the message menu (every activity, operations) and the activity
 * manager's row actions (one activity, organizers too) use: the compose dialog, the notice columns, the
 * per-recipient send history, and one activity's notices. Each takes the NoticeApi of its menu.
 */
import React, { useEffect, useState } from 'react'
import { Button, Checkbox, DatePicker, Drawer, Form, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { DeliveryStatus, NoticeActivityOption, NoticeItem, NoticeRecipientItem, NoticeStatus } from '@contracts/notice'
import type { EnrollmentStatus } from '@contracts/enrollment'
import { noticeActivities, type NoticeApi } from '../../api/message'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink, actionsColumn } from '../common/row-actions'
import { pick } from '../common/bilingual'

const NOTICE_COLOR: Record<NoticeStatus, string> = { scheduled: 'blue', sending: 'gold', sent: 'green', cancelled: 'default' }
const DELIVERY_COLOR: Record<DeliveryStatus, string> = { pending: 'default', sending: 'gold', sent: 'green', failed: 'red', skipped: 'purple' }
const ENROLL_STATUSES = ['approved', 'pending', 'rejected'] as const

type T = (k: string, o?: any) => string

interface ComposeValues {
  activityId: number
  statuses: EnrollmentStatus[]
  title: string
  content: string
  sendMode: 'now' | 'fixed'
  sendAt?: Dayjs | null
}

/** Each recipient's delivery status of one notice, searchable by e-mail. */
export function RecipientsDrawer({ notice, api, onClose }: { notice: NoticeItem | null; api: NoticeApi; onClose(): void }) {
  const { t } = useTranslation()
  const q = useTableList<NoticeRecipientItem>(notice ? api.history : null, { noticeId: notice?.id })
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
        onRow={(r) => ({ 'data-testid': `adm-notice-recipient-${r.status}` }) as React.HTMLAttributes<HTMLElement>}
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

/**
 * The columns of a notice list: title (and its activity), status, send time, counts, and the row
 * actions — recipients, and cancel while scheduled (behind the button that sends).
 */
export function noticeColumns(
  t: T,
  lang: 'zh' | 'en',
  o: { sendButton: string; onHistory(n: NoticeItem): void; onCancel(n: NoticeItem): unknown; activity?: boolean; historyLabel?: string },
): ColumnsType<NoticeItem> {
  return [
    { title: t('adm.table.id'), dataIndex: 'id', width: 60 },
    {
      title: t('adm.msg.notice.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <>
          <div style={{ fontWeight: 500 }}>{v}</div>
          {o.activity !== false && <Typography.Text type="secondary">{pick(lang, r.activityTitleZh, r.activityTitleEn)}</Typography.Text>}
        </>
      ),
    },
    { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s: NoticeStatus) => <Tag color={NOTICE_COLOR[s]}>{t(`adm.msg.notice.status.${s}`)}</Tag> },
    { title: t('adm.msg.notice.sendAt'), dataIndex: 'sendAt', width: 150, render: (v, r) => <>{formatTime(v)}{r.sendMode === 'fixed' ? ` · ${t('adm.msg.notice.fixed')}` : ''}</> },
    { title: t('adm.msg.notice.recipients'), key: 'n', width: 150, render: (_, r) => t('adm.msg.notice.counts', { sent: r.sentCount, total: r.recipientCount, failed: r.failedCount }) },
    actionsColumn<NoticeItem>(t('adm.msg.actions'), 160, (r) => (
      <>
        <RowLink onClick={() => o.onHistory(r)} data-testid="adm-notice-history-btn">
          {t(o.historyLabel ?? 'adm.msg.notice.historyBtn')}
        </RowLink>
        {r.status === 'scheduled' && (
          <Permission name={o.sendButton}>
            <ConfirmLink confirm={t('adm.msg.notice.confirmCancel')} onConfirm={() => o.onCancel(r)}>
              {t('adm.msg.notice.cancel')}
            </ConfirmLink>
          </Permission>
        )}
      </>
    )),
  ]
}

/**
 * Compose a notice to an activity's enrollees, filtered by enrolment status, sent now or at a fixed
 * time (the time is required: spec section 5). `activity` fixes the activity (the manager's row);
 * without it the activity is searched among those the message menu may write to.
 */
export function ComposeNotice({
  open,
  api,
  activity,
  lang,
  onClose,
  onSent,
}: {
  open: boolean
  api: NoticeApi
  activity?: { id: number; title: string } | null
  lang: 'zh' | 'en'
  onClose(): void
  onSent(n: NoticeItem): void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ComposeValues>()
  const [busy, setBusy] = useState(false)
  const [activities, setActivities] = useState<NoticeActivityOption[]>([])
  const [count, setCount] = useState<number | null>(null)
  const mode = Form.useWatch('sendMode', form)
  const activityId = Form.useWatch('activityId', form)
  const statuses = Form.useWatch('statuses', form)
  const fixedId = activity?.id

  const searchActivities = (keyword = '') => {
    void noticeActivities(keyword).then((env) => env.code === 200 && setActivities(env.result))
  }
  useEffect(() => {
    if (!open) return
    if (fixedId) form.setFieldValue('activityId', fixedId)
    else void noticeActivities().then((env) => env.code === 200 && setActivities(env.result))
  }, [open, fixedId, form])
  useEffect(() => {
    if (!activityId) return setCount(null)
    void api.count(activityId, statuses ?? []).then((env) => setCount(env.code === 200 ? env.result.count : null))
  }, [api, activityId, statuses])

  const send = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    setBusy(true)
    try {
      const env = await api.send({
        activityId: v.activityId,
        statuses: v.statuses,
        title: v.title,
        content: v.content,
        sendMode: v.sendMode,
        sendAt: v.sendMode === 'fixed' && v.sendAt ? v.sendAt.toISOString() : null,
      })
      if (env.code === 200) {
        void feedback().success(v.sendMode === 'now' ? t('adm.msg.notice.queued') : t('adm.msg.notice.scheduled', { time: formatTime(env.result.sendAt) }))
        form.resetFields()
        onSent(env.result)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      width={640}
      title={activity ? t('adm.msg.notice.newFor', { title: activity.title }) : t('adm.msg.notice.new')}
      onCancel={onClose}
      onOk={send}
      okText={t('adm.msg.notice.send')}
      okButtonProps={{ 'data-testid': 'adm-notice-send' } as React.ComponentProps<typeof Button>}
      confirmLoading={busy}
      forceRender
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={{ sendMode: 'now', statuses: ['approved', 'pending'] }} data-testid="adm-notice-form">
        <Form.Item name="activityId" label={t('adm.msg.notice.activity')} rules={[{ required: true, message: t('adm.msg.notice.activityRequired') }]} hidden={!!activity}>
          <Select
            showSearch={{ filterOption: false, onSearch: (k: string) => searchActivities(k) }}
            placeholder={t('adm.msg.notice.activityPlaceholder')}
            options={activities.map((a) => ({ value: a.id, label: `${pick(lang, a.titleZh, a.titleEn)} (${formatTime(a.startTime).slice(0, 10)})` }))}
            data-testid="adm-notice-activity"
          />
        </Form.Item>
        <Form.Item
          name="statuses"
          label={t('adm.msg.notice.filter')}
          rules={[{ required: true, type: 'array', min: 1, message: t('adm.msg.notice.filterRequired') }]}
          extra={count === null ? undefined : <span data-testid="adm-notice-count">{t('adm.msg.notice.preview', { count })}</span>}
        >
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
  )
}

/** One activity's notices (the manager's "send history"): each opens its recipients' delivery status. */
export function ActivityNoticesDrawer({
  activity,
  api,
  lang,
  sendButton,
  onClose,
}: {
  activity: { id: number; title: string } | null
  api: NoticeApi
  lang: 'zh' | 'en'
  sendButton: string
  onClose(): void
}) {
  const { t } = useTranslation()
  const q = useTableList<NoticeItem>(activity ? api.list : null, { activityId: activity?.id })
  const [recipients, setRecipients] = useState<NoticeItem | null>(null)
  const activityId = activity?.id
  const { setFilters, reload } = q
  useEffect(() => {
    if (activityId) setFilters({ activityId })
  }, [activityId, setFilters])
  const cancel = async (n: NoticeItem) => {
    if ((await api.cancel(n.id)).code === 200) reload()
  }
  return (
    <Drawer open={!!activity} width={860} title={t('adm.msg.notice.activityHistory', { title: activity?.title ?? '' })} onClose={onClose} data-testid="adm-activity-notices">
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={reload} data-testid="adm-activity-notices-refresh">
          {t('adm.msg.refresh')}
        </Button>
      </Space>
      <ListTable<NoticeItem>
        list={q}
        sort={false}
        size="small"
        scroll={{ x: 760 }}
        locale={{ emptyText: t('adm.msg.notice.none') }}
        columns={noticeColumns(t, lang, { sendButton, activity: false, historyLabel: 'adm.msg.notice.recipientsBtn', onHistory: setRecipients, onCancel: cancel })}
      />
      <RecipientsDrawer notice={recipients} api={api} onClose={() => setRecipients(null)} />
    </Drawer>
  )
}
