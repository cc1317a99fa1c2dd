/**
 * REST side of the helpdesk (src/shared/contracts/helpdesk.ts), under /api/v1: agents (the adviser
 * console menu) manage canned replies and search conversations; operations (the site settings menu) edit
 * the settings and read the ratings; visitors read the business hours, rate a closed conversation and ask
 * for its transcript. Admin writes are audited by the audit plugin (before/after noted here).
 */
import type { FastifyInstance } from 'fastify'
import { ok, langOf } from '../../lib/envelope'
import { CHAT_PAGE_SIZE } from '@contracts/chat'
import {
  CANNED_TEXT_MAX,
  HELPDESK_AGENT_MENU,
  HELPDESK_API as H,
  HELPDESK_LIMITS,
  HELPDESK_OPS_MENU,
  RATING_COMMENT_MAX,
  type CannedReplyBody,
  type HelpdeskRateBody,
  type HelpdeskSearchBody,
  type HelpdeskSettings,
} from '@contracts/helpdesk'

const tags = ['helpdesk']
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const
const tz = { type: 'string', minLength: 1, maxLength: 64 } as const
const cannedBody = {
  type: 'object',
  required: ['code', 'textZh', 'textEn'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' },
    textZh: { type: 'string', minLength: 1, maxLength: CANNED_TEXT_MAX },
    textEn: { type: 'string', minLength: 1, maxLength: CANNED_TEXT_MAX },
    shared: { type: 'boolean' },
  },
} as const
const hhmm = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$' } as const
const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    alertMinutes: { type: 'integer', minimum: HELPDESK_LIMITS.alertMinutes.min, maximum: HELPDESK_LIMITS.alertMinutes.max },
    maxConcurrent: { type: 'integer', minimum: HELPDESK_LIMITS.maxConcurrent.min, maximum: HELPDESK_LIMITS.maxConcurrent.max },
    hours: {
      type: 'object',
      additionalProperties: false,
      properties: {
        timeZone: tz,
        alwaysOpen: { type: 'boolean' },
        weekly: {
          type: 'array',
          maxItems: HELPDESK_LIMITS.spans,
          items: { type: 'object', required: ['day', 'open', 'close'], additionalProperties: false, properties: { day: { type: 'integer', minimum: 1, maximum: 7 }, open: hhmm, close: hhmm } },
        },
        holidays: { type: 'array', maxItems: HELPDESK_LIMITS.holidays, items: date },
      },
    },
  },
} as const

export default async function helpdeskRoutes(app: FastifyInstance) {
  const service = app.services.helpdesk
  const agent = app.authorize({ menu: HELPDESK_AGENT_MENU })
  const ops = app.authorize({ menu: HELPDESK_OPS_MENU })
  const opsEdit = app.authorize({ menu: HELPDESK_OPS_MENU, button: 'edit' })

  // ---------------------------------------------------------------- agents
  app.get<{ Querystring: { keyword?: string } }>(
    H.cannedList,
    { preHandler: agent, schema: { tags, summary: "Canned replies: the caller's own and every shared one, by code", querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 50 } } } } },
    async (req) => ok(req, await service.cannedList(req.auth!.userId, req.query.keyword)),
  )
  app.post<{ Body: CannedReplyBody }>(
    H.cannedAdd,
    { preHandler: agent, schema: { tags, summary: 'Add a canned reply (681: code already used by the caller or a shared reply)', body: cannedBody } },
    async (req) => {
      const after = await service.cannedAdd(req.auth!.userId, req.body)
      await app.auditNote(req, { after })
      return ok(req, after)
    },
  )
  app.post<{ Body: CannedReplyBody & { id: number } }>(
    H.cannedEdit,
    { preHandler: agent, schema: { tags, summary: "Edit one of the caller's canned replies (680: not found or not the caller's)", body: { ...cannedBody, required: [...cannedBody.required, 'id'], properties: { ...cannedBody.properties, id } } } },
    async (req) => {
      const { before, after } = await service.cannedEdit(req.auth!.userId, req.body)
      await app.auditNote(req, { before, after })
      return ok(req, after)
    },
  )
  app.post<{ Body: { id: number } }>(
    H.cannedDelete,
    { preHandler: agent, schema: { tags, summary: "Delete one of the caller's canned replies (680: not found or not the caller's)", body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id } } } },
    async (req) => {
      const before = await service.cannedDelete(req.auth!.userId, req.body.id)
      await app.auditNote(req, { before })
      return ok(req, { id: req.body.id })
    },
  )
  app.get<{ Querystring: HelpdeskSearchBody & { page: number; pageSize: number } }>(
    H.search,
    {
      preHandler: agent,
      schema: {
        tags,
        summary: 'Search conversations by message text, visitor, agent, category, status, unanswered and last-activity dates (paged, newest activity first)',
        querystring: {
          type: 'object',
          properties: {
            keyword: { type: 'string', maxLength: 100 },
            visitor: { type: 'string', maxLength: 100 },
            kefuId: id,
            categoryId: id,
            status: { type: 'string', enum: ['open', 'queued', 'closed'] },
            unanswered: { type: 'boolean' },
            from: date,
            to: date,
            tz,
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: CHAT_PAGE_SIZE },
          },
        },
      },
    },
    async (req) => ok(req, await service.search(req.query)),
  )

  // ---------------------------------------------------------------- operations
  app.get(H.settings, { preHandler: ops, schema: { tags, summary: 'Helpdesk settings: alert delay, concurrent-conversation limit, business hours' } }, async (req) => ok(req, await service.settings()))
  app.post<{ Body: Partial<HelpdeskSettings> }>(
    H.settingsSave,
    { preHandler: opsEdit, schema: { tags, summary: 'Save helpdesk settings (absent fields unchanged; 684: bad time zone, hours or holiday)', body: settingsBody } },
    async (req) => {
      const { before, after } = await service.saveSettings(req.body ?? {})
      await app.auditNote(req, { before, after })
      return ok(req, after)
    },
  )
  app.get<{ Querystring: { from: string; to: string; tz?: string } }>(
    H.ratings,
    {
      preHandler: ops,
      schema: { tags, summary: 'Ratings per agent and per category given between two local dates (inclusive; 685: bad range)', querystring: { type: 'object', required: ['from', 'to'], properties: { from: date, to: date, tz } } },
    },
    async (req) => ok(req, await service.ratings(req.query)),
  )

  // ---------------------------------------------------------------- visitors
  app.get(H.hours, { schema: { tags, summary: 'Open now? When closed, the next opening instant (ISO UTC)' } }, async (req) => ok(req, await service.hours()))
  app.post<{ Body: HelpdeskRateBody }>(
    H.rate,
    {
      schema: {
        tags,
        summary: 'Rate a conversation an agent closed, once per closing (682: not closed, 683: rated already)',
        body: {
          type: 'object',
          required: ['score'],
          additionalProperties: false,
          properties: { customerId: { type: 'string', maxLength: 40 }, touristId: { type: 'string', maxLength: 100 }, score: { type: 'integer', minimum: 1, maximum: 5 }, comment: { type: 'string', maxLength: RATING_COMMENT_MAX } },
        },
      },
    },
    async (req) => ok(req, await service.rate(req, req.body)),
  )
  app.post<{ Body: { touristId?: string; email?: string } }>(
    H.transcript,
    {
      schema: {
        tags,
        summary: "E-mail the conversation's transcript: users to their account e-mail, tourists to the address given (3 a day per visitor and per address: 432)",
        body: { type: 'object', additionalProperties: false, properties: { touristId: { type: 'string', maxLength: 100 }, email: { type: 'string', format: 'email', maxLength: 254 } } },
      },
    },
    async (req) => ok(req, await service.transcript(req, req.body ?? {}, langOf(req))),
  )
}
