import { useState } from 'react'
import { Text } from '@tarojs/components'
import { Img } from '../../components/ui/media'
import { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import Field from '../../components/ui/field'
import { request } from '../../shared/api/request'
import { API, type CaptchaResult, type LoginResult } from '@contracts/api'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import { validateEmail, validatePassword } from '../../shared/validation'
import { assignLocation } from '../../shared/platform/browser'
import WechatSignIn from '../../components/account/wechat-sign-in'
import AuthCard from '../../components/account/auth-card'
import { useFormFields, useFormSubmit } from '../../shared/hooks/use-form'
import { toast } from '../../shared/stores/toast-store'

/**
 * Where to go after login: `redirect` is a path+query, or the admin guard's JSON {path, query}.
 * Only same-site paths are honoured.
 */
export function redirectTarget(raw: string | undefined): string {
  if (!raw) return '/'
  let target = raw
  if (raw.trim().startsWith('{')) {
    try {
      const { path, query } = JSON.parse(raw) as { path: string; query?: Record<string, string> }
      const qs = Object.entries(query || {})
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&')
      target = `${path}${qs ? `?${qs}` : ''}`
    } catch {
      return '/'
    }
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/'
  return target
}

export default function LoginPage() {
  const { t } = useTranslation()
  const router = useRouter()
  const login = useAuth((s) => s.login)
  const { values: f, set } = useFormFields({ email: '', password: '', code: '' })
  // shown once the server asks for it (431 after several wrong passwords); a fresh one after each try
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null)
  const loadCaptcha = async () => {
    const env = await request<CaptchaResult>({ url: API.captcha, method: 'GET' })
    if (env.code === 200 && env.result) setCaptcha(env.result)
    set('code')('')
  }
  const redirect = router.params.redirect ? decodeURIComponent(router.params.redirect) : undefined
  const { error, busy, submit } = useFormSubmit(
    () => validateEmail(f.email) ?? validatePassword(f.password),
    async () => {
      const env = await request<LoginResult>({
        url: API.login,
        method: 'POST',
        data: { email: f.email.trim(), password: f.password, ...(captcha ? { code: f.code.trim(), codeKey: captcha.codeKey } : {}) },
        basicAuth: true,
      })
      if (env.code === 431 || (captcha && env.code !== 200)) await loadCaptcha()
      if (env.code === 200 && env.result?.token) {
        login(env.result)
        // a sign-in that cancelled a pending account deletion: the session store says so instead
        if (!env.result.userInfo?.deletionCancelled) toast(t('login.success'), { icon: 'success', duration: 1000 })
        const target = redirectTarget(redirect)
        if (target.startsWith('/admin')) assignLocation(target)
        else void go(target, { replace: true })
      }
    },
  )

  return (
    <Layout path='/login' titleKey='router.logIn'>
      <AuthCard
        title={t('login.title')}
        error={error}
        busy={busy}
        submitLabel={t('login.submit')}
        submitTestId='login-submit'
        onSubmit={submit}
        extra={<WechatSignIn redirect={redirect} />}
        links={
          <>
            <Text className='hj-link' onClick={() => go('/accountCuser/recovery')}>
              {t('login.forgot')}
            </Text>
            <Text>
              {t('login.noAccount')}{' '}
              <Text className='hj-link' data-testid='login-to-register' onClick={() => go('/register')}>
                {t('login.toRegister')}
              </Text>
            </Text>
          </>
        }
      >
        <Field label={t('login.email')} value={f.email} onChange={set('email')} testId='login-email' />
        <Field label={t('login.password')} value={f.password} onChange={set('password')} testId='login-password' password />
        {captcha ? (
          <Field
            label={t('login.captcha')}
            value={f.code}
            onChange={set('code')}
            testId='login-captcha'
            maxlength={4}
            suffix={<Img className='hj-login-captcha' src={captcha.image} alt={t('login.captcha')} onClick={() => void loadCaptcha()} testid='login-captcha-image' />}
          />
        ) : null}
      </AuthCard>
    </Layout>
  )
}
