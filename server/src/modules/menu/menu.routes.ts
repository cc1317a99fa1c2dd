import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import type { MenuButtonSaveBody, MenuSaveBody } from '@contracts/admin-system'
import { idQuerySchema, nullableText, text } from '../../lib/route-schemas'

const MENU = 'system/menu/list'

const menuProps = {
  pid: { type: 'integer', minimum: 0 },
  path: text(200),
  name: text(64),
  titleZh: text(100),
  titleEn: text(200),
  component: text(100),
  redirect: nullableText(200),
  icon: nullableText(60),
  sort: { type: 'integer', minimum: -99999, maximum: 99999 },
} as const
const buttonProps = { name: text(40), titleZh: text(50), titleEn: text(100) } as const

export default async function menuRoutes(app: FastifyInstance) {
  const service = app.services.menu
  const tags = ['menu']
  app.get(
    '/system/menu/current/menu',
    { schema: { tags, summary: "The caller's admin menu tree and buttons" }, preHandler: app.authorize('user') },
    async (req) => ok(req, await service.currentMenu(req.auth!.userId, langOf(req), req.auth!.client === 'admin')),
  )
  app.get(
    '/system/menu/tree',
    { schema: { tags, summary: 'All menus with their buttons' }, preHandler: app.authorize({ menu: MENU }) },
    async (req) => ok(req, await service.fullTree(langOf(req))),
  )

  app.post<{ Body: MenuSaveBody }>(
    '/system/menu/add',
    {
      schema: { tags, summary: 'Add a menu (name unique: 517; path starts with /admin)', body: { type: 'object', required: ['pid', 'path', 'name', 'titleZh', 'titleEn', 'component'], properties: menuProps } },
      preHandler: app.authorize({ menu: MENU, button: 'add' }),
    },
    async (req) => ok(req, await service.addMenu(req.body)),
  )
  app.post<{ Body: MenuSaveBody }>(
    '/system/menu/update',
    {
      schema: {
        tags,
        summary: 'Edit a menu',
        body: { type: 'object', required: ['id', 'pid', 'path', 'name', 'titleZh', 'titleEn', 'component'], properties: { id: { type: 'integer', minimum: 1 }, ...menuProps } },
      },
      preHandler: app.authorize({ menu: MENU, button: 'edit' }),
    },
    async (req) => ok(req, await service.updateMenu(req.body, (change) => app.auditNote(req, change))),
  )
  app.delete<{ Querystring: { id: number } }>(
    '/system/menu/delete',
    {
      schema: { tags, summary: 'Delete a menu with its buttons and grants (517 field children while it has sub-menus)', querystring: idQuerySchema },
      preHandler: app.authorize({ menu: MENU, button: 'delete' }),
    },
    async (req) => ok(req, await service.deleteMenu(req.query.id, (change) => app.auditNote(req, change))),
  )

  app.post<{ Body: MenuButtonSaveBody }>(
    '/system/menu/button/add',
    {
      schema: { tags, summary: "Add a button to a menu (name unique per menu: 517)", body: { type: 'object', required: ['menuId', 'name', 'titleZh', 'titleEn'], properties: { menuId: { type: 'integer', minimum: 1 }, ...buttonProps } } },
      preHandler: app.authorize({ menu: MENU, button: 'add' }),
    },
    async (req) => ok(req, await service.addButton(req.body)),
  )
  app.post<{ Body: MenuButtonSaveBody }>(
    '/system/menu/button/update',
    {
      schema: { tags, summary: 'Edit a button', body: { type: 'object', required: ['id', 'name', 'titleZh', 'titleEn'], properties: { id: { type: 'integer', minimum: 1 }, ...buttonProps } } },
      preHandler: app.authorize({ menu: MENU, button: 'edit' }),
    },
    async (req) => ok(req, await service.updateButton(req.body, (change) => app.auditNote(req, change))),
  )
  app.delete<{ Querystring: { id: number } }>(
    '/system/menu/button/delete',
    {
      schema: { tags, summary: 'Delete a button and its grants', querystring: idQuerySchema },
      preHandler: app.authorize({ menu: MENU, button: 'delete' }),
    },
    async (req) => ok(req, await service.deleteButton(req.query.id, (change) => app.auditNote(req, change))),
  )
}
