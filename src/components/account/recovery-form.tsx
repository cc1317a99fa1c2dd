import { Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Field from '../ui/field'
import AuthCard from './auth-card'
import SendCodeButton from './send-code-button'
import { request } from '../../shared/api/request'
import { API, type ResetPasswordBody } from '@contracts/api'
import { go } from '../../shared/router/navigate'
import { validateReset } from '../../shared/validation'
import { useFormFields, useFormSubmit } from '../../shared/hooks/use-form'
import { toast } from '../../shared/stores/toast-store'
import '../../shared/i18n/sections/recovery'

/** Password recovery by e-mail code; both /accountCuser/recovery and /account/recovery show it. */
export default function RecoveryForm() {
  const { t } = useTranslation()
  const { values: f, set } = useFormFields({ email: '', code: '', password: '', confirm: '' })
  const { error, setError, busy, submit } = useFormSubmit(
    () => validateReset(f),
    async () => {
      const body: ResetPasswordBody = { email: f.email.trim(), code: f.code.trim(), password: f.password, confirmPassword: f.confirm }
      const env = await request({ url: API.resetPassword, method: 'POST', data: body })
      if (env.code === 200) {
        toast(t('recovery.success'), { duration: 2000 })
        void go('/login', { replace: true })
      }
    },
  )

  return (
    <AuthCard
      title={t('recovery.title')}
      error={error}
      busy={busy}
      submitLabel={t('recovery.submit')}
      submitTestId='recovery-submit'
      onSubmit={submit}
      links={
        <>
          <Text className='hj-link' onClick={() => go('/login')}>{t('login.title')}</Text>
          <Text className='hj-link' onClick={() => go('/register')}>{t('register.title')}</Text>
        </>
      }
    >
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
    </AuthCard>
  )
}
