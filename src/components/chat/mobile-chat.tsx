/** Mobile chat (< 768 px and the mini-program): a full-screen sheet with a back bar. */
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useChat } from './chat-store'
import MessageList from './message-list'
import ChatInput from './chat-input'
import ChatExtras from './chat-extras'
import { SheetBar } from './chat-bars'
import '../../shared/i18n/sections/chat'

export default function MobileChat({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const kefu = useChat((s) => s.kefu)
  return (
    <View className='hj-mchat' data-testid='chat-mobile'>
      <SheetBar title={kefu?.name || t('chat.title')} titleTestId='chat-kefu-name' onClose={onClose} />
      <MessageList className='hj-mchat__list' />
      <ChatExtras />
      <ChatInput />
    </View>
  )
}
