import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import type { AccountListQuery, StatusPatch } from './admin-user.service'
import type { AdminUserCreateBody, AdminUserUpdateBody, ConsumerStatusBody } from '@contracts/admin-system'

const USERS = 'system/user/list'
const CONSUMERS = 'system/cuser/list'
const listQuery = {
  type: 'object',
  properties: {
    ...pageQuerySchema,
    keyword: { type: 'string', maxLength: 100 },
    sortField: { type: 'string', enum: ['id', 'email', 'nickName', 'createdAt', 'expiresAt', 'accountLevel'] },
    sortOrder: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const
const adminListQuery = {
  type: 'object',
  properties: {
    ...listQuery.properties,
    kind: { type: 'string', enum: ['auser', 'ouser', 'kefu'] },
    organizationId: { type: 'integer', minimum: 1 },
  },
} as const
const accountProps = {
  nickName: { type: 'string', maxLength: 50 },
  roleId: { type: 'integer', minimum: 1 },
  organizationId: { type: ['integer', 'null'], minimum: 1 },
  expiresAt: { type: ['string', 'null'], maxLength: 40 },
  accountLevel: { type: 'integer', minimum: 0, maximum: 9 },
} as const

export default async function adminUserRoutes(app: FastifyInstance) {
  const service = app.services.adminUser
  const tags = ['admin users']

  app.get<{ Querystring: AccountListQuery }>(
    '/system/user/list/auser',
    {
      schema: { tags, summary: 'Admin-side accounts (organizers, operations, service agents): paged, searchable, sortable', querystring: adminListQuery },
      preHandler: app.authorize({ menu: USERS }),
    },
    async (req) => ok(req, await service.listAdminUsers(req.query, req.auth!.access!)),
  )

  app.get(
    '/system/user/role/options',
    { schema: { tags, summary: 'Roles an admin account may be given (for the account form)' }, preHandler: app.authorize({ menu: USERS }) },
    async (req) => ok(req, await service.roleOptions(req.auth!.access!)),
  )

  app.post<{ Body: AdminUserCreateBody }>(
    '/system/user/add/auser',
    {
      schema: {
        tags,
        summary: 'Create an admin-side account (new person with an initial password, or a new account for an existing e-mail)',
        body: {
          type: 'object',
          required: ['email', 'nickName', 'kind', 'roleId'],
          properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 128 }, kind: { type: 'string', enum: ['auser', 'ouser', 'kefu'] }, ...accountProps },
        },
      },
      preHandler: app.authorize({ menu: USERS, button: 'add' }),
    },
    async (req) => ok(req, await service.create(req.body, req.auth!.access!)),
  )

  app.post<{ Body: AdminUserUpdateBody }>(
    '/system/user/update/auser',
    {
      schema: {
        tags,
        summary: 'Edit an admin-side account (nickname, role, organisation, expiry, account level)',
        body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, ...accountProps } },
      },
      preHandler: app.authorize({ menu: USERS, button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body, req.auth!.access!, req.auth!.userId, (change) => app.auditNote(req, change))),
  )

  app.post<{ Body: StatusPatch }>(
    '/system/user/update/auser/status',
    {
      schema: {
        tags,
        summary: 'Forbid, lock or set the expiry of an admin-side account (never one\'s own: 301 id)',
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
      preHandler: app.authorize({ menu: USERS, button: 'forbid' }),
    },
    async (req) => ok(req, await service.updateStatus(req.body, req.auth!.access!, req.auth!.userId, (change) => app.auditNote(req, change))),
  )

  app.get<{ Querystring: AccountListQuery }>(
    '/system/user/list/cuser',
    {
      schema: { tags, summary: 'Consumer accounts: paged, searchable, sortable', querystring: listQuery },
      preHandler: app.authorize({ menu: CONSUMERS }),
    },
    async (req) => ok(req, await service.listConsumers(req.query)),
  )

  app.post<{ Body: ConsumerStatusBody }>(
    '/system/user/update/cuser/status',
    {
      schema: {
        tags,
        summary: 'Forbid (and sign out) or restore a consumer account',
        body: { type: 'object', required: ['id', 'forbidden'], properties: { id: { type: 'integer', minimum: 1 }, forbidden: { type: 'boolean' } } },
      },
      preHandler: app.authorize({ menu: CONSUMERS, button: 'forbid' }),
    },
    async (req) => ok(req, await service.updateConsumerStatus(req.body, (change) => app.auditNote(req, change))),
  )
}
