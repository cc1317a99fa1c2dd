/** Analysis cards (menu analysis/index) and the admin home's figures (menu home/index). */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { ADMIN_ANALYSIS_API as A, ANALYSIS_MENU, type AnalysisQuery } from '@contracts/analysis'

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const
const tz = { type: 'string', minLength: 1, maxLength: 64 } as const
const cardQuery = {
  type: 'object',
  required: ['from', 'to'],
  properties: {
    from: day,
    to: day,
    tz,
    activityId: { type: 'integer', minimum: 1 },
    organizationId: { type: 'integer', minimum: 1 },
    type: { type: 'string', enum: ['online', 'offline', 'both'] },
  },
} as const

export default async function analysisRoutes(app: FastifyInstance) {
  const service = app.services.analysis
  const tags = ['analysis']
  app.addHook('onClose', async () => service.close())

  const cards = [
    [A.total, 'Totals: activities published, enrolments, approved, pending, participants, detail views, subscribers, chats', service.total],
    [A.box, 'Key figures against the previous period of the same length, change in per cent', service.box],
    [A.day, 'Enrolments and detail views per local day', service.day],
    [A.sevenDay, 'The 7 days ending at `to` against the 7 before, per day', service.sevenDay],
    [A.country, 'Enrolments, participants and published activities per country', service.country],
    [A.enrolment, 'Funnel (views → enrolled → approved), status, by activity type, and the choice answers of one activity', service.enrolment],
    [A.top, 'The 10 activities with the most enrolments', service.top],
  ] as const
  for (const [url, summary, handler] of cards) {
    app.get<{ Querystring: AnalysisQuery }>(
      url,
      { schema: { tags, summary: `${summary}; 650 unknown time zone, 651 range invalid or over 366 days`, querystring: cardQuery }, preHandler: app.authorize({ menu: ANALYSIS_MENU }) },
      async (req) => ok(req, await (handler as (q: AnalysisQuery, a: NonNullable<typeof req.auth>['access'] & object) => Promise<unknown>).call(service, req.query, req.auth!.access!)),
    )
  }

  // the card CSVs are built by the admin from the cards' answers: this call is their audit row (plugins/audit.ts)
  app.post<{ Body: { card: string; range: string; rows: number } }>(
    A.exportRecord,
    {
      schema: {
        tags,
        summary: "Records a card's CSV export in the audit log before the admin saves it",
        body: {
          type: 'object',
          required: ['card', 'range', 'rows'],
          properties: { card: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-zA-Z0-9-]+$' }, range: { type: 'string', maxLength: 40, pattern: '^[0-9_-]*$' }, rows: { type: 'integer', minimum: 0, maximum: 1000000 } },
        },
      },
      preHandler: app.authorize({ menu: ANALYSIS_MENU, button: 'export' }),
    },
    async (req) => ok(req, null),
  )

  app.get<{ Querystring: { keyword?: string } }>(
    A.activities,
    { schema: { tags, summary: 'Activity picker within the caller’s scope (newest 20, keyword on titles)', querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 } } } }, preHandler: app.authorize({ menu: ANALYSIS_MENU }) },
    async (req) => ok(req, await service.activities(req.query.keyword, req.auth!.access!)),
  )

  app.get(
    A.organizations,
    { schema: { tags, summary: 'Organisations the caller may filter by' }, preHandler: app.authorize({ menu: ANALYSIS_MENU }) },
    async (req) => ok(req, await service.organizations(req.auth!.access!)),
  )

  app.get<{ Querystring: { tz?: string } }>(
    A.home,
    // platform-wide enrolment figures are analysis data: roles with the Analysis view (operations, organizers)
    // read them; a service agent has the home page but not these (HTTP 403, code 402)
    { schema: { tags, summary: "The admin home's figures (roles with the Analysis view): new enrolments today, pending approvals, unanswered chats, unread feedback, 7-day trend", querystring: { type: 'object', properties: { tz } } }, preHandler: app.authorize({ menu: ANALYSIS_MENU }) },
    async (req) => ok(req, await service.home(req.query.tz, req.auth!.access!)),
  )
}
