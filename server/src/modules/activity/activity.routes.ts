import type { FastifyInstance } from 'fastify'
import { JSON_CONTENT_TYPE, ok, okJson } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema, keywordSchema } from '../../lib/route-schemas'
import { optionalUserId } from '../../plugins/auth'
import type { ActivityListQuery } from '@contracts/activity'

export default async function activityRoutes(app: FastifyInstance) {
  const service = app.services.activity
  const tags = ['activity']
  app.get<{ Querystring: ActivityListQuery }>(
    '/activity/info/list',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Published activities: filters type, categoryCode, country, status, keyword, organizerId, isHot',
        querystring: {
          type: 'object',
          properties: {
            ...contentPageSchema,
            type: { type: 'string', enum: ['online', 'offline', 'both', ''] },
            categoryCode: codeSchema,
            country: codeSchema,
            status: { type: 'string', enum: ['upcoming', 'running', 'ended', ''] },
            keyword: keywordSchema,
            organizerId: { type: 'integer', minimum: 1 },
            isHot: { type: 'boolean' },
          },
        },
      },
    },
    // serialised by the service from its in-memory items (listJson), not by Fastify
    async (req, reply) => reply.type(JSON_CONTENT_TYPE).send(okJson(req, await service.listJson(req.query))),
  )
  app.get<{ Querystring: { id: number } }>(
    '/activity/info/detail',
    {
      schema: {
        tags,
        summary: 'One published activity; enrollState computed for the optional Bearer token',
        querystring: idQuerySchema,
      },
    },
    async (req) => ok(req, await service.detail(req.query.id, await optionalUserId(app, req))),
  )
  app.get('/activity/category/list', { schema: { tags, summary: 'Activity categories' } }, async (req) => ok(req, await service.categories()))
  app.get('/activity/country/list', { schema: { tags, summary: 'Countries having published activities' } }, async (req) =>
    ok(req, await service.countries()),
  )
}
