/**
 * The mini-program's chat is a page of its own (pages/chat, its own subpackage, fetched ahead by every tab
 * page's preloadRule), so its code, styles and texts stay out of the main package that every first open
 * downloads. The entries ask through requestChat (shared/stores/overlay-store) as on the web, where the
 * overlay host draws the chat; here the request opens the page, with the entrance's service category.
 */
import Taro from '@tarojs/taro'
import { onChatRequest } from '../../shared/stores/overlay-store'

export const CHAT_PAGE = 'pages/chat/index'

onChatRequest((category) => {
  const pages = Taro.getCurrentPages()
  // on the chat page its own chat takes the request (components/chat registers when its code loads)
  if (pages[pages.length - 1]?.route === CHAT_PAGE) return
  void Taro.navigateTo({ url: `/${CHAT_PAGE}${category ? `?category=${encodeURIComponent(category)}` : ''}` })
})
