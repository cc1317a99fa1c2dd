/** Mobile leave-message sheet: the same form as the desktop card, stacked full width. */
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { SheetBar } from './chat-bars'
import LeaveMessageForm from './leave-message-form'

export default function MobileLeaveMessage({ reason, onClose }: { reason: 'noBody' | 'kefu_down' | null; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <View className='hj-mchat hj-mchat--leave' data-testid='leave-message-mobile'>
      <SheetBar title={t('chat.leave.title')} onClose={onClose} />
      <LeaveMessageForm reason={reason} sheet />
    </View>
  )
}
