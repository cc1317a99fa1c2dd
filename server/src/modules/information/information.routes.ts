import type { FastifyInstance } from 'fastify'
import { JSON_CONTENT_TYPE, ok, okJson } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema, keywordSchema } from '../../lib/route-schemas'

export default async function informationRoutes(app: FastifyInstance) {
  const service = app.services.information
  const tags = ['information']
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; categoryCode?: string } }>(
    '/information/info/list',
    {
      schema: {
        tags,
        summary: 'Published information articles, newest first',
        querystring: { type: 'object', properties: { ...contentPageSchema, keyword: keywordSchema, categoryCode: codeSchema } },
      },
    },
    // serialised by the service from its in-memory items (listJson), not by Fastify
    async (req, reply) => reply.type(JSON_CONTENT_TYPE).send(okJson(req, await service.listJson(req.query))),
  )
  app.get<{ Querystring: { id: number } }>(
    '/information/info/detail',
    { schema: { tags, summary: 'One information article', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
  app.get('/information/category/list', { schema: { tags, summary: 'Information categories' } }, async (req) => ok(req, await service.categories()))
}
