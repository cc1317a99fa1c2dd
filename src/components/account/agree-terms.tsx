/**
 * "I have read and agree to the User Agreement and the Privacy Policy" with a tick box: the registration
 * forms and the WeChat sign-in (which creates the account on a first visit) need it ticked (
 * the server answers 670 without it). The two names open the /extend texts; tapping elsewhere on the
 * line (the box: `<testId>-box`) toggles it.
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { go } from '../../shared/router/navigate'
import { POLICY_TEXT } from '@contracts/consent'

export interface AgreeTermsProps {
  checked: boolean
  onChange(next: boolean): void
  testId: string
}

export function openPolicy(code: (typeof POLICY_TEXT)[keyof typeof POLICY_TEXT]) {
  void go(`/extend?content=${code}`)
}

export default function AgreeTerms({ checked, onChange, testId }: AgreeTermsProps) {
  const { t } = useTranslation()
  const link = (code: (typeof POLICY_TEXT)[keyof typeof POLICY_TEXT], label: string, id: string) => (
    <Text
      className='hj-link'
      data-testid={`${testId}-${id}`}
      onClick={(e) => {
        e.stopPropagation()
        openPolicy(code)
      }}
    >
      {label}
    </Text>
  )
  return (
    <View
      className={`hj-agree${checked ? ' is-checked' : ''}`}
      role='checkbox'
      aria-checked={checked}
      data-testid={testId}
      onClick={() => onChange(!checked)}
    >
      <View className='hj-agree__box' data-testid={`${testId}-box`}>{checked ? <Text className='hj-agree__tick'>✓</Text> : null}</View>
      <Text className='hj-agree__text'>
        {t('register.agree')} {link(POLICY_TEXT.agreement, t('register.agreement'), 'agreement')} {t('register.and')}{' '}
        {link(POLICY_TEXT.privacy, t('register.privacy'), 'privacy')}
      </Text>
    </View>
  )
}
