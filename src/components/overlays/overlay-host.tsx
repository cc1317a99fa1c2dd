/**
 * The one place the frame's overlays are mounted (by the Layout): the subscription dialog and the chat
 * cards, opened through src/shared/stores/overlay-store.ts. Only the most recently mounted host draws.
 */
import { useOverlays, closeSubscribe, useTopOverlayHost } from '../../shared/stores/overlay-store'
import SubscribeDialog from '../subscribe/subscribe-dialog'
import { ChatHost } from '../chat'

export default function OverlayHost() {
  const top = useTopOverlayHost()
  const subscribe = useOverlays((s) => s.subscribe)
  if (!top) return null
  return (
    <>
      {subscribe && <SubscribeDialog source={subscribe.source} email={subscribe.email} onClose={closeSubscribe} />}
      <ChatHost />
    </>
  )
}
