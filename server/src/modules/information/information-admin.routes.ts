/** CMS › Information admin endpoints (menu 'cms/information/list'; buttons add, edit, delete, publish). */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { CMS_API, CMS_MENUS, type InformationInput } from '@contracts/admin-cms'
import { INFORMATION_SORT } from './information-admin.service'
import { articleProps, isoTime, listQuerySchema, publishBody } from '../../blocks/article/article.schemas'
import type { AdminListQuery } from '../../blocks/article/article.fields'
import { idQuerySchema, text } from '../../lib/route-schemas'

const infoBody = {
  type: 'object',
  required: ['titleZh', 'titleEn'],
  properties: {
    ...articleProps,
    categoryCode: { type: ['string', 'null'], maxLength: 50 },
    sourceZh: text(100),
    sourceEn: text(200),
    publishedAt: isoTime,
  },
} as const

export default async function informationAdminRoutes(app: FastifyInstance) {
  const service = app.services.informationAdmin
  const menu = CMS_MENUS.information
  const tags = ['cms']
  const can = (button?: string) => app.authorize(button ? { menu, button } : { menu })

  app.get<{ Querystring: AdminListQuery & { categoryCode?: string } }>(
    CMS_API.informationList,
    {
      schema: { tags, summary: 'Information of any status (keyword, status, category, sort)', querystring: listQuerySchema(Object.keys(INFORMATION_SORT), { categoryCode: { type: 'string', maxLength: 50 } }) },
      preHandler: can(),
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    CMS_API.informationDetail,
    { schema: { tags, summary: 'One information article', querystring: idQuerySchema }, preHandler: can() },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
  app.post<{ Body: InformationInput }>(
    CMS_API.informationAdd,
    { schema: { tags, summary: 'New information article (draft)', body: infoBody }, preHandler: can('add') },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: InformationInput & { id: number } }>(
    CMS_API.informationUpdate,
    {
      schema: { tags, summary: 'Edit an information article', body: { ...infoBody, required: ['id', ...infoBody.required], properties: { ...infoBody.properties, id: { type: 'integer', minimum: 1 } } } },
      preHandler: can('edit'),
    },
    async (req) => ok(req, await service.update(req.body.id, req.body)),
  )
  app.post<{ Body: { id: number; publish: boolean } }>(
    CMS_API.informationPublish,
    { schema: { tags, summary: 'Publish (needs a publish time: 622) or unpublish', body: publishBody }, preHandler: can('publish') },
    async (req) => ok(req, await service.publish(req.body.id, req.body.publish)),
  )
  app.delete<{ Querystring: { id: number } }>(
    CMS_API.informationDelete,
    { schema: { tags, summary: 'Delete an information article (620 when it is hot)', querystring: idQuerySchema }, preHandler: can('delete') },
    async (req) => ok(req, await service.remove(req.query.id)),
  )
}
