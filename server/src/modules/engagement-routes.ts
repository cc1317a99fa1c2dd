/** Issue 6 part 2 (engagement): leave-message + feedback inbox, subscriptions, group notices. One line in app.ts. */
import type { FastifyInstance } from 'fastify'
import feedbackRoutes from './feedback/feedback.routes'
import subscriptionRoutes from './subscription/subscription.routes'
import noticeRoutes from './notice/notice.routes'

export default async function engagementRoutes(app: FastifyInstance) {
  await app.register(feedbackRoutes)
  await app.register(subscriptionRoutes)
  await app.register(noticeRoutes)
}
