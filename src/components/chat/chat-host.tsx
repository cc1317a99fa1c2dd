/**
 * Renders the open chat card (the frame's overlay host mounts it). Desktop: the 360 px window / the
 * leave-message card; mobile: separate full-screen components.
 */
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { useIsMobile } from '../../shared/hooks/use-viewport'
import { closeChat, useChat } from './chat-store'
import ChatWindow from './chat-window'
import LeaveMessageCard from './leave-message-card'
import MobileChat from './mobile-chat'
import MobileLeaveMessage from './mobile-leave-message'
import { CardHead } from './chat-bars'
import './chat.scss'
import '../../shared/i18n/sections/chat'

export default function ChatHost() {
  const { t } = useTranslation()
  const panel = useChat((s) => s.panel)
  const reason = useChat((s) => s.reason)
  const mobile = useIsMobile()

  if (panel === 'closed') return null
  if (panel === 'connecting') {
    return (
      <View className={mobile ? 'hj-mchat hj-mchat--connecting' : 'hj-chat hj-chat--connecting'} data-testid='chat-connecting'>
        <CardHead title={t('chat.connecting')} onClose={closeChat} />
      </View>
    )
  }
  if (panel === 'chat') return mobile ? <MobileChat onClose={closeChat} /> : <ChatWindow onClose={closeChat} />
  return mobile ? <MobileLeaveMessage reason={reason} onClose={closeChat} /> : <LeaveMessageCard reason={reason} onClose={closeChat} />
}
