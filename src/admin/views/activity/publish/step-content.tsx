/** Step "content": the summaries and the rich-text details in both languages. */
import React from 'react'
import { Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { BilingualRichText } from '../../../components/bilingual-rich-text'
import { HALF } from './layout'

export function ContentStep() {
  const { t } = useTranslation()
  return (
    <>
      <Row gutter={24}>
        <Col {...HALF}>
          <Form.Item name="summaryZh" label={t('adm.activity.field.summaryZh')}>
            <Input.TextArea rows={2} maxLength={500} showCount data-testid="act-pub-summary-zh" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="summaryEn" label={t('adm.activity.field.summaryEn')}>
            <Input.TextArea rows={2} maxLength={1000} showCount data-testid="act-pub-summary-en" />
          </Form.Item>
        </Col>
      </Row>
      <BilingualRichText names={['detailZh', 'detailEn']} labels={[t('adm.activity.field.detailZh'), t('adm.activity.field.detailEn')]} testId="act-pub-detail" />
    </>
  )
}
