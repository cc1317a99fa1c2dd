/**
 * /admin/admLogin: e-mail, password, 4-digit captcha (GET /system/user/code/verification, click to
 * refresh) → POST /system/user/ouser/login with the admin Basic credential → GET the menu, store token,
 * userInfo and the encrypted menu, then open the redirect target. Already logged in with a menu → go
 * straight to the target with the same redirect params (spec route guard).
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button } from 'antd'
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CaptchaResult, LoginBody } from '@contracts/api'
import { captcha as fetchCaptcha, login } from '../../api/session'
import { saveLogin } from '../../api/client'
import { AuthFrame, EMAIL_PATTERN } from '../../layout/auth-frame'
import { PlainField, PlainInput, checkRules, type PlainRule } from '../../components/plain-form'
import { fetchMenu, hasAdminSession, clearAuth } from '../../core/session'
import { PAGES, goPage, parseRedirect, targetUrl } from '../../core/navigation'
import { feedback } from '../../core/feedback'

interface LoginForm {
  email: string
  password: string
  code: string
}

/** antd Form.Item's rules of each field, as before; messages are text keys (components/plain-form.tsx) */
const RULES: Record<keyof LoginForm, PlainRule[]> = {
  email: [
    { required: true, message: 'adm.validate.emailRequired' },
    { pattern: EMAIL_PATTERN, message: 'adm.validate.emailInvalid' },
  ],
  password: [
    { required: true, message: 'adm.validate.passwordRequired' },
    { min: 6, message: 'adm.validate.passwordMin' },
  ],
  code: [
    { required: true, message: 'adm.validate.captchaRequired' },
    { pattern: /^\d{4}$/, message: 'adm.validate.captchaDigits' },
  ],
}
const EMPTY: LoginForm = { email: '', password: '', code: '' }

export default function AdmLogin() {
  const { t } = useTranslation()
  const [values, setValues] = useState<LoginForm>(EMPTY)
  // the failing rule's text key per field: checked as a field changes (antd's default) and on submit
  const [errors, setErrors] = useState<Partial<Record<keyof LoginForm, string | null>>>({})
  const change = (field: keyof LoginForm, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: checkRules(value, RULES[field]) }))
  }
  const shown = (field: keyof LoginForm) => (errors[field] ? t(errors[field]!) : null)
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
        setValues((v) => ({ ...v, code: '' }))
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

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    const found = {
      email: checkRules(values.email, RULES.email),
      password: checkRules(values.password, RULES.password),
      code: checkRules(values.code, RULES.code),
    }
    setErrors(found)
    if (found.email || found.password || found.code) return
    void onFinish(values)
  }

  return (
    <AuthFrame title={t('adm.login.title')} subtitle={t('adm.login.subtitle')}>
      <form className="ant-form ant-form-vertical ant-form-hide-required-mark ant-form-large ant-form-css-var" autoComplete="on" noValidate onSubmit={onSubmit}>
        <PlainField label={t('adm.login.email')} htmlFor="email" error={shown('email')}>
          <PlainInput
            id="email"
            value={values.email}
            onChange={(v) => change('email', v)}
            error={!!errors.email}
            prefix={<MailOutlined />}
            autoComplete="username"
            aria-required
            data-testid="adm-login-email"
          />
        </PlainField>
        <PlainField label={t('adm.login.password')} htmlFor="password" error={shown('password')}>
          <PlainInput
            id="password"
            password
            value={values.password}
            onChange={(v) => change('password', v)}
            error={!!errors.password}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            aria-required
            data-testid="adm-login-password"
          />
        </PlainField>
        <PlainField label={t('adm.login.captcha')} error={shown('code')}>
          <div className="ant-space-compact" style={{ width: '100%' }}>
            <PlainInput
              id="code"
              value={values.code}
              onChange={(v) => change('code', v)}
              error={!!errors.code}
              wrapperClassName="ant-input-compact-item ant-input-compact-first-item"
              prefix={<SafetyOutlined />}
              maxLength={4}
              inputMode="numeric"
              autoComplete="off"
              aria-required
              data-testid="adm-login-captcha"
            />
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
              <Button size="large" style={{ width: 120 }} onClick={() => void loadCaptcha()} data-testid="adm-login-captcha-img">
                {t('adm.login.captchaRefresh')}
              </Button>
            )}
          </div>
        </PlainField>
        <PlainField style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="adm-login-submit">
            {t('adm.login.submit')}
          </Button>
        </PlainField>
        <div className="adm-auth__links">
          <a onClick={() => goPage(`${PAGES.register}?noReg=true`)}>{t('adm.login.toRegister')}</a>
          <a onClick={() => goPage(PAGES.forgot)}>{t('adm.login.forgot')}</a>
        </div>
      </form>
    </AuthFrame>
  )
}
