/**
 * buildApp(config) → a ready-to-listen Fastify instance (tests drive it with app.inject).
 */
import fs from 'node:fs'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Redis from 'ioredis'
import type { Config } from './config'
import type { AppContext } from './context'
import { migrateToLatest, openDatabase } from './db/database'
import { seed } from './db/seed'
import { resolveJwtSecret } from './db/server-secret'
import { systemClock, type Clock } from './lib/clock'
import { AppError } from './lib/app-error'
import { TokenService } from './lib/tokens'
import { LOG_REDACT, logSerializers } from './lib/log-redaction'
import { MailService } from './lib/mail'
import authPlugin from './plugins/auth'
import auditPlugin from './plugins/audit'
import errorsPlugin from './plugins/errors'
import securityHeadersPlugin from './plugins/security-headers'
import inputGuardPlugin from './plugins/input-guard'
import staticPlugin from './plugins/static'
import publicCachePlugin from './plugins/public-cache'
import operationsPlugin from './plugins/operations'
import { requestIdOf } from './lib/request-id'
import compressPlugin from './plugins/compress'
import { JobQueue } from './jobs/job-queue'
import type { JobWorker } from './jobs/job-worker'
import { buildServices } from './services'
import { createStorage } from './storage'
import { API_ROUTES, ROOT_ROUTES } from './routes'
import { UPLOAD_LIMITS } from '@contracts/api'

export const API_PREFIX = '/api/v1'

declare module 'fastify' {
  interface FastifyInstance {
    /** the background job worker of a listening server (server.ts), stopped when the app closes */
    jobWorker: JobWorker | null
  }
}

export interface BuildOptions {
  clock?: Clock
  /** run migrations (and optionally the seed) before returning */
  migrate?: boolean
  seed?: boolean
  /** extra plugins registered under /api/v1 before ready() — tests add throw-away routes this way */
  extraApiPlugins?: Array<(app: FastifyInstance) => Promise<void>>
  /** where the log goes instead of stdout (tests read it back) */
  logStream?: { write(line: string): void }
}

export async function buildApp(configured: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: configured.logLevel, serializers: logSerializers, redact: LOG_REDACT, ...(options.logStream ? { stream: options.logStream } : {}) },
    // off by default: X-Forwarded-For is believed only from the proxies TRUST_PROXY names
    // (each shape is one Fastify accepts; its overloads just do not take the union)
    trustProxy: configured.trustProxy as boolean,
    bodyLimit: 1024 * 1024,
    // X-Request-Id from the proxy when it is a plain token, else a new UUID (lib/request-id.ts)
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // While closing, a request on a connection accepted before the listening socket closed is served as
    // usual with `Connection: close` (Fastify adds it), not shed with a 503: the proxy already handed it
    // to this instance and would pass the 503 on to the client. The database stays open until every
    // connection has ended (the onClose hooks below), so it can be served.
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false } },
  })

  const handle = await openDatabase(configured)
  app.addHook('onClose', async () => {
    await handle.close()
  })
  // Closing (server.ts on SIGTERM, tests): first of all the listening socket closes, so a new connection
  // is refused at once (the proxy tries another instance) rather than answered 503 while the other
  // preClose hooks run (chat sockets told to reconnect); requests in flight finish, and keep-alive
  // connections are ended as soon as they fall idle. The job worker stops alongside: it claims nothing
  // more, its current handler saves progress and hands its lease back (another instance takes the job
  // over at once). The database closes only after both (onClose hooks run last-registered first, so the
  // one below runs before the one above).
  app.decorate('jobWorker', null)
  let drained: Promise<void> = Promise.resolve()
  let workerStopped: Promise<void> | null = null
  app.addHook('preClose', async () => {
    if (app.server.listening) {
      const reap = setInterval(() => app.server.closeIdleConnections(), 100)
      drained = new Promise<void>((resolve) => app.server.close(() => resolve())).finally(() => clearInterval(reap))
    }
    workerStopped = app.jobWorker ? app.jobWorker.stop() : null
  })
  app.addHook('onClose', async () => {
    await Promise.all([drained, workerStopped])
  })
  if (options.migrate || options.seed) await migrateToLatest(handle)
  // every signature below (tokens, tourist ids, code hashes, invites) uses this one, never a source literal
  const config: Config = { ...configured, jwtSecret: await resolveJwtSecret(configured.jwtSecret, configured.dataDir, handle) }
  if (options.seed) await seed(handle.db, { log: (m) => app.log.info(m) })

  const mail = new MailService(config, app.log)
  app.addHook('onClose', async () => mail.close())
  const clock = options.clock ?? systemClock
  const storage = createStorage(config)
  app.addHook('onClose', async () => storage.close())
  const ctx: AppContext = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    clock,
    tokens: new TokenService(config.jwtSecret),
    mail,
    jobs: new JobQueue({ db: handle.db, clock }),
    storage,
  }
  app.decorate('ctx', ctx)
  app.decorate('services', buildServices(ctx, app.log))

  await app.register(errorsPlugin)
  await app.register(operationsPlugin)
  await app.register(securityHeadersPlugin)
  await app.register(inputGuardPlugin)
  await app.register(authPlugin)
  await app.register(auditPlugin)
  const redis = config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : null
  await app.register(publicCachePlugin, { ttlMs: config.publicCacheMs, redis })
  // after the micro-cache: it stores plain JSON, every answer of 1 KB and more leaves compressed when accepted
  await app.register(compressPlugin)
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(432, { httpStatus: 429 }),
    // several instances: the counters live in Redis, so a limit holds across all of them
    ...(redis ? rateLimitStore(app, redis.url, redis.prefix) : {}),
  })
  await app.register(fastifyMultipart, {
    limits: { fileSize: Math.max(...Object.values(UPLOAD_LIMITS)), files: 1, fields: 10, parts: 12 },
  })
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Haijiao 海交 API',
        version: '1',
        description:
          'Every answer is the envelope { code, result, message }. Login calls need `Authorization: Basic base64(clientId:secret)`; others `Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  })
  // the docs page brings its own policy (hashes of its inline script and styles)
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(routes)
      for (const plugin of options.extraApiPlugins ?? []) await api.register(plugin)
    },
    { prefix: API_PREFIX },
  )
  for (const routes of ROOT_ROUTES) await app.register(routes)
  await app.register(staticPlugin)
  await app.ready()
  return app
}

/**
 * The rate-limit counters in Redis. Should Redis fail, the limited routes still answer (skipOnError):
 * a login must not break because the counter store is down; the outage is logged.
 */
function rateLimitStore(app: FastifyInstance, url: string, prefix: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: true })
  client.on('error', (err) => app.log.warn({ err }, 'rate limit: redis error'))
  app.addHook('onClose', async () => {
    await client.quit().catch(() => undefined)
  })
  return { redis: client, nameSpace: `${prefix}rl:`, skipOnError: true }
}

export function distReady(config: Config, which: 'h5' | 'admin'): boolean {
  return fs.existsSync(`${config.rootDir}/dist/${which}/index.html`)
}
