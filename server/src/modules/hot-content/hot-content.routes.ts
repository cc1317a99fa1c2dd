/** Hot content lists (activity, information, topic, video) with shared edit (menu 'cms/hot/list'). */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import { CMS_API, CMS_MENUS, type HotQuery, type HotUpdateInput } from '@contracts/admin-cms'
import { boolSchema, idSchema, objectSchema } from '../../lib/route-schemas'

const TYPES = ['activity', 'information', 'topic', 'video']

export default async function hotContentRoutes(app: FastifyInstance) {
  const service = app.services.hotContent
  const menu = CMS_MENUS.hot
  const tags = ['cms']
  app.get<{ Querystring: HotQuery }>(
    CMS_API.hotList,
    {
      schema: {
        tags,
        summary: 'Hot candidates of one type: hot rows first, by hot order',
        querystring: {
          type: 'object',
          required: ['type'],
          properties: { ...pageQuerySchema, type: { type: 'string', enum: TYPES }, keyword: { type: 'string', maxLength: 100 }, hot: { type: 'boolean' } },
        },
      },
      preHandler: app.authorize({ menu }),
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.post<{ Body: HotUpdateInput }>(
    CMS_API.hotUpdate,
    {
      schema: {
        tags,
        summary: 'Mark or unmark hot, and its hot order (higher first; activities have no order)',
        body: objectSchema(
          { type: { type: 'string', enum: TYPES }, id: idSchema, isHot: boolSchema, hotSort: { type: 'integer', minimum: -100000, maximum: 100000 } },
          ['type', 'id', 'isHot'],
        ),
      },
      preHandler: app.authorize({ menu, button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body)),
  )
}
