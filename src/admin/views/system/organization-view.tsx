/**
 * 'organization/profile': the organizer's own organisation, read and saved as a whole. Website must start
 * with http:// or https:// (spec section 5).
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Form, Input, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLang } from '../../components/use-revalidate-on-lang'
import type { OwnOrganization } from '@contracts/admin-system'
import { currentOrganization, updateOwnOrganization } from '../../api/system'
import { feedback } from '../../core/feedback'
import { Permission, usePermission } from '../../core/permission'
import { OrganizationIntroFields } from './organization-fields'

export const WEBSITE_PATTERN = /^https?:\/\/\S+$/i

export default function OrganizationView() {
  const { t } = useTranslation()
  const [form] = Form.useForm<OwnOrganization>()
  useRevalidateOnLang(form)
  const [loading, setLoading] = useState(true)
  const [saving, setSaving] = useState(false)
  // without the 'edit' button the form is read-only (the server refuses the update anyway)
  const canEdit = usePermission('edit')

  useEffect(() => {
    currentOrganization()
      .then((env) => {
        if (env.code === 200 && env.result) {
          form.setFieldsValue(env.result)
        }
      })
      .catch((e) => console.warn('[admin] organisation failed', e))
      .finally(() => setLoading(false))
  }, [form])

  const onFinish = async (values: OwnOrganization) => {
    setSaving(true)
    try {
      const data = {
        nameZh: values.nameZh.trim(),
        nameEn: values.nameEn.trim(),
        website: values.website?.trim() || null,
        logoUrl: values.logoUrl?.trim() || null,
        introZh: values.introZh || null,
        introEn: values.introEn || null,
      }
      const env = await updateOwnOrganization(data)
      if (env.code === 200) feedback().success(t('adm.org.saved'))
    } catch (e) {
      console.warn('[admin] organisation save failed', e)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={t('adm.org.title')}>
      {loading ? (
        <Skeleton active />
      ) : (
        <Form form={form} disabled={!canEdit} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={onFinish}>
          <Form.Item name="nameZh" label={t('adm.org.nameZh')} rules={[{ required: true, whitespace: true, message: t('adm.validate.nameRequired') }]}>
            <Input maxLength={100} data-testid="adm-org-name-zh" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('adm.org.nameEn')} rules={[{ required: true, whitespace: true, message: t('adm.validate.nameRequired') }]}>
            <Input maxLength={200} data-testid="adm-org-name-en" />
          </Form.Item>
          <Form.Item
            name="website"
            label={t('adm.org.website')}
            rules={[{ pattern: WEBSITE_PATTERN, message: t('adm.validate.websiteInvalid') }]}
          >
            <Input placeholder="https://" maxLength={300} data-testid="adm-org-website" />
          </Form.Item>
          <Form.Item name="logoUrl" label={t('adm.org.logoUrl')}>
            <Input maxLength={500} />
          </Form.Item>
          <OrganizationIntroFields />
          <Permission name="edit">
            <Form.Item wrapperCol={{ offset: 4 }}>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="adm-org-save">
                {t('adm.org.save')}
              </Button>
            </Form.Item>
          </Permission>
        </Form>
      )}
    </Card>
  )
}
