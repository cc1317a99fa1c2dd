/**
 * 'activity/publish/index': publish or edit an activity in steps — basic, address, application form,
 * content, interest, publish settings. "Save draft" works at any step (the first save creates the draft
 * and puts ?id=N in the address); "Publish" checks everything, saves and publishes. The server applies the
 * same rules (301 naming the field), and the view then jumps to the step holding that field.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Steps, Switch, Tag, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useBusy } from '../common/use-busy'
import type { ViewProps } from '../registry'
import { activityDetail, activityOptions, publishActivity, saveActivity } from '../../api/activity'
import {
  ACTIVITY_PATHS,
  ACTIVITY_TYPES,
  TIME_ZONES,
  type ActivityType,
  type AdminActivityAddress,
  type AdminActivityDetail,
  type AdminActivityFields,
  type AdminActivityOptions,
  type AdminActivitySaveBody,
} from '../../../shared/contracts/admin-activity'
import type { EnrollFormField } from '../../../shared/contracts/enrollment'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { ImageUpload } from '../../components/image-upload'
import { RichTextEditor } from '../../components/rich-text-editor'
import { FormBuilder, FormPreview, formProblem } from './form-builder'
import { fromZonedIso, toZonedIso } from './time'
import { queryParam, replaceQuery } from './nav'

export const STEPS = ['basic', 'address', 'form', 'content', 'interest', 'settings'] as const
export type StepKey = (typeof STEPS)[number]

/**
 * The publish form's values: the contract's fields, except that tags are edited as one comma-separated
 * text, times as dayjs values in the first address's zone, and count/organisation may be blank while editing.
 */
export type PublishValues = Omit<AdminActivityFields, 'tagsZh' | 'tagsEn' | 'peopleCount' | 'organizationId' | 'startTime' | 'endTime' | 'enrollDeadline'> & {
  tagsZh: string
  tagsEn: string
  peopleCount: number | null
  organizationId?: number
  start: Dayjs | null
  end: Dayjs | null
  deadline: Dayjs | null
}

export const NEW_ADDRESS: AdminActivityAddress = { country: 'CN', timeZone: 'UTC+08:00', cityZh: '', cityEn: '', addressZh: '', addressEn: '' }

export const INITIAL: PublishValues = {
  titleZh: '', titleEn: '', type: 'offline', categoryCodes: [], tagsZh: '', tagsEn: '', posterUrl: null, bannerUrl: null, peopleCount: 100,
  start: null, end: null, addresses: [NEW_ADDRESS], enrollForm: [], summaryZh: '', summaryEn: '', detailZh: '', detailEn: '',
  highlightsZh: [], highlightsEn: [], isOpen: true, isNeedLoginEnroll: true, signUpOnce: true, enrollNeedProcess: false,
  entrustHaijiaoProcess: false, enrollNotesZh: '', enrollNotesEn: '', deadline: null, isDeadlineEqualEnd: false, isSyncProject: false,
  liveUrl: null, liveQrUrl: null, wechatGroupQrUrl: null,
}

const splitTags = (s: string | undefined) => (s ?? '').split(/[,，;；]/).map((x) => x.trim()).filter(Boolean)
const texts = (l: string[] | undefined) => (l ?? []).map((x) => (x ?? '').trim()).filter(Boolean)

/** form values → request body (times in the first address's zone, ISO with milliseconds) */
export function toBody(v: PublishValues): AdminActivitySaveBody {
  const tz = v.addresses?.[0]?.timeZone
  const body: AdminActivitySaveBody = {
    titleZh: v.titleZh ?? '',
    titleEn: v.titleEn ?? '',
    type: v.type,
    categoryCodes: v.categoryCodes ?? [],
    tagsZh: splitTags(v.tagsZh),
    tagsEn: splitTags(v.tagsEn),
    posterUrl: v.posterUrl || null,
    bannerUrl: v.bannerUrl || null,
    peopleCount: v.peopleCount ?? 0,
    startTime: toZonedIso(v.start, tz) ?? '',
    endTime: toZonedIso(v.end, tz) ?? '',
    addresses: (v.addresses ?? []).map((a) => ({ ...NEW_ADDRESS, ...a })),
    enrollForm: v.enrollForm ?? [],
    summaryZh: v.summaryZh ?? '',
    summaryEn: v.summaryEn ?? '',
    detailZh: v.detailZh ?? '',
    detailEn: v.detailEn ?? '',
    highlightsZh: texts(v.highlightsZh),
    highlightsEn: texts(v.highlightsEn),
    isOpen: !!v.isOpen,
    isNeedLoginEnroll: !!v.isNeedLoginEnroll,
    signUpOnce: !!v.signUpOnce,
    enrollNeedProcess: !!v.enrollNeedProcess,
    entrustHaijiaoProcess: !!v.entrustHaijiaoProcess,
    enrollNotesZh: v.enrollNotesZh ?? '',
    enrollNotesEn: v.enrollNotesEn ?? '',
    enrollDeadline: v.isDeadlineEqualEnd ? null : toZonedIso(v.deadline, tz),
    isDeadlineEqualEnd: !!v.isDeadlineEqualEnd,
    isSyncProject: !!v.isSyncProject,
    liveUrl: (v.liveUrl ?? '').trim() || null,
    liveQrUrl: v.liveQrUrl || null,
    wechatGroupQrUrl: v.wechatGroupQrUrl || null,
  }
  if (v.organizationId) body.organizationId = v.organizationId
  return body
}

/** stored activity → form values */
export function toValues(d: AdminActivityDetail): PublishValues {
  const tz = d.addresses[0]?.timeZone
  return {
    ...INITIAL,
    titleZh: d.titleZh, titleEn: d.titleEn, type: d.type, categoryCodes: d.categoryCodes, tagsZh: d.tagsZh.join(', '), tagsEn: d.tagsEn.join(', '),
    posterUrl: d.posterUrl, bannerUrl: d.bannerUrl, peopleCount: d.peopleCount, organizationId: d.organizationId,
    start: fromZonedIso(d.startTime, tz), end: fromZonedIso(d.endTime, tz), addresses: d.addresses, enrollForm: d.enrollForm,
    summaryZh: d.summaryZh, summaryEn: d.summaryEn, detailZh: d.detailZh, detailEn: d.detailEn, highlightsZh: d.highlightsZh, highlightsEn: d.highlightsEn,
    isOpen: d.isOpen, isNeedLoginEnroll: d.isNeedLoginEnroll, signUpOnce: d.signUpOnce, enrollNeedProcess: d.enrollNeedProcess,
    entrustHaijiaoProcess: d.entrustHaijiaoProcess, enrollNotesZh: d.enrollNotesZh, enrollNotesEn: d.enrollNotesEn,
    deadline: fromZonedIso(d.enrollDeadline, tz), isDeadlineEqualEnd: d.isDeadlineEqualEnd, isSyncProject: d.isSyncProject,
    liveUrl: d.liveUrl, liveQrUrl: d.liveQrUrl, wechatGroupQrUrl: d.wechatGroupQrUrl,
  }
}

/** the step holding a field the server named (addresses.0.timeZone → address) */
export function stepOfField(field: string | undefined): StepKey {
  const f = field ?? ''
  if (/^(addresses|startTime|endTime)/.test(f)) return 'address'
  if (f.startsWith('enrollForm')) return 'form'
  if (/^(detail|summary)/.test(f)) return 'content'
  if (f.startsWith('highlights')) return 'interest'
  if (/^(isOpen|isNeedLoginEnroll|signUpOnce|enrollNeedProcess|entrustHaijiaoProcess|enrollNotes|enrollDeadline|isDeadlineEqualEnd|isSyncProject|liveUrl|liveQrUrl|wechatGroupQrUrl)/.test(f)) return 'settings'
  return 'basic'
}

const LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/** the first problem the client can see (same rules as the server): step and translation key */
export function problemOf(body: AdminActivitySaveBody, complete: boolean): { step: StepKey; key: string } | null {
  if (complete) {
    if (!body.titleZh || !body.titleEn) return { step: 'basic', key: 'adm.activity.rule.titles' }
    if (!body.startTime || !body.endTime) return { step: 'address', key: 'adm.activity.rule.times' }
    if (!body.addresses?.length) return { step: 'address', key: 'adm.activity.rule.address' }
  } else if (!body.titleZh && !body.titleEn) return { step: 'basic', key: 'adm.activity.rule.title' }
  if (body.startTime && body.endTime && Date.parse(body.endTime) <= Date.parse(body.startTime)) return { step: 'address', key: 'adm.activity.rule.endAfterStart' }
  if (body.addresses?.some((a) => !a.country || !a.timeZone)) return { step: 'address', key: 'adm.activity.rule.addressIncomplete' }
  const fp = formProblem(body.enrollForm ?? [])
  if (fp) return { step: 'form', key: fp.key }
  if (!body.isDeadlineEqualEnd && body.enrollDeadline && body.endTime && Date.parse(body.enrollDeadline) > Date.parse(body.endTime)) {
    return { step: 'settings', key: 'adm.activity.rule.deadline' }
  }
  if (body.liveUrl && !LINK.test(body.liveUrl)) return { step: 'settings', key: 'adm.activity.rule.liveUrl' }
  return null
}

/**
 * The shell keeps this view mounted while only the query changes (menu → a blank form, list → ?id=N):
 * the editor is remounted whenever the address names another activity than the one being edited.
 */
export default function PublishView(props: ViewProps) {
  const urlId = Number(queryParam('id')) || null
  const editing = useRef<number | null>(urlId)
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    if (urlId !== editing.current) {
      editing.current = urlId
      setGeneration((g) => g + 1)
    }
  })
  return <PublishEditor key={generation} {...props} onCreated={(id) => (editing.current = id)} />
}

function PublishEditor(props: ViewProps & { onCreated(id: number): void }) {
  const { t } = useTranslation()
  const lang = props.lang
  const [form] = Form.useForm<PublishValues>()
  const [id, setId] = useState<number | null>(() => Number(queryParam('id')) || null)
  const [status, setStatus] = useState<'draft' | 'published' | null>(null)
  const [options, setOptions] = useState<AdminActivityOptions | null>(null)
  const [loading, setLoading] = useState(true)
  const [busy, whileBusy] = useBusy()
  const [step, setStep] = useState(0)
  const canAdd = usePermission('add')
  const canEdit = usePermission('edit')
  const canPublish = usePermission('publish')
  const enrollForm = Form.useWatch('enrollForm', form) ?? []
  const equalEnd = Form.useWatch('isDeadlineEqualEnd', form)
  const firstTz = Form.useWatch(['addresses', 0, 'timeZone'], form)

  useEffect(() => {
    let alive = true
    void (async () => {
      try {
        const [opt, det] = await Promise.all([
          activityOptions(),
          id ? activityDetail(id) : Promise.resolve(null),
        ])
        if (!alive) return
        if (opt.code === 200) setOptions(opt.result)
        if (det && det.code === 200 && det.result) {
          form.setFieldsValue(toValues(det.result))
          setStatus(det.result.status)
        } else if (det) setId(null)
        else if (opt.code === 200 && opt.result.organizations.length) form.setFieldsValue({ organizationId: opt.result.organizations[0].id })
      } finally {
        if (alive) setLoading(false)
      }
    })()
    return () => {
      alive = false
    }
    // loaded once per mount (the view remounts for another path)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const name = useCallback((o: { nameZh: string; nameEn: string }) => (lang === 'en' ? o.nameEn || o.nameZh : o.nameZh || o.nameEn), [lang])

  const refuse = (p: { step: StepKey; key: string }) => {
    setStep(STEPS.indexOf(p.step))
    void feedback().error(t(p.key))
  }

  /** save as draft (or, for a published activity, save it); returns the id */
  const save = async (quiet = false): Promise<number | null> => {
    const body = toBody(form.getFieldsValue(true) as PublishValues)
    const p = problemOf(body, status === 'published')
    if (p) {
      refuse(p)
      return null
    }
    const env = await saveActivity(id ? { ...body, id } : body)
    if (env.code !== 200) {
      const field = (env.result as unknown as { field?: string } | null)?.field
      if (env.code === 301) setStep(STEPS.indexOf(stepOfField(field)))
      return null
    }
    const newId = env.result.id
    if (!id) {
      setId(newId)
      setStatus('draft')
      props.onCreated(newId)
      replaceQuery(`?id=${newId}`)
    }
    if (!quiet) void feedback().success(t('adm.activity.publish.saved'))
    return newId
  }

  const onSave = async () => {
    await whileBusy(async () => {
      await save()
    })
  }

  const onPublish = async () => {
    const body = toBody(form.getFieldsValue(true) as PublishValues)
    const p = problemOf(body, true)
    if (p) {
      refuse(p)
      return
    }
    await whileBusy(async () => {
      const target = id ?? (await save(true))
      if (!target) return
      const env = await publishActivity({ ...body, id: target })
      if (env.code !== 200) {
        const field = (env.result as unknown as { field?: string } | null)?.field
        if (env.code === 301) setStep(STEPS.indexOf(stepOfField(field)))
        return
      }
      setStatus('published')
      void feedback().success(t('adm.activity.publish.published'))
      props.open(ACTIVITY_PATHS.manager)
    })
  }

  const stepItems = useMemo(
    () => STEPS.map((k) => ({ title: <span data-testid={`act-pub-step-${k}`}>{t(`adm.activity.step.${k}`)}</span> })),
    [t],
  )
  const show = (k: StepKey) => ({ display: STEPS[step] === k ? 'block' : 'none' })
  const categoryOptions = (options?.categories ?? []).map((c) => ({ value: c.code, label: <span data-testid={`act-pub-category-${c.code}`}>{name(c)}</span> }))
  const countryOptions = (options?.countries ?? []).map((c) => ({ value: c.code, label: `${name(c)} (${c.code})` }))
  const tzOptions = (options?.timeZones ?? TIME_ZONES).map((z) => ({ value: z, label: z }))
  const half = { xs: 24, xl: 12 }

  if (loading) {
    return (
      <Card data-testid="act-pub">
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      </Card>
    )
  }

  return (
    <Card
      data-testid="act-pub"
      title={
        <Space>
          <span>{id ? t('adm.activity.publish.editTitle', { id }) : t('adm.activity.publish.newTitle')}</span>
          {status && <Tag color={status === 'published' ? 'green' : 'default'} data-testid="act-pub-status">{t(`adm.activity.status.${status}`)}</Tag>}
        </Space>
      }
      extra={
        <Button onClick={() => props.open(ACTIVITY_PATHS.manager)} data-testid="act-pub-back">
          {t('adm.activity.publish.backToList')}
        </Button>
      }
    >
      <Steps current={step} onChange={setStep} items={stepItems} style={{ marginBottom: 24 }} size="small" />
      <Form<PublishValues> form={form} layout="vertical" initialValues={INITIAL} preserve>
        {/* basic */}
        <div style={show('basic')}>
          <Row gutter={24}>
            <Col {...half}>
              <Form.Item name="titleZh" label={t('adm.activity.field.titleZh')} required>
                <Input maxLength={200} showCount data-testid="act-pub-title-zh" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="titleEn" label={t('adm.activity.field.titleEn')} required>
                <Input maxLength={300} showCount data-testid="act-pub-title-en" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={24}>
            <Col {...half}>
              <Form.Item name="type" label={t('adm.activity.field.type')}>
                <Radio.Group optionType="button" buttonStyle="solid">
                  {ACTIVITY_TYPES.map((ty) => (
                    <Radio.Button key={ty} value={ty}>
                      <span data-testid={`act-pub-type-${ty}`}>{t(`adm.activity.type.${ty}`)}</span>
                    </Radio.Button>
                  ))}
                </Radio.Group>
              </Form.Item>
            </Col>
            <Col {...half}>
              {(options?.organizations.length ?? 0) > 1 && (
                <Form.Item name="organizationId" label={t('adm.activity.field.organization')} required>
                  <Select showSearch optionFilterProp="label" options={(options?.organizations ?? []).map((o) => ({ value: o.id, label: name(o) }))} data-testid="act-pub-org" />
                </Form.Item>
              )}
            </Col>
          </Row>
          <Form.Item name="categoryCodes" label={t('adm.activity.field.categories')}>
            <Checkbox.Group options={categoryOptions} />
          </Form.Item>
          <Row gutter={24}>
            <Col {...half}>
              <Form.Item name="tagsZh" label={t('adm.activity.field.tagsZh')} extra={t('adm.activity.field.tagsHint')}>
                <Input data-testid="act-pub-tags-zh" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="tagsEn" label={t('adm.activity.field.tagsEn')} extra={t('adm.activity.field.tagsHint')}>
                <Input data-testid="act-pub-tags-en" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={24}>
            <Col xs={24} xl={8}>
              <Form.Item name="posterUrl" label={t('adm.activity.field.poster')}>
                <ImageUpload kind="image" hint={t('adm.activity.field.posterHint')} data-testid="act-pub-poster" />
              </Form.Item>
            </Col>
            <Col xs={24} xl={8}>
              <Form.Item name="bannerUrl" label={t('adm.activity.field.banner')}>
                <ImageUpload kind="image" hint={t('adm.activity.field.bannerHint')} data-testid="act-pub-banner" />
              </Form.Item>
            </Col>
            <Col xs={24} xl={8}>
              <Form.Item name="peopleCount" label={t('adm.activity.field.peopleCount')} extra={t('adm.activity.field.peopleHint')}>
                <InputNumber min={0} max={1000000} precision={0} style={{ width: 200 }} data-testid="act-pub-people" />
              </Form.Item>
            </Col>
          </Row>
        </div>

        {/* address */}
        <div style={show('address')}>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('adm.activity.field.timesInZone', { tz: firstTz || 'UTC' })} />
          <Row gutter={24}>
            <Col {...half}>
              <Form.Item name="start" label={t('adm.activity.field.start')} required>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 260 }} data-testid="act-pub-start" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="end" label={t('adm.activity.field.end')} required>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 260 }} data-testid="act-pub-end" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t('adm.activity.field.addresses')}</Typography.Title>
          <Form.List name="addresses">
            {(list, { add, remove }) => (
              <>
                {list.map((item, i) => (
                  <Card key={item.key} size="small" style={{ marginBottom: 12 }} title={t('adm.activity.field.addressN', { n: i + 1 })} data-testid={`act-pub-address-${i}`}
                    extra={<Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} data-testid={`act-pub-address-${i}-remove`}>{t('adm.activity.action.delete')}</Button>}
                  >
                    <Row gutter={16}>
                      <Col span={6}>
                        <Form.Item name={[item.name, 'country']} label={t('adm.activity.field.country')} required>
                          <Select showSearch optionFilterProp="label" options={countryOptions} data-testid={`act-pub-address-${i}-country`} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name={[item.name, 'timeZone']} label={t('adm.activity.field.timeZone')} required>
                          <Select showSearch options={tzOptions} data-testid={`act-pub-address-${i}-tz`} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name={[item.name, 'cityZh']} label={t('adm.activity.field.cityZh')}>
                          <Input data-testid={`act-pub-address-${i}-city-zh`} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name={[item.name, 'cityEn']} label={t('adm.activity.field.cityEn')}>
                          <Input data-testid={`act-pub-address-${i}-city-en`} />
                        </Form.Item>
                      </Col>
                      <Col span={12}>
                        <Form.Item name={[item.name, 'addressZh']} label={t('adm.activity.field.addressZh')}>
                          <Input data-testid={`act-pub-address-${i}-addr-zh`} />
                        </Form.Item>
                      </Col>
                      <Col span={12}>
                        <Form.Item name={[item.name, 'addressEn']} label={t('adm.activity.field.addressEn')}>
                          <Input data-testid={`act-pub-address-${i}-addr-en`} />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                {!list.length && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('adm.activity.rule.address')} />}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_ADDRESS })} data-testid="act-pub-address-add">
                  {t('adm.activity.field.addAddress')}
                </Button>
              </>
            )}
          </Form.List>
        </div>

        {/* application form */}
        <div style={show('form')}>
          <Row gutter={24}>
            <Col span={14}>
              <Form.Item name="enrollForm" noStyle>
                <FormBuilder />
              </Form.Item>
            </Col>
            <Col span={10}>
              <FormPreview fields={enrollForm} />
            </Col>
          </Row>
        </div>

        {/* content */}
        <div style={show('content')}>
          <Row gutter={24}>
            <Col {...half}>
              <Form.Item name="summaryZh" label={t('adm.activity.field.summaryZh')}>
                <Input.TextArea rows={2} maxLength={500} showCount data-testid="act-pub-summary-zh" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="summaryEn" label={t('adm.activity.field.summaryEn')}>
                <Input.TextArea rows={2} maxLength={1000} showCount data-testid="act-pub-summary-en" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="detailZh" label={t('adm.activity.field.detailZh')}>
            <RichTextEditor data-testid="act-pub-detail-zh" />
          </Form.Item>
          <Form.Item name="detailEn" label={t('adm.activity.field.detailEn')}>
            <RichTextEditor data-testid="act-pub-detail-en" />
          </Form.Item>
        </div>

        {/* interest */}
        <div style={show('interest')}>
          <Row gutter={24}>
            {(['Zh', 'En'] as const).map((l) => (
              <Col {...half} key={l}>
                <Typography.Title level={5}>{t(`adm.activity.field.highlights${l}`)}</Typography.Title>
                <Form.List name={`highlights${l}`}>
                  {(list, { add, remove }) => (
                    <>
                      {list.map((item, i) => (
                        <Space key={item.key} style={{ display: 'flex', marginBottom: 8 }} align="baseline">
                          <Form.Item name={item.name} noStyle>
                            <Input style={{ width: 480 }} maxLength={l === 'Zh' ? 300 : 600} data-testid={`act-pub-highlight-${l.toLowerCase()}-${i}`} />
                          </Form.Item>
                          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label={t('adm.activity.action.delete')} data-testid={`act-pub-highlight-${l.toLowerCase()}-${i}-remove`} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} data-testid={`act-pub-highlight-${l.toLowerCase()}-add`}>
                        {t('adm.activity.field.addHighlight')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Col>
            ))}
          </Row>
        </div>

        {/* publish settings */}
        <div style={show('settings')}>
          <Row gutter={24}>
            {(
              [
                ['isOpen', 'act-pub-is-open'],
                ['isNeedLoginEnroll', 'act-pub-need-login'],
                ['signUpOnce', 'act-pub-sign-up-once'],
                ['enrollNeedProcess', 'act-pub-need-process'],
                ['entrustHaijiaoProcess', 'act-pub-entrust'],
                ['isSyncProject', 'act-pub-sync-project'],
              ] as const
            ).map(([k, testId]) => (
              <Col span={8} key={k}>
                <Form.Item name={k} label={t(`adm.activity.field.${k}`)} valuePropName="checked" extra={t(`adm.activity.hint.${k}`)}>
                  <Switch data-testid={testId} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Row gutter={24}>
            <Col span={8}>
              <Form.Item name="isDeadlineEqualEnd" label={t('adm.activity.field.isDeadlineEqualEnd')} valuePropName="checked">
                <Switch data-testid="act-pub-deadline-equal-end" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="deadline" label={t('adm.activity.field.enrollDeadline')} extra={t('adm.activity.hint.enrollDeadline', { tz: firstTz || 'UTC' })}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 260 }} disabled={!!equalEnd} data-testid="act-pub-deadline" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={24}>
            <Col {...half}>
              <Form.Item name="enrollNotesZh" label={t('adm.activity.field.enrollNotesZh')}>
                <Input.TextArea rows={3} maxLength={2000} data-testid="act-pub-notes-zh" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="enrollNotesEn" label={t('adm.activity.field.enrollNotesEn')}>
                <Input.TextArea rows={3} maxLength={4000} data-testid="act-pub-notes-en" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={24}>
            <Col span={8}>
              <Form.Item name="liveUrl" label={t('adm.activity.field.liveUrl')} rules={[{ pattern: LINK, message: t('adm.activity.rule.liveUrl') }]}>
                <Input placeholder="https://" data-testid="act-pub-live-url" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="liveQrUrl" label={t('adm.activity.field.liveQr')}>
                <ImageUpload kind="image" hint={t('adm.activity.field.qrHint')} data-testid="act-pub-live-qr" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="wechatGroupQrUrl" label={t('adm.activity.field.wechatQr')}>
                <ImageUpload kind="image" hint={t('adm.activity.field.qrHint')} data-testid="act-pub-wechat-qr" />
              </Form.Item>
            </Col>
          </Row>
        </div>
      </Form>

      <div style={{ display: 'flex', justifyContent: 'space-between', borderTop: '1px solid #f0f0f0', paddingTop: 16, marginTop: 8 }}>
        <Space>
          <Button disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))} data-testid="act-pub-prev">
            {t('adm.activity.publish.prev')}
          </Button>
          <Button disabled={step === STEPS.length - 1} onClick={() => setStep((s) => Math.min(STEPS.length - 1, s + 1))} data-testid="act-pub-next">
            {t('adm.activity.publish.next')}
          </Button>
        </Space>
        <Space>
          {(id ? canEdit : canAdd) && (
            <Button loading={busy} onClick={() => void onSave()} data-testid="act-pub-save">
              {status === 'published' ? t('adm.activity.publish.save') : t('adm.activity.publish.saveDraft')}
            </Button>
          )}
          {canPublish && (!!id || canAdd) && (
            <Button type="primary" loading={busy} onClick={() => void onPublish()} data-testid="act-pub-publish">
              {status === 'published' ? t('adm.activity.publish.update') : t('adm.activity.publish.publish')}
            </Button>
          )}
        </Space>
      </div>
    </Card>
  )
}
