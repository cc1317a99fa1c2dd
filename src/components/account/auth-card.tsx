import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Form from '../ui/form'
import './account.scss'

export interface AuthCardProps {
  title: string
  /** i18n key of the form's problem, shown above the button */
  error: string | null
  busy: boolean
  submitLabel: string
  submitTestId: string
  onSubmit(): void
  /** the fields */
  children: ReactNode
  /** under the button (the WeChat sign-in) */
  extra?: ReactNode
  links: ReactNode
}

/** The card of the account pages (login, register, password recovery): one form, the fields and its submit. */
export default function AuthCard({ title, error, busy, submitLabel, submitTestId, onSubmit, children, extra, links }: AuthCardProps) {
  const { t } = useTranslation()
  return (
    <View className='hj-auth'>
      <View className='hj-auth__card'>
        <Text className='hj-auth__title'>{title}</Text>
        <Form onSubmit={onSubmit}>
          {children}
          <Text className='hj-form__error' data-testid='form-error'>
            {error ? t(error) : ''}
          </Text>
          <View className={`hj-btn${busy ? ' is-busy' : ''}`} data-testid={submitTestId} onClick={onSubmit}>
            {submitLabel}
          </View>
        </Form>
        {extra}
        <View className='hj-auth__links'>{links}</View>
      </View>
    </View>
  )
}
