import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema } from '../../lib/route-schemas'
import { registerCrud } from '../../blocks/admin-crud/admin-crud.routes'
import { CONTENT_MENUS, SITE_ADMIN_API } from '@contracts/admin-site'
import { talentAdmin } from './talent.admin'

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
  registerCrud(app, talentAdmin(service))
  app.get(
    SITE_ADMIN_API.talentOptions,
    { schema: { tags: ['cms-site'], summary: 'Talent editor choices: fields, countries' }, preHandler: app.authorize({ menu: CONTENT_MENUS.talent }) },
    async (req) => ok(req, await service.options()),
  )
}
