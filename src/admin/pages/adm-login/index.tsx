/**
 * /admin/admLogin: e-mail, password, 4-digit captcha (GET /system/user/code/verification, click to
 * refresh) → POST /system/user/ouser/login with the admin Basic credential → GET the menu, store token,
 * userInfo and the encrypted menu, then open the redirect target. Already logged in with a menu → go
 * straight to the target with the same redirect params (spec route guard).
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Form, Input, Space } from 'antd'
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLang } from '../../components/use-revalidate-on-lang'
import type { CaptchaResult, LoginBody } from '@contracts/api'
import { captcha as fetchCaptcha, login } from '../../api/session'
import { saveLogin } from '../../api/client'
import { AuthFrame, EMAIL_PATTERN } from '../../layout/auth-frame'
import { fetchMenu, hasAdminSession, clearAuth } from '../../core/session'
import { PAGES, goPage, parseRedirect, targetUrl } from '../../core/navigation'
import { feedback } from '../../core/feedback'

interface LoginForm {
  email: string
  password: string
  code: string
}

export default function AdmLogin() {
  const { t } = useTranslation()
  const [form] = Form.useForm<LoginForm>()
  useRevalidateOnLang(form)
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null)
  const [submitting, setSubmitting] = useState(false)
  // read once: the page leaves as soon as it has a session, and the address does not change meanwhile
  const [target] = useState(() => parseRedirect(window.location.search))

  const loadCaptcha = useCallback(async () => {
    try {
      const env = await fetchCaptcha()
      if (env.code === 200 && env.result) setCaptcha(env.result)
    } catch (e) {
      console.warn('[admin] captcha failed', e)
    }
  }, [])

  useEffect(() => {
    if (hasAdminSession()) {
      goPage(targetUrl(target))
      return
    }
    void loadCaptcha()
  }, [target, loadCaptcha])

  const onFinish = async (values: LoginForm) => {
    if (!captcha) return
    setSubmitting(true)
    try {
      const body: LoginBody = { email: values.email.trim(), password: values.password, code: values.code, codeKey: captcha.codeKey }
      const env = await login(body)
      if (env.code !== 200 || !env.result?.token) {
        // captchas are single use: a failed attempt needs a new one
        form.setFieldValue('code', '')
        void loadCaptcha()
        return
      }
      saveLogin(env.result)
      const menu = await fetchMenu()
      if (!menu) {
        clearAuth()
        feedback().warning(t('adm.login.noMenu'))
        void loadCaptcha()
        return
      }
      feedback().success(t('adm.login.success'))
      goPage(targetUrl(target))
    } catch (e) {
      console.warn('[admin] login failed', e)
      void loadCaptcha()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthFrame title={t('adm.login.title')} subtitle={t('adm.login.subtitle')}>
      <Form form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
        <Form.Item
          name="email"
          label={t('adm.login.email')}
          rules={[
            { required: true, message: t('adm.validate.emailRequired') },
            { pattern: EMAIL_PATTERN, message: t('adm.validate.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="username" data-testid="adm-login-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('adm.login.password')}
          rules={[
            { required: true, message: t('adm.validate.passwordRequired') },
            { min: 6, message: t('adm.validate.passwordMin') },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="adm-login-password" />
        </Form.Item>
        <Form.Item label={t('adm.login.captcha')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: t('adm.validate.captchaRequired') },
                { pattern: /^\d{4}$/, message: t('adm.validate.captchaDigits') },
              ]}
            >
              <Input prefix={<SafetyOutlined />} maxLength={4} inputMode="numeric" autoComplete="off" data-testid="adm-login-captcha" />
            </Form.Item>
            {captcha ? (
              <img
                className="adm-auth__captcha"
                src={captcha.image}
                alt={t('adm.login.captcha')}
                title={t('adm.login.captchaRefresh')}
                data-testid="adm-login-captcha-img"
                data-code-key={captcha.codeKey}
                onClick={() => void loadCaptcha()}
              />
            ) : (
              <Button style={{ width: 120 }} onClick={() => void loadCaptcha()} data-testid="adm-login-captcha-img">
                {t('adm.login.captchaRefresh')}
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="adm-login-submit">
            {t('adm.login.submit')}
          </Button>
        </Form.Item>
        <div className="adm-auth__links">
          <a onClick={() => goPage(`${PAGES.register}?noReg=true`)}>{t('adm.login.toRegister')}</a>
          <a onClick={() => goPage(PAGES.forgot)}>{t('adm.login.forgot')}</a>
        </div>
      </Form>
    </AuthFrame>
  )
}
