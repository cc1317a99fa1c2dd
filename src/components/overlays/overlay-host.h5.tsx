/**
 * H5 variant of ./overlay-host.tsx: the same host, but the subscription dialog's, the chat's (with its
 * socket client and file upload) and the toast's code (AtToast carries 21 KB of status pictures) is fetched
 * only when first needed, so a first page load does not carry them. The mini-program keeps the static
 * imports (its pages are packaged). The re-consent sheet too, fetched only for a person who owes an
 * agreement to a new User Agreement or Privacy Policy (the mini-program's privacy sheet has no H5 part).
 */
import { Suspense, lazy } from 'react'
import { View } from '@tarojs/components'
import { useOverlays, closeSubscribe, useTopOverlayHost } from '../../shared/stores/overlay-store'
import { useToast } from '../../shared/stores/toast-store'
import { useAuth } from '../../shared/stores/auth-store'

const SubscribeDialog = lazy(() => import(/* webpackChunkName: "subscribe" */ '../subscribe/subscribe-dialog'))
const ChatHost = lazy(() => import(/* webpackChunkName: "chat" */ '../chat/chat-host'))
const ToastHost = lazy(() => import(/* webpackChunkName: "toast" */ './toast-host'))
const ConsentSheet = lazy(() => import(/* webpackChunkName: "consent" */ '../account/consent-sheet'))

/** `path`: the page's public path (the re-consent sheet steps aside on /extend, where its texts are read) */
export default function OverlayHost({ toastsOnly, path }: { toastsOnly?: boolean; path?: string }) {
  const top = useTopOverlayHost()
  const subscribe = useOverlays((s) => s.subscribe)
  const chatWanted = useOverlays((s) => s.chatWanted)
  const toast = useToast((s) => s.current)
  const consentOwed = useAuth((s) => !!s.token && s.user?.consentRequired === true)
  if (!top) return null
  return (
    <>
      <Suspense fallback={null}>
        {!toastsOnly && subscribe && <SubscribeDialog source={subscribe.source} email={subscribe.email} onClose={closeSubscribe} />}
        {!toastsOnly && chatWanted && <ChatHost />}
        {consentOwed && <ConsentSheet path={path} />}
      </Suspense>
      {/* the live region is there before its first toast, so screen readers announce that one too */}
      <View className='hj-toast-live' role='status' aria-live='polite'>
        <Suspense fallback={null}>{toast && <ToastHost />}</Suspense>
      </View>
    </>
  )
}
