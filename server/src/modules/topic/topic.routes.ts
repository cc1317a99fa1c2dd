import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { contentPageSchema, idQuerySchema, keywordSchema } from '../../lib/route-schemas'

export default async function topicRoutes(app: FastifyInstance) {
  const service = app.services.topic
  const tags = ['topic']
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string } }>(
    '/topic/info/list',
    { schema: { tags, summary: 'Published topics, newest first', querystring: { type: 'object', properties: { ...contentPageSchema, keyword: keywordSchema } } } },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/topic/info/detail',
    { schema: { tags, summary: 'One topic with its activities and information', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
}
