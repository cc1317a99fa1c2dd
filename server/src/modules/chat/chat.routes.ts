/**
 * Chat: the `/chat` websocket (spec sections 4 and 7) and its REST calls under /api/v1.
 * Registered once at the root of the app (server/src/app.ts). `app.chat` exposes the hub (tests tune
 * its timeouts).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyWebsocket from '@fastify/websocket'
import { ok, langOf } from '../../lib/envelope'
import { AppError } from '../../lib/app-error'
import { CHAT_API, CHAT_PAGE_SIZE, CHAT_PATH, CHAT_SUBPROTOCOL } from '@contracts/chat'
import { chatCredentials, type ChatHub } from './chat.hub'
import { CHAT_TOURIST_IDS_PER_IP_PER_HOUR } from './chat.service'
import helpdeskRoutes from './helpdesk.routes'

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatHub
  }
}

const who = { customerId: { type: 'string', maxLength: 40 }, touristId: { type: 'string', maxLength: 100 } } as const
const pageSize = { type: 'integer', minimum: 1, maximum: 100, default: CHAT_PAGE_SIZE } as const

async function restRoutes(app: FastifyInstance) {
  const service = app.services.chat
  const tags = ['chat']

  app.get(
    CHAT_API.newTouristId,
    {
      schema: { tags, summary: 'A new signed tourist id for the chat (result: string); limited per address (HTTP 429, code 432)' },
      config: { rateLimit: { max: CHAT_TOURIST_IDS_PER_IP_PER_HOUR, timeWindow: '1 hour' } },
    },
    async (req) => ok(req, service.newTouristId()),
  )

  app.post<{ Body: { customerId?: string; touristId?: string; page: number; pageSize: number } }>(
    CHAT_API.list,
    {
      schema: {
        tags,
        summary: 'Newest page of a conversation (oldest first). Customers: own only; agents: assigned conversations',
        body: { type: 'object', properties: { ...who, page: { type: 'integer', minimum: 1, default: 1 }, pageSize } },
      },
    },
    async (req) => {
      const body = req.body ?? ({ page: 1, pageSize: CHAT_PAGE_SIZE } as any)
      return ok(req, await service.list(await service.access(req, body), body.page ?? 1, body.pageSize ?? CHAT_PAGE_SIZE))
    },
  )

  app.post<{ Body: { customerId?: string; touristId?: string; id: number; pageSize: number } }>(
    CHAT_API.history,
    {
      schema: {
        tags,
        summary: 'Messages before the earliest shown id (page size 20): { list (oldest first), total (messages before id) }',
        body: { type: 'object', required: ['id'], properties: { ...who, id: { type: 'integer', minimum: 1 }, pageSize } },
      },
    },
    async (req) => ok(req, await service.history(await service.access(req, req.body), req.body.id, req.body.pageSize ?? CHAT_PAGE_SIZE)),
  )

  app.post<{ Body: { page: number; pageSize: number; keyword?: string } }>(
    CHAT_API.listByKeFu,
    {
      schema: {
        tags,
        summary: "The agent's conversations, newest activity first, with unread counts, presence and tags (kefu accounts only)",
        body: { type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 }, pageSize, keyword: { type: 'string', maxLength: 50 } } },
      },
    },
    async (req) => ok(req, await service.listByKeFu(req, req.body ?? { page: 1, pageSize: CHAT_PAGE_SIZE })),
  )

  app.post<{ Body: { customerId?: string; touristId?: string; id?: number } }>(
    CHAT_API.read,
    {
      schema: {
        tags,
        summary: "Read receipt: marks the other side's messages (up to id) read and tells both sides",
        body: { type: 'object', properties: { ...who, id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => {
      const body = req.body ?? {}
      return ok(req, await service.read(await service.access(req, body), body.id ?? null))
    },
  )

  app.post<{ Querystring: { touristId?: string } }>(
    CHAT_API.upload,
    {
      schema: { tags, summary: 'Upload one chat file (multipart "file", under 100 MB); tourists pass ?touristId=', querystring: { type: 'object', properties: { touristId: who.touristId } } },
    },
    async (req) => {
      const quota = await service.uploader(req, req.query.touristId)
      if (!req.isMultipart()) throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'notMultipart' } })
      // never more than the day's quota has left: a file past it is cut off and refused
      const fileSize = Math.min(104857600, quota.remaining)
      const part = await req.file({ limits: { fileSize, files: 1 } })
      try {
        return ok(req, await service.upload(part, quota))
      } catch (err) {
        if (fileSize < 104857600 && err instanceof AppError && (err.result as { reason?: string } | null)?.reason === 'tooLarge') throw new AppError(434)
        throw err
      }
    },
  )
}

export default fp(
  async function chatRoutes(app: FastifyInstance) {
    const hub = app.services.chat.hub
    await hub.start()
    app.decorate('chat', hub)
    app.addHook('preClose', async () => {
      await hub.stop()
    })

    await app.register(async (scope) => {
      await scope.register(fastifyWebsocket, {
        options: {
          maxPayload: 64 * 1024,
          // credentials offered as sub-protocols: the answer names only the chat protocol, never a token
          handleProtocols: (protocols: Set<string>) => (protocols.has(CHAT_SUBPROTOCOL) ? CHAT_SUBPROTOCOL : false),
        },
        errorHandler: (error, socket, req) => {
          // a frame over maxPayload: ws has already closed the socket with 1009; a client's fault, not ours
          if ((error as { code?: string }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') req.log.warn({ reason: error.message }, 'chat frame over the size limit')
          else req.log.error(error)
          socket.terminate()
        },
      })
      scope.get(CHAT_PATH, { websocket: true, schema: { hide: true } }, (socket, req) => {
        const query = req.query as Record<string, unknown>
        // a browser cannot set a socket's headers: its page's language comes as ?lang=, the mini-program's as the lang header
        const lang = query.lang === 'en' || query.lang === 'zh' ? query.lang : langOf(req)
        hub.attach(socket, chatCredentials(req.headers['sec-websocket-protocol']), lang, query.role, req.ip)
      })
    })
    await app.register(restRoutes, { prefix: '/api/v1' })
    await app.register(helpdeskRoutes, { prefix: '/api/v1' })
  },
  { name: 'chat' },
)
