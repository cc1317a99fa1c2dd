import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { contentPageSchema, idQuerySchema } from '../../lib/route-schemas'

export default async function orgProjectRoutes(app: FastifyInstance) {
  const service = app.services.orgProject
  app.get<{ Querystring: { page?: number; pageSize?: number; organizationId?: number } }>(
    '/project/org/list',
    {
      schema: {
        tags: ['project'],
        summary: "Organisations' projects, newest first",
        querystring: { type: 'object', properties: { ...contentPageSchema, organizationId: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/project/org/detail',
    { schema: { tags: ['project'], summary: 'One organisation project with its requirements', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
}
