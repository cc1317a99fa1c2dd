/**
 * The one place the frame's overlays are mounted (by the Layout): the subscription dialog, opened through
 * src/shared/stores/overlay-store.ts, and the toasts (src/shared/stores/toast-store.ts). The chat, asked
 * for through the same store, is a page of its own in the mini-program (./chat-page.ts).
 * Only the host of the page on top draws. Pages without the frame's menus (bare pages, /competition)
 * mount it with `toastsOnly`. Above everything: the re-consent sheet (after sign-in, when the policies
 * changed) and, in the mini-program, WeChat's privacy authorization sheet.
 */
import { View } from '@tarojs/components'
import { useOverlays, closeSubscribe, useTopOverlayHost } from '../../shared/stores/overlay-store'
import { useToast } from '../../shared/stores/toast-store'
import SubscribeDialog from '../subscribe/subscribe-dialog'
import './chat-page'
import ToastHost from './toast-host'
import ConsentSheet from '../account/consent-sheet'
import PrivacySheet from '../account/privacy-sheet'

/** `path`: the page's public path (the re-consent sheet steps aside on /extend, where its texts are read) */
export default function OverlayHost({ toastsOnly, path }: { toastsOnly?: boolean; path?: string }) {
  const top = useTopOverlayHost()
  const subscribe = useOverlays((s) => s.subscribe)
  const toast = useToast((s) => s.current)
  if (!top) return null
  return (
    <>
      {!toastsOnly && subscribe && <SubscribeDialog source={subscribe.source} email={subscribe.email} onClose={closeSubscribe} />}
      <ConsentSheet path={path} />
      <PrivacySheet />
      <View className='hj-toast-live' role='status' aria-live='polite'>
        {toast && <ToastHost />}
      </View>
    </>
  )
}
