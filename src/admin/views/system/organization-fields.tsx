/**
 * The introduction fields of an organisation, shared by the operations' edit drawer and the organizer's
 * own profile: both save through the same server schema (organization.routes.ts), so the limits are its.
 */
import React from 'react'
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'

export function OrganizationIntroFields() {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item name="introZh" label={t('adm.org.introZh')}>
        <Input.TextArea rows={3} maxLength={5000} showCount />
      </Form.Item>
      <Form.Item name="introEn" label={t('adm.org.introEn')}>
        <Input.TextArea rows={3} maxLength={10000} showCount />
      </Form.Item>
    </>
  )
}
