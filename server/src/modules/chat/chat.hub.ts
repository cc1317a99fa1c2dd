/**
 * The live side of the chat: sockets of this instance and the protocol of spec sections 4 and 7 (agent
 * assignment and hand-over: chat.assignment.ts; the agent's conversation list: chat.views.ts). State that other instances must see (conversations, agents' switch,
 * presence) lives in the database; frames travel over the bus (Redis when REDIS_URL is set).
 *
 * Parties: "c:<customerId>" for a customer/tourist conversation, "k:<user id>" for an agent.
 */
import crypto from 'node:crypto'
import type { WebSocket } from 'ws'
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../context'
import { messageFor } from '@contracts/error-codes'
import {
  AGENT_STATUSES,
  CHAT_CATEGORY_ENTRANCES,
  isChatCategoryEntrance,
  CHAT_HEARTBEAT_MS,
  CHAT_MSG_TYPES,
  CHAT_TEXT_MAX,
  CHAT_TRANSFER_NOTE_MAX,
  type ChatIdentity,
  type ChatMessage,
  type ChatMsgType,
  type ChatServerFrame,
} from '@contracts/chat'
import { ChatRepository, toMessage, type ConversationRow, type NewMessage } from './chat.repository'
import { MemoryBus, RedisBus, type ChatBus } from './chat.bus'
import { ChatAssignment } from './chat.assignment'
import { ChatViews } from './chat.views'
import type { ChatHubCore } from './chat.hub-core'
import { verifyTouristId } from './tourist-id'
import { MemoryFrameRate, RedisFrameRate, SocketCounts, type FrameRate } from './chat.limits'
import { HelpdeskSettingsStore } from './helpdesk.settings'
import { HelpdeskRepository } from './helpdesk.repository'
import { TYPING_INTERVAL_MS } from '@contracts/helpdesk'

export { CHAT_FRAME_BURST, CHAT_FRAME_WINDOW_MS } from './chat.limits'

export interface Conn {
  socket: WebSocket
  identity: ChatIdentity
  userId: number | null
  party: string
  lang: 'zh' | 'en'
  idleTimer: ReturnType<typeof setTimeout> | null
  /** the client's address: sockets are limited per address too (chat.limits.ts) */
  address: string
}

class FrameError extends Error {
  constructor(readonly code: number, readonly clientMsgId: string | null = null) {
    super(`chat frame error ${code}`)
  }
}

const FILE_URL = /^\/uploads\/[A-Za-z0-9_\-./]+$/
/** a socket that has not authenticated by then is closed */
export const AUTH_TIMEOUT_MS = 10_000

export interface ChatCredentials {
  token?: string
  touristId?: string
  role?: unknown
}

const credential = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 2048 ? v : undefined)

/** the first frame's `{ auth: { token, role } | { touristId } }`, or null */
function authFrame(raw: string): ChatCredentials | null {
  try {
    const auth = (JSON.parse(raw) as { auth?: Record<string, unknown> })?.auth
    if (!auth || typeof auth !== 'object') return null
    const creds = { token: credential(auth.token), touristId: credential(auth.touristId), role: auth.role }
    return creds.token || creds.touristId ? creds : null
  } catch {
    return null
  }
}

/**
 * Credentials offered as sub-protocols next to CHAT_SUBPROTOCOL: `bearer.<token>` or
 * `tourist.<touristId>` (both are header-token characters), e.g.
 * `new WebSocket(url, ['haijiao-chat', 'bearer.' + token])`.
 */
export function chatCredentials(header: string | undefined): ChatCredentials | null {
  if (!header) return null
  for (const p of header.split(',').map((s) => s.trim())) {
    if (p.startsWith('bearer.')) return { token: credential(p.slice(7)) }
    if (p.startsWith('tourist.')) return { touristId: credential(p.slice(8)) }
  }
  return null
}
const CLIENT_MSG_ID = /^[A-Za-z0-9_\-:.]{1,64}$/

/** the presence renewal's turns per period */
const PRESENCE_SLICES = 10
/** a party's turn: FNV-1a of its name */
function presenceSlice(party: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < party.length; i++) h = Math.imul(h ^ party.charCodeAt(i), 0x01000193)
  return (h >>> 0) % PRESENCE_SLICES
}

export class ChatHub implements ChatHubCore {
  readonly instanceId = crypto.randomBytes(8).toString('hex')
  /** a socket silent for this long is closed (two missed heartbeats plus slack); tests lower it */
  idleTimeoutMs = CHAT_HEARTBEAT_MS * 2 + 30000
  /** presence rows older than this belong to a dead instance */
  presenceLeaseMs = 180000
  presenceRefreshMs = 60000

  readonly repo: ChatRepository
  readonly views: ChatViews
  /** alert delay, concurrent-conversation limit, business hours (helpdesk.settings.ts) */
  readonly settings: HelpdeskSettingsStore
  /** canned replies, ratings, alerts, search */
  readonly desk: HelpdeskRepository
  private readonly assignment: ChatAssignment
  private bus: ChatBus = new MemoryBus((p, f) => this.deliverLocal(p, f))
  private readonly local = new Map<string, Set<Conn>>()
  private refreshTimer: ReturnType<typeof setInterval> | null = null
  /** frames per identity across sockets (and instances, over Redis); sockets per identity and address */
  private frameRate: FrameRate = new MemoryFrameRate()
  private readonly sockets = new SocketCounts()
  private closing = false
  private presenceTurn = 0

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new ChatRepository(ctx.db, ctx.dbKind)
    this.settings = new HelpdeskSettingsStore(ctx.db, ctx.clock)
    this.desk = new HelpdeskRepository(ctx.db, ctx.dbKind)
    this.views = new ChatViews(this)
    this.assignment = new ChatAssignment(this, this.views)
  }

  get busKind() {
    return this.bus.kind
  }

  /** chat sockets open on this instance (the open-sockets metric) */
  get openSockets(): number {
    let n = 0
    for (const set of this.local.values()) n += set.size
    return n
  }

  async start(): Promise<void> {
    if (this.ctx.config.redisUrl) {
      this.bus = await RedisBus.connect(this.ctx.config.redisUrl, this.ctx.config.redisPrefix, (p, f) => this.deliverLocal(p, f), (msg, err) => this.log.warn({ err }, msg))
      this.frameRate = new RedisFrameRate(this.ctx.config.redisUrl, this.ctx.config.redisPrefix, this.instanceId, (msg, err) => this.log.warn({ err }, msg))
    }
    // each party's lease is renewed once per presenceRefreshMs, in PRESENCE_SLICES turns (a party's turn
    // is fixed by its name): 10,000 parties renewed at once stalled every message for ~100 ms each minute
    this.refreshTimer = setInterval(() => {
      const turn = this.presenceTurn++ % PRESENCE_SLICES
      const due = [...this.local.keys()].filter((party) => presenceSlice(party) === turn)
      if (due.length) void this.repo.touchPresence(this.instanceId, due, this.nowIso()).catch((err) => this.log.warn({ err }, 'chat presence refresh failed'))
    }, this.presenceRefreshMs / PRESENCE_SLICES)
    this.refreshTimer.unref?.()
  }

  /**
   * Server shutdown: sockets close with 1012 "service restart" (RFC 6455: the client should reconnect,
   * and behind a load balancer lands on another instance) without handing conversations over.
   */
  async stop(): Promise<void> {
    this.closing = true
    if (this.refreshTimer) clearInterval(this.refreshTimer)
    for (const set of this.local.values()) {
      for (const c of set) {
        if (c.idleTimer) clearTimeout(c.idleTimer)
        try {
          c.socket.close(1012, 'service restart')
        } catch {
          /* already closed */
        }
      }
    }
    this.local.clear()
    await this.repo.dropPresence(this.instanceId).catch(() => undefined)
    await this.bus.close()
    await this.frameRate.close()
  }

  nowIso(): string {
    return this.ctx.clock.now().toISOString()
  }
  leaseStart(): string {
    return new Date(this.ctx.clock.now().getTime() - this.presenceLeaseMs).toISOString()
  }

  // ---------------------------------------------------------------- delivery
  private send(c: Conn, frame: ChatServerFrame | unknown) {
    if (c.socket.readyState === 1) c.socket.send(JSON.stringify(frame))
  }

  /** a frame off the bus, already JSON: sent as it came to every socket of the party on this instance */
  private deliverLocal(party: string, frameJson: string) {
    const set = this.local.get(party)
    if (!set) return
    for (const c of set) if (c.socket.readyState === 1) c.socket.send(frameJson)
  }

  publish(party: string, frame: ChatServerFrame): Promise<void> {
    return this.bus.publish(party, frame).catch((err) => this.log.warn({ err }, 'chat publish failed'))
  }

  private error(c: Conn, code: number, clientMsgId: string | null = null) {
    this.send(c, { type: 'error', code, message: messageFor(code, c.lang), clientMsgId })
  }

  // ---------------------------------------------------------------- connections
  /**
   * Who is connecting: { token [, role: 'kefu'] } or { touristId }, from the first frame or the
   * Sec-WebSocket-Protocol offer (chatCredentials) — never from the URL, which lands in access logs.
   * null = refused.
   */
  async identify(creds: ChatCredentials): Promise<{ identity: ChatIdentity; userId: number | null } | null> {
    const touristId = creds.touristId ?? ''
    const token = creds.token ?? ''
    if (token) {
      const claims = await this.ctx.tokens.verify(token)
      if (!claims) return null
      const user = await this.repo.userProfile(claims.userId)
      if (!user || user.token_version !== claims.tv) return null
      if (creds.role === 'kefu') {
        // agents answer from the admin console: a consumer-login token cannot take the agent side
        if (claims.client !== 'admin' || !(await this.repo.isAgent(user.id, this.nowIso()))) return null
        return { identity: { sendId: String(user.id), sendType: 'kefu', customerId: null, name: user.nick_name }, userId: user.id }
      }
      return { identity: { sendId: String(user.id), sendType: 'customer', customerId: String(user.id), name: user.nick_name }, userId: user.id }
    }
    const publicId = verifyTouristId(this.ctx.config.jwtSecret, touristId)
    if (!publicId) return null
    return { identity: { sendId: publicId, sendType: 'tourist', customerId: publicId, name: publicId }, userId: null }
  }

  /**
   * Called synchronously by the route. Credentials come from the protocol offer, else the first
   * frame must be `{ auth: { token, role? } | { touristId } }` (within AUTH_TIMEOUT_MS); later frames
   * are queued in order behind the authentication.
   */
  attach(socket: WebSocket, offered: ChatCredentials | null, lang: 'zh' | 'en', role: unknown = null, address = ''): void {
    let conn: Conn | null = null
    let resolveCreds: (c: ChatCredentials | null) => void = () => {}
    const credsReady = offered ? Promise.resolve(offered) : new Promise<ChatCredentials | null>((r) => (resolveCreds = r))
    let awaitingAuthFrame = !offered
    const authTimer = offered
      ? null
      : setTimeout(() => {
          awaitingAuthFrame = false
          resolveCreds(null)
        }, AUTH_TIMEOUT_MS)
    authTimer?.unref?.()
    let chain: Promise<unknown> = credsReady
      .then((creds) => (creds ? this.identify({ role, ...creds }) : null))
      .then(async (who) => {
        if (!who) {
          socket.send(JSON.stringify({ type: 'error', code: 402, message: messageFor(402, lang) }))
          socket.close(4401, 'unauthorized')
          return
        }
        if (this.closing) {
          socket.close(1012, 'service restart')
          return
        }
        const party = who.identity.sendType === 'kefu' ? `k:${who.userId}` : `c:${who.identity.customerId}`
        if (!this.sockets.take(party, address)) {
          socket.send(JSON.stringify({ type: 'error', code: 432, message: messageFor(432, lang) }))
          socket.close(1008, 'too many sockets')
          return
        }
        conn = { socket, identity: who.identity, userId: who.userId, party, lang, idleTimer: null, address }
        await this.register(conn)
      })
      .catch((err) => {
        this.log.warn({ err }, 'chat connect failed')
        socket.close(1011, 'error')
      })
    socket.on('message', (data) => {
      if (awaitingAuthFrame) {
        awaitingAuthFrame = false
        if (authTimer) clearTimeout(authTimer)
        resolveCreds(authFrame(String(data)))
        return
      }
      chain = chain.then(async () => {
        if (!conn || this.closing) return
        this.bumpIdle(conn)
        try {
          await this.onFrame(conn, String(data))
        } catch (err) {
          if (err instanceof FrameError) this.error(conn, err.code, err.clientMsgId)
          else {
            this.log.warn({ err }, 'chat frame failed')
            this.error(conn, 500)
          }
        }
      })
    })
    socket.on('close', () => {
      if (authTimer) clearTimeout(authTimer)
      if (awaitingAuthFrame) resolveCreds(null)
      chain = chain.then(async () => {
        if (!conn) return
        this.sockets.release(conn.party, conn.address)
        await this.unregister(conn).catch((err) => this.log.warn({ err }, 'chat disconnect failed'))
      })
    })
  }

  private bumpIdle(c: Conn) {
    if (c.idleTimer) clearTimeout(c.idleTimer)
    c.idleTimer = setTimeout(() => {
      try {
        c.socket.close(4408, 'idle')
      } catch {
        /* gone */
      }
    }, this.idleTimeoutMs)
    c.idleTimer.unref?.()
  }

  private async register(c: Conn) {
    let set = this.local.get(c.party)
    const first = !set
    if (!set) this.local.set(c.party, (set = new Set()))
    set.add(c)
    this.bumpIdle(c)
    await this.repo.touchPresence(this.instanceId, [c.party], this.nowIso())
    if (c.identity.sendType === 'kefu') {
      const status = await this.repo.agentStatus(c.userId!)
      const online = status === 'online'
      this.send(c, { type: 'connected', identity: c.identity, online, status })
      if (first && online) await this.assignment.claimQueued()
    } else {
      this.send(c, { type: 'connected', identity: c.identity })
    }
  }

  private async unregister(c: Conn) {
    if (c.idleTimer) clearTimeout(c.idleTimer)
    if (this.closing) return
    const set = this.local.get(c.party)
    if (!set || !set.delete(c)) return
    if (set.size) return
    this.local.delete(c.party)
    await this.repo.dropPresence(this.instanceId, c.party)
    if (await this.repo.present(c.party, this.leaseStart())) return // still connected on another instance
    if (c.identity.sendType === 'kefu') {
      // the agent's last console tab closed (on every instance): offline, and its conversations move on
      await this.assignment.setAgentStatus(c.userId!, 'offline')
    } else {
      const conv = await this.repo.conversation(c.identity.customerId!)
      if (!conv) return
      if (conv.status !== 'closed') await this.repo.setStatus(conv.id, 'closed', this.nowIso())
      if (conv.kefu_id) await this.publish(`k:${conv.kefu_id}`, { type: 'presence', customerId: conv.customer_id, online: false })
    }
  }

  // ---------------------------------------------------------------- frames
  private async onFrame(c: Conn, raw: string) {
    let msg: any
    try {
      msg = JSON.parse(raw)
    } catch {
      throw new FrameError(421)
    }
    if (!msg || typeof msg !== 'object') throw new FrameError(421)
    if (msg.type === 'heartbeat' || msg.heartbeat !== undefined) {
      // the presence lease follows the heartbeat too
      await this.repo.touchPresence(this.instanceId, [c.party], this.nowIso())
      this.send(c, { type: 'heartbeat', time: this.nowIso() })
      return
    }
    // typing is not stored and not counted as a frame: forwarded once per interval per identity, the rest dropped
    if (msg.kefu_typing && typeof msg.kefu_typing === 'object') {
      await this.onTyping(c, msg.kefu_typing)
      return
    }
    // a flood gets an error frame per extra frame, stores nothing, and the socket stays usable; the
    // count is the identity's over all its sockets, so more sockets send no more
    if (!(await this.frameRate.allow(c.party, this.ctx.clock.now().getTime()))) {
      const id = msg.kefu_chat && typeof msg.kefu_chat.clientMsgId === 'string' && CLIENT_MSG_ID.test(msg.kefu_chat.clientMsgId) ? msg.kefu_chat.clientMsgId : null
      throw new FrameError(432, id)
    }
    if (msg.kefu_status && typeof msg.kefu_status === 'object') {
      if (c.identity.sendType !== 'kefu') throw new FrameError(421)
      const given = msg.kefu_status.status
      if (given !== undefined && !AGENT_STATUSES.includes(given)) throw new FrameError(421)
      await this.assignment.setAgentStatus(c.userId!, given ?? (msg.kefu_status.online ? 'online' : 'offline'))
      return
    }
    if (msg.kefu_transfer && typeof msg.kefu_transfer === 'object') {
      if (c.identity.sendType !== 'kefu') throw new FrameError(421)
      await this.onTransfer(c, msg.kefu_transfer)
      return
    }
    if (msg.kefu_history && typeof msg.kefu_history === 'object') {
      if (c.identity.sendType !== 'kefu') throw new FrameError(421)
      const customerId = typeof msg.kefu_history.customerId === 'string' ? msg.kefu_history.customerId : ''
      const conv = customerId ? await this.repo.conversation(customerId) : undefined
      // only the agent holding the conversation reads its history (the notes are private to agents)
      if (!conv || conv.kefu_id !== c.userId) throw new FrameError(422)
      this.send(c, { type: 'history', customerId, events: await this.assignment.history(conv.id) })
      return
    }
    if (msg.kefu_read && typeof msg.kefu_read === 'object') {
      await this.onRead(c, msg.kefu_read)
      return
    }
    if (msg.kefu_close && typeof msg.kefu_close === 'object') {
      if (c.identity.sendType !== 'kefu') throw new FrameError(421)
      await this.onClose(c, msg.kefu_close)
      return
    }
    if (msg.kefu_canned && typeof msg.kefu_canned === 'object') {
      if (c.identity.sendType !== 'kefu') throw new FrameError(421)
      await this.onCanned(c, msg.kefu_canned)
      return
    }
    const chat = msg.kefu_chat
    if (!chat || typeof chat !== 'object') throw new FrameError(421)
    const clientMsgId = typeof chat.clientMsgId === 'string' && CLIENT_MSG_ID.test(chat.clientMsgId) ? chat.clientMsgId : null
    // a client may restate who it is, but never claim someone else
    if (chat.sendId != null && String(chat.sendId) !== c.identity.sendId) throw new FrameError(422, clientMsgId)
    if (chat.sendType != null && chat.sendType !== c.identity.sendType) throw new FrameError(422, clientMsgId)
    if (c.identity.sendType !== 'kefu' && chat.customerId != null && chat.customerId !== '' && String(chat.customerId) !== c.identity.customerId) {
      throw new FrameError(422, clientMsgId)
    }
    // The announcement after connecting: the spec's client sends the full frame with msgType 'text'
    // and empty content (isConnected 1); an older one leaves msgType out.
    const announcement = !chat.msgContent && !chat.url && (chat.msgType == null || (chat.msgType === 'text' && Number(chat.isConnected) === 1))
    if (announcement) {
      if (c.identity.sendType === 'kefu') return
      const customerId = c.identity.customerId!
      const type = c.identity.sendType === 'tourist' ? 'tourist' : 'customer'
      // the entrance's service category: an unknown one is refused (618) and changes nothing
      let categoryId: number | undefined
      const entrance: unknown = chat.category
      if (entrance != null && entrance !== '') {
        if (!isChatCategoryEntrance(entrance)) throw new FrameError(618)
        categoryId = await this.repo.categoryOfBusiness(CHAT_CATEGORY_ENTRANCES[entrance])
        if (categoryId === undefined) throw new FrameError(618)
      }
      // the visitor's language: canned replies are sent in it
      const conv = await this.repo.ensureConversation(customerId, type, c.userId, this.nowIso())
      if (conv.lang !== c.lang) await this.repo.setLang(conv.id, c.lang)
      if (!(await this.assignment.announce(customerId, type, c.userId, categoryId))) this.send(c, { kefu_response: { status: 'noBody', customerId } })
      return
    }
    await this.onMessage(c, chat, clientMsgId)
  }

  private async onMessage(c: Conn, chat: any, clientMsgId: string | null) {
    const msgType = chat.msgType as ChatMsgType
    if (!CHAT_MSG_TYPES.includes(msgType)) throw new FrameError(421, clientMsgId)
    let content = typeof chat.msgContent === 'string' ? chat.msgContent : ''
    let url: string | null = null
    if (msgType === 'text') {
      // empty text sends nothing (spec section 5)
      if (!content.trim()) throw new FrameError(425, clientMsgId)
      if ([...content].length > CHAT_TEXT_MAX) throw new FrameError(433, clientMsgId)
    } else {
      const given: string = typeof chat.url === 'string' ? chat.url : ''
      if (!FILE_URL.test(given) || given.includes('..')) throw new FrameError(422, clientMsgId)
      // only a file this sender uploaded through the chat (chat_uploads), never any path of the store
      const uploader = c.identity.sendType === 'tourist' ? `tourist:${c.identity.sendId}` : `user:${c.userId}`
      if (!(await this.repo.uploadedBy(given, uploader))) throw new FrameError(422, clientMsgId)
      url = given
      content = content.slice(0, 255)
    }

    let customerId: string
    if (c.identity.sendType === 'kefu') {
      const named = chat.customerId != null ? String(chat.customerId) : ''
      const conv = named ? await this.repo.conversation(named) : undefined
      // agents write only into conversations assigned to them
      if (!conv || conv.kefu_id !== c.userId) throw new FrameError(422, clientMsgId)
      customerId = conv.customer_id
    } else {
      customerId = c.identity.customerId!
    }
    const message: NewMessage = { customerId, sendId: c.identity.sendId, sendType: c.identity.sendType, msgType, msgContent: content, url, clientMsgId, sendTime: this.nowIso() }
    // a visitor's conversation exists from its announcement on; a message before it opens one
    let stored = await this.repo.insertMessage(message)
    if (!stored && c.identity.sendType !== 'kefu') {
      await this.repo.ensureConversation(customerId, c.identity.sendType === 'tourist' ? 'tourist' : 'customer', c.userId, message.sendTime)
      stored = await this.repo.insertMessage(message)
    }
    // an agent's conversation removed meanwhile (the visitor's data erased): nothing stored
    if (!stored) throw new FrameError(422, clientMsgId)
    const sent = toMessage(stored.row)
    // stored first, acknowledged second
    this.send(c, { type: 'ack', clientMsgId, message: sent })
    if (!stored.created) return
    await this.publish(`c:${customerId}`, { kefu_chat: sent })
    if (stored.kefuId) await this.publish(`k:${stored.kefuId}`, { kefu_chat: sent })
  }

  /** kefu_transfer: to an agent (toKefuId) or a category (toCategory), exactly one, with an optional private note */
  private async onTransfer(c: Conn, t: Record<string, unknown>) {
    const customerId = typeof t.customerId === 'string' ? t.customerId : ''
    const note = t.note == null || t.note === '' ? null : typeof t.note === 'string' ? t.note.trim() || null : undefined
    if (!customerId || note === undefined) throw new FrameError(422)
    if (note && [...note].length > CHAT_TRANSFER_NOTE_MAX) throw new FrameError(433)
    const hasAgent = t.toKefuId != null
    const hasCategory = t.toCategory != null && t.toCategory !== ''
    if (hasAgent === hasCategory) throw new FrameError(422)
    let target: { toKefuId?: number; categoryId?: number }
    if (hasAgent) {
      if (!Number.isSafeInteger(t.toKefuId) || (t.toKefuId as number) < 1) throw new FrameError(422)
      target = { toKefuId: t.toKefuId as number }
    } else {
      const entrance: unknown = t.toCategory
      if (!isChatCategoryEntrance(entrance)) throw new FrameError(618)
      const categoryId = await this.repo.categoryOfBusiness(CHAT_CATEGORY_ENTRANCES[entrance])
      if (categoryId === undefined) throw new FrameError(618)
      target = { categoryId }
    }
    const r = await this.assignment.transfer(c.userId!, customerId, target, note)
    if ('code' in r) throw new FrameError(r.code)
    this.send(c, { type: 'transferred', customerId, toKefuId: r.agent.id, name: r.agent.nick_name })
  }

  /** the conversation an agent's frame names, when the agent holds it (else 422) */
  private async heldBy(c: Conn, customerId: unknown, clientMsgId: string | null = null): Promise<ConversationRow> {
    const id = typeof customerId === 'string' ? customerId : ''
    const conv = id ? await this.repo.conversation(id) : undefined
    if (!conv || conv.kefu_id !== c.userId) throw new FrameError(422, clientMsgId)
    return conv
  }

  /** typing: agents name the conversation they hold, visitors type in their own; never stored */
  private async onTyping(c: Conn, t: Record<string, unknown>) {
    let customerId: string
    let kefuId: number | null
    if (c.identity.sendType === 'kefu') {
      const id = typeof t.customerId === 'string' ? t.customerId : ''
      const conv = id ? await this.repo.conversation(id) : undefined
      if (!conv || conv.kefu_id !== c.userId) return // not its conversation: dropped like any extra typing frame
      customerId = conv.customer_id
      kefuId = null
    } else {
      customerId = c.identity.customerId!
      kefuId = (await this.repo.conversation(customerId))?.kefu_id ?? null
      if (!kefuId) return
    }
    if (!(await this.frameRate.once(`typing:${c.party}`, TYPING_INTERVAL_MS, this.ctx.clock.now().getTime()))) return
    const frame: ChatServerFrame = { type: 'typing', customerId, from: c.identity.sendType }
    await this.publish(kefuId ? `k:${kefuId}` : `c:${customerId}`, frame)
  }

  /** read receipt over the socket: stored (read_at), both sides told */
  private async onRead(c: Conn, r: Record<string, unknown>) {
    const upTo = r.upToId == null ? null : Number.isSafeInteger(r.upToId) && (r.upToId as number) > 0 ? (r.upToId as number) : undefined
    if (upTo === undefined) throw new FrameError(422)
    let customerId: string
    let kefuId: number | null
    if (c.identity.sendType === 'kefu') {
      const conv = await this.heldBy(c, r.customerId)
      customerId = conv.customer_id
      kefuId = c.userId
    } else {
      customerId = c.identity.customerId!
      kefuId = (await this.repo.conversation(customerId))?.kefu_id ?? null
    }
    const side = c.identity.sendType === 'kefu' ? 'kefu' : 'customer'
    const done = await this.repo.markRead(customerId, side, upTo, this.nowIso())
    if (done.count) await this.announceRead(customerId, kefuId, c.identity.sendType, done.upToId)
  }

  /** an agent closes a conversation it holds: the visitor is told and may rate this closing once */
  private async onClose(c: Conn, f: Record<string, unknown>) {
    const conv = await this.heldBy(c, f.customerId)
    // closed by an agent and nothing said since: closing again is refused (a visitor who merely left is closed without closed_at)
    if (conv.status === 'closed' && conv.closed_at && (!conv.last_message_at || conv.last_message_at <= conv.closed_at)) throw new FrameError(687)
    const now = this.nowIso()
    if (!(await this.repo.closeByAgent(conv.id, c.userId!, conv.closed_at, now))) throw new FrameError(422)
    await this.repo.addEvent({ conversation_id: conv.id, kind: 'closed', from_kefu_id: c.userId, to_kefu_id: null, category_id: conv.category_id, actor_id: c.userId, note: null, created_at: now })
    const frame: ChatServerFrame = { type: 'closed', customerId: conv.customer_id, kefuId: c.userId!, closedAt: now, rateable: true }
    await this.publish(`c:${conv.customer_id}`, frame)
    await this.publish(`k:${c.userId}`, frame)
    // the agent has room again: a queued visitor may take it
    await this.assignment.claimQueued()
  }

  /** a canned reply, in the conversation's language, stored and delivered like a typed text */
  private async onCanned(c: Conn, f: Record<string, unknown>) {
    const clientMsgId = typeof f.clientMsgId === 'string' && CLIENT_MSG_ID.test(f.clientMsgId) ? f.clientMsgId : null
    const conv = await this.heldBy(c, f.customerId, clientMsgId)
    const id = Number.isSafeInteger(f.cannedId) ? (f.cannedId as number) : 0
    const reply = id > 0 ? await this.desk.usableCanned(id, c.userId!) : undefined
    if (!reply) throw new FrameError(680, clientMsgId)
    const text = conv.lang === 'en' ? reply.text_en : reply.text_zh
    await this.onMessage(c, { msgType: 'text', msgContent: text, customerId: conv.customer_id }, clientMsgId)
  }

  /** A read receipt reaches both sides (the other side shows "read"). */
  async announceRead(customerId: string, kefuId: number | null, readerType: ChatMessage['sendType'], upToId: number) {
    const frame: ChatServerFrame = { type: 'read', customerId, readerType, upToId }
    await this.publish(`c:${customerId}`, frame)
    if (kefuId) await this.publish(`k:${kefuId}`, frame)
  }
}
