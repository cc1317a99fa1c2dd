/**
 * The mini-program's chat is a page of its own (pages/chat, its own subpackage, fetched ahead by every tab
 * page's preloadRule), so its code, styles and texts stay out of the main package that every first open
 * downloads. The entries ask through requestChat (shared/stores/overlay-store) as on the web, where the
 * overlay host draws the chat; here the request opens the page, with the entrance's service category.
 */
import { onChatRequest } from '../../shared/stores/overlay-store'
import { openPageUrl } from '../../shared/router/navigate'

export const CHAT_PAGE = 'pages/chat/index'

onChatRequest((category) => {
  void openPageUrl(`/${CHAT_PAGE}${category ? `?category=${encodeURIComponent(category)}` : ''}`)
})
