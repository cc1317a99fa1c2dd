/**
 * Mobile leave-message sheet: taro-ui's AtFloatLayout (a bottom sheet) holding the same form as the desktop
 * card, stacked. Closes on the backdrop, its × and (H5) Escape: closing resets the chat (spec section 4).
 */
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import AtFloatLayout from 'taro-ui/lib/components/float-layout'
import { useDialogFocus } from '../ui/dialog-focus'
import { pressable } from '../ui/pressable'
import LeaveMessageForm from './leave-message-form'
import '../ui/at/float-layout.scss'
import '../../shared/i18n/sections/chat'

export default function MobileLeaveMessage({ reason, onClose }: { reason: 'noBody' | 'kefu_down' | 'hours' | null; onClose(): void }) {
  const { t } = useTranslation()
  const trap = useDialogFocus(onClose)
  // AtFloatLayout drops data-* and its title bar's × is a bare view: the test id sits on our layer, and
  // the head (title, a labelled × with the chat's close test id) is ours, passed as the sheet's content.
  return (
    <View className='hj-mleave' data-testid='leave-message-mobile'>
      <AtFloatLayout isOpened onClose={onClose} className='hj-mleave__sheet'>
        <View className='hj-mleave__dialog' ref={trap} role='dialog' aria-modal='true' aria-labelledby='hj-mleave-title'>
          <View className='hj-mleave__head'>
            <Text className='hj-mleave__title' id='hj-mleave-title'>
              {t('chat.leave.title')}
            </Text>
            <View className='hj-mleave__x' data-testid='chat-close' {...pressable()} aria-label={t('common.close')} onClick={onClose}>
              <Text aria-hidden='true'>×</Text>
            </View>
          </View>
          <LeaveMessageForm reason={reason} sheet />
        </View>
      </AtFloatLayout>
    </View>
  )
}
