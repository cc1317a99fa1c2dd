/** Desktop leave-message card (spec sections 4 and 5), shown when no agent is online. */
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { CardHead } from './chat-bars'
import LeaveMessageForm from './leave-message-form'
import '../../shared/i18n/sections/chat'

export interface LeaveMessageCardProps {
  reason: 'noBody' | 'kefu_down' | 'hours' | null
  onClose(): void
}

export default function LeaveMessageCard({ reason, onClose }: LeaveMessageCardProps) {
  const { t } = useTranslation()
  return (
    <View className='hj-chat hj-chat--leave' data-testid='leave-message-card'>
      <CardHead title={t('chat.leave.title')} onClose={onClose} />
      <LeaveMessageForm reason={reason} />
    </View>
  )
}
