/**
 * Add / edit a raffle: names in both languages, images, the activity (or none), the draw window as
 * wall-clock times of the chosen zone, who may draw, default draws per person, the "no prize" weight.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Col, DatePicker, Form, InputNumber, Row, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Dayjs } from 'dayjs'
import { TIME_ZONES } from '@contracts/admin-activity'
import { RAFFLE_ELIGIBILITY, RAFFLE_LIMITS, type AdminRaffle, type AdminRaffleBody, type RaffleActivityOption } from '@contracts/raffle'
import { addRaffle, raffleActivities, updateRaffle } from '../../api/raffle'
import { BilingualInput } from '../../components/bilingual-input'
import { ImageUpload } from '../../components/image-upload'
import { feedback } from '../../core/feedback'
import { FormDrawer } from '../common/form-dialogs'
import { fromZonedIso, toZonedIso } from '../activity/time'

type Lang = 'zh' | 'en'
const pick = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh)
const TIME_PICKER = { showTime: { format: 'HH:mm' }, format: 'YYYY-MM-DD HH:mm', style: { width: '100%' } } as const

interface FormValues {
  nameZh: string
  nameEn: string
  images: Array<string | null>
  activityId: number | null
  start: Dayjs | null
  end: Dayjs | null
  timeZone: string
  eligibility: AdminRaffleBody['eligibility']
  defaultTimes: number
  noPrizeWeight: number
}

/** images as a list of single-image uploads plus one empty slot to add another */
function ImagesField({ value = [], onChange }: { value?: Array<string | null>; onChange?: (v: Array<string | null>) => void }) {
  const list = value.filter((v): v is string => !!v)
  return (
    <Space wrap>
      {list.map((url, i) => (
        <ImageUpload key={url} value={url} onChange={(next) => onChange?.(next ? list.map((u, j) => (j === i ? next : u)) : list.filter((_, j) => j !== i))} data-testid={`raffle-image-${i}`} />
      ))}
      {list.length < RAFFLE_LIMITS.imagesMax && <ImageUpload value={null} onChange={(next) => next && onChange?.([...list, next])} data-testid="raffle-image-add" />}
    </Space>
  )
}

export function RaffleFormDrawer({ open, raffle, lang, onClose, onSaved }: { open: boolean; raffle: AdminRaffle | null; lang: Lang; onClose(): void; onSaved(r: AdminRaffle): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FormValues>()
  const [saving, setSaving] = useState(false)
  const [activities, setActivities] = useState<RaffleActivityOption[]>([])
  const activityId = Form.useWatch('activityId', form)

  const search = useCallback((keyword?: string) => {
    void raffleActivities(keyword).then((env) => env.code === 200 && setActivities(env.result.list))
  }, [])
  useEffect(() => {
    if (!open) return
    search()
    const tzOf = raffle?.timeZone ?? 'UTC+08:00'
    form.setFieldsValue({
      nameZh: raffle?.nameZh ?? '',
      nameEn: raffle?.nameEn ?? '',
      images: raffle?.images ?? [],
      activityId: raffle?.activityId ?? null,
      start: fromZonedIso(raffle?.startTime, tzOf),
      end: fromZonedIso(raffle?.endTime, tzOf),
      timeZone: tzOf,
      eligibility: raffle?.eligibility ?? 'enrolled',
      defaultTimes: raffle?.defaultTimes ?? 1,
      noPrizeWeight: raffle?.noPrizeWeight ?? 0,
    })
  }, [open, raffle, form, search])

  const activityOptions = [
    { value: 0, label: t('adm.raffle.noActivity') },
    ...(raffle?.activityId && !activities.some((a) => a.id === raffle.activityId) ? [{ value: raffle.activityId, label: pick(lang, raffle.activityTitleZh, raffle.activityTitleEn) }] : []),
    ...activities.map((a) => ({ value: a.id, label: `${pick(lang, a.titleZh, a.titleEn)} · ${a.startTime.slice(0, 10)}` })),
  ]

  const save = async (v: FormValues) => {
    const startTime = toZonedIso(v.start, v.timeZone)
    const endTime = toZonedIso(v.end, v.timeZone)
    if (!startTime) return form.setFields([{ name: 'start', errors: [t('adm.raffle.required')] }])
    if (!endTime || Date.parse(endTime) <= Date.parse(startTime)) return form.setFields([{ name: 'end', errors: [t('adm.raffle.endAfterStart')] }])
    const body: AdminRaffleBody = {
      nameZh: v.nameZh.trim(),
      nameEn: v.nameEn.trim(),
      images: (v.images ?? []).filter((x): x is string => !!x),
      activityId: v.activityId || null,
      startTime,
      endTime,
      timeZone: v.timeZone,
      eligibility: v.activityId ? v.eligibility : 'any',
      defaultTimes: v.defaultTimes,
      noPrizeWeight: v.noPrizeWeight,
    }
    setSaving(true)
    try {
      const env = raffle ? await updateRaffle(raffle.id, body) : await addRaffle(body)
      if (env.code === 200) {
        void feedback().success(t('adm.raffle.saved'))
        onSaved(env.result)
      } else {
        const field = (env.result as { field?: string } | null)?.field
        const name = field === 'startTime' ? 'start' : field === 'endTime' ? 'end' : field
        if (name && name in form.getFieldsValue()) form.setFields([{ name: name as keyof FormValues, errors: [env.message] }])
        else void feedback().error(env.message)
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <FormDrawer open={open} size={720} title={t(raffle ? 'adm.raffle.edit' : 'adm.raffle.add')} onClose={onClose} formId="raffle-form" saving={saving} saveTestId="raffle-save" destroyOnHidden>
      <Form<FormValues> id="raffle-form" form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <BilingualInput names={['nameZh', 'nameEn']} label={t('adm.raffle.name')} required maxLength={RAFFLE_LIMITS.nameMax} testId="raffle-name" />
        <Form.Item name="images" label={t('adm.raffle.images')}>
          <ImagesField />
        </Form.Item>
        <Form.Item name="activityId" label={t('adm.raffle.activity')} getValueProps={(v: number | null) => ({ value: v ?? 0 })} normalize={(v: number) => (v ? v : null)}>
          <Select showSearch={{ filterOption: false, onSearch: (k: string) => search(k.trim() || undefined) }} options={activityOptions} data-testid="raffle-activity" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={9}>
            <Form.Item name="start" label={t('adm.raffle.start')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
              <DatePicker {...TIME_PICKER} data-testid="raffle-start" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="end" label={t('adm.raffle.end')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
              <DatePicker {...TIME_PICKER} data-testid="raffle-end" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="timeZone" label={t('adm.raffle.timeZone')}>
              <Select options={TIME_ZONES.map((z) => ({ value: z, label: z }))} data-testid="raffle-tz" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="eligibility" label={t('adm.raffle.eligibility')} extra={activityId ? undefined : t('adm.raffle.eligibilityNoActivity')}>
          <Select disabled={!activityId} options={RAFFLE_ELIGIBILITY.map((e) => ({ value: e, label: t(`adm.raffle.who.${e}`) }))} data-testid="raffle-eligibility" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="defaultTimes" label={t('adm.raffle.defaultTimes')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
              <InputNumber min={0} max={RAFFLE_LIMITS.defaultTimesMax} precision={0} style={{ width: '100%' }} data-testid="raffle-default-times" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="noPrizeWeight" label={t('adm.raffle.noPrizeWeight')} extra={t('adm.raffle.noPrizeHint')} rules={[{ required: true, message: t('adm.raffle.required') }]}>
              <InputNumber min={0} max={RAFFLE_LIMITS.weightMax} precision={0} style={{ width: '100%' }} data-testid="raffle-no-prize" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  )
}
