/**
 * Parts shared by the enrolment list and the promoters' talent view: the answer cell, the talent
 * detail drawer, the answers editor (one control per form field type; the server validates again
 * and a 301 is shown on the field it names) and the custom-input (remark) editor.
 */
import React, { useEffect, useState } from 'react'
import { Checkbox, DatePicker, Descriptions, Drawer, Empty, Form, Input, InputNumber, List, Modal, Radio, Select, Space, Spin, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useBusy } from '../common/use-busy'
import { ENROLL_REMARK_MAX, type AdminEnrollItem, type AdminTalentDetail } from '@contracts/admin-enrollment'
import { REJECT_REASON_MAX } from '@contracts/notification'
import type { EnrollAnswers, EnrollAnswerValue, EnrollFormField, EnrollmentStatus } from '@contracts/enrollment'
import type { Envelope } from '../../api/client'
import { formatTime } from '../common/format'
import { answerText, fieldLabel, pick, type Lang } from './enroll-rows'

export const STATUS_COLOR: Record<EnrollmentStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red', cancelled: 'default' }

export function StatusTag({ status }: { status: EnrollmentStatus }) {
  const { t } = useTranslation()
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`adm-enroll-status-${status}`}>
      {t(`adm.enrollment.status.${status}`)}
    </Tag>
  )
}

/** a single-value answer cell: attachments as links, the rest as text */
export function AnswerCell({ field, value, lang }: { field: EnrollFormField; value: EnrollAnswerValue | undefined; lang: Lang }) {
  const { t } = useTranslation()
  if (field.type === 'attachment' && typeof value === 'string' && value) {
    return (
      <a href={value} target="_blank" rel="noreferrer">
        {t('adm.enrollment.attachment')}
      </a>
    )
  }
  const text = answerText(field, value, lang)
  return <>{text || '—'}</>
}

export function PersonCell({ item }: { item: AdminEnrollItem }) {
  const { t } = useTranslation()
  if (item.person.guest) {
    return (
      <>
        <Tag>{t('adm.enrollment.guest')}</Tag>
        <Typography.Text type="secondary">{item.person.email}</Typography.Text>
      </>
    )
  }
  return (
    <>
      <div>{item.person.nickName || '—'}</div>
      <Typography.Text type="secondary">{item.person.email}</Typography.Text>
    </>
  )
}

export function PromoterCell({ item }: { item: AdminEnrollItem }) {
  if (!item.promoter) return <>—</>
  return (
    <>
      <div>{item.promoter.realName || item.promoter.nickName}</div>
      <Typography.Text type="secondary" code style={{ whiteSpace: 'nowrap' }}>
        {item.promoter.code}
      </Typography.Text>
    </>
  )
}

/** the person's profile and all their enrolments in the organization's activities */
export function TalentDrawer({ load, enrollmentId, lang, onClose }: { load(enrollmentId: number): Promise<Envelope<AdminTalentDetail>>; enrollmentId: number | null; lang: Lang; onClose(): void }) {
  const { t } = useTranslation()
  const [detail, setDetail] = useState<AdminTalentDetail | null>(null)
  useEffect(() => {
    setDetail(null)
    if (!enrollmentId) return
    let alive = true
    void load(enrollmentId).then((env) => alive && env.code === 200 && setDetail(env.result))
    return () => {
      alive = false
    }
  }, [load, enrollmentId])
  const p = detail?.person
  return (
    <Drawer open={!!enrollmentId} size={640} title={t('adm.enrollment.detail.title')} onClose={onClose}>
      <div data-testid="adm-enroll-talent">
        {!detail || !p ? (
          <Spin />
        ) : (
          <>
            <Descriptions title={t('adm.enrollment.detail.profile')} column={2} size="small" bordered>
              {p.guest ? (
                <Descriptions.Item label={t('adm.enrollment.detail.email')} span={2}>
                  {p.email} <Tag>{t('adm.enrollment.guest')}</Tag>
                  <div>
                    <Typography.Text type="secondary">{t('adm.enrollment.detail.guestNote')}</Typography.Text>
                  </div>
                </Descriptions.Item>
              ) : (
                <>
                  <Descriptions.Item label={t('adm.enrollment.detail.nickName')}>{p.nickName || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('adm.enrollment.detail.realName')}>{p.realName || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('adm.enrollment.detail.email')}>{p.email}</Descriptions.Item>
                  <Descriptions.Item label={t('adm.enrollment.detail.phone')}>{p.phone || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('adm.enrollment.detail.registeredAt')}>{formatTime(p.registeredAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('adm.enrollment.detail.isPromoter')}>{p.isPromoter ? t('adm.table.yes') : t('adm.table.no')}</Descriptions.Item>
                </>
              )}
              <Descriptions.Item label={t('adm.enrollment.detail.broughtBy')} span={2}>
                {detail.promoter ? `${detail.promoter.realName || detail.promoter.nickName} (${detail.promoter.code})` : '—'}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('adm.enrollment.detail.enrollments', { count: detail.enrollments.length })}
            </Typography.Title>
            <List
              dataSource={detail.enrollments}
              locale={{ emptyText: <Empty description={t('adm.enrollment.empty')} /> }}
              renderItem={(e) => (
                <List.Item key={e.id} data-testid="adm-enroll-talent-item">
                  <div style={{ width: '100%' }}>
                    <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                      <Typography.Text strong>{pick(lang, e.activityTitleZh, e.activityTitleEn)}</Typography.Text>
                      <StatusTag status={e.status} />
                    </Space>
                    <div>
                      <Typography.Text type="secondary">{formatTime(e.createdAt)}</Typography.Text>
                    </div>
                    <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
                      {e.fields.map((f) => (
                        <Descriptions.Item key={f.key} label={fieldLabel(f, lang)}>
                          <AnswerCell field={f} value={e.answers[f.key]} lang={lang} />
                        </Descriptions.Item>
                      ))}
                    </Descriptions>
                  </div>
                </List.Item>
              )}
            />
          </>
        )}
      </div>
    </Drawer>
  )
}

type FormValues = Record<string, string | number | string[] | Dayjs | null | undefined>

function toFormValues(fields: EnrollFormField[], answers: EnrollAnswers): FormValues {
  const out: FormValues = {}
  for (const f of fields) {
    const v = answers[f.key]
    if (f.type === 'date') out[f.key] = typeof v === 'string' && v ? dayjs(v) : null
    else if (f.type === 'checkbox') out[f.key] = Array.isArray(v) ? v : v ? [String(v)] : []
    else out[f.key] = v ?? undefined
  }
  return out
}

export function toAnswers(fields: EnrollFormField[], values: FormValues): EnrollAnswers {
  const out: EnrollAnswers = {}
  for (const f of fields) {
    const v = values[f.key]
    if (v === undefined || v === null || v === '') out[f.key] = null
    else if (dayjs.isDayjs(v)) out[f.key] = v.format('YYYY-MM-DD')
    else out[f.key] = v as EnrollAnswerValue
  }
  return out
}

function FieldControl({ field, lang }: { field: EnrollFormField; lang: Lang }) {
  const placeholder = pick(lang, field.placeholderZh, field.placeholderEn) || undefined
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: pick(lang, o.labelZh, o.labelEn) }))
  const id = `adm-enroll-edit-${field.key}`
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.maxLength} placeholder={placeholder} data-testid={id} />
    case 'number':
      return <InputNumber min={field.min} max={field.max} style={{ width: 200 }} data-testid={id} />
    case 'date':
      return <DatePicker format="YYYY-MM-DD" data-testid={id} />
    case 'radio':
      return <Radio.Group options={options} data-testid={id} />
    case 'checkbox':
      return <Checkbox.Group options={options} data-testid={id} />
    case 'select':
      return <Select allowClear options={options} style={{ width: 260 }} data-testid={id} />
    default:
      return <Input maxLength={field.maxLength} placeholder={placeholder} data-testid={id} />
  }
}

/** edit an enrolment's answers; `save` answers the server's envelope (301 names a field) */
export function AnswersModal({
  item,
  fields,
  lang,
  onClose,
  save,
}: {
  item: AdminEnrollItem | null
  fields: EnrollFormField[]
  lang: Lang
  onClose(): void
  save(answers: EnrollAnswers): Promise<{ code: number; result: unknown }>
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FormValues>()
  const [busy, whileBusy] = useBusy()
  useEffect(() => {
    if (item) form.setFieldsValue(toFormValues(fields, item.answers))
    else form.resetFields()
  }, [item, fields, form])
  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    await whileBusy(async () => {
      const env = await save(toAnswers(fields, values))
      if (env.code === 301) {
        const r = env.result as { field?: string; reason?: string } | null
        if (r?.field) form.setFields([{ name: r.field, errors: [t(`adm.enrollment.reason.${r.reason ?? 'type'}`, { defaultValue: t('adm.enrollment.reason.type') })] }])
      } else if (env.code === 200) onClose()
    })
  }
  return (
    <Modal open={!!item} title={t('adm.enrollment.edit')} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} forceRender width={640} okButtonProps={{ 'data-testid': 'adm-enroll-edit-ok' } as never}>
      <Form form={form} layout="vertical" data-testid="adm-enroll-edit-form">
        {fields.map((f) => (
          <Form.Item key={f.key} name={f.key} label={fieldLabel(f, lang)} rules={f.required ? [{ required: true, message: t('adm.enrollment.reason.required') }] : []}>
            <FieldControl field={f} lang={lang} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  )
}

/** One text in a dialog, saved by `save` (closes on success): the remark, and a rejection's reason. */
export function TextModal(props: {
  open: boolean
  title: React.ReactNode
  intro?: React.ReactNode
  initial: string
  max: number
  placeholder: string
  testId: string
  okDanger?: boolean
  onClose(): void
  save(text: string): Promise<{ code: number }>
}) {
  const { open, initial, onClose, save } = props
  const [text, setText] = useState('')
  const [busy, whileBusy] = useBusy()
  useEffect(() => setText(open ? initial : ''), [open, initial])
  const submit = async () => {
    await whileBusy(async () => {
      const env = await save(text)
      if (env.code === 200) onClose()
    })
  }
  return (
    <Modal open={open} title={props.title} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': `${props.testId}-ok`, danger: props.okDanger } as never}>
      {props.intro && <p>{props.intro}</p>}
      <Input.TextArea rows={4} value={text} maxLength={props.max} showCount placeholder={props.placeholder} onChange={(e) => setText(e.target.value)} data-testid={`${props.testId}-input`} />
    </Modal>
  )
}

export function RemarkModal({ item, onClose, save }: { item: AdminEnrollItem | null; onClose(): void; save(remark: string): Promise<{ code: number }> }) {
  const { t } = useTranslation()
  return <TextModal open={!!item} title={t('adm.enrollment.remarkEdit')} initial={item?.remark ?? ''} max={ENROLL_REMARK_MAX} placeholder={t('adm.enrollment.remarkPlaceholder')} testId="adm-enroll-remark" onClose={onClose} save={save} />
}

/** Rejecting asks for an optional reason, which the person is told (inbox, e-mail, WeChat). */
export function RejectModal({ item, onClose, reject }: { item: AdminEnrollItem | null; onClose(): void; reject(reason: string): Promise<{ code: number }> }) {
  const { t } = useTranslation()
  return (
    <TextModal
      open={!!item}
      title={t('adm.enrollment.reject')}
      intro={t('adm.enrollment.confirmReject')}
      initial=""
      max={REJECT_REASON_MAX}
      placeholder={t('adm.enrollment.rejectReasonPlaceholder')}
      testId="adm-enroll-reject"
      okDanger
      onClose={onClose}
      save={reject}
    />
  )
}
