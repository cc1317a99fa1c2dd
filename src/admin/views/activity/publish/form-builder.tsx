/**
 * The application form builder of the publish view: the nine field types (ENROLL_FIELD_TYPES), label
 * zh/en, required flag, options zh/en for the choice types, order (up / down), and a preview rendering the
 * form as a consumer sees it, in either language. Used as an antd form control (value / onChange).
 */
import React, { useState } from 'react'
import { Button, Card, Checkbox, Col, DatePicker, Empty, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Tag, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { ENROLL_FIELD_TYPES, type EnrollFieldType, type EnrollFormField } from '@contracts/enrollment'

const CHOICE: EnrollFieldType[] = ['radio', 'checkbox', 'select']
export const isChoice = (t: EnrollFieldType) => CHOICE.includes(t)

/** a key not used yet in the form: `<type><n>` */
export function nextKey(fields: EnrollFormField[], type: EnrollFieldType): string {
  const used = new Set(fields.map((f) => f.key))
  let n = 1
  while (used.has(`${type}${n}`)) n++
  return `${type}${n}`
}

export function moveField<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const next = list.slice()
  const [it] = next.splice(from, 1)
  next.splice(to, 0, it)
  return next
}

/** first problem of a form definition as a translation key and field index (client check before saving) */
export function formProblem(fields: EnrollFormField[]): { index: number; key: string } | null {
  const keys = new Set<string>()
  for (const [i, f] of fields.entries()) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(f.key) || keys.has(f.key)) return { index: i, key: 'adm.activity.form.badKey' }
    keys.add(f.key)
    if (!f.labelZh.trim() || !f.labelEn.trim()) return { index: i, key: 'adm.activity.form.labelRequired' }
    if (isChoice(f.type)) {
      const opts = f.options ?? []
      if (!opts.length) return { index: i, key: 'adm.activity.form.optionsRequired' }
      const values = new Set<string>()
      for (const o of opts) {
        if (!o.value.trim() || values.has(o.value.trim()) || !o.labelZh.trim() || !o.labelEn.trim()) return { index: i, key: 'adm.activity.form.optionIncomplete' }
        values.add(o.value.trim())
      }
    }
  }
  return null
}

const Caption = ({ children }: { children: React.ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginBottom: 2 }}>
    {children}
  </Typography.Text>
)

export interface FormBuilderProps {
  value?: EnrollFormField[]
  onChange?: (v: EnrollFormField[]) => void
}

export function FormBuilder({ value, onChange }: FormBuilderProps) {
  const { t, i18n } = useTranslation()
  const fields = value ?? []
  const set = (next: EnrollFormField[]) => onChange?.(next)
  const patch = (i: number, p: Partial<EnrollFormField>) => set(fields.map((f, j) => (j === i ? { ...f, ...p } : f)))
  const typeName = (type: EnrollFieldType, lng?: 'zh' | 'en') => (lng ? i18n.getFixedT(lng) : t)(`adm.activity.fieldType.${type}`)

  const add = (type: EnrollFieldType) => {
    const f: EnrollFormField = { key: nextKey(fields, type), type, labelZh: typeName(type, 'zh'), labelEn: typeName(type, 'en'), required: false }
    if (isChoice(type)) {
      const zh = i18n.getFixedT('zh')
      const en = i18n.getFixedT('en')
      f.options = [1, 2].map((n) => ({ value: `option${n}`, labelZh: zh('adm.activity.form.optionN', { n }), labelEn: en('adm.activity.form.optionN', { n }) }))
    }
    set([...fields, f])
  }
  const changeType = (i: number, type: EnrollFieldType) => {
    const f = fields[i]
    const p: Partial<EnrollFormField> = { type }
    if (isChoice(type) && !(f.options ?? []).length) p.options = [{ value: 'option1', labelZh: '选项 1', labelEn: 'Option 1' }]
    if (!isChoice(type)) p.options = undefined
    patch(i, p)
  }

  return (
    <div data-testid="act-pub-form-builder">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('adm.activity.form.addField')}</Typography.Text>
        {ENROLL_FIELD_TYPES.map((type) => (
          <Button key={type} size="small" icon={<PlusOutlined />} onClick={() => add(type)} data-testid={`act-pub-field-add-${type}`}>
            {typeName(type)}
          </Button>
        ))}
      </Space>
      {!fields.length && <Empty description={t('adm.activity.form.empty')} />}
      {fields.map((f, i) => (
        <Card
          key={i}
          size="small"
          style={{ marginBottom: 12 }}
          data-testid={`act-pub-field-${i}`}
          title={
            <Space>
              <Tag color="blue">{i + 1}</Tag>
              <Select<EnrollFieldType>
                size="small"
                style={{ width: 140 }}
                value={f.type}
                onChange={(v) => changeType(i, v)}
                options={ENROLL_FIELD_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
                data-testid={`act-pub-field-${i}-type`}
              />
              <span>{t('adm.activity.form.required')}</span>
              <Switch size="small" checked={f.required} onChange={(v) => patch(i, { required: v })} data-testid={`act-pub-field-${i}-required`} />
            </Space>
          }
          extra={
            <Space>
              <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => set(moveField(fields, i, i - 1))} aria-label={t('adm.activity.form.up')} data-testid={`act-pub-field-${i}-up`} />
              <Button size="small" icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} onClick={() => set(moveField(fields, i, i + 1))} aria-label={t('adm.activity.form.down')} data-testid={`act-pub-field-${i}-down`} />
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => set(fields.filter((_, j) => j !== i))} aria-label={t('adm.activity.action.delete')} data-testid={`act-pub-field-${i}-remove`} />
            </Space>
          }
        >
          <Row gutter={8}>
            <Col span={6}>
              <Caption>{t('adm.activity.form.key')}</Caption>
              <Input value={f.key} onChange={(e) => patch(i, { key: e.target.value.trim() })} data-testid={`act-pub-field-${i}-key`} />
            </Col>
            <Col span={9}>
              <Caption>{t('adm.activity.form.labelZh')}</Caption>
              <Input value={f.labelZh} onChange={(e) => patch(i, { labelZh: e.target.value })} status={f.labelZh.trim() ? undefined : 'error'} data-testid={`act-pub-field-${i}-label-zh`} />
            </Col>
            <Col span={9}>
              <Caption>{t('adm.activity.form.labelEn')}</Caption>
              <Input value={f.labelEn} onChange={(e) => patch(i, { labelEn: e.target.value })} status={f.labelEn.trim() ? undefined : 'error'} data-testid={`act-pub-field-${i}-label-en`} />
            </Col>
          </Row>
          {isChoice(f.type) && (
            <div style={{ marginTop: 8, paddingLeft: 12, borderLeft: '3px solid #e6f0ff' }}>
              <Row gutter={8}>
                <Col span={6}>
                  <Caption>{t('adm.activity.form.optionValue')}</Caption>
                </Col>
                <Col span={8}>
                  <Caption>{t('adm.activity.form.optionZh')}</Caption>
                </Col>
                <Col span={8}>
                  <Caption>{t('adm.activity.form.optionEn')}</Caption>
                </Col>
              </Row>
              {(f.options ?? []).map((o, j) => {
                const setOpt = (p: Partial<typeof o>) => patch(i, { options: (f.options ?? []).map((x, k) => (k === j ? { ...x, ...p } : x)) })
                return (
                  <Row key={j} gutter={8} style={{ marginBottom: 6 }} align="middle">
                    <Col span={6}>
                      <Input size="small" value={o.value} onChange={(e) => setOpt({ value: e.target.value.trim() })} data-testid={`act-pub-field-${i}-option-${j}-value`} />
                    </Col>
                    <Col span={8}>
                      <Input size="small" value={o.labelZh} onChange={(e) => setOpt({ labelZh: e.target.value })} data-testid={`act-pub-field-${i}-option-${j}-label-zh`} />
                    </Col>
                    <Col span={8}>
                      <Input size="small" value={o.labelEn} onChange={(e) => setOpt({ labelEn: e.target.value })} data-testid={`act-pub-field-${i}-option-${j}-label-en`} />
                    </Col>
                    <Col span={2}>
                      <Button size="small" danger icon={<DeleteOutlined />} disabled={(f.options ?? []).length <= 1} onClick={() => patch(i, { options: (f.options ?? []).filter((_, k) => k !== j) })} aria-label={t('adm.activity.action.delete')} data-testid={`act-pub-field-${i}-option-${j}-remove`} />
                    </Col>
                  </Row>
                )
              })}
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  const opts = f.options ?? []
                  let n = opts.length + 1
                  while (opts.some((o) => o.value === `option${n}`)) n++
                  patch(i, { options: [...opts, { value: `option${n}`, labelZh: `选项 ${n}`, labelEn: `Option ${n}` }] })
                }}
                data-testid={`act-pub-field-${i}-option-add`}
              >
                {t('adm.activity.form.addOption')}
              </Button>
            </div>
          )}
        </Card>
      ))}
    </div>
  )
}

/** The form as a consumer sees it (read-only controls), in the chosen language. */
export function FormPreview({ fields }: { fields: EnrollFormField[] }) {
  const { t, i18n } = useTranslation()
  const [lng, setLng] = useState<'zh' | 'en'>(i18n.language === 'en' ? 'en' : 'zh')
  const label = (o: { labelZh: string; labelEn: string }) => (lng === 'en' ? o.labelEn || o.labelZh : o.labelZh || o.labelEn)
  const tt = i18n.getFixedT(lng)
  return (
    <Card
      size="small"
      title={t('adm.activity.form.preview')}
      data-testid="act-pub-preview"
      extra={
        <Radio.Group size="small" value={lng} onChange={(e) => setLng(e.target.value)} optionType="button" data-testid="act-pub-preview-lang">
          <Radio.Button value="zh">
            <span data-testid="act-pub-preview-lang-zh">中文</span>
          </Radio.Button>
          <Radio.Button value="en">
            <span data-testid="act-pub-preview-lang-en">English</span>
          </Radio.Button>
        </Radio.Group>
      }
    >
      {!fields.length ? (
        <Empty description={tt('adm.activity.form.empty')} />
      ) : (
        <Form layout="vertical" disabled={false}>
          {fields.map((f, i) => {
            const options = (f.options ?? []).map((o) => ({ value: o.value, label: label(o) }))
            let control: React.ReactNode
            switch (f.type) {
              case 'textarea':
                control = <Input.TextArea rows={3} placeholder={lng === 'en' ? f.placeholderEn : f.placeholderZh} />
                break
              case 'number':
                control = <InputNumber style={{ width: '100%' }} min={f.min} max={f.max} />
                break
              case 'date':
                control = <DatePicker style={{ width: '100%' }} />
                break
              case 'radio':
                control = <Radio.Group options={options} />
                break
              case 'checkbox':
                control = <Checkbox.Group options={options} />
                break
              case 'select':
                control = <Select options={options} style={{ width: '100%' }} />
                break
              case 'attachment':
                control = <Button icon={<UploadOutlined />}>{tt('adm.activity.form.upload')}</Button>
                break
              default:
                control = <Input type={f.type === 'email' ? 'email' : 'text'} placeholder={lng === 'en' ? f.placeholderEn : f.placeholderZh} />
            }
            return (
              <Form.Item key={`${f.key}-${i}`} label={label(f)} required={f.required} data-testid={`act-pub-preview-field-${i}`}>
                {control}
              </Form.Item>
            )
          })}
        </Form>
      )}
    </Card>
  )
}
