import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { ok, langOf } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { optionalUserId } from '../../plugins/auth'
import { SUBSCRIPTION_API, type NotifyNewsBody, type SubscribeBody } from '@contracts/subscription'
import { boolSchema, objectSchema, text } from '../../lib/route-schemas'

export const SUBSCRIBER_MENU = 'message/subscribe/list'

type ListQuery = PageQuery & { keyword?: string; status?: string; blacklisted?: boolean }
const filterProps = {
  keyword: { type: 'string', maxLength: 100 },
  status: { type: 'string', enum: ['', 'pending', 'confirmed', 'unsubscribed'] },
  blacklisted: { type: 'boolean' },
} as const
const tokenQuery = { type: 'object', properties: { token: { type: 'string', maxLength: 100 } } } as const

export default async function subscriptionRoutes(app: FastifyInstance) {
  const service = app.services.subscription
  const tags = ['subscription']

  // RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" as a form (this plugin scope only)
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => done(null, body))

  app.get(SUBSCRIPTION_API.categories, { schema: { tags, summary: 'Professional categories one can subscribe to' } }, async (req) => ok(req, await service.categories()))

  app.post<{ Body: SubscribeBody }>(
    SUBSCRIPTION_API.add,
    {
      schema: {
        tags,
        summary: 'Subscribe to policy news (logged out: email + categories; logged in: categories); sends a confirmation mail',
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 200 },
            professionalCodeList: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 100 },
            source: { type: 'string', enum: ['footer', 'widget'] },
          },
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) => ok(req, await service.subscribe(req.body ?? { professionalCodeList: [] }, await optionalUserId(app, req), langOf(req))),
  )

  app.get<{ Querystring: { token?: string } }>(
    SUBSCRIPTION_API.confirm,
    { schema: { tags, summary: 'Double opt-in: confirm from the link of the confirmation mail', querystring: tokenQuery } },
    async (req) => ok(req, await service.confirm(req.query.token)),
  )
  app.get<{ Querystring: { token?: string } }>(
    SUBSCRIPTION_API.cancel,
    { schema: { tags, summary: 'What the unsubscribe page shows (masked e-mail, status, categories)', querystring: tokenQuery } },
    async (req) => ok(req, await service.cancelView(req.query.token)),
  )
  app.get<{ Querystring: { token?: string } }>(
    SUBSCRIPTION_API.confirmCancel,
    { schema: { tags, summary: 'Unsubscribe (the /unsubscribe page button)', querystring: tokenQuery } },
    async (req) => ok(req, await service.unsubscribe(req.query.token)),
  )
  app.post<{ Querystring: { token?: string } }>(
    SUBSCRIPTION_API.oneClick,
    { schema: { tags, summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post)', querystring: tokenQuery } },
    async (req) => ok(req, await service.unsubscribe(req.query.token)),
  )
  app.get(
    SUBSCRIPTION_API.mine,
    { schema: { tags, summary: "The logged-in user's subscription or null" }, preHandler: app.authorize('user') },
    async (req) => ok(req, await service.mine(req.auth!.userId)),
  )

  // ---------------------------------------------------------------- admin
  app.get<{ Querystring: ListQuery }>(
    SUBSCRIPTION_API.adminList,
    {
      schema: { tags, summary: 'Subscribers: list and search', querystring: { type: 'object', properties: { ...pageQuerySchema, ...filterProps } } },
      preHandler: app.authorize({ menu: SUBSCRIBER_MENU }),
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.post<{ Body: { email: string; blacklisted: boolean } }>(
    SUBSCRIPTION_API.adminBlacklist,
    {
      schema: { tags, summary: 'Put an address on (or take it off) the blacklist: never mailed, cannot subscribe', body: objectSchema({ email: text(200), blacklisted: boolSchema }, ['email', 'blacklisted']) },
      preHandler: app.authorize({ menu: SUBSCRIBER_MENU, button: 'blacklist' }),
    },
    async (req) => ok(req, await service.setBlacklisted(req.body.email, req.body.blacklisted)),
  )
  app.get<{ Querystring: Omit<ListQuery, 'page' | 'pageSize'> }>(
    SUBSCRIPTION_API.adminExport,
    {
      schema: { tags, summary: 'Subscribers as CSV (UTF-8, Excel-compatible)', querystring: { type: 'object', properties: filterProps } },
      preHandler: app.authorize({ menu: SUBSCRIBER_MENU, button: 'export' }),
    },
    async (req, reply) => {
      const stamp = app.ctx.clock.now().toISOString().slice(0, 10)
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${stamp}.csv"`)
        .header('cache-control', 'no-store')
      return reply.send(Readable.from(service.exportCsv(req.query)))
    },
  )
  app.get<{ Querystring: PageQuery & { status?: string; keyword?: string } }>(
    SUBSCRIPTION_API.adminDeliveries,
    {
      schema: {
        tags,
        summary: 'Digest mails: status and the reason of a failure (failed ones can be sent again)',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            status: { type: 'string', enum: ['', 'pending', 'sending', 'sent', 'failed', 'skipped'] },
            keyword: { type: 'string', maxLength: 100 },
          },
        },
      },
      preHandler: app.authorize({ menu: SUBSCRIBER_MENU }),
    },
    async (req) => ok(req, await service.deliveries(req.query)),
  )
  app.post<{ Body: { ids: number[] } }>(
    SUBSCRIPTION_API.adminResend,
    {
      schema: {
        tags,
        summary: 'Send failed digest mails again (queued; the digest job sends them)',
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 } },
        },
      },
      preHandler: app.authorize({ menu: SUBSCRIBER_MENU, button: 'resend' }),
    },
    async (req) => ok(req, await service.resendDeliveries(req.body.ids)),
  )
  app.post<{ Body: NotifyNewsBody }>(
    SUBSCRIPTION_API.adminNotify,
    {
      schema: {
        tags,
        summary: "Queue a published policy / information item for the subscribers' daily digest",
        body: { type: 'object', required: ['kind', 'id'], properties: { kind: { type: 'string', enum: ['policy', 'information'] }, id: { type: 'integer', minimum: 1 } } },
      },
      preHandler: app.authorize({ menu: SUBSCRIBER_MENU, button: 'notify' }),
    },
    async (req) => ok(req, { digestDate: (await service.recordPublished(req.body.kind, req.body.id)).digestDate }),
  )
}
