import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema } from '../../lib/route-schemas'

export default async function talentRoutes(app: FastifyInstance) {
  const service = app.services.talent
  app.get<{ Querystring: { page?: number; pageSize?: number; fieldCode?: string; country?: string } }>(
    '/talent/info/list',
    {
      schema: {
        tags: ['talent'],
        summary: 'Featured talents',
        querystring: { type: 'object', properties: { ...contentPageSchema, fieldCode: codeSchema, country: codeSchema } },
      },
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/talent/info/detail',
    { schema: { tags: ['talent'], summary: 'One talent', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
}
