import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import Field from '../../components/form/field'
import { request } from '../../shared/api/request'
import { API, type LoginResult } from '../../shared/contracts/api'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import { validateEmail, validatePassword } from '../../shared/validation'
import { assignLocation } from '../../shared/platform/browser'
import WechatSignIn from '../../components/wechat/wechat-sign-in'
import '../../components/form/form.scss'

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
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    const err = validateEmail(email) ?? validatePassword(password)
    setError(err)
    if (err || busy) return
    setBusy(true)
    try {
      const env = await request<LoginResult>({
        url: API.login,
        method: 'POST',
        data: { email: email.trim(), password },
        basicAuth: true,
      })
      if (env.code === 200 && env.result?.token) {
        login(env.result)
        void Taro.showToast({ title: t('login.success'), icon: 'success', duration: 1000 })
        const target = redirectTarget(router.params.redirect ? decodeURIComponent(router.params.redirect) : undefined)
        if (target.startsWith('/admin')) assignLocation(target)
        else void go(target, { replace: true })
      }
    } catch {
      void Taro.showToast({ title: t('common.networkError'), icon: 'none' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Layout path='/login' titleKey='router.logIn'>
      <View className='hj-auth'>
        <View className='hj-auth__card'>
          <Text className='hj-auth__title'>{t('login.title')}</Text>
          <Field label={t('login.email')} value={email} onChange={setEmail} testId='login-email' />
          <Field label={t('login.password')} value={password} onChange={setPassword} testId='login-password' password />
          <Text className='hj-form__error' data-testid='form-error'>
            {error ? t(error) : ''}
          </Text>
          <View className={`hj-btn${busy ? ' is-busy' : ''}`} data-testid='login-submit' onClick={submit}>
            {t('login.submit')}
          </View>
          <WechatSignIn redirect={router.params.redirect ? decodeURIComponent(router.params.redirect) : undefined} />
          <View className='hj-auth__links'>
            <Text className='hj-link' onClick={() => go('/accountCuser/recovery')}>
              {t('login.forgot')}
            </Text>
            <Text>
              {t('login.noAccount')}{' '}
              <Text className='hj-link' data-testid='login-to-register' onClick={() => go('/register')}>
                {t('login.toRegister')}
              </Text>
            </Text>
          </View>
        </View>
      </View>
    </Layout>
  )
}
