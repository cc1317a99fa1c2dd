/**
 * REST side of the chat: message pages, history, the agent's conversation list, read receipts and the
 * tourist id. Access: a customer sees only their own conversation (token, or the signed tourist id);
 * an agent only the conversations assigned to them.
 */
import type { FastifyRequest } from 'fastify'
import type { MultipartFile } from '@fastify/multipart'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { toPage } from '../../lib/paging'
import type { FileService } from '../file/file.service'
import type { PermissionService } from '../permission/permission.service'
import type { AgentStatus, ChatConversation, ChatHistoryResult, ChatMessage } from '@contracts/chat'
import type { Page } from '@contracts/api'
import { toMessage } from './chat.repository'
import type { ChatHub } from './chat.hub'
import { newTouristId, verifyTouristId } from './tourist-id'

/** a day's chat uploads per tourist or user, and per address (the file size limit stays 100 MB) */
export const CHAT_UPLOAD_BYTES_PER_DAY = 300 * 1024 * 1024
/** new tourist ids one address may take per hour */
export const CHAT_TOURIST_IDS_PER_IP_PER_HOUR = 30

export interface UploadQuota {
  /** "user:<id>" or "tourist:<public id>": recorded with the file, a message may point only at its sender's files */
  uploader: string
  keys: string[]
  day: string
  remaining: number
}

const denied = () => new AppError(402, { httpStatus: 403 })

interface Access {
  customerId: string
  side: 'customer' | 'kefu'
  readerType: 'customer' | 'tourist' | 'kefu'
  kefuId: number | null
}

export class ChatService {
  constructor(
    private readonly ctx: AppContext,
    /** the live side: sockets, assignment, presence (started and stopped with the app by chat.routes.ts) */
    readonly hub: ChatHub,
    private readonly permissions: PermissionService,
    private readonly files: FileService,
  ) {}

  private get repo() {
    return this.hub.repo
  }
  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  newTouristId(): string {
    return newTouristId(this.ctx.config.jwtSecret)
  }

  async access(req: FastifyRequest, body: { customerId?: string; touristId?: string }): Promise<Access> {
    const claimed = body.customerId != null && body.customerId !== '' ? String(body.customerId) : null
    if (body.touristId && !req.headers.authorization) {
      const publicId = verifyTouristId(this.ctx.config.jwtSecret, body.touristId)
      if (!publicId) throw new AppError(402, { httpStatus: 401 })
      if (claimed && claimed !== publicId) throw denied()
      const conv = await this.repo.conversation(publicId)
      return { customerId: publicId, side: 'customer', readerType: 'tourist', kefuId: conv?.kefu_id ?? null }
    }
    const { userId, client } = await this.permissions.authenticateConsented(req.headers.authorization)
    if (!claimed || claimed === String(userId)) {
      const conv = await this.repo.conversation(String(userId))
      return { customerId: String(userId), side: 'customer', readerType: 'customer', kefuId: conv?.kefu_id ?? null }
    }
    // the agent side is an admin API: only a token of the admin login opens it
    if (client !== 'admin' || !(await this.repo.isAgent(userId, this.nowIso()))) throw denied()
    const conv = await this.repo.conversation(claimed)
    if (!conv || conv.kefu_id !== userId) throw denied()
    return { customerId: claimed, side: 'kefu', readerType: 'kefu', kefuId: userId }
  }

  async list(a: Access, page: number, pageSize: number): Promise<Page<ChatMessage>> {
    const { total, rows } = await this.repo.latestPage(a.customerId, (page - 1) * pageSize, pageSize)
    return toPage(rows.map(toMessage), total, page, pageSize)
  }

  async history(a: Access, beforeId: number, pageSize: number): Promise<ChatHistoryResult> {
    const { total, rows } = await this.repo.before(a.customerId, beforeId, pageSize)
    return { list: rows.map(toMessage), total }
  }

  async read(a: Access, upToId: number | null): Promise<{ count: number; upToId: number }> {
    const r = await this.repo.markRead(a.customerId, a.side, upToId, this.nowIso())
    if (r.count) await this.hub.announceRead(a.customerId, a.kefuId, a.readerType, r.upToId)
    return r
  }

  async listByKeFu(req: FastifyRequest, q: { page: number; pageSize: number; keyword?: string }): Promise<Page<ChatConversation> & { online: boolean; status: AgentStatus }> {
    const { userId, client } = await this.permissions.authenticateToken(req.headers.authorization)
    if (client !== 'admin' || !(await this.repo.isAgent(userId, this.nowIso()))) throw denied()
    const keyword = q.keyword?.trim() || null
    const { total, rows } = await this.repo.agentConversations(userId, keyword, (q.page - 1) * q.pageSize, q.pageSize)
    const list = await this.hub.views.conversationViews(rows)
    return { ...toPage(list, total, q.page, q.pageSize), ...(await this.agentState(userId)) }
  }

  private async agentState(userId: number): Promise<{ online: boolean; status: AgentStatus }> {
    const status = await this.repo.agentStatus(userId)
    return { online: status === 'online', status }
  }

  /**
   * Upload rights: a logged-in user or a holder of a valid tourist id; and what is left of the day's
   * quota (CHAT_UPLOAD_BYTES_PER_DAY) of that tourist or user and of the address (434 when spent).
   */
  async uploader(req: FastifyRequest, touristId: string | undefined): Promise<UploadQuota> {
    let who: string
    if (touristId && !req.headers.authorization) {
      const publicId = verifyTouristId(this.ctx.config.jwtSecret, touristId)
      if (!publicId) throw new AppError(402, { httpStatus: 401 })
      who = `tourist:${publicId}`
    } else {
      who = `user:${await this.permissions.authenticate(req.headers.authorization)}`
    }
    const day = this.nowIso().slice(0, 10)
    const keys = [`chat-upload:${who}`, `chat-upload:ip:${req.ip}`]
    const used = await this.repo.counters.max(keys, day)
    if (used >= CHAT_UPLOAD_BYTES_PER_DAY) throw new AppError(434)
    return { uploader: who, keys, day, remaining: CHAT_UPLOAD_BYTES_PER_DAY - used }
  }

  /** stores one chat file (the uploader was checked first) and counts it against the quota */
  async upload(part: MultipartFile | undefined, quota: UploadQuota) {
    const url = await this.files.save('chat', part)
    const size = (await this.files.sizeOf(url)) ?? 0
    for (const key of quota.keys) await this.repo.counters.add(key, quota.day, size)
    await this.repo.recordUpload(url, quota.uploader, this.nowIso())
    return url
  }
}
