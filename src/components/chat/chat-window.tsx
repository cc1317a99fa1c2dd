/** Desktop chat card: 360 px high window at the bottom right with the agent's name and avatar. */
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import { useTranslation } from 'react-i18next'
import { chatFileUrl } from '../../shared/api/chat'
import { useChat } from './chat-store'
import MessageList from './message-list'
import ChatInput from './chat-input'
import ChatExtras from './chat-extras'
import { CardHead } from './chat-bars'
import '../../shared/i18n/sections/chat'

export const CHAT_WINDOW_HEIGHT = 360

export default function ChatWindow({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const kefu = useChat((s) => s.kefu)
  return (
    <View className='hj-chat hj-chat--window' data-testid='chat-window' style={{ height: `${CHAT_WINDOW_HEIGHT}px` }}>
      <CardHead title={kefu?.name || t('chat.title')} titleTestId='chat-kefu-name' onClose={onClose}>
        {kefu?.url ? <Img className='hj-chat__head-avatar' src={chatFileUrl(kefu.url)} alt={kefu.name || ''} /> : <Text className='hj-chat__head-avatar hj-chat__avatar--text'>{(kefu?.name || '客').slice(0, 1)}</Text>}
      </CardHead>
      <MessageList />
      <ChatExtras />
      <ChatInput />
    </View>
  )
}
