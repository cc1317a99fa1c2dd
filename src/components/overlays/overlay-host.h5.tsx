/**
 * H5 variant of ./overlay-host.tsx: the same host, but the subscription dialog's, the chat's (with its
 * socket client and file upload) and the toast's code (AtToast carries 21 KB of status pictures) is fetched
 * only when first needed, so a first page load does not carry them. The mini-program keeps the static
 * imports (its pages are packaged).
 */
import { Suspense, lazy } from 'react'
import { View } from '@tarojs/components'
import { useOverlays, closeSubscribe, useTopOverlayHost } from '../../shared/stores/overlay-store'
import { useToast } from '../../shared/stores/toast-store'

const SubscribeDialog = lazy(() => import(/* webpackChunkName: "subscribe" */ '../subscribe/subscribe-dialog'))
const ChatHost = lazy(() => import(/* webpackChunkName: "chat" */ '../chat/chat-host'))
const ToastHost = lazy(() => import(/* webpackChunkName: "toast" */ './toast-host'))

export default function OverlayHost({ toastsOnly }: { toastsOnly?: boolean }) {
  const top = useTopOverlayHost()
  const subscribe = useOverlays((s) => s.subscribe)
  const chatWanted = useOverlays((s) => s.chatWanted)
  const toast = useToast((s) => s.current)
  if (!top) return null
  return (
    <>
      <Suspense fallback={null}>
        {!toastsOnly && subscribe && <SubscribeDialog source={subscribe.source} email={subscribe.email} onClose={closeSubscribe} />}
        {!toastsOnly && chatWanted && <ChatHost />}
      </Suspense>
      {/* the live region is there before its first toast, so screen readers announce that one too */}
      <View className='hj-toast-live' role='status' aria-live='polite'>
        <Suspense fallback={null}>{toast && <ToastHost />}</Suspense>
      </View>
    </>
  )
}
