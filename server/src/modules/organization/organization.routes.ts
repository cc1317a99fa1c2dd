import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import type { OrganizationPageQuery, OrganizationUpdate } from './organization.service'
import type { OrganizationEditBody } from '@contracts/admin-system'
import { idQuerySchema, nullableText, ownFileUrlSchema } from '../../lib/route-schemas'
import { urlSchema } from '../../lib/urls'

const OUSERS = 'system/ouser/list'

export default async function organizationRoutes(app: FastifyInstance) {
  const service = app.services.organization
  const tags = ['organization']
  const profileProps = {
    nameZh: { type: 'string', maxLength: 100 },
    nameEn: { type: 'string', maxLength: 200 },
    logoUrl: ownFileUrlSchema,
    introZh: nullableText(5000),
    introEn: nullableText(10000),
    website: urlSchema('web', 500),
  }

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
      schema: { tags, summary: "Update the organizer's own organisation", body: { type: 'object', properties: profileProps } },
      preHandler: app.authorize({ menu: 'organization/profile', button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body, req.auth!.access!)),
  )

  // ---- organisation users (operations) --------------------------------------------------------
  app.get<{ Querystring: OrganizationPageQuery }>(
    '/system/organization/page',
    {
      schema: {
        tags,
        summary: 'Organisations with their organizer accounts: paged, searchable by name, sortable',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: { type: 'string', maxLength: 100 },
            kind: { type: 'string', enum: ['organizer', 'place'] },
            sortField: { type: 'string', enum: ['id', 'nameZh', 'createdAt', 'sort'] },
            sortOrder: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
      preHandler: app.authorize({ menu: OUSERS }),
    },
    async (req) => ok(req, await service.page(req.query, req.auth!.access!)),
  )

  app.get<{ Querystring: { id: number } }>(
    '/system/organization/detail',
    { schema: { tags, summary: 'One organisation with its rich content', querystring: idQuerySchema }, preHandler: app.authorize({ menu: OUSERS }) },
    async (req) => ok(req, await service.detail(req.query.id, req.auth!.access!)),
  )

  app.post<{ Body: OrganizationEditBody }>(
    '/system/organization/edit',
    {
      schema: {
        tags,
        summary: 'Edit an organisation (website http(s) only: 301; content sanitized)',
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 }, ...profileProps, contentZh: { type: 'string', maxLength: 200000 }, contentEn: { type: 'string', maxLength: 200000 } },
        },
      },
      preHandler: app.authorize({ menu: OUSERS, button: 'edit' }),
    },
    async (req) => ok(req, await service.edit(req.body, req.auth!.access!)),
  )

  app.post<{ Body: { id: number } }>(
    '/system/organization/invite',
    {
      schema: { tags, summary: 'A signed organizer-registration link bound to the organisation (valid 7 days)', body: idQuerySchema },
      preHandler: app.authorize({ menu: OUSERS, button: 'invite' }),
    },
    async (req) => ok(req, await service.invite(req.body.id, req.auth!.access!)),
  )

  // public: the registration page checks the link before showing the bound organisation
  app.get<{ Querystring: { token: string } }>(
    '/system/organization/invite/verify',
    {
      schema: {
        tags,
        summary: 'Which organisation an invitation link binds (410 when forged or expired)',
        querystring: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
      },
    },
    async (req) => ok(req, await service.verifyInvite(req.query.token)),
  )
}
