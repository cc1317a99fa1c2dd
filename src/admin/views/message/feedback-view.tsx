/**
 * 'message/feedback/list': the leave-message inbox. Search by text / name / e-mail / phone,
 * filter by status, edit status + remark (button 'edit'), reply to the author by e-mail (button 'reply').
 */
import React, { useState } from 'react'
import { Card, Form, Input, Modal, Select, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { FEEDBACK_STATUSES, type FeedbackItem, type FeedbackStatus } from '@contracts/feedback'
import { listFeedback, replyFeedback, updateFeedback } from '../../api/message'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { ListTable } from '../common/list-table'
import { FilterSelect, KeywordSearch, ListToolbar } from '../common/list-toolbar'
import { RowLink, actionsColumn } from '../common/row-actions'

const STATUS_COLOR: Record<FeedbackStatus, string> = { new: 'red', processing: 'gold', done: 'green' }

export default function FeedbackView() {
  const { t } = useTranslation()
  const q = useTableList<FeedbackItem>(listFeedback)
  const [editing, setEditing] = useState<FeedbackItem | null>(null)
  const [replying, setReplying] = useState<FeedbackItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [editForm] = Form.useForm<{ status: FeedbackStatus; remark?: string }>()
  const [replyForm] = Form.useForm<{ subject: string; content: string }>()

  const save = async () => {
    if (!editing) return
    const v = await editForm.validateFields().catch(() => null)
    if (!v) return
    setBusy(true)
    try {
      const env = await updateFeedback(editing.id, v.status, v.remark ?? '')
      if (env.code === 200) {
        void feedback().success(t('adm.msg.saved'))
        setEditing(null)
        q.reload()
      }
    } finally {
      setBusy(false)
    }
  }
  const reply = async () => {
    if (!replying) return
    const v = await replyForm.validateFields().catch(() => null)
    if (!v) return
    setBusy(true)
    try {
      const env = await replyFeedback(replying.id, v.subject, v.content)
      if (env.code === 200) {
        void feedback().success(t('adm.msg.feedback.replied'))
        setReplying(null)
        q.reload()
      }
    } finally {
      setBusy(false)
    }
  }
  const statusLabel = (s: FeedbackStatus) => t(`adm.msg.feedback.status.${s}`)

  return (
    <Card data-testid="adm-feedback">
      <ListToolbar>
        <FilterSelect list={q} name="status" all={t('adm.msg.all')} width={160} options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} testId="adm-feedback-status" />
        <KeywordSearch placeholder={t('adm.msg.feedback.keyword')} list={q} testId="adm-feedback-search" />
      </ListToolbar>
      <ListTable<FeedbackItem>
        list={q}
        sort={false}
        scroll={{ x: 1000 }}
        columns={[
          { title: t('adm.table.id'), dataIndex: 'id', width: 70 },
          {
            title: t('adm.msg.feedback.desc'),
            dataIndex: 'desc',
            render: (v: string, row) => (
              <div style={{ maxWidth: 420 }}>
                <Typography.Paragraph ellipsis={{ rows: 3, expandable: true, symbol: t('adm.msg.more') }} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                  {v}
                </Typography.Paragraph>
                {row.replyContent && <Typography.Text type="secondary">↪ {row.replyContent}</Typography.Text>}
              </div>
            ),
          },
          { title: t('adm.msg.feedback.name'), dataIndex: 'name', width: 120 },
          { title: t('adm.msg.feedback.contact'), key: 'contact', width: 200, render: (_, r) => (<><div>{r.tel}</div><div>{r.email}</div></>) },
          { title: t('adm.table.status'), dataIndex: 'status', width: 100, render: (s: FeedbackStatus) => <Tag color={STATUS_COLOR[s]}>{statusLabel(s)}</Tag> },
          { title: t('adm.msg.feedback.remark'), dataIndex: 'remark', width: 140, render: (v) => v || '—' },
          { title: t('adm.table.createdAt'), dataIndex: 'createdAt', width: 150, render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
          actionsColumn<FeedbackItem>(t('adm.msg.actions'), 150, (row) => (
            <>
              <Permission name="edit">
                <RowLink data-testid="adm-feedback-edit" onClick={() => setEditing(row)}>
                  {t('adm.msg.edit')}
                </RowLink>
              </Permission>
              <Permission name="reply">
                <RowLink data-testid="adm-feedback-reply" onClick={() => setReplying(row)}>
                  {t('adm.msg.feedback.reply')}
                </RowLink>
              </Permission>
            </>
          )),
        ]}
      />
      <Modal open={!!editing} title={t('adm.msg.edit')} onCancel={() => setEditing(null)} onOk={save} confirmLoading={busy} forceRender maskClosable={false}>
        <Form form={editForm} layout="vertical" key={`e${editing?.id ?? 0}`} initialValues={{ status: editing?.status, remark: editing?.remark ?? '' }}>
          <Form.Item name="status" label={t('adm.table.status')} rules={[{ required: true }]}>
            <Select options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('adm.msg.feedback.remark')} rules={[{ max: 1000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!replying} title={t('adm.msg.feedback.replyTo', { email: replying?.email ?? '' })} onCancel={() => setReplying(null)} onOk={reply} okText={t('adm.msg.feedback.send')} confirmLoading={busy} forceRender maskClosable={false}>
        {replying && <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{replying.desc}</Typography.Paragraph>}
        <Form form={replyForm} layout="vertical" key={`r${replying?.id ?? 0}`} initialValues={{ subject: t('adm.msg.feedback.replySubject'), content: '' }}>
          <Form.Item name="subject" label={t('adm.msg.feedback.subject')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input data-testid="adm-feedback-subject" />
          </Form.Item>
          <Form.Item name="content" label={t('adm.msg.feedback.content')} rules={[{ required: true, whitespace: true, max: 5000 }]}>
            <Input.TextArea rows={6} data-testid="adm-feedback-content" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
