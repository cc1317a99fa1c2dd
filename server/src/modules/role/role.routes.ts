import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import { RoleService } from './role.service'

export default async function roleRoutes(app: FastifyInstance) {
  const service = new RoleService(app.ctx)
  app.get(
    '/system/role/list',
    { schema: { tags: ['role'], summary: 'Roles with their menu and button permissions' }, preHandler: app.authorize({ menu: 'system/role/list' }) },
    async (req) => ok(req, await service.list(langOf(req))),
  )
}
