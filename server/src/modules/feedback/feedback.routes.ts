import type { FastifyInstance } from 'fastify'
import { ok, langOf } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { optionalUserId } from '../../plugins/auth'
import {
  FEEDBACK_API,
  FEEDBACK_STATUSES,
  type FeedbackReplyBody,
  type FeedbackUpdateBody,
  type LeaveMessageBody,
} from '@contracts/feedback'
import { idSchema, keywordSchema, objectSchema, text } from '../../lib/route-schemas'

/** admin menu component of the inbox (seeded in db/seed/engagement.ts) */
export const FEEDBACK_MENU = 'message/feedback/list'

export default async function feedbackRoutes(app: FastifyInstance) {
  const service = app.services.feedback
  const tags = ['feedback']

  app.post<{ Body: Partial<LeaveMessageBody> }>(
    FEEDBACK_API.add,
    {
      schema: {
        tags,
        summary: 'Leave a message (desc ≤ 1000, name ≤ 50, tel 6–20 digits, email ≤ 20); token optional',
        body: {
          type: 'object',
          // limits are checked by validateLeaveMessage (it names the field and the message key);
          // the schema only bounds the request size
          properties: {
            desc: { type: 'string', maxLength: 5000 },
            name: { type: 'string', maxLength: 500 },
            tel: { type: 'string', maxLength: 200 },
            email: { type: 'string', maxLength: 500 },
          },
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) => ok(req, await service.add(req.body ?? {}, await optionalUserId(app, req, { consentExempt: true }))),
  )

  app.get<{ Querystring: PageQuery & { keyword?: string; status?: string } }>(
    FEEDBACK_API.adminList,
    {
      schema: {
        tags,
        summary: 'Feedback inbox: list and search',
        querystring: objectSchema({ ...pageQuerySchema, keyword: keywordSchema, status: { type: 'string', enum: ['', ...FEEDBACK_STATUSES] } }),
      },
      preHandler: app.authorize({ menu: FEEDBACK_MENU }),
    },
    async (req) => ok(req, await service.list(req.query)),
  )

  app.post<{ Body: FeedbackUpdateBody }>(
    FEEDBACK_API.adminUpdate,
    {
      schema: {
        tags,
        summary: 'Feedback inbox: edit status / remark',
        body: objectSchema({ id: idSchema, status: { type: 'string', enum: FEEDBACK_STATUSES }, remark: text(1000) }, ['id', 'status']),
      },
      preHandler: app.authorize({ menu: FEEDBACK_MENU, button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body)),
  )

  app.post<{ Body: FeedbackReplyBody }>(
    FEEDBACK_API.adminReply,
    {
      schema: { tags, summary: 'Feedback inbox: reply to the author by e-mail', body: objectSchema({ id: idSchema, subject: text(200), content: text(5000) }, ['id', 'subject', 'content']) },
      preHandler: app.authorize({ menu: FEEDBACK_MENU, button: 'reply' }),
    },
    async (req) => ok(req, await service.reply(req.body, langOf(req))),
  )
}
