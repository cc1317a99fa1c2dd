import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { ActivityService } from './activity.service'

export default async function activityRoutes(app: FastifyInstance) {
  const service = new ActivityService(app.ctx)
  const tags = ['activity']
  app.get<{ Querystring: PageQuery & { type?: string; keyword?: string } }>(
    '/activity/info/list',
    {
      schema: {
        tags,
        summary: 'Published activities, upcoming first',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            type: { type: 'string', enum: ['online', 'offline', 'both', ''] },
            keyword: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/activity/info/detail',
    {
      schema: {
        tags,
        summary: 'One published activity with its details',
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
}
