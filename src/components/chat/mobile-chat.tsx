/** Mobile chat (< 768 px and the mini-program): a full-screen sheet with a back bar. */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useChat } from './chat-store'
import MessageList from './message-list'
import ChatInput from './chat-input'

export default function MobileChat({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const kefu = useChat((s) => s.kefu)
  return (
    <View className='hj-mchat' data-testid='chat-mobile'>
      <View className='hj-mchat__bar'>
        <Text className='hj-mchat__back' data-testid='chat-close' onClick={onClose}>
          ‹ {t('common.back')}
        </Text>
        <Text className='hj-mchat__title' data-testid='chat-kefu-name'>
          {kefu?.name || t('chat.title')}
        </Text>
      </View>
      <MessageList className='hj-mchat__list' />
      <ChatInput />
    </View>
  )
}
