/**
 * The phone frame's way to customer service (H5 and the mini-program, where WeChat's own
 * `open-type="contact"` is not ours): a round button at the bottom right that opens our chat — the
 * live chat, or the leave-a-message sheet when no adviser is online — through the overlay store,
 * like the desktop floating menu and the footer entrances.
 */
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Icon from '../ui/icon'
import { requestChat } from '../../shared/stores/overlay-store'

export default function MobileServiceEntry({ raised }: { raised: boolean }) {
  const { t } = useTranslation()
  return (
    <View className={`hj-mservice${raised ? ' is-raised' : ''}`} data-testid='mobile-service' role='button' aria-label={t('chat.title')} onClick={() => requestChat()}>
      <Icon name='service' className='hj-mservice__icon' color='#ffffff' />
    </View>
  )
}
