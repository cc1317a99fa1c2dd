/**
 * buildApp(config) → a ready-to-listen Fastify instance (tests drive it with app.inject).
 */
import fs from 'node:fs'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { Config } from './config'
import type { AppContext } from './context'
import { migrateToLatest, openDatabase } from './db/database'
import { seed } from './db/seed'
import { systemClock, type Clock } from './lib/clock'
import { ok } from './lib/envelope'
import { AppError } from './lib/app-error'
import { TokenService } from './lib/tokens'
import { MailService } from './modules/mail/mail.service'
import authPlugin from './plugins/auth'
import errorsPlugin from './plugins/errors'
import staticPlugin from './plugins/static'
import publicCachePlugin from './plugins/public-cache'
import accountRoutes from './modules/account/account.routes'
import adminUserRoutes from './modules/admin-user/admin-user.routes'
import menuRoutes from './modules/menu/menu.routes'
import roleRoutes from './modules/role/role.routes'
import organizationRoutes from './modules/organization/organization.routes'
import activityRoutes from './modules/activity/activity.routes'
import siteRoutes from './modules/site/site.routes'
import topicRoutes from './modules/topic/topic.routes'
import informationRoutes from './modules/information/information.routes'
import policyRoutes from './modules/policy/policy.routes'
import sponsorRoutes from './modules/sponsor/sponsor.routes'
import platformRoutes from './modules/platform/platform.routes'
import roadshowRoutes from './modules/roadshow/roadshow.routes'
import talentRoutes from './modules/talent/talent.routes'
import orgProjectRoutes from './modules/org-project/org-project.routes'
import contentRoutes from './modules/content/content.routes'
import searchRoutes from './modules/search/search.routes'
import fileRoutes from './modules/file/file.routes'
import enrollmentRoutes from './modules/enrollment/enrollment.routes'
import wechatRoutes from './modules/wechat/wechat.routes'
import favoriteRoutes from './modules/favorite/favorite.routes'
import followRoutes from './modules/follow/follow.routes'
import profileRoutes from './modules/profile/profile.routes'
import posterRoutes from './modules/asset/poster'
import engagementRoutes from './modules/engagement-routes'
import dictionaryRoutes from './modules/dictionary/dictionary.routes'
import serviceCategoryRoutes from './modules/service-category/service-category.routes'
import hotContentRoutes from './modules/hot-content/hot-content.routes'
import siteContentRoutes from './modules/site-content/site-content.routes'
import activityAdminRoutes from './modules/activity/activity-admin.routes'
import enrollmentAdminRoutes from './modules/enrollment/enrollment-admin.routes'
import { UPLOAD_LIMITS } from '../../src/shared/contracts/api'

export const API_PREFIX = '/api/v1'

export interface BuildOptions {
  clock?: Clock
  /** run migrations (and optionally the seed) before returning */
  migrate?: boolean
  seed?: boolean
  /** extra plugins registered under /api/v1 before ready() — tests add throw-away routes this way */
  extraApiPlugins?: Array<(app: FastifyInstance) => Promise<void>>
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false } },
  })

  const handle = await openDatabase(config)
  app.addHook('onClose', async () => {
    await handle.close()
  })
  if (options.migrate || options.seed) await migrateToLatest(handle)
  if (options.seed) await seed(handle.db, { log: (m) => app.log.info(m) })

  const mail = new MailService(config, app.log)
  app.addHook('onClose', async () => mail.close())
  const ctx: AppContext = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    clock: options.clock ?? systemClock,
    tokens: new TokenService(config.jwtSecret),
    mail,
  }
  app.decorate('ctx', ctx)

  await app.register(errorsPlugin)
  await app.register(authPlugin)
  await app.register(publicCachePlugin, { ttlMs: config.publicCacheMs })
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(425, { httpStatus: 429 }),
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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['health'], summary: 'Liveness and database kind' } }, async (req) => {
        await sql`select 1`.execute(ctx.db)
        return ok(req, { status: 'ok', db: ctx.dbKind })
      })
      await api.register(accountRoutes)
      await api.register(adminUserRoutes)
      await api.register(menuRoutes)
      await api.register(roleRoutes)
      await api.register(organizationRoutes)
      await api.register(activityRoutes)
      await api.register(siteRoutes)
      for (const routes of [topicRoutes, informationRoutes, policyRoutes, sponsorRoutes, platformRoutes, roadshowRoutes, talentRoutes, orgProjectRoutes, contentRoutes, searchRoutes]) {
        await api.register(routes)
      }
      await api.register(fileRoutes)
      await api.register(enrollmentRoutes)
      await api.register(wechatRoutes)
      for (const routes of [favoriteRoutes, followRoutes, profileRoutes]) await api.register(routes)
      await api.register(engagementRoutes) // feedback, subscriptions, notices (issue 6, part 2)
      // issue 5: the admin areas' new modules (system settings, CMS, activity publishing, enrolments)
      for (const routes of [dictionaryRoutes, serviceCategoryRoutes, hotContentRoutes, siteContentRoutes, activityAdminRoutes, enrollmentAdminRoutes]) await api.register(routes)
      for (const plugin of options.extraApiPlugins ?? []) await api.register(plugin)
    },
    { prefix: API_PREFIX },
  )

  await app.register(import('./modules/chat/chat.routes')) // /chat websocket + /api/v1/message/message/* (issue 6)
  await app.register(posterRoutes)
  await app.register(staticPlugin)
  await app.ready()
  return app
}

export function distReady(config: Config, which: 'h5' | 'admin'): boolean {
  return fs.existsSync(`${config.rootDir}/dist/${which}/index.html`)
}
