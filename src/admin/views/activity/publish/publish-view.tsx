/**
 * 'activity/publish/index': publish or edit an activity in steps — basic, address, application form,
 * content, interest, publish settings (one component per step, one form across them). "Save draft" works
 * at any step (the first save creates the draft and puts ?id=N in the address); "Publish" checks
 * everything, saves and publishes. The server applies the same rules (301 naming the field), and the view
 * then jumps to the step holding that field.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button, Card, Form, Space, Spin, Steps, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useBusy } from '../../common/use-busy'
import { pick } from '../../common/bilingual'
import type { ViewProps } from '../../view-props'
import { ACTIVITY_PATHS, type AdminActivityOptions } from '@contracts/admin-activity'
import { activityDetail, activityOptions, publishActivity, saveActivity } from '../../../api/activity'
import { usePermission } from '../../../core/permission'
import { feedback } from '../../../core/feedback'
import { queryParam, replaceQuery } from '../nav'
import { INITIAL, STEPS, problemOf, stepOfField, toBody, toValues, type PublishValues, type StepKey } from './publish-values'
import { BasicStep } from './step-basic'
import { AddressStep } from './step-address'
import { FormStep } from './step-form'
import { ContentStep } from './step-content'
import { InterestStep } from './step-interest'
import { SettingsStep } from './step-settings'
import { TICKET_INITIAL, sameSettings, ticketBody, ticketValues } from './ticket-settings'
import { saveTicketSettings, ticketSettings } from '../../../api/checkin'
import type { TicketSettings } from '@contracts/ticket'

/**
 * The shell keeps this view mounted while only the query changes (menu → a blank form, list → ?id=N):
 * the editor is remounted whenever the address names another activity than the one being edited.
 */
export default function PublishView(props: ViewProps) {
  const urlId = Number(queryParam('id')) || null
  const editing = useRef<number | null>(urlId)
  const [generation, setGeneration] = useState(0)
  // a draft's first save puts its id in the address and in `editing` together, so only an address naming
  // another activity remounts
  useEffect(() => {
    if (urlId !== editing.current) {
      editing.current = urlId
      setGeneration((g) => g + 1)
    }
  }, [urlId])
  return <PublishEditor key={generation} {...props} onCreated={(id) => (editing.current = id)} />
}

/** what a new activity has before anything is saved (the server's defaults) */
const TICKET_INITIAL_SETTINGS: TicketSettings = { activityId: 0, cancelDeadline: null, waitlistEnabled: false, offerHours: TICKET_INITIAL.ticketOfferHours ?? 24 }

function PublishEditor(props: ViewProps & { onCreated(id: number): void }) {
  const { t } = useTranslation()
  const lang = props.lang
  const [form] = Form.useForm<PublishValues>()
  // the activity the editor opened with: loaded once per mount (another one remounts the editor)
  const [openedId] = useState<number | null>(() => Number(queryParam('id')) || null)
  const [id, setId] = useState<number | null>(openedId)
  const [status, setStatus] = useState<'draft' | 'published' | null>(null)
  const [options, setOptions] = useState<AdminActivityOptions | null>(null)
  const [loading, setLoading] = useState(true)
  const [busy, whileBusy] = useBusy()
  const [step, setStep] = useState(0)
  const canAdd = usePermission('add')
  const canEdit = usePermission('edit')
  const canPublish = usePermission('publish')
  const firstTz = Form.useWatch(['addresses', 0, 'timeZone'], form)
  // the ticket settings as stored (null: none loaded yet — a new activity)
  const savedTicket = useRef<TicketSettings | null>(null)

  useEffect(() => {
    let alive = true
    void (async () => {
      try {
        const [opt, det, tick] = await Promise.all([
          activityOptions(),
          openedId ? activityDetail(openedId) : Promise.resolve(null),
          openedId ? ticketSettings(openedId).catch(() => null) : Promise.resolve(null),
        ])
        if (!alive) return
        if (opt.code === 200) setOptions(opt.result)
        if (det && det.code === 200 && det.result) {
          form.setFieldsValue(toValues(det.result))
          if (tick && tick.code === 200 && tick.result) {
            savedTicket.current = tick.result
            form.setFieldsValue(ticketValues(tick.result, det.result.addresses[0]?.timeZone) as unknown as Partial<PublishValues>)
          }
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
  }, [openedId, form])

  const name = useCallback((o: { nameZh: string; nameEn: string }) => pick(lang, o.nameZh, o.nameEn), [lang])

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
    await saveTicket(newId)
    if (!id) {
      setId(newId)
      setStatus('draft')
      props.onCreated(newId)
      replaceQuery(`?id=${newId}`)
    }
    if (!quiet) void feedback().success(t('adm.activity.publish.saved'))
    return newId
  }

  /** the ticket settings after the activity: only when they changed (a failure is said, the activity stands) */
  const saveTicket = async (activityId: number) => {
    const next = ticketBody(form.getFieldsValue(true) as Partial<typeof TICKET_INITIAL>, activityId, firstTz)
    if (sameSettings(savedTicket.current, next)) return
    if (!savedTicket.current && sameSettings({ ...TICKET_INITIAL_SETTINGS, activityId }, next)) return
    const env = await saveTicketSettings(next).catch(() => null)
    if (env?.code === 200) savedTicket.current = env.result
    else void feedback().error(t('adm.ticket.settingsFailed', { message: env?.message ?? '' }))
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
      if (id) await saveTicket(target)
      setStatus('published')
      void feedback().success(t('adm.activity.publish.published'))
      props.open(ACTIVITY_PATHS.manager)
    })
  }

  const stepItems = useMemo(
    () => STEPS.map((k) => ({ title: <span data-testid={`act-pub-step-${k}`}>{t(`adm.activity.step.${k}`)}</span> })),
    [t],
  )
  // every step stays mounted (hidden) so the one form keeps all values and validates across steps
  const show = (k: StepKey) => ({ display: STEPS[step] === k ? 'block' : 'none' })

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
      <Form<PublishValues> form={form} layout="vertical" initialValues={{ ...INITIAL, ...TICKET_INITIAL }} preserve>
        <div style={show('basic')}>
          <BasicStep options={options} name={name} />
        </div>
        <div style={show('address')}>
          <AddressStep options={options} name={name} firstTz={firstTz} />
        </div>
        <div style={show('form')}>
          <FormStep />
        </div>
        <div style={show('content')}>
          <ContentStep />
        </div>
        <div style={show('interest')}>
          <InterestStep />
        </div>
        <div style={show('settings')}>
          <SettingsStep firstTz={firstTz} />
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
