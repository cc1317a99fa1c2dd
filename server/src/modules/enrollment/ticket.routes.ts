/** Consumer side: tickets, cancelling one's enrolment, the waiting list (contracts/ticket.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../lib/envelope'
import { paramError } from '../../lib/app-error'
import { optionalUserId } from '../../plugins/auth'
import { TICKET_API, WAITLIST_API, type CancelEnrollmentBody, type WaitlistActionBody } from '@contracts/ticket'
import type { EnrollSubmitBody } from '@contracts/enrollment'

const token = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9a-f]+$' } as const
const id = { type: 'integer', minimum: 1 } as const

export default async function ticketRoutes(app: FastifyInstance) {
  const service = app.services.ticket
  const tags = ['ticket']
  // visitors are limited per address like enrolling; people with an account are not
  const visitorLimit = {
    rateLimit: { max: app.ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute', allowList: async (req: FastifyRequest) => (await optionalUserId(app, req).catch(() => 0)) !== null },
  }

  app.get<{ Querystring: { enrollmentId: number } }>(
    TICKET_API.my,
    { schema: { tags, summary: "The caller's ticket of an enrolment (code and QR payload only while approved)", querystring: { type: 'object', required: ['enrollmentId'], properties: { enrollmentId: id } } }, preHandler: app.authorize('user') },
    async (req) => ok(req, await service.myTicket(req.query.enrollmentId, req.auth!.userId)),
  )

  app.get<{ Querystring: { token: string } }>(
    TICKET_API.guest,
    { schema: { tags, summary: "A visitor's ticket by the link of the confirmation e-mail; 660 unknown token", querystring: { type: 'object', required: ['token'], properties: { token } } }, config: visitorLimit },
    async (req) => ok(req, await service.guestTicket(req.query.token)),
  )

  app.post<{ Body: CancelEnrollmentBody }>(
    TICKET_API.cancel,
    {
      schema: { tags, summary: 'Cancel one\'s own enrolment until the cancel deadline (661 after it, 667 not active); the seat is freed at once', body: { type: 'object', properties: { enrollmentId: id, guestToken: token } } },
      config: visitorLimit,
    },
    async (req) => {
      if (!req.body.enrollmentId && !req.body.guestToken) throw paramError('enrollmentId')
      return ok(req, await service.cancelMine(req.body, await optionalUserId(app, req)))
    },
  )

  app.post<{ Body: EnrollSubmitBody }>(
    WAITLIST_API.join,
    {
      schema: {
        tags,
        summary: 'Join the waiting list with the application answers: 662 no list, 665 seats free, 663 on it already, 424 enrolled, 425 refused',
        body: { type: 'object', required: ['activityId', 'answers'], properties: { activityId: id, answers: { type: 'object' }, promoterCode: { type: 'string', maxLength: 32 } } },
      },
      config: visitorLimit,
    },
    async (req) => ok(req, await service.join(req.body, await optionalUserId(app, req))),
  )

  app.get<{ Querystring: { activityId?: number; guestToken?: string } }>(
    WAITLIST_API.my,
    {
      schema: {
        tags,
        summary: "The caller's entry on an activity's waiting list (position, offer) or null; a visitor's guestToken alone answers their entry with its activity",
        querystring: { type: 'object', properties: { activityId: id, guestToken: token } },
      },
    },
    async (req) => {
      const { activityId, guestToken } = req.query
      if (!activityId && !guestToken) throw paramError('activityId')
      if (!activityId) return ok(req, await service.guestEntry(guestToken!))
      return ok(req, await service.myEntry(activityId, await optionalUserId(app, req), guestToken))
    },
  )

  const action = { type: 'object', required: ['waitlistId'], properties: { waitlistId: id, guestToken: token } } as const
  app.post<{ Body: WaitlistActionBody }>(
    WAITLIST_API.confirm,
    { schema: { tags, summary: 'Confirm an open offer: the held seat becomes an enrolment; 664 expired or none', body: action }, config: visitorLimit },
    async (req) => ok(req, await service.confirm(req.body.waitlistId, await optionalUserId(app, req), req.body.guestToken)),
  )

  app.post<{ Body: WaitlistActionBody }>(
    WAITLIST_API.leave,
    { schema: { tags, summary: 'Leave the waiting list (or decline an offer: the seat passes to the next person)', body: action }, config: visitorLimit },
    async (req) => ok(req, await service.leave(req.body.waitlistId, await optionalUserId(app, req), req.body.guestToken)),
  )
}
