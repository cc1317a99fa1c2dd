/**
 * Group notices from the activity manager's rows ("send notice", "send history"): authorized by the
 * manager menu and its notice buttons, which the organizer role has, so an organizer — without the
 * message menu — writes to its own activities' enrollees. The service's data scope keeps it there.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { idQuerySchema } from '../../lib/route-schemas'
import { ACTIVITY_COMPONENTS } from '@contracts/admin-activity'
import { ACTIVITY_NOTICE_API as API, ACTIVITY_NOTICE_BUTTONS as BUTTONS, type NoticeSendBody } from '@contracts/notice'
import { historyQuerySchema, previewQuerySchema, sendBodySchema, statusList, type HistoryQuery, type PreviewQuery } from './notice.schemas'

export default async function activityNoticeRoutes(app: FastifyInstance) {
  const service = app.services.notice
  const tags = ['notice']
  const menu = ACTIVITY_COMPONENTS.manager
  const send = app.authorize({ menu, button: BUTTONS.send })
  const history = app.authorize({ menu, button: BUTTONS.history })

  app.get<{ Querystring: PageQuery & { activityId: number } }>(
    API.list,
    {
      schema: {
        tags,
        summary: "One activity's notices, newest first (activity manager: send history)",
        querystring: { type: 'object', required: ['activityId'], properties: { ...pageQuerySchema, activityId: { type: 'integer', minimum: 1 } } },
      },
      preHandler: history,
    },
    async (req) => ok(req, await service.activityNotices(req.query, req.auth!.access!)),
  )
  app.get<{ Querystring: HistoryQuery }>(
    API.history,
    { schema: { tags, summary: 'Send history of a notice: status per recipient (activity manager)', querystring: historyQuerySchema }, preHandler: history },
    async (req) => ok(req, await service.history(req.query, req.auth!.access!)),
  )
  app.get<{ Querystring: PreviewQuery }>(
    API.preview,
    { schema: { tags, summary: 'How many enrollees the filters select (activity manager)', querystring: previewQuerySchema }, preHandler: send },
    async (req) => ok(req, await service.preview(req.query.activityId, statusList(req.query.statuses), req.auth!.access!)),
  )
  app.post<{ Body: NoticeSendBody }>(
    API.send,
    { schema: { tags, summary: "Send a notice to one's own activity's enrollees (activity manager: send notice)", body: sendBodySchema }, preHandler: send },
    async (req) => ok(req, await service.send(req.body, req.auth!.access!, req.auth!.userId)),
  )
  app.post<{ Body: { id: number } }>(
    API.cancel,
    { schema: { tags, summary: 'Cancel a scheduled notice (activity manager)', body: idQuerySchema }, preHandler: send },
    async (req) => ok(req, await service.cancel(req.body.id, req.auth!.access!)),
  )
}
