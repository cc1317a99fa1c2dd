/** Live customer-service chat: the frame opens it through the overlay store (requestChat); the overlay host mounts <ChatHost />. */
export { default as ChatHost } from './chat-host'
export { openChat, closeChat, useChat } from './chat-store'
