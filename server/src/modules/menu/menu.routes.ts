import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import { MenuService } from './menu.service'

export default async function menuRoutes(app: FastifyInstance) {
  const service = new MenuService(app, app.ctx)
  const tags = ['menu']
  app.get(
    '/system/menu/current/menu',
    { schema: { tags, summary: "The caller's admin menu tree and buttons" }, preHandler: app.authorize('user') },
    async (req) => ok(req, await service.currentMenu(req.auth!.userId, langOf(req))),
  )
  app.get(
    '/system/menu/tree',
    { schema: { tags, summary: 'All menus with their buttons' }, preHandler: app.authorize({ menu: 'system/menu/list' }) },
    async (req) => ok(req, await service.fullTree(langOf(req))),
  )
}
