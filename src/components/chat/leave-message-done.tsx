import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/sections/chat'

/** The success view of both leave-message cards (desktop and mobile): "leave another message" clears the form. */
export default function LeaveMessageDone({ onAgain }: { onAgain: () => void }) {
  const { t } = useTranslation()
  return (
    <View className='hj-chat__done' data-testid='leave-message-done'>
      <Text className='hj-chat__done-icon'>✓</Text>
      <Text className='hj-chat__done-text'>{t('chat.leave.success')}</Text>
      <View className='hj-chat__btn' data-testid='leave-message-again' onClick={onAgain}>
        {t('chat.leave.again')}
      </View>
    </View>
  )
}
