/**
 * The helpdesk's operations settings, shown under the site settings ('system/setting/site', the menu the
 * server checks for them): minutes before an unanswered visitor alerts the agents, the most conversations
 * one agent holds, and the business hours (time zone, weekly opening spans, closed days, or always open).
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, DatePicker, Form, InputNumber, Select, Space, Spin, Switch, Tag, TimePicker, Typography } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { HELPDESK_LIMITS, type BusinessHoursSpan, type HelpdeskSettings } from '@contracts/helpdesk'
import { getHelpdeskSettings, saveHelpdeskSettings } from '../../api/helpdesk'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'

/** zones offered first; any other IANA name can be typed */
export const COMMON_ZONES = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Singapore', 'Asia/Tokyo', 'Europe/London', 'Europe/Berlin', 'Europe/Paris', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Australia/Sydney', 'UTC']
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const

interface SpanRow {
  day: BusinessHoursSpan['day']
  range: [Dayjs, Dayjs] | null
}
interface FormValues {
  alertMinutes: number
  maxConcurrent: number
  alwaysOpen: boolean
  timeZone: string
  spans: SpanRow[]
  holidays: Dayjs[]
}

const hm = (s: string) => dayjs(`2000-01-01T${s}:00`)

export function toForm(s: HelpdeskSettings): FormValues {
  return {
    alertMinutes: s.alertMinutes,
    maxConcurrent: s.maxConcurrent,
    alwaysOpen: s.hours.alwaysOpen,
    timeZone: s.hours.timeZone,
    spans: s.hours.weekly.map((w) => ({ day: w.day, range: [hm(w.open), hm(w.close)] })),
    holidays: s.hours.holidays.map((d) => dayjs(d)),
  }
}

export function fromForm(v: FormValues): HelpdeskSettings {
  return {
    alertMinutes: v.alertMinutes,
    maxConcurrent: v.maxConcurrent,
    hours: {
      alwaysOpen: !!v.alwaysOpen,
      timeZone: v.timeZone,
      weekly: (v.spans ?? [])
        .filter((r) => r?.day && r.range)
        .map((r) => ({ day: r.day, open: r.range![0].format('HH:mm'), close: r.range![1].format('HH:mm') }))
        .sort((a, b) => a.day - b.day || a.open.localeCompare(b.open)),
      holidays: [...new Set((v.holidays ?? []).map((d) => d.format('YYYY-MM-DD')))].sort(),
    },
  }
}

/** Monday 09:00–18:00 through Friday: the usual week, one click away */
const WORK_WEEK: SpanRow[] = [1, 2, 3, 4, 5].map((d) => ({ day: d as SpanRow['day'], range: [hm('09:00'), hm('18:00')] }))

export function HelpdeskSettingsCard() {
  const { t } = useTranslation()
  const k = (key: string, o?: Record<string, unknown>) => t(`adm.helpdesk.settings.${key}`, o)
  const [form] = Form.useForm<FormValues>()
  const [loaded, setLoaded] = useState(false)
  const [saving, setSaving] = useState(false)
  const canEdit = usePermission('edit')
  const alwaysOpen = Form.useWatch('alwaysOpen', form)

  useEffect(() => {
    let alive = true
    void getHelpdeskSettings().then((env) => {
      if (!alive || env.code !== 200) return
      form.setFieldsValue(toForm(env.result))
      setLoaded(true)
    })
    return () => {
      alive = false
    }
  }, [form])

  const save = async () => {
    await form.validateFields()
    // every value, the holidays too (kept in the form without an input of their own)
    const v = form.getFieldsValue(true) as FormValues
    setSaving(true)
    try {
      const env = await saveHelpdeskSettings(fromForm(v))
      if (env.code === 200) {
        form.setFieldsValue(toForm(env.result))
        feedback().success(k('saved'))
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={k('title')} data-testid="helpdesk-settings" style={{ marginTop: 16 }}>
      <Spin spinning={!loaded}>
        <Form form={form} layout="horizontal" labelCol={{ flex: '180px' }} wrapperCol={{ flex: '600px' }} disabled={!canEdit} data-testid="helpdesk-settings-form">
          <Form.Item name="alertMinutes" label={k('alertMinutes')} extra={k('alertHint')} rules={[{ required: true, message: k('required') }]}>
            <InputNumber min={HELPDESK_LIMITS.alertMinutes.min} max={HELPDESK_LIMITS.alertMinutes.max} precision={0} addonAfter={k('minutes')} data-testid="helpdesk-alert-minutes" />
          </Form.Item>
          <Form.Item name="maxConcurrent" label={k('maxConcurrent')} extra={k('maxHint')} rules={[{ required: true, message: k('required') }]}>
            <InputNumber min={HELPDESK_LIMITS.maxConcurrent.min} max={HELPDESK_LIMITS.maxConcurrent.max} precision={0} data-testid="helpdesk-max-concurrent" />
          </Form.Item>
          <Form.Item name="alwaysOpen" label={k('alwaysOpen')} valuePropName="checked" extra={k('alwaysOpenHint')}>
            <Switch data-testid="helpdesk-always-open" />
          </Form.Item>
          <Form.Item name="timeZone" label={k('timeZone')} extra={k('timeZoneHint')} rules={[{ required: true, message: k('required') }]}>
            <Select
              showSearch
              style={{ width: 260 }}
              data-testid="helpdesk-time-zone"
              options={COMMON_ZONES.map((z) => ({ value: z, label: z }))}
              disabled={!canEdit || alwaysOpen}
            />
          </Form.Item>
          <Form.Item label={k('weekly')} extra={k('weeklyHint')}>
            <Form.List name="spans">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" data-testid={`helpdesk-span-${f.name}`}>
                      <Form.Item name={[f.name, 'day']} rules={[{ required: true, message: k('required') }]} noStyle>
                        <Select style={{ width: 110 }} disabled={!canEdit || alwaysOpen} options={DAYS.map((d) => ({ value: d, label: k(`day.${d}`) }))} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'range']}
                        rules={[
                          { required: true, message: k('required') },
                          { validator: (_r, v: [Dayjs, Dayjs] | null) => (v && !v[1].isAfter(v[0]) ? Promise.reject(new Error(k('spanOrder'))) : Promise.resolve()) },
                        ]}
                      >
                        <TimePicker.RangePicker format="HH:mm" minuteStep={5} order={false} disabled={!canEdit || alwaysOpen} />
                      </Form.Item>
                      <Button type="text" icon={<MinusCircleOutlined />} aria-label={k('removeSpan')} disabled={!canEdit || alwaysOpen} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Space>
                    <Button type="dashed" icon={<PlusOutlined />} disabled={!canEdit || alwaysOpen || fields.length >= HELPDESK_LIMITS.spans} onClick={() => add({ day: 1, range: [hm('09:00'), hm('18:00')] })} data-testid="helpdesk-span-add">
                      {k('addSpan')}
                    </Button>
                    {!fields.length && (
                      <Button type="link" disabled={!canEdit || alwaysOpen} onClick={() => form.setFieldValue('spans', WORK_WEEK)} data-testid="helpdesk-span-workweek">
                        {k('workWeek')}
                      </Button>
                    )}
                  </Space>
                </Space>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item label={k('holidays')} extra={k('holidaysHint')}>
            <HolidayPicker disabled={!canEdit || !!alwaysOpen} />
          </Form.Item>
          <Form.Item style={{ paddingLeft: 180 }}>
            <Button type="primary" loading={saving} onClick={() => void save()} disabled={!canEdit || !loaded} data-testid="helpdesk-settings-save">
              {k('save')}
            </Button>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  )
}

/** closed days: pick a date to add it; each shows as a removable tag */
function HolidayPicker({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation()
  return (
    <Form.Item noStyle shouldUpdate={(a: FormValues, b: FormValues) => a.holidays !== b.holidays}>
      {(form) => {
        const list: Dayjs[] = form.getFieldValue('holidays') ?? []
        const set = (next: Dayjs[]) => form.setFieldValue('holidays', next)
        return (
          <Space direction="vertical" style={{ width: '100%' }}>
            <DatePicker
              data-testid="helpdesk-holiday-add"
              disabled={disabled || list.length >= HELPDESK_LIMITS.holidays}
              placeholder={t('adm.helpdesk.settings.addHoliday')}
              value={null}
              onChange={(d) => {
                if (d && !list.some((x) => x.isSame(d, 'day'))) set([...list, d].sort((a, b) => a.valueOf() - b.valueOf()))
              }}
            />
            <div data-testid="helpdesk-holidays">
              {list.length ? (
                list.map((d) => (
                  <Tag key={d.format('YYYY-MM-DD')} closable={!disabled} onClose={() => set(list.filter((x) => !x.isSame(d, 'day')))}>
                    {d.format('YYYY-MM-DD')}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary">{t('adm.helpdesk.settings.noHolidays')}</Typography.Text>
              )}
            </div>
          </Space>
        )
      }}
    </Form.Item>
  )
}
