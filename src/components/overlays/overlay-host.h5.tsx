/**
 * H5 variant of ./overlay-host.tsx: the same host, but the subscription dialog's and the chat's code
 * (with its socket client and file upload) is fetched only when a visitor first opens one, so a first
 * page load does not carry them. The mini-program keeps the static imports (its pages are packaged).
 */
import { Suspense, lazy } from 'react'
import { useOverlays, closeSubscribe, useTopOverlayHost } from '../../shared/stores/overlay-store'

const SubscribeDialog = lazy(() => import(/* webpackChunkName: "subscribe" */ '../subscribe/subscribe-dialog'))
const ChatHost = lazy(() => import(/* webpackChunkName: "chat" */ '../chat/chat-host'))

export default function OverlayHost() {
  const top = useTopOverlayHost()
  const subscribe = useOverlays((s) => s.subscribe)
  const chatWanted = useOverlays((s) => s.chatWanted)
  if (!top) return null
  return (
    <Suspense fallback={null}>
      {subscribe && <SubscribeDialog source={subscribe.source} email={subscribe.email} onClose={closeSubscribe} />}
      {chatWanted && <ChatHost />}
    </Suspense>
  )
}
