/**
 * Every feature's routes, in registration order. API_ROUTES are registered under /api/v1 (app.ts);
 * ROOT_ROUTES at the root: the chat serves its /chat websocket there (and prefixes its REST calls
 * itself) and owns its hub's start and stop; the demo assets live under /static.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { ping } from './db/database'
import { envelope, langOf, ok } from './lib/envelope'
import { readiness } from './plugins/operations'
import accountRoutes from './modules/account/account.routes'
import consentRoutes from './modules/consent/consent.routes'
import activityRoutes from './modules/activity/activity.routes'
import activityAdminRoutes from './modules/activity/activity-admin.routes'
import adminUserRoutes from './modules/admin-user/admin-user.routes'
import assetRoutes from './modules/asset/asset.routes'
import chatRoutes from './modules/chat/chat.routes'
import contentRoutes from './modules/content/content.routes'
import dictionaryRoutes from './modules/dictionary/dictionary.routes'
import enrollmentRoutes from './modules/enrollment/enrollment.routes'
import enrollmentAdminRoutes from './modules/enrollment/enrollment-admin.routes'
import ticketRoutes from './modules/enrollment/ticket.routes'
import ticketAdminRoutes from './modules/enrollment/ticket-admin.routes'
import raffleRoutes from './modules/raffle/raffle.routes'
import raffleAdminRoutes from './modules/raffle/raffle-admin.routes'
import favoriteRoutes from './modules/favorite/favorite.routes'
import feedbackRoutes from './modules/feedback/feedback.routes'
import fileRoutes from './modules/file/file.routes'
import followRoutes from './modules/follow/follow.routes'
import hotContentRoutes from './modules/hot-content/hot-content.routes'
import informationRoutes from './modules/information/information.routes'
import informationAdminRoutes from './modules/information/information-admin.routes'
import menuRoutes from './modules/menu/menu.routes'
import noticeRoutes from './modules/notice/notice.routes'
import notificationRoutes from './modules/notification/notification.routes'
import orgProjectRoutes from './modules/org-project/org-project.routes'
import organizationRoutes from './modules/organization/organization.routes'
import platformRoutes from './modules/platform/platform.routes'
import policyRoutes from './modules/policy/policy.routes'
import policyAdminRoutes from './modules/policy/policy-admin.routes'
import profileRoutes from './modules/profile/profile.routes'
import roadshowRoutes from './modules/roadshow/roadshow.routes'
import roleRoutes from './modules/role/role.routes'
import searchRoutes from './modules/search/search.routes'
import serviceCategoryRoutes from './modules/service-category/service-category.routes'
import siteRoutes from './modules/site/site.routes'
import siteContentRoutes from './modules/site-content/site-content.routes'
import sponsorRoutes from './modules/sponsor/sponsor.routes'
import subscriptionRoutes from './modules/subscription/subscription.routes'
import talentRoutes from './modules/talent/talent.routes'
import topicRoutes from './modules/topic/topic.routes'
import topicAdminRoutes from './modules/topic/topic-admin.routes'
import wechatRoutes from './modules/wechat/wechat.routes'
import analysisRoutes from './modules/analysis/analysis.routes'
import competitionAdminRoutes from './modules/competition/competition-admin.routes'
import auditRoutes from './modules/audit/audit.routes'
import privacyRoutes from './modules/privacy/privacy.routes'

async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['health'], summary: 'Liveness and database kind' } }, async (req) => {
    await ping(app.ctx.db)
    return ok(req, { status: 'ok', db: app.ctx.dbKind })
  })
  // for the load balancer / orchestrator: 503 (envelope code 500) names the check that failed
  app.get(
    '/health/ready',
    { schema: { tags: ['health'], summary: 'Readiness: database, Redis (when configured) and the upload storage answer; 503 names what failed' } },
    async (req, reply) => {
      const r = await readiness(app)
      const result = { status: r.ready ? 'ready' : 'unready', checks: r.checks, storage: app.ctx.storage.kind, db: app.ctx.dbKind }
      if (r.ready) return ok(req, result)
      return reply.status(503).header('cache-control', 'no-store').send(envelope(500, result, langOf(req)))
    },
  )
}

export const API_ROUTES: FastifyPluginAsync[] = [
  healthRoutes,
  // people and the admin's system area
  accountRoutes,
  consentRoutes,
  privacyRoutes,
  adminUserRoutes,
  menuRoutes,
  roleRoutes,
  organizationRoutes,
  // the published content
  activityRoutes,
  siteRoutes,
  topicRoutes,
  topicAdminRoutes,
  informationRoutes,
  informationAdminRoutes,
  policyRoutes,
  policyAdminRoutes,
  sponsorRoutes,
  platformRoutes,
  roadshowRoutes,
  talentRoutes,
  orgProjectRoutes,
  contentRoutes,
  searchRoutes,
  // what people do with it
  fileRoutes,
  enrollmentRoutes,
  ticketRoutes,
  wechatRoutes,
  favoriteRoutes,
  followRoutes,
  profileRoutes,
  feedbackRoutes,
  subscriptionRoutes,
  noticeRoutes,
  notificationRoutes,
  // the rest of the admin
  dictionaryRoutes,
  serviceCategoryRoutes,
  hotContentRoutes,
  siteContentRoutes,
  activityAdminRoutes,
  enrollmentAdminRoutes,
  ticketAdminRoutes,
  analysisRoutes,
  raffleRoutes,
  raffleAdminRoutes,
  competitionAdminRoutes,
  auditRoutes,
]

export const ROOT_ROUTES: FastifyPluginAsync[] = [chatRoutes, assetRoutes]
