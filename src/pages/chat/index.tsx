/**
 * The mini-program's chat (no web route: on the web the frame's overlay host draws it). Opened by the
 * entries' requestChat (components/overlays/chat-page.ts) with the entrance's service category: the chat,
 * or the leave-message form when no adviser is there, full screen. Closing it goes back; leaving the page
 * closes the socket.
 */
import { useEffect, useRef } from 'react'
import { View } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import { isChatCategoryEntrance } from '@contracts/chat'
import { ChatHost, closeChat, openChat, useChat } from '../../components/chat'
import OverlayHost from '../../components/overlays/overlay-host'
import { useQueryParam } from '../../shared/hooks/use-query-param'
import { setPageTitle } from '../../shared/platform/page-title'
import { goBack } from '../../shared/router/navigate'
import '../../shared/i18n/sections/chat'

export default function ChatPage() {
  const { t, i18n } = useTranslation()
  const category = useQueryParam('category')
  const panel = useChat((s) => s.panel)
  const wasOpen = useRef(false)

  useEffect(() => {
    setPageTitle(t('chat.title'))
  }, [t, i18n.language])

  useEffect(() => {
    void openChat(isChatCategoryEntrance(category) ? category : null)
    return () => closeChat()
    // the category of the entrance that opened the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // the card's close button (or the chat ending) takes the person back to where they asked
  useEffect(() => {
    if (panel !== 'closed') wasOpen.current = true
    else if (wasOpen.current) goBack()
  }, [panel])

  return (
    <View className='hj-page hj-page--mobile' data-testid='chat-page'>
      <ChatHost />
      <OverlayHost toastsOnly path='/chat' />
    </View>
  )
}
