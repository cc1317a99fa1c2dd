/** /admin/admRegister?noReg=true — organizer registration → POST /system/user/ouser/register. */
import React, { useEffect, useState } from 'react'
import { Alert, Button, Checkbox, Form, Input, Space } from 'antd'
// Alert and Checkbox are past the first view's part of antd's styles (config/admin.ts)
import 'antd/dist/antd.css?part=rest'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLang } from '../../components/use-revalidate-on-lang'
import type { OrganizerRegisterBody } from '@contracts/api'
import { register, verifyInvite } from '../../api/session'
import { getLang } from '../../../shared/i18n'
import { AuthFrame, EMAIL_PATTERN } from '../../layout/auth-frame'
import { SendCodeButton } from '../../layout/send-code-button'
import { PasswordFields } from '../../layout/password-fields'
import { PAGES, goPage } from '../../core/navigation'
import { feedback } from '../../core/feedback'
import type { OrganizationInviteInfo } from '@contracts/admin-system'
import { POLICY_TEXT } from '@contracts/consent'
import { loadAntdLocales } from '../../locales/load'

/** the consumer site's /extend page shows the policy texts (served at the root, beside /admin) */
const policyUrl = (code: string) => `/extend?content=${code}`

/** The invitation token of an organisation users view's link, if the page was opened with one. */
function inviteToken(): string | null {
  return new URLSearchParams(window.location.search).get('invite')
}

export default function AdmRegister() {
  // antd's own texts (its form's messages) in the admin's language: they are not in the first load
  useEffect(() => {
    void loadAntdLocales()
  }, [])
  const { t } = useTranslation()
  const [form] = Form.useForm<OrganizerRegisterBody>()
  useRevalidateOnLang(form)
  const [submitting, setSubmitting] = useState(false)
  const [invite] = useState(inviteToken)
  // undefined = checking; null = no (valid) invitation → the person names a new organisation
  const [invited, setInvited] = useState<OrganizationInviteInfo | null | undefined>(invite ? undefined : null)
  const [inviteInvalid, setInviteInvalid] = useState(false)

  useEffect(() => {
    if (!invite) return
    verifyInvite(invite)
      .then((env) => {
        if (env.code === 200 && env.result) setInvited(env.result)
        else {
          setInvited(null)
          setInviteInvalid(true)
        }
      })
      .catch(() => {
        setInvited(null)
        setInviteInvalid(true)
      })
  }, [invite])

  const onFinish = async (values: OrganizerRegisterBody) => {
    setSubmitting(true)
    try {
      const body: OrganizerRegisterBody = invited
        ? { ...values, organizationName: undefined, invite: invite ?? undefined, email: values.email.trim(), nickName: values.nickName.trim() }
        : { ...values, email: values.email.trim(), nickName: values.nickName.trim() }
      const env = await register(body)
      if (env.code === 200) {
        feedback().success(t('adm.register.success'))
        goPage(PAGES.login)
      }
    } catch (e) {
      console.warn('[admin] register failed', e)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthFrame title={t('adm.register.title')}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('adm.register.email')}
          rules={[
            { required: true, message: t('adm.validate.emailRequired') },
            { pattern: EMAIL_PATTERN, message: t('adm.validate.emailInvalid') },
          ]}
        >
          <Input autoComplete="email" data-testid="adm-register-email" />
        </Form.Item>
        <Form.Item label={t('adm.register.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('adm.validate.codeRequired') }]}>
              <Input maxLength={8} autoComplete="one-time-code" data-testid="adm-register-code" />
            </Form.Item>
            <SendCodeButton form={form} type="register" testId="adm-register-send-code" />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="nickName" label={t('adm.register.nickName')} rules={[{ required: true, whitespace: true, message: t('adm.validate.nickNameRequired') }]}>
          <Input maxLength={50} data-testid="adm-register-nickname" />
        </Form.Item>
        {inviteInvalid ? <Alert type="warning" showIcon message={t('adm.register.inviteInvalid')} style={{ marginBottom: 16 }} data-testid="adm-register-invite-invalid" /> : null}
        {invited ? (
          <Form.Item label={t('adm.register.invitedTo')}>
            <Input value={getLang() === 'zh' ? invited.nameZh : invited.nameEn || invited.nameZh} disabled data-testid="adm-register-invited-org" />
          </Form.Item>
        ) : invited === null ? (
          <Form.Item
            name="organizationName"
            label={t('adm.register.organizationName')}
            rules={[{ required: true, whitespace: true, message: t('adm.validate.organizationRequired') }]}
          >
            <Input maxLength={100} data-testid="adm-register-organization" />
          </Form.Item>
        ) : null}
        <PasswordFields labelPrefix="adm.register" testIdPrefix="adm-register" />
        {/* the server refuses the registration without it (670) */}
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_, v) => (v === true ? Promise.resolve() : Promise.reject(new Error(t('adm.register.agreeRequired')))) }]}
        >
          <Checkbox data-testid="adm-register-agree">
            {t('adm.register.agreeBefore')}
            <a href={policyUrl(POLICY_TEXT.agreement)} target="_blank" rel="noopener noreferrer" data-testid="adm-register-agreement" onClick={(e) => e.stopPropagation()}>
              {t('adm.register.agreement')}
            </a>
            {t('adm.register.agreeAnd')}
            <a href={policyUrl(POLICY_TEXT.privacy)} target="_blank" rel="noopener noreferrer" data-testid="adm-register-privacy" onClick={(e) => e.stopPropagation()}>
              {t('adm.register.privacy')}
            </a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="adm-register-submit">
          {t('adm.register.submit')}
        </Button>
        <div className="adm-auth__links">
          <a onClick={() => goPage(PAGES.login)}>{t('adm.register.toLogin')}</a>
        </div>
      </Form>
    </AuthFrame>
  )
}
