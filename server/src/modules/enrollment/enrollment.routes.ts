import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok, langOf } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import { optionalUserId } from '../../plugins/auth'
import { ENROLL_API, type EnrollSubmitBody, type MyEnrollmentQuery } from '@contracts/enrollment'

const activityIdQuery = {
  type: 'object',
  required: ['activityId'],
  properties: { activityId: { type: 'integer', minimum: 1 } },
} as const

export default async function enrollmentRoutes(app: FastifyInstance) {
  const service = app.services.enrollment
  const tags = ['enrollment']

  app.get<{ Querystring: { activityId: number; guestToken?: string } }>(
    ENROLL_API.form,
    {
      schema: {
        tags,
        summary: "An activity's application form, notes, rules and the caller's own enrolment (token optional; guestToken for visitors)",
        querystring: {
          type: 'object',
          required: ['activityId'],
          properties: { activityId: { type: 'integer', minimum: 1 }, guestToken: { type: 'string', maxLength: 64, pattern: '^[0-9a-f]*$' } },
        },
      },
    },
    async (req) => ok(req, await service.form(req.query.activityId, await optionalUserId(app, req), req.query.guestToken || undefined)),
  )

  app.post<{ Body: EnrollSubmitBody }>(
    ENROLL_API.submit,
    {
      schema: {
        tags,
        summary: 'Enrol: 201 login needed, 301 field, 302 unknown activity, 424 duplicate, 425 refused (result.reason), 519 no vacancy',
        body: {
          type: 'object',
          required: ['activityId', 'answers'],
          properties: {
            activityId: { type: 'integer', minimum: 1 },
            answers: { type: 'object' },
            promoterCode: { type: 'string', maxLength: 32 },
          },
        },
      },
      // Visitors are limited per address; logged-in people are not (one active enrolment each). The
      // exemption follows the identity the request is handled as: a header with an invalid token is a
      // visitor here, as in the handler, so it cannot lift the limit.
      config: {
        rateLimit: {
          max: app.ctx.config.loginRateLimitPerMinute,
          timeWindow: '1 minute',
          allowList: async (req: FastifyRequest) => (await optionalUserId(app, req).catch(() => 0)) !== null,
        },
      },
    },
    async (req) => ok(req, await service.submit(req.body, await optionalUserId(app, req))),
  )

  app.get<{ Querystring: MyEnrollmentQuery }>(
    ENROLL_API.my,
    {
      schema: {
        tags,
        summary: "The caller's enrolments: enrolled (approved, not ended), pending (not ended), past (ended); newest first",
        querystring: {
          type: 'object',
          required: ['segment'],
          properties: { ...pageQuerySchema, pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 20 }, segment: { type: 'string', enum: ['all', 'enrolled', 'pending', 'past'] } },
        },
      },
      preHandler: app.authorize('user'),
    },
    async (req) => ok(req, await service.my(req.auth!.userId, req.query.segment, req.query)),
  )

  app.get<{ Querystring: { activityId: number; lang?: 'zh' | 'en' } }>(
    ENROLL_API.ics,
    {
      schema: {
        tags,
        summary: 'The activity as an iCalendar (.ics) file: times in UTC, the local zone in the description; ?lang= or the lang header picks the texts',
        querystring: { ...activityIdQuery, properties: { ...activityIdQuery.properties, lang: { type: 'string', enum: ['zh', 'en'] } } },
      },
    },
    async (req, reply) => {
      const { filename, body } = await service.ics(req.query.activityId, req.query.lang ?? langOf(req))
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body)
    },
  )
}
