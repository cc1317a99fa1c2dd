import { useState } from 'react'
import { Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import Field from '../../components/ui/field'
import SendCodeButton from '../../components/account/send-code-button'
import AuthCard from '../../components/account/auth-card'
import AgreeTerms from '../../components/account/agree-terms'
import { useFormFields, useFormSubmit } from '../../shared/hooks/use-form'
import { request } from '../../shared/api/request'
import { API, type LoginResult, type RegisterBody } from '@contracts/api'
import { useAuth } from '../../shared/stores/auth-store'
import { go } from '../../shared/router/navigate'
import { validateRegister } from '../../shared/validation'
import { toast } from '../../shared/stores/toast-store'

export default function RegisterPage() {
  const { t } = useTranslation()
  const login = useAuth((s) => s.login)
  const { values: f, set } = useFormFields({ email: '', code: '', nickName: '', password: '', confirm: '' })
  // the User Agreement and Privacy Policy: no account without the tick (the server answers 670 too)
  const [agree, setAgree] = useState(false)
  const { error, setError, busy, submit } = useFormSubmit(
    () => validateRegister(f) ?? (agree ? null : 'validate.agreeRequired'),
    async () => {
      const body: RegisterBody = {
        email: f.email.trim(),
        code: f.code.trim(),
        nickName: f.nickName.trim(),
        password: f.password,
        confirmPassword: f.confirm,
        agree: true,
      }
      const env = await request<Partial<LoginResult> | null>({ url: API.register, method: 'POST', data: body, basicAuth: true })
      if (env.code !== 200) return
      // Registered: log in with the same credentials (or take the token if the server already gave one).
      let result = env.result && env.result.token ? (env.result as LoginResult) : null
      if (!result) {
        const le = await request<LoginResult>({ url: API.login, method: 'POST', data: { email: body.email, password: body.password }, basicAuth: true })
        if (le.code === 200) result = le.result
      }
      toast(t('register.success'), { icon: 'success', duration: 1000 })
      if (result) {
        login(result)
        void go('/', { replace: true })
      } else {
        void go('/login', { replace: true })
      }
    },
  )

  return (
    <Layout path='/register' titleKey='router.register'>
      <AuthCard
        title={t('register.title')}
        error={error}
        busy={busy}
        submitLabel={t('register.submit')}
        submitTestId='register-submit'
        onSubmit={submit}
        links={
          <>
            <Text>
              {t('register.hasAccount')}{' '}
              <Text className='hj-link' onClick={() => go('/login')}>{t('register.toLogin')}</Text>
            </Text>
          </>
        }
      >
        <Field label={t('register.email')} value={f.email} onChange={set('email')} testId='register-email' />
        <Field
          label={t('register.code')}
          value={f.code}
          onChange={set('code')}
          testId='register-code'
          maxlength={6}
          suffix={<SendCodeButton email={f.email} type='register' testId='register-send-code' onError={setError} />}
        />
        <Field label={t('register.nickname')} value={f.nickName} onChange={set('nickName')} testId='register-nickname' maxlength={50} />
        <Field label={t('register.password')} value={f.password} onChange={set('password')} testId='register-password' password />
        <Field label={t('register.confirm')} value={f.confirm} onChange={set('confirm')} testId='register-confirm' password />
        <AgreeTerms
          checked={agree}
          onChange={(next) => {
            setAgree(next)
            if (next && error === 'validate.agreeRequired') setError(null)
          }}
          testId='register-agree'
        />
      </AuthCard>
    </Layout>
  )
}
