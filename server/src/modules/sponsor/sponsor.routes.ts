import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { optionalUserId } from '../../plugins/auth'
import { registerCrud } from '../../blocks/admin-crud/admin-crud.routes'
import { placeAdmin } from './place.admin'
import { contentPageSchema, idQuerySchema, keywordSchema } from '../../lib/route-schemas'

export default async function sponsorRoutes(app: FastifyInstance) {
  const service = app.services.sponsor
  const tags = ['sponsor']
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; kind?: 'organizer' | 'place' | ''; premium?: boolean } }>(
    '/sponsor/info/list',
    {
      schema: {
        tags,
        summary: 'Organizers and places',
        querystring: {
          type: 'object',
          properties: { ...contentPageSchema, keyword: keywordSchema, kind: { type: 'string', enum: ['organizer', 'place', ''] }, premium: { type: 'boolean' } },
        },
      },
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/sponsor/info/detail',
    { schema: { tags, summary: 'One organizer or place with its activities', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id, await optionalUserId(app, req))),
  )
  registerCrud(app, placeAdmin(service))
}
