/**
 * The consumer's chat session (spec section 4): one socket per open card. Opening connects (token, or
 * the tourist id from session storage), announces with isConnected 1 and waits for kefu_response:
 * kefu_up → the chat card with the agent's name and avatar; noBody / kefu_down → the leave-message
 * card. Messages are kept until the server acknowledges them and re-sent after a reconnect (the server
 * drops duplicates by clientMsgId). Closing either card resets everything and closes the socket.
 */
import { create } from 'zustand'
import { SocketClient } from '../../shared/socket/socket-client'
import { getToken } from '../../shared/storage'
import { t } from '../../shared/i18n'
import { historyMessages, listMessages, readMessages, touristId, uploadChatFile } from '../../shared/api/chat'
import {
  CHAT_HEARTBEAT_MS,
  CHAT_PAGE_SIZE,
  checkChatFiles,
  msgTypeOfFile,
  type ChatAuthFrame,
  type ChatCategoryEntrance,
  type ChatIdentity,
  type ChatMessage,
  type ChatMsgType,
  type KefuInfo,
} from '@contracts/chat'
import { chatSocketBase, chatSocketHeader, listenForChatRequests } from './platform'
import type { PickedFile } from './picked-file'
import { toast } from '../../shared/stores/toast-store'
import { businessHours, emailTranscript, rateConversation } from '../../shared/api/helpdesk'
import { TYPING_INTERVAL_MS, type BusinessHoursState } from '@contracts/helpdesk'
import '../../shared/i18n/sections/chat'

export type ChatPanel = 'closed' | 'connecting' | 'chat' | 'leave'

export interface PendingMessage {
  clientMsgId: string
  msgType: ChatMsgType
  msgContent: string
  url: string | null
  failed?: boolean
}

export interface ChatState {
  panel: ChatPanel
  identity: ChatIdentity | null
  kefu: KefuInfo | null
  /** why the leave-message card is showing ('hours': outside business hours) */
  reason: 'noBody' | 'kefu_down' | 'hours' | null
  /** the desk's business hours when the chat opened (null: unknown, treated as open) */
  hours: BusinessHoursState | null
  /** the agent is typing */
  typing: boolean
  /** the agent closed the conversation: 'ask' = rate it (asked once), 'done' = rated, null = nothing to rate */
  rating: 'ask' | 'done' | null
  /** the agent closed the conversation */
  closed: boolean
  /** the entrance's service category (footer entrances, floating menu): routes to that category's agents */
  category: ChatCategoryEntrance | null
  messages: ChatMessage[]
  pending: PendingMessage[]
  hasMore: boolean
  loadingHistory: boolean
  uploading: number
}

const initial = (): ChatState => ({
  panel: 'closed',
  identity: null,
  kefu: null,
  reason: null,
  hours: null,
  typing: false,
  rating: null,
  closed: false,
  category: null,
  messages: [],
  pending: [],
  hasMore: false,
  loadingHistory: false,
  uploading: 0,
})

export const useChat = create<ChatState>(() => initial())

let socket: SocketClient | null = null
/** bumps on every open/close so late answers of an old session are dropped */
let session = 0
let seq = 0

const toastKey = (key: string) => toast(t(key), { duration: 2500 })

function merge(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]))
  for (const m of more) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

function newClientMsgId(): string {
  seq += 1
  return `${Date.now().toString(36)}-${seq}-${Math.random().toString(36).slice(2, 8)}`
}

function frameOf(p: PendingMessage) {
  const s = useChat.getState()
  return {
    kefu_chat: {
      sendId: s.identity?.sendId,
      sendType: s.identity?.sendType,
      isConnected: 1,
      customerId: s.identity?.customerId ?? undefined,
      msgType: p.msgType,
      msgContent: p.msgContent,
      url: p.url,
      clientMsgId: p.clientMsgId,
    },
  }
}

async function loadFirstPage(my: number) {
  const env = await listMessages(undefined, 1, CHAT_PAGE_SIZE).catch(() => null)
  if (my !== session || !env || env.code !== 200) return
  useChat.setState((s) => ({ messages: merge(s.messages, env.result.list), hasMore: env.result.total > env.result.list.length }))
  markRead(my)
}

let readTimer: ReturnType<typeof setTimeout> | null = null
let typingTimer: ReturnType<typeof setTimeout> | null = null
let lastTypingSent = 0
function markRead(my: number) {
  if (readTimer) clearTimeout(readTimer)
  readTimer = setTimeout(() => {
    if (my !== session || useChat.getState().panel !== 'chat') return
    const unread = useChat.getState().messages.some((m) => m.sendType === 'kefu' && !m.readTime)
    if (unread) void readMessages().catch(() => undefined)
  }, 300)
}

function onFrame(my: number, data: any) {
  if (my !== session || !data || typeof data !== 'object') return
  if (data.type === 'connected') {
    useChat.setState({ identity: data.identity })
    // announce, then re-send whatever was not acknowledged before a reconnect
    announce()
    for (const p of useChat.getState().pending) if (!p.failed) socket?.send(frameOf(p))
    return
  }
  if (data.kefu_response) {
    const r = data.kefu_response
    if (r.status === 'kefu_up') {
      const wasChat = useChat.getState().panel === 'chat'
      useChat.setState({ panel: 'chat', reason: null, kefu: { keFuId: r.keFuId, name: r.name, url: r.url ?? null } })
      if (!wasChat) void loadFirstPage(my)
    } else if (r.status === 'noBody' || r.status === 'kefu_down') {
      useChat.setState({ panel: 'leave', reason: r.status, kefu: null })
    }
    return
  }
  if (data.type === 'typing' && data.from === 'kefu') {
    useChat.setState({ typing: true })
    if (typingTimer) clearTimeout(typingTimer)
    typingTimer = setTimeout(() => useChat.setState({ typing: false }), TYPING_INTERVAL_MS * 2)
    return
  }
  if (data.type === 'closed') {
    // asked once: a second 'closed' (another tab, a reconnect) does not ask again
    useChat.setState((s) => ({ closed: true, typing: false, rating: s.rating ?? (data.rateable ? 'ask' : null) }))
    return
  }
  if (data.kefu_chat) {
    const m = data.kefu_chat as ChatMessage
    useChat.setState((s) => ({ messages: merge(s.messages, [m]), ...(m.sendType === 'kefu' ? { typing: false } : {}), ...(m.sendType !== 'kefu' ? { closed: false } : {}) }))
    if (m.sendType === 'kefu') markRead(my)
    return
  }
  if (data.type === 'ack') {
    useChat.setState((s) => ({ messages: merge(s.messages, [data.message]), pending: s.pending.filter((p) => p.clientMsgId !== data.clientMsgId) }))
    return
  }
  if (data.type === 'read' && data.readerType === 'kefu') {
    useChat.setState((s) => ({ messages: s.messages.map((m) => (m.sendType !== 'kefu' && m.id <= data.upToId && !m.readTime ? { ...m, readTime: new Date().toISOString() } : m)) }))
    return
  }
  if (data.type === 'error') {
    // an entrance the server does not know (618): ask again without it rather than hang on "connecting"
    if (data.code === 618 && useChat.getState().category) {
      useChat.setState({ category: null })
      announce()
      return
    }
    if (data.clientMsgId) useChat.setState((s) => ({ pending: s.pending.map((p) => (p.clientMsgId === data.clientMsgId ? { ...p, failed: true } : p)) }))
    // socket errors are only logged (spec section 8)
    console.warn('[chat] server error', data.code, data.message)
  }
}

/** The announcement (isConnected 1, no content) with the entrance's category, if any. */
function announce() {
  const { identity, category } = useChat.getState()
  if (!identity) return
  socket?.send({ kefu_chat: { sendId: identity.sendId, sendType: identity.sendType, isConnected: 1, customerId: identity.customerId ?? undefined, ...(category ? { category } : {}) } })
}

/**
 * Open the chat (the floating menu, the footer entrances and the services page ask through requestChat),
 * with the entrance's service category when given; an open chat asked for another category announces
 * itself again so the conversation goes to that category's agents.
 */
export async function openChat(category: ChatCategoryEntrance | null = null): Promise<void> {
  if (useChat.getState().panel !== 'closed') {
    if (category && category !== useChat.getState().category) {
      useChat.setState({ category })
      announce()
    }
    return
  }
  const my = ++session
  useChat.setState({ ...initial(), panel: 'connecting', category })
  // outside business hours: the leave-message card says when advisers are back (no socket); unknown hours = open
  const hours = await businessHours()
    .then((env) => (env.code === 200 ? env.result : null))
    .catch(() => null)
  if (my !== session) return
  if (hours && !hours.open) {
    useChat.setState({ panel: 'leave', reason: 'hours', hours })
    return
  }
  useChat.setState({ hours })
  // credentials go in the socket's first frame, never the URL (server logs keep URLs)
  let auth: ChatAuthFrame
  const token = getToken()
  if (token) auth = { auth: { token } }
  else {
    const tid = await touristId().catch(() => null)
    if (my !== session) return
    if (!tid) {
      // no id, no socket: the visitor can still leave a message
      useChat.setState({ panel: 'leave', reason: 'noBody' })
      return
    }
    auth = { auth: { touristId: tid } }
  }
  socket = new SocketClient({
    url: () => chatSocketBase(),
    // the mini-program sends the chosen language (the conversation's language for canned replies)
    header: chatSocketHeader,
    // a refreshed token is picked up on reconnect
    auth: () => (token ? { auth: { token: getToken() || token } } : auth),
    heartbeatMs: CHAT_HEARTBEAT_MS,
    heartbeat: { type: 'heartbeat' },
    onMessage: (data) => onFrame(my, data),
  })
  socket.connect()
}

/** Close either card: state back to the start, socket closed. */
export function closeChat(): void {
  session += 1
  if (readTimer) clearTimeout(readTimer)
  if (typingTimer) clearTimeout(typingTimer)
  socket?.close()
  socket = null
  useChat.setState({ ...initial() })
}

/** Send a text; empty text sends nothing. */
export function sendText(text: string): boolean {
  if (!text.trim() || !socket) return false
  const p: PendingMessage = { clientMsgId: newClientMsgId(), msgType: 'text', msgContent: text, url: null }
  useChat.setState((s) => ({ pending: [...s.pending, p] }))
  socket.send(frameOf(p))
  return true
}

/** The visitor is typing: the agent sees it (at most one frame per interval; nothing is stored). */
export function notifyTyping(): void {
  const now = Date.now()
  if (!socket || useChat.getState().panel !== 'chat' || now - lastTypingSent < TYPING_INTERVAL_MS) return
  lastTypingSent = now
  socket.send({ kefu_typing: {} })
}

/** Rate the closed conversation 1–5 with an optional comment; true when stored. */
export async function rateChat(score: number, comment: string): Promise<boolean> {
  const my = session
  const env = await rateConversation(score, comment).catch(() => null)
  if (my !== session) return false
  // already rated (683): nothing more to ask
  if (env && (env.code === 200 || env.code === 683)) {
    useChat.setState({ rating: 'done' })
    return true
  }
  return false
}

/** Not now: the rating is not asked again for this conversation. */
export function skipRating(): void {
  useChat.setState({ rating: null })
}

/** E-mail the transcript (tourists give the address; users' goes to their account's); the masked address or null. */
export async function sendTranscript(email?: string): Promise<string | null> {
  const env = await emailTranscript(email).catch(() => null)
  return env?.code === 200 ? env.result.to : null
}

/** Upload and send up to 9 files (each under 100 MB), each as its type. */
export async function sendFiles(files: PickedFile[]): Promise<void> {
  if (!files.length) return
  const problem = checkChatFiles(files)
  if (problem) {
    toastKey(problem)
    return
  }
  const my = session
  for (const f of files) {
    useChat.setState((s) => ({ uploading: s.uploading + 1 }))
    const r = await uploadChatFile(f.path, f.name)
    if (my !== session) return
    useChat.setState((s) => ({ uploading: Math.max(0, s.uploading - 1) }))
    if (!r.ok) {
      toastKey(r.reason === 'tooLarge' ? 'chat.fileTooLarge' : 'chat.uploadFailed')
      continue
    }
    const p: PendingMessage = { clientMsgId: newClientMsgId(), msgType: msgTypeOfFile(f.name, f.type), msgContent: f.name, url: r.url }
    useChat.setState((s) => ({ pending: [...s.pending, p] }))
    socket?.send(frameOf(p))
  }
}

/** Scrolled to the top: the 20 messages before the earliest shown one. */
export async function loadHistory(): Promise<void> {
  const s = useChat.getState()
  if (!s.hasMore || s.loadingHistory || !s.messages.length) return
  const my = session
  useChat.setState({ loadingHistory: true })
  const env = await historyMessages(s.messages[0].id).catch(() => null)
  if (my !== session) return
  if (!env || env.code !== 200) {
    useChat.setState({ loadingHistory: false })
    return
  }
  useChat.setState((st) => ({ loadingHistory: false, messages: merge(st.messages, env.result.list), hasMore: env.result.total > env.result.list.length }))
}

listenForChatRequests((category) => void openChat(category))

/** Test hook: the live socket (or null). */
export function currentSocket(): SocketClient | null {
  return socket
}
