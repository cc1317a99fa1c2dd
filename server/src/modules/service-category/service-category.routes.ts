/** Service categories (hb_service_category tree, codes 600-618). */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { ADMIN_DICTIONARY_API as A, type ServiceCategoryBody } from '@contracts/admin-dictionary'
import { idQuerySchema } from '../../lib/route-schemas'

export const SERVICE_CATEGORY_MENU = 'system/service-category/list'

// fields are optional here on purpose: an empty name / sort / agent answers its own code (605/606/607)
const body = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    pid: { type: 'integer', minimum: 0 },
    nameZh: { type: ['string', 'null'], maxLength: 200 },
    nameEn: { type: ['string', 'null'], maxLength: 200 },
    sort: { type: ['integer', 'null'], minimum: 0, maximum: 1000000 },
    hidden: { type: 'integer', enum: [0, 1] },
    agentUserId: { type: ['integer', 'null'] },
    repatriationCodes: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 50 } },
  },
} as const

export default async function serviceCategoryRoutes(app: FastifyInstance) {
  const service = app.services.serviceCategory
  const tags = ['service-category']
  const read = app.authorize({ menu: SERVICE_CATEGORY_MENU })

  app.get<{ Querystring: { id?: number; keyword?: string } }>(
    A.categoryTree,
    {
      preHandler: read,
      schema: {
        tags,
        summary: 'The service-category tree (id = a node to start from; keyword keeps matches and their ancestors)',
        querystring: { type: 'object', properties: { id: { type: 'integer', minimum: 1 }, keyword: { type: 'string', maxLength: 100 } } },
      },
    },
    async (req) => ok(req, await service.tree(req.query.id, req.query.keyword)),
  )
  app.get(A.categoryAgents, { preHandler: app.authorize({ menu: SERVICE_CATEGORY_MENU }), schema: { tags, summary: 'Accounts that may answer a category' } }, async (req) =>
    ok(req, await service.agents()),
  )
  app.get(
    A.categoryBusiness,
    { preHandler: app.authorize({ menu: SERVICE_CATEGORY_MENU }), schema: { tags, summary: 'Business items (returning-home services) a category can answer' } },
    async (req) => ok(req, await service.business()),
  )
  app.post<{ Body: ServiceCategoryBody }>(
    A.categoryAdd,
    { preHandler: app.authorize({ menu: SERVICE_CATEGORY_MENU, button: 'add' }), schema: { tags, summary: 'Add a category (605/606/607/618)', body } },
    async (req) => ok(req, await service.add(req.body ?? {})),
  )
  app.post<{ Body: ServiceCategoryBody }>(
    A.categoryUpdate,
    { preHandler: app.authorize({ menu: SERVICE_CATEGORY_MENU, button: 'edit' }), schema: { tags, summary: 'Edit / hide a category (601/603/605/606/607/618)', body } },
    async (req) => ok(req, await service.update(req.body ?? {})),
  )
  app.delete<{ Querystring: { id: number } }>(
    A.categoryDelete,
    {
      preHandler: app.authorize({ menu: SERVICE_CATEGORY_MENU, button: 'delete' }),
      schema: { tags, summary: 'Delete a category (600/602/618)', querystring: idQuerySchema },
    },
    async (req) => ok(req, await service.remove(req.query.id)),
  )
}
