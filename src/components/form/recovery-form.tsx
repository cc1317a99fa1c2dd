import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import Layout from '../layout'
import Field from './field'
import SendCodeButton from './send-code-button'
import { request } from '../../shared/api/request'
import { API, type ResetPasswordBody } from '../../shared/contracts/api'
import { go } from '../../shared/router/navigate'
import { validateReset } from '../../shared/validation'
import './form.scss'

/** Password recovery by e-mail code; both /accountCuser/recovery and /account/recovery render this. */
export default function RecoveryForm({ path }: { path: string }) {
  const { t } = useTranslation()
  const [f, setF] = useState({ email: '', code: '', password: '', confirm: '' })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof f) => (v: string) => setF((old) => ({ ...old, [k]: v }))

  const submit = async () => {
    const err = validateReset(f)
    setError(err)
    if (err || busy) return
    setBusy(true)
    try {
      const body: ResetPasswordBody = { email: f.email.trim(), code: f.code.trim(), password: f.password, confirmPassword: f.confirm }
      const env = await request({ url: API.resetPassword, method: 'POST', data: body })
      if (env.code === 200) {
        void Taro.showToast({ title: t('recovery.success'), icon: 'none', duration: 2000 })
        void go('/login', { replace: true })
      }
    } catch {
      void Taro.showToast({ title: t('common.networkError'), icon: 'none' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Layout path={path} titleKey='recovery.title'>
      <View className='hj-auth'>
        <View className='hj-auth__card'>
          <Text className='hj-auth__title'>{t('recovery.title')}</Text>
          <Field label={t('recovery.email')} value={f.email} onChange={set('email')} testId='recovery-email' />
          <Field
            label={t('recovery.code')}
            value={f.code}
            onChange={set('code')}
            testId='recovery-code'
            maxlength={6}
            suffix={<SendCodeButton email={f.email} type='recovery' testId='recovery-send-code' onError={setError} />}
          />
          <Field label={t('recovery.password')} value={f.password} onChange={set('password')} testId='recovery-password' password />
          <Field label={t('recovery.confirm')} value={f.confirm} onChange={set('confirm')} testId='recovery-confirm' password />
          <Text className='hj-form__error' data-testid='form-error'>
            {error ? t(error) : ''}
          </Text>
          <View className={`hj-btn${busy ? ' is-busy' : ''}`} data-testid='recovery-submit' onClick={submit}>
            {t('recovery.submit')}
          </View>
          <View className='hj-auth__links'>
            <Text className='hj-link' onClick={() => go('/login')}>{t('login.title')}</Text>
            <Text className='hj-link' onClick={() => go('/register')}>{t('register.title')}</Text>
          </View>
        </View>
      </View>
    </Layout>
  )
}
