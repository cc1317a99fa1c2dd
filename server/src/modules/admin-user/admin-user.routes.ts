import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { AdminUserService, type StatusPatch } from './admin-user.service'

const listQuery = {
  type: 'object',
  properties: { ...pageQuerySchema, keyword: { type: 'string', maxLength: 100 } },
} as const

export default async function adminUserRoutes(app: FastifyInstance) {
  const service = new AdminUserService(app.ctx)
  const tags = ['admin users']

  app.get<{ Querystring: PageQuery & { keyword?: string } }>(
    '/system/user/list/auser',
    {
      schema: { tags, summary: 'Admin-side accounts (organizers, operations, service agents)', querystring: listQuery },
      preHandler: app.authorize({ menu: 'system/user/list' }),
    },
    async (req) => ok(req, await service.listAdminUsers(req.query, req.auth!.access!)),
  )

  app.post<{ Body: StatusPatch }>(
    '/system/user/update/auser/status',
    {
      schema: {
        tags,
        summary: 'Forbid, lock or set the expiry of an admin-side account',
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            forbidden: { type: 'boolean' },
            locked: { type: 'boolean' },
            expiresAt: { type: ['string', 'null'], maxLength: 40 },
          },
        },
      },
      preHandler: app.authorize({ menu: 'system/user/list', button: 'forbid' }),
    },
    async (req) => ok(req, await service.updateStatus(req.body, req.auth!.access!)),
  )

  app.get<{ Querystring: PageQuery & { keyword?: string } }>(
    '/system/user/list/cuser',
    {
      schema: { tags, summary: 'Consumer accounts', querystring: listQuery },
      preHandler: app.authorize({ menu: 'system/cuser/list' }),
    },
    async (req) => ok(req, await service.listConsumers(req.query)),
  )
}
