/**
 * The one place the frame's overlays are mounted (by the Layout): the subscription dialog and the chat
 * cards, opened through src/shared/stores/overlay-store.ts, and the toasts (src/shared/stores/toast-store.ts).
 * Only the host of the page on top draws. Pages without the frame's menus (bare pages, /competition)
 * mount it with `toastsOnly`.
 */
import { View } from '@tarojs/components'
import { useOverlays, closeSubscribe, useTopOverlayHost } from '../../shared/stores/overlay-store'
import { useToast } from '../../shared/stores/toast-store'
import SubscribeDialog from '../subscribe/subscribe-dialog'
import { ChatHost } from '../chat'
import ToastHost from './toast-host'

export default function OverlayHost({ toastsOnly }: { toastsOnly?: boolean }) {
  const top = useTopOverlayHost()
  const subscribe = useOverlays((s) => s.subscribe)
  const toast = useToast((s) => s.current)
  if (!top) return null
  return (
    <>
      {!toastsOnly && subscribe && <SubscribeDialog source={subscribe.source} email={subscribe.email} onClose={closeSubscribe} />}
      {!toastsOnly && <ChatHost />}
      <View className='hj-toast-live' role='status' aria-live='polite'>
        {toast && <ToastHost />}
      </View>
    </>
  )
}
