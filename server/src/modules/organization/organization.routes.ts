import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { OrganizationService, type OrganizationUpdate } from './organization.service'

export default async function organizationRoutes(app: FastifyInstance) {
  const service = new OrganizationService(app.ctx)
  const tags = ['organization']
  const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max })

  app.get(
    '/system/user/tree/department',
    { schema: { tags, summary: 'Organisation (department) tree within the data permission' }, preHandler: app.authorize('admin') },
    async (req) => ok(req, await service.departmentTree(req.auth!.access!)),
  )

  app.get(
    '/system/organization/current',
    { schema: { tags, summary: "The organizer's own organisation" }, preHandler: app.authorize({ menu: 'organization/profile' }) },
    async (req) => ok(req, await service.current(req.auth!.access!)),
  )

  app.post<{ Body: OrganizationUpdate }>(
    '/system/organization/update',
    {
      schema: {
        tags,
        summary: "Update the organizer's own organisation",
        body: {
          type: 'object',
          properties: {
            nameZh: { type: 'string', maxLength: 100 },
            nameEn: { type: 'string', maxLength: 200 },
            logoUrl: nullableText(500),
            introZh: nullableText(5000),
            introEn: nullableText(10000),
            website: nullableText(500),
          },
        },
      },
      preHandler: app.authorize({ menu: 'organization/profile', button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body, req.auth!.access!)),
  )
}
