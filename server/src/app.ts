/**
 * buildApp(config) → a ready-to-listen Fastify instance (tests drive it with app.inject).
 */
import fs from 'node:fs'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { Config } from './config'
import type { AppContext } from './context'
import { migrateToLatest, openDatabase } from './db/database'
import { seed } from './db/seed'
import { resolveJwtSecret } from './db/server-secret'
import { systemClock, type Clock } from './lib/clock'
import { AppError } from './lib/app-error'
import { TokenService } from './lib/tokens'
import { LOG_REDACT, logSerializers } from './lib/log-redaction'
import { MailService } from './modules/mail/mail.service'
import authPlugin from './plugins/auth'
import errorsPlugin from './plugins/errors'
import securityHeadersPlugin from './plugins/security-headers'
import inputGuardPlugin from './plugins/input-guard'
import staticPlugin from './plugins/static'
import publicCachePlugin from './plugins/public-cache'
import compressPlugin from './plugins/compress'
import { JobQueue } from './jobs/job-queue'
import { buildServices } from './services'
import { API_ROUTES, ROOT_ROUTES } from './routes'
import { UPLOAD_LIMITS } from '../../src/shared/contracts/api'

export const API_PREFIX = '/api/v1'

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
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false } },
  })

  const handle = await openDatabase(configured)
  app.addHook('onClose', async () => {
    await handle.close()
  })
  if (options.migrate || options.seed) await migrateToLatest(handle)
  // every signature below (tokens, tourist ids, code hashes, invites) uses this one, never a source literal
  const config: Config = { ...configured, jwtSecret: await resolveJwtSecret(configured.jwtSecret, configured.dataDir, handle) }
  if (options.seed) await seed(handle.db, { log: (m) => app.log.info(m) })

  const mail = new MailService(config, app.log)
  app.addHook('onClose', async () => mail.close())
  const clock = options.clock ?? systemClock
  const ctx: AppContext = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    clock,
    tokens: new TokenService(config.jwtSecret),
    mail,
    jobs: new JobQueue({ db: handle.db, clock }),
  }
  app.decorate('ctx', ctx)
  app.decorate('services', buildServices(ctx, app.log))

  await app.register(errorsPlugin)
  await app.register(securityHeadersPlugin)
  await app.register(inputGuardPlugin)
  await app.register(authPlugin)
  await app.register(publicCachePlugin, { ttlMs: config.publicCacheMs })
  // after the micro-cache: it stores plain JSON, every answer of 1 KB and more leaves compressed when accepted
  await app.register(compressPlugin)
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(432, { httpStatus: 429 }),
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

export function distReady(config: Config, which: 'h5' | 'admin'): boolean {
  return fs.existsSync(`${config.rootDir}/dist/${which}/index.html`)
}
