import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import type { RolePageQuery } from './role.service'
import type { RoleSaveBody } from '@contracts/admin-system'
import { idQuerySchema } from '../../lib/route-schemas'

const MENU = 'system/role/list'
const ids = { type: 'array', maxItems: 2000, items: { type: 'integer', minimum: 1 } } as const
const roleProps = {
  code: { type: 'string', maxLength: 40 },
  nameZh: { type: 'string', maxLength: 50 },
  nameEn: { type: 'string', maxLength: 100 },
  brief: { type: ['string', 'null'], maxLength: 500 },
  dataScope: { type: 'string', enum: ['all', 'org'] },
  menuIds: ids,
  buttonIds: ids,
} as const

export default async function roleRoutes(app: FastifyInstance) {
  const service = app.services.role
  const tags = ['role']
  app.get(
    '/system/role/list',
    { schema: { tags, summary: 'All roles with their menu and button permissions (for pickers)' }, preHandler: app.authorize({ menu: MENU }) },
    async (req) => ok(req, await service.list(langOf(req))),
  )
  app.get<{ Querystring: RolePageQuery }>(
    '/system/role/page',
    {
      schema: {
        tags,
        summary: 'Roles, paged, searchable (code or name) and sortable, with their account counts',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: { type: 'string', maxLength: 100 },
            sortField: { type: 'string', enum: ['id', 'code', 'nameZh', 'createdAt'] },
            sortOrder: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
      preHandler: app.authorize({ menu: MENU }),
    },
    async (req) => ok(req, await service.page(req.query, langOf(req))),
  )
  app.get<{ Querystring: { id: number } }>(
    '/system/role/detail',
    { schema: { tags, summary: 'A role with its grants', querystring: idQuerySchema }, preHandler: app.authorize({ menu: MENU }) },
    async (req) => ok(req, await service.detail(req.query.id, langOf(req))),
  )
  app.post<{ Body: RoleSaveBody }>(
    '/system/role/add',
    {
      schema: { tags, summary: 'Create a role (code unique: 517) with its menu and button permissions', body: { type: 'object', required: ['code', 'nameZh', 'nameEn'], properties: roleProps } },
      preHandler: app.authorize({ menu: MENU, button: 'add' }),
    },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: RoleSaveBody }>(
    '/system/role/update',
    {
      schema: {
        tags,
        summary: "Edit a role; menuIds/buttonIds replace its permissions, effective on its users' next request",
        body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, ...roleProps } },
      },
      preHandler: app.authorize({ menu: MENU, button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body, req.auth!.access!, (change) => app.auditNote(req, change))),
  )
  app.delete<{ Querystring: { id: number } }>(
    '/system/role/delete',
    {
      schema: { tags, summary: 'Delete a role (refused while accounts use it: 517 field accounts)', querystring: idQuerySchema },
      preHandler: app.authorize({ menu: MENU, button: 'delete' }),
    },
    async (req) => ok(req, await service.remove(req.query.id, (change) => app.auditNote(req, change))),
  )
}
