/**
 * 'system/setting/site': the site settings operations edit — the contact phone, e-mail, ICP
 * record number and link, the copyright lines, the official account's QR code and the footer's social
 * accounts with their QR codes; below, the helpdesk's settings (alerts, agent limit, business hours) and
 * the visitors' ratings. The consumer frame reads them through GET /system/setting/site. The same
 * rules as the server (contracts/admin-dictionary.ts) check each field here first; a field the server
 * still refuses is marked under the field, and a save confirms with a message.
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Form, Input, Select, Space, Spin, Typography } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { SITE_ICP_PATTERN, SITE_PHONE_PATTERN, SOCIAL_CODES, type SiteSettingsForm } from '@contracts/admin-dictionary'
import { EMAIL_PATTERN } from '@contracts/validation'
import { getSiteSettingsForm, saveSiteSettings } from '../../api/dictionary'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { ImageUpload } from '../../components/image-upload'
import { useBusy } from '../common/use-busy'
import type { ViewProps } from '../view-props'
import { HelpdeskSettingsCard } from '../chat/helpdesk-settings'
import { HelpdeskRatingsCard } from '../chat/helpdesk-ratings'

/** 'social[1].qrUrl' → ['social', 1, 'qrUrl'] (the form's name path) */
const namePath = (field: string): Array<string | number> => field.split(/[.[\]]+/).filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p))

export default function SiteSettingsView(_: ViewProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<SiteSettingsForm>()
  const [loaded, setLoaded] = useState(false)
  const [saving, whileSaving] = useBusy()
  const canEdit = usePermission('edit')
  const k = (key: string) => t(`adm.dictionary.settings.${key}`)

  useEffect(() => {
    let alive = true
    void getSiteSettingsForm().then((env) => {
      if (!alive || env.code !== 200) return
      form.setFieldsValue(env.result)
      setLoaded(true)
    })
    return () => {
      alive = false
    }
  }, [form])

  const save = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await saveSiteSettings({ ...v, wechatQrUrl: v.wechatQrUrl || null, social: v.social ?? [] })
      if (env.code === 200) {
        form.setFieldsValue(env.result)
        feedback().success(k('saved'))
        return
      }
      const field = (env.result as { field?: string } | null)?.field
      if (field) form.setFields([{ name: namePath(field) as never, errors: [k('invalid')] }])
      feedback().error(field ? `${env.message}` : env.message || k('failed'))
    })
  }

  const required = (msg: string) => ({ required: true, whitespace: true, message: msg })
  return (
    <>
    <Card title={k('title')} data-testid="site-settings">
      <Spin spinning={!loaded}>
        <Typography.Paragraph type="secondary">{k('intro')}</Typography.Paragraph>
        <Form form={form} layout="horizontal" labelCol={{ flex: '160px' }} wrapperCol={{ flex: '520px' }} disabled={!canEdit} data-testid="site-settings-form">
          <Form.Item name="phone" label={k('phone')} extra={k('phoneHint')} rules={[required(k('phoneRule')), { pattern: SITE_PHONE_PATTERN, message: k('phoneRule') }]}>
            <Input maxLength={30} data-testid="settings-phone" />
          </Form.Item>
          <Form.Item name="email" label={k('email')} rules={[required(k('emailRule')), { pattern: EMAIL_PATTERN, message: k('emailRule') }]}>
            <Input maxLength={254} data-testid="settings-email" />
          </Form.Item>
          <Form.Item name="icp" label={k('icp')} extra={k('icpHint')} rules={[required(k('icpRule')), { pattern: SITE_ICP_PATTERN, message: k('icpRule') }]}>
            <Input maxLength={40} data-testid="settings-icp" />
          </Form.Item>
          <Form.Item name="icpUrl" label={k('icpUrl')} rules={[required(k('urlRule')), { pattern: /^https:\/\/\S+$/, message: k('urlRule') }]}>
            <Input maxLength={400} data-testid="settings-icp-url" />
          </Form.Item>
          <Form.Item name="copyrightZh" label={k('copyrightZh')} rules={[required(k('required'))]}>
            <Input maxLength={100} data-testid="settings-copyright-zh" />
          </Form.Item>
          <Form.Item name="copyrightEn" label={k('copyrightEn')} rules={[required(k('required'))]}>
            <Input maxLength={100} data-testid="settings-copyright-en" />
          </Form.Item>
          <Form.Item name="wechatQrUrl" label={k('wechatQr')} extra={k('wechatQrHint')}>
            <ImageUpload kind="logo" hint={k('qrHint')} data-testid="settings-wechat-qr" />
          </Form.Item>
          <Form.Item label={k('social')} extra={k('socialHint')} wrapperCol={{ flex: '680px' }}>
            <Form.List name="social">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" data-testid={`settings-social-${f.name}`}>
                      <Form.Item name={[f.name, 'code']} rules={[{ required: true, message: k('required') }]} noStyle>
                        <Select style={{ width: 120 }} options={SOCIAL_CODES.map((c) => ({ value: c, label: k(`code.${c}`) }))} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'nameZh']} rules={[required(k('required'))]}>
                        <Input placeholder={k('nameZh')} maxLength={30} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'nameEn']} rules={[required(k('required'))]}>
                        <Input placeholder={k('nameEn')} maxLength={30} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'qrUrl']} rules={[{ required: true, message: k('qrRule') }]}>
                        <ImageUpload kind="logo" />
                      </Form.Item>
                      <Button type="text" icon={<MinusCircleOutlined />} aria-label={k('removeSocial')} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  {fields.length < SOCIAL_CODES.length && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ code: SOCIAL_CODES.find((c) => !(form.getFieldValue('social') ?? []).some((s: { code: string }) => s?.code === c)) })} data-testid="settings-social-add">
                      {k('addSocial')}
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 0 }} style={{ paddingLeft: 160 }}>
            <Button type="primary" loading={saving} onClick={() => void save()} disabled={!canEdit || !loaded} data-testid="settings-save">
              {k('save')}
            </Button>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
    {/* the helpdesk's settings and ratings live under the same menu (the server checks it for both) */}
    <HelpdeskSettingsCard />
    <HelpdeskRatingsCard />
    </>
  )
}
