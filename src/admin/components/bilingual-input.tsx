/**
 * Two antd Form.Items side by side for bilingual fields (design.md section 4.7): `<BilingualInput
 * names={['titleZh', 'titleEn']} label="标题" required />`. Use inside an antd <Form>.
 */
import React from 'react'
import { Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'

export interface BilingualInputProps {
  names: [string, string]
  label: string
  required?: boolean
  /** only the Chinese one is required (the English one falls back to it) */
  requiredZhOnly?: boolean
  maxLength?: number
  textarea?: boolean
  rows?: number
  testId?: string
}

export function BilingualInput({ names, label, required, requiredZhOnly, maxLength = 200, textarea, rows = 3, testId }: BilingualInputProps) {
  const { t } = useTranslation()
  const rule = (lang: 'zh' | 'en') =>
    required && !(requiredZhOnly && lang === 'en') ? [{ required: true, whitespace: true, message: t('adm.cms.validate.required') }] : []
  const field = (lang: 'zh' | 'en') => {
    const id = testId ? `${testId}-${lang}` : undefined
    return textarea ? <Input.TextArea rows={rows} maxLength={maxLength} showCount data-testid={id} /> : <Input maxLength={maxLength} data-testid={id} />
  }
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name={names[0]} label={t('adm.cms.lang.labelZh', { label })} rules={rule('zh')}>
          {field('zh')}
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name={names[1]} label={t('adm.cms.lang.labelEn', { label })} rules={rule('en')}>
          {field('en')}
        </Form.Item>
      </Col>
    </Row>
  )
}

export default BilingualInput
