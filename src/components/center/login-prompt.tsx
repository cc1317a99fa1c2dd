import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { goLogin } from '../../shared/router/navigate'
import Icon from '../ui/icon'
import './center.scss'

/** What a logged-out visitor sees on a centre page (they are also sent to login on arrival). */
export default function LoginPrompt() {
  const { t } = useTranslation()
  return (
    <View className='hj-ct-prompt' data-testid='center-login-prompt'>
      <Icon name='center' className='hj-ct-prompt__icon' color='#cccccc' />
      <Text className='hj-ct-prompt__text'>{t('center.loginPrompt')}</Text>
      <View className='hj-ct-btn' data-testid='center-login' onClick={() => goLogin()}>
        {t('center.login')}
      </View>
    </View>
  )
}
