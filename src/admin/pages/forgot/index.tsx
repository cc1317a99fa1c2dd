/** /admin/forgot — password recovery by e-mail code (type=recovery) → POST /system/user/reset/password. */
import React, { useEffect, useState } from 'react'
import { Button, Form, Input, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLang } from '../../components/use-revalidate-on-lang'
import type { ResetPasswordBody } from '@contracts/api'
import { resetPassword } from '../../api/session'
import { AuthFrame, EMAIL_PATTERN } from '../../layout/auth-frame'
import { SendCodeButton } from '../../layout/send-code-button'
import { PasswordFields } from '../../layout/password-fields'
import { PAGES, goPage } from '../../core/navigation'
import { feedback } from '../../core/feedback'
import { loadAntdLocales } from '../../locales/load'

export default function Forgot() {
  // antd's own texts (its form's messages) in the admin's language: they are not in the first load
  useEffect(() => {
    void loadAntdLocales()
  }, [])
  const { t } = useTranslation()
  const [form] = Form.useForm<ResetPasswordBody>()
  useRevalidateOnLang(form)
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async (values: ResetPasswordBody) => {
    setSubmitting(true)
    try {
      const env = await resetPassword({ ...values, email: values.email.trim() })
      if (env.code === 200) {
        feedback().success(t('adm.forgot.success'))
        goPage(PAGES.login)
      }
    } catch (e) {
      console.warn('[admin] reset failed', e)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthFrame title={t('adm.forgot.title')}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('adm.forgot.email')}
          rules={[
            { required: true, message: t('adm.validate.emailRequired') },
            { pattern: EMAIL_PATTERN, message: t('adm.validate.emailInvalid') },
          ]}
        >
          <Input autoComplete="email" data-testid="adm-forgot-email" />
        </Form.Item>
        <Form.Item label={t('adm.forgot.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('adm.validate.codeRequired') }]}>
              <Input maxLength={8} autoComplete="one-time-code" data-testid="adm-forgot-code" />
            </Form.Item>
            <SendCodeButton form={form} type="recovery" testId="adm-forgot-send-code" />
          </Space.Compact>
        </Form.Item>
        <PasswordFields labelPrefix="adm.forgot" testIdPrefix="adm-forgot" />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="adm-forgot-submit">
          {t('adm.forgot.submit')}
        </Button>
        <div className="adm-auth__links">
          <a onClick={() => goPage(PAGES.login)}>{t('adm.forgot.toLogin')}</a>
        </div>
      </Form>
    </AuthFrame>
  )
}
