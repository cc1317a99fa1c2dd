/**
 * Live customer-service chat (spec sections 3, 4, 7 and 9). REST paths are relative to /api/v1;
 * the websocket lives at `/chat` on the same host (wss behind TLS).
 *
 * Connecting — `GET /chat?…` upgrade:
 * - customer: `?token=<bearer token>` (a logged-in user; customerId = String(user id));
 * - tourist:  `?touristId=<id from GET /signal/sign/get/newId>` (signed; customerId = its public part);
 * - agent:    `?token=<token>&role=kefu` (the user needs a kefu account).
 * A bad credential is answered with `{ type: 'error', code: 402 }` and the socket is closed (4401).
 *
 * The server opens with `{ type: 'connected', identity }`. A customer then announces itself with a
 * kefu_chat frame whose isConnected is 1 (no content); the server answers kefu_response: `kefu_up`
 * (agent assigned: keFuId, name, url) or `noBody` (nobody online). `kefu_down` later means the assigned
 * agent went offline and no other agent could take over; a new `kefu_up` means another agent took over.
 * Messages: kefu_chat frames with isConnected 1 and a msgType. Each stored message is acknowledged to its
 * sender with `{ type: 'ack', clientMsgId, message }` only after it is in the database; re-sending the same
 * clientMsgId (after a reconnect) never stores it twice. Heartbeat `{ type: 'heartbeat' }` every 5 minutes
 * is answered with `{ type: 'heartbeat' }`.
 */

import type { HelpdeskServerFrame } from './helpdesk'

export const CHAT_PATH = '/chat'
/** admin menu component of the adviser console; roles holding it act as agents */
export const CHAT_MENU_COMPONENT = 'chat/index'
export const CHAT_HEARTBEAT_MS = 300000
export const CHAT_PAGE_SIZE = 20
export const CHAT_MAX_FILES = 9
export const CHAT_MAX_FILE_BYTES = 104857600
export const CHAT_TEXT_MAX = 2000

export type ChatSendType = 'customer' | 'tourist' | 'kefu'
export type ChatMsgType = 'text' | 'image' | 'video' | 'audio' | 'file'
export const CHAT_MSG_TYPES: ChatMsgType[] = ['text', 'image', 'video', 'audio', 'file']

/** A stored chat message (spec section 3). */
export interface ChatMessage {
  id: number
  customerId: string
  sendId: string
  sendType: ChatSendType
  msgType: ChatMsgType
  msgContent: string
  url: string | null
  isConnected: 0 | 1
  sendTime: string
  /** set when the other side has read it */
  readTime: string | null
}

/** Client → server message frame (the spec's kefu_chat). */
export interface KefuChatOut {
  sendId?: string
  sendType?: ChatSendType
  isConnected: 0 | 1
  customerId?: string
  msgType?: ChatMsgType
  msgContent?: string
  url?: string | null
  /** the client's own id of this message, so a re-send after a reconnect is not stored twice */
  clientMsgId?: string
  /** the announcement only: the entrance's service category (CHAT_CATEGORY_ENTRANCES key) */
  category?: ChatCategoryEntrance
}

/** Spec section 3: customer service agent. */
export interface KefuInfo {
  keFuId: number
  name: string
  url: string | null
}

export type KefuStatus = 'noBody' | 'kefu_down' | 'kefu_up'
export interface KefuResponse extends Partial<KefuInfo> {
  status: KefuStatus
  customerId?: string
}

export interface ChatIdentity {
  sendId: string
  sendType: ChatSendType
  /** customers and tourists: their conversation id */
  customerId: string | null
  name: string
}

/** One conversation as an agent's console lists it. */
export interface ChatConversation {
  customerId: string
  customerType: 'customer' | 'tourist'
  name: string
  avatarUrl: string | null
  email: string | null
  status: 'open' | 'queued' | 'closed'
  online: boolean
  unread: number
  lastMessage: ChatMessage | null
  lastTime: string | null
  tags: string[]
  /** the visitor's language (from its chat socket): canned replies are sent in it */
  lang?: 'zh' | 'en'
  /** the service category it came in through (null = general) */
  categoryId?: number | null
}

/** Frames the server sends. */
export type ChatServerFrame =
  | { type: 'connected'; identity: ChatIdentity; online?: boolean; status?: AgentStatus }
  | { kefu_response: KefuResponse }
  | { kefu_chat: ChatMessage }
  | { type: 'ack'; clientMsgId: string | null; message: ChatMessage }
  | { type: 'heartbeat'; time: string }
  | { type: 'error'; code: number; message: string; clientMsgId?: string | null }
  | { type: 'read'; customerId: string; readerType: ChatSendType; upToId: number }
  /** agents: their switch state and current conversations */
  | { type: 'kefu_state'; online: boolean; status: AgentStatus }
  | { type: 'assigned'; conversation: ChatConversation; transfer?: ChatTransferInfo }
  /** the sender's transfer went through */
  | { type: 'transferred'; customerId: string; toKefuId: number; name: string }
  /** the handling history an agent asked for (kefu_history) */
  | { type: 'history'; customerId: string; events: ChatHandlingEvent[] }
  | { type: 'unassigned'; customerId: string }
  | { type: 'presence'; customerId: string; online: boolean }
  /** helpdesk frames: typing, closed, rated (helpdesk.ts) */
  | HelpdeskServerFrame

/** A transfer as the receiving agent sees it; the note is for agents only, never sent to the visitor. */
export interface ChatTransferInfo {
  fromKefuId: number
  fromName: string
  note: string | null
}

/** One line of a conversation's handling history: who handled it when. */
export interface ChatHandlingEvent {
  kind: 'routed' | 'queued' | 'transferred' | 'closed'
  fromKefuId: number | null
  fromName: string | null
  toKefuId: number | null
  toName: string | null
  note: string | null
  time: string
}

export const CHAT_TRANSFER_NOTE_MAX = 500

/**
 * Agent → server: hand a conversation it holds to another online agent (toKefuId) or to an online agent
 * of a service category (toCategory), with a private note. 422 = not its conversation / neither or both
 * targets / itself; 436 = the agent (or every agent of the category) is not online; 618 = unknown
 * category; 433 = note too long. A refused transfer changes nothing.
 */
export interface KefuTransferOut {
  kefu_transfer: { customerId: string; toKefuId?: number; toCategory?: ChatCategoryEntrance; note?: string }
}

/** Agent → server: the handling history of a conversation it holds → { type: 'history' }. */
export interface KefuHistoryOut {
  kefu_history: { customerId: string }
}

/**
 * An agent's availability: only `online` agents get new conversations; `away` keeps the conversations
 * already held; `offline` (also when the agent's last console tab closes) hands them over.
 */
export const AGENT_STATUSES = ['online', 'away', 'offline'] as const
export type AgentStatus = (typeof AGENT_STATUSES)[number]

/** Agent → server: availability (`online: boolean` is the older switch: true = online, false = offline). */
export interface KefuStatusOut {
  kefu_status: { status?: AgentStatus; online?: boolean }
}

/**
 * The chat's entrances with a service category (the footer's convenient entrances, the floating menu):
 * the announcement's `category` names the business the category is linked to (service_category_links),
 * and the conversation goes to an online agent of that category (least busy first), else to any online
 * agent, else waits unanswered. An unknown entrance is refused with 618 and changes nothing.
 */
export const CHAT_CATEGORY_ENTRANCES = { job: 'apply_job', startup: 'entrepreneurship', tech: 'achievement_transform' } as const
export type ChatCategoryEntrance = keyof typeof CHAT_CATEGORY_ENTRANCES
export const isChatCategoryEntrance = (v: unknown): v is ChatCategoryEntrance => typeof v === 'string' && Object.prototype.hasOwnProperty.call(CHAT_CATEGORY_ENTRANCES, v)
/** the entrance of a returning-home service code (the services page's "consult" buttons), or null */
export const chatEntranceOfBusiness = (code: string): ChatCategoryEntrance | null =>
  (Object.keys(CHAT_CATEGORY_ENTRANCES) as ChatCategoryEntrance[]).find((k) => CHAT_CATEGORY_ENTRANCES[k] === code) ?? null

export const CHAT_API = {
  /** GET → result: a signed tourist id (string), or -1 on failure */
  newTouristId: '/signal/sign/get/newId',
  /** POST { customerId?, touristId?, page = 1, pageSize = 20 } → Page<ChatMessage> (the newest page, oldest first) */
  list: '/message/message/list/message',
  /** POST { customerId?, touristId?, id, pageSize = 20 } → { list (oldest first), total (messages before id) } */
  history: '/message/message/list/history/message',
  /** POST { page = 1, pageSize = 20, keyword? } (agents) → Page<ChatConversation>, newest activity first */
  listByKeFu: '/message/message/listByKeFu/message',
  /** POST { customerId?, touristId?, id? } → { count } marks the other side's messages (up to id) as read */
  read: '/message/message/read/message',
  /** POST multipart "file" (?touristId= for tourists, else Bearer) → file URL; 100 MB (tourists cannot use the user upload) */
  upload: '/message/message/upload/file',
} as const

export interface ChatListBody {
  customerId?: string
  touristId?: string
  page?: number
  pageSize?: number
}
export interface ChatHistoryBody {
  customerId?: string
  touristId?: string
  id: number
  pageSize?: number
}
export interface ChatHistoryResult {
  list: ChatMessage[]
  total: number
}
export interface ChatReadBody {
  customerId?: string
  touristId?: string
  id?: number
}

/** Which message type a file of this name/MIME type is sent as. */
export function msgTypeOfFile(name: string, mime?: string | null): ChatMsgType {
  const m = (mime || '').toLowerCase()
  const ext = (/\.([a-z0-9]+)$/i.exec(name)?.[1] || '').toLowerCase()
  if (m.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'].includes(ext)) return 'image'
  if (m.startsWith('video/') || ['mp4', 'mov', 'webm', 'avi', 'mkv'].includes(ext)) return 'video'
  if (m.startsWith('audio/') || ['mp3', 'wav', 'm4a', 'aac', 'ogg'].includes(ext)) return 'audio'
  return 'file'
}

/** Spec section 5: at most 9 files, each under 100 MB. Returns the i18n key of the problem or null. */
export function checkChatFiles(files: Array<{ size: number }>): 'chat.tooManyFiles' | 'chat.fileTooLarge' | null {
  if (files.length > CHAT_MAX_FILES) return 'chat.tooManyFiles'
  if (files.some((f) => f.size >= CHAT_MAX_FILE_BYTES)) return 'chat.fileTooLarge'
  return null
}

/**
 * How a chat socket authenticates (never in the URL, which lands in access logs): either the first
 * frame is `{ auth: { token, role?: 'kefu' } }` / `{ auth: { touristId } }`, or the credentials are
 * offered as sub-protocols next to this one: `['haijiao-chat', 'bearer.<token>']` / `'tourist.<id>'`.
 */
export const CHAT_SUBPROTOCOL = 'haijiao-chat'
export type ChatAuthFrame = { auth: { token: string; role?: 'kefu' } | { touristId: string } }
