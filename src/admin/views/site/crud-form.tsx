/**
 * The edit form of a site content row: one control per configured field (bilingual fields side by
 * side), a fresh form per opening, and a 301 from the server marked on the field it names.
 */
import React from 'react'
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { ImageUpload } from '../../components/image-upload'
import { RichTextEditor } from '../../components/rich-text-editor'
import { VideoUpload } from '../../components/video-upload'
import { BpVideoField } from './bp-video-field'
import type { Filters } from '../common/use-table-list'
import type { CrudViewConfig, FieldUi, Lang } from './crud-config'

/** ISO string form value ⇄ antd DatePicker (dayjs) */
export function DateTimeInput({ value, onChange, testid, placeholder }: { value?: string | null; onChange?: (v: string | null) => void; testid?: string; placeholder?: string }) {
  return (
    <DatePicker
      showTime
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      placeholder={placeholder}
      onChange={(d) => onChange?.(d ? d.toISOString() : null)}
      data-testid={testid}
    />
  )
}

/** the control of one field; Form.Item injects value / onChange, passed on as `io` */
function FieldControl({ f, lang, extra, testid, ...io }: { f: FieldUi; lang: Lang; extra: any; testid: string; value?: any; onChange?: (v: any) => void }) {
  const { t } = useTranslation()
  switch (f.type) {
    case 'textarea':
      return <Input.TextArea {...io} rows={3} maxLength={f.max} showCount={!!f.max} data-testid={testid} />
    case 'rich':
      return <RichTextEditor {...io} data-testid={testid} />
    case 'image':
      return <ImageUpload {...io} kind={f.kind ?? 'image'} hint={f.hint ? t(`adm.site.hint.${f.hint}`) : undefined} data-testid={testid} />
    case 'select':
      return (
        <Select
          {...io}
          options={f.options?.(extra, lang) ?? []}
          allowClear={f.optional}
          showSearch={f.optional}
          optionFilterProp="label"
          data-testid={testid}
        />
      )
    case 'number':
      return <InputNumber {...io} min={0} max={f.max ?? 1_000_000} style={{ width: '100%' }} data-testid={testid} />
    case 'datetime':
      return <DateTimeInput {...io} testid={testid} />
    case 'url':
      return <Input {...io} maxLength={f.max ?? 1000} placeholder="https://" data-testid={testid} />
    case 'video':
      return <VideoUpload {...io} coverField={f.coverField} durationField={f.durationField} data-testid={testid} />
    case 'bpVideo':
      return <BpVideoField {...io} options={f.options?.(extra, lang) ?? []} lang={lang} data-testid={testid} />
    default:
      return <Input {...io} maxLength={f.max ?? 200} data-testid={testid} />
  }
}

export function EditForm({ fields, lang, extra, testid }: { fields: FieldUi[]; lang: Lang; extra: any; testid: string }) {
  const { t } = useTranslation()
  const rules = (f: FieldUi) => (f.required ? [{ required: true, message: t('adm.site.required') }] : [])
  return (
    <>
      {fields.map((f) => {
        const label = t(`adm.site.field.${f.name}`)
        if (f.bilingual) {
          return (
            <Row gutter={16} key={f.name}>
              {(['Zh', 'En'] as const).map((suffix) => (
                <Col span={f.type === 'rich' ? 24 : 12} key={suffix}>
                  <Form.Item
                    name={`${f.name}${suffix}`}
                    label={t(`adm.site.lang.${suffix.toLowerCase()}`, { label })}
                    rules={rules(f)}
                    extra={f.help ? t(`adm.site.help.${f.help}`) : undefined}
                  >
                    <FieldControl f={f} lang={lang} extra={extra} testid={`${testid}-${f.name}${suffix}`} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          )
        }
        return (
          <Form.Item key={f.name} name={f.name} label={label} rules={rules(f)} extra={f.help ? t(`adm.site.help.${f.help}`) : undefined}>
            <FieldControl f={f} lang={lang} extra={extra} testid={`${testid}-${f.name}`} />
          </Form.Item>
        )
      })}
    </>
  )
}

/** A fresh form per opening (initial values apply cleanly); a 301 from the server marks its field. */
export function EditBody({ id, initial, onSubmit, children }: { id: string; initial: Record<string, unknown>; onSubmit: (v: Record<string, unknown>) => Promise<string | undefined>; children: React.ReactNode }) {
  const { t } = useTranslation()
  const [form] = Form.useForm()
  return (
    <Form
      form={form}
      id={id}
      layout="vertical"
      initialValues={initial}
      data-testid={id}
      onFinish={async (v) => {
        const field = await onSubmit(v)
        if (field) form.setFields([{ name: field, errors: [t('adm.site.invalid')] }])
      }}
    >
      {children}
    </Form>
  )
}

/** a new row starts in the filtered area / position / project */
export function pickFilters(filters: Filters, config: CrudViewConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of config.filters ?? []) if (filters[f.name] !== undefined && filters[f.name] !== '') out[f.name] = filters[f.name]
  return out
}
