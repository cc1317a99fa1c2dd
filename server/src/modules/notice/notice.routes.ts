import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { NOTICE_API, type NoticeSendBody } from '@contracts/notice'
import { idQuerySchema } from '../../lib/route-schemas'
import { historyQuerySchema, previewQuerySchema, sendBodySchema, statusList, type HistoryQuery, type PreviewQuery } from './notice.schemas'
import activityNoticeRoutes from './notice-manager.routes'

export const NOTICE_MENU = 'message/notice/list'

export default async function noticeRoutes(app: FastifyInstance) {
  const service = app.services.notice
  const tags = ['notice']

  app.get<{ Querystring: PageQuery & { keyword?: string; activityId?: number; status?: string } }>(
    NOTICE_API.list,
    {
      schema: {
        tags,
        summary: 'Group notices: list and search',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: { type: 'string', maxLength: 100 },
            activityId: { type: 'integer', minimum: 1 },
            status: { type: 'string', enum: ['', 'scheduled', 'sending', 'sent', 'cancelled'] },
          },
        },
      },
      preHandler: app.authorize({ menu: NOTICE_MENU }),
    },
    async (req) => ok(req, await service.list(req.query, req.auth!.access!)),
  )

  app.post<{ Body: NoticeSendBody }>(
    NOTICE_API.send,
    {
      schema: {
        tags,
        summary: "Send a notice to an activity's enrollees now or at a fixed time (e-mail, job queue)",
        body: sendBodySchema,
      },
      preHandler: app.authorize({ menu: NOTICE_MENU, button: 'send' }),
    },
    async (req) => ok(req, await service.send(req.body, req.auth!.access!, req.auth!.userId)),
  )

  app.post<{ Body: { id: number } }>(
    NOTICE_API.cancel,
    {
      schema: { tags, summary: 'Cancel a scheduled notice', body: idQuerySchema },
      preHandler: app.authorize({ menu: NOTICE_MENU, button: 'send' }),
    },
    async (req) => ok(req, await service.cancel(req.body.id, req.auth!.access!)),
  )

  app.get<{ Querystring: HistoryQuery }>(
    NOTICE_API.history,
    {
      schema: {
        tags,
        summary: 'Send history: status per recipient',
        querystring: historyQuerySchema,
      },
      preHandler: app.authorize({ menu: NOTICE_MENU }),
    },
    async (req) => ok(req, await service.history(req.query, req.auth!.access!)),
  )

  app.get<{ Querystring: { keyword?: string } }>(
    NOTICE_API.activities,
    {
      schema: { tags, summary: 'Activities one may write to', querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 } } } },
      preHandler: app.authorize({ menu: NOTICE_MENU }),
    },
    async (req) => ok(req, await service.activities(req.query.keyword, req.auth!.access!)),
  )

  app.get<{ Querystring: PreviewQuery }>(
    NOTICE_API.preview,
    {
      schema: {
        tags,
        summary: 'How many enrollees the filters select',
        querystring: previewQuerySchema,
      },
      preHandler: app.authorize({ menu: NOTICE_MENU }),
    },
    async (req) => ok(req, await service.preview(req.query.activityId, statusList(req.query.statuses), req.auth!.access!)),
  )

  app.get<{ Querystring: PageQuery }>(
    NOTICE_API.my,
    { schema: { tags, summary: 'Notices sent to me (personal centre)', querystring: { type: 'object', properties: pageQuerySchema } }, preHandler: app.authorize('user') },
    async (req) => ok(req, await service.mine(req.auth!.userId, req.query)),
  )

  await activityNoticeRoutes(app)
}
