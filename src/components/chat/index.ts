/** Live customer-service chat (issue 6): open it with openChat(); mount <ChatHost /> where it may show. */
export { default as ChatHost } from './chat-host'
export { openChat, closeChat, useChat } from './chat-store'
