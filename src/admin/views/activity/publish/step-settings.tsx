/** Step "publish settings": the enrolment switches, the reminders before the start, the deadline, the ticket settings (cancel deadline, waiting list), notes, the live link and the QR codes. */
import React from 'react'
import { Col, DatePicker, Form, Input, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { ImageUpload } from '../../../components/image-upload'
import { LINK } from './publish-values'
import { HALF, TIME_PICKER } from './layout'
import { TicketSettingsFields } from './ticket-settings'

export function SettingsStep({ firstTz }: { firstTz: string | undefined }) {
  const { t } = useTranslation()
  const equalEnd = Form.useWatch('isDeadlineEqualEnd')
  return (
    <>
      <Row gutter={24}>
        {(
          [
            ['isOpen', 'act-pub-is-open'],
            ['isNeedLoginEnroll', 'act-pub-need-login'],
            ['signUpOnce', 'act-pub-sign-up-once'],
            ['enrollNeedProcess', 'act-pub-need-process'],
            ['entrustHaijiaoProcess', 'act-pub-entrust'],
            ['isSyncProject', 'act-pub-sync-project'],
            ['remind24h', 'act-pub-remind-24h'],
            ['remind2h', 'act-pub-remind-2h'],
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
            <DatePicker {...TIME_PICKER} disabled={!!equalEnd} data-testid="act-pub-deadline" />
          </Form.Item>
        </Col>
      </Row>
      <TicketSettingsFields firstTz={firstTz} />
      <Row gutter={24}>
        <Col {...HALF}>
          <Form.Item name="enrollNotesZh" label={t('adm.activity.field.enrollNotesZh')}>
            <Input.TextArea rows={3} maxLength={2000} data-testid="act-pub-notes-zh" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
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
    </>
  )
}
