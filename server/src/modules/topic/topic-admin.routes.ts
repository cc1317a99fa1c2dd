/** CMS › Topics admin endpoints (menu 'cms/topic/list'; buttons add, edit, delete, publish, sort). */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import { CMS_API, CMS_MENUS, type TopicInput, type TopicItemsInput } from '@contracts/admin-cms'
import { TOPIC_SORT } from './topic-admin.service'
import { articleProps, listQuerySchema, publishBody } from '../../blocks/article/article.schemas'
import type { AdminListQuery } from '../../blocks/article/article.fields'
import { idQuerySchema } from '../../lib/route-schemas'

const topicBody = {
  type: 'object',
  required: ['titleZh', 'titleEn'],
  properties: { ...articleProps, sort: { type: 'integer', minimum: -100000, maximum: 100000 } },
} as const

export default async function topicAdminRoutes(app: FastifyInstance) {
  const service = app.services.topicAdmin
  const menu = CMS_MENUS.topic
  const tags = ['cms']
  const can = (button?: string) => app.authorize(button ? { menu, button } : { menu })

  app.get<{ Querystring: AdminListQuery }>(
    CMS_API.topicList,
    { schema: { tags, summary: 'Topics of any status (keyword, status, sort)', querystring: listQuerySchema(Object.keys(TOPIC_SORT)) }, preHandler: can() },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    CMS_API.topicDetail,
    { schema: { tags, summary: 'One topic with its connected items', querystring: idQuerySchema }, preHandler: can() },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
  app.get<{ Querystring: { type: 'activity' | 'information'; keyword?: string; page?: number; pageSize?: number } }>(
    CMS_API.topicCandidates,
    {
      schema: {
        tags,
        summary: 'Activities or information to connect to a topic',
        querystring: {
          type: 'object',
          required: ['type'],
          properties: { ...pageQuerySchema, type: { type: 'string', enum: ['activity', 'information'] }, keyword: { type: 'string', maxLength: 100 } },
        },
      },
      preHandler: can(),
    },
    async (req) => ok(req, await service.candidates(req.query)),
  )
  app.post<{ Body: TopicInput }>(
    CMS_API.topicAdd,
    { schema: { tags, summary: 'New topic (draft)', body: topicBody }, preHandler: can('add') },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: TopicInput & { id: number } }>(
    CMS_API.topicUpdate,
    {
      schema: { tags, summary: 'Edit a topic', body: { ...topicBody, required: ['id', ...topicBody.required], properties: { ...topicBody.properties, id: { type: 'integer', minimum: 1 } } } },
      preHandler: can('edit'),
    },
    async (req) => ok(req, await service.update(req.body.id, req.body)),
  )
  app.post<{ Body: TopicItemsInput }>(
    CMS_API.topicItems,
    {
      schema: {
        tags,
        summary: "Replace a topic's connected activities or information, in order",
        body: {
          type: 'object',
          required: ['id', 'type', 'itemIds'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            type: { type: 'string', enum: ['activity', 'information'] },
            itemIds: { type: 'array', maxItems: 100, items: { type: 'integer', minimum: 1 } },
          },
        },
      },
      preHandler: can('edit'),
    },
    async (req) => ok(req, await service.setItems(req.body)),
  )
  app.post<{ Body: { id: number; publish: boolean } }>(
    CMS_API.topicPublish,
    { schema: { tags, summary: 'Publish or unpublish a topic', body: publishBody }, preHandler: can('publish') },
    async (req) => ok(req, await service.publish(req.body.id, req.body.publish)),
  )
  app.post<{ Body: { id: number; sort: number } }>(
    CMS_API.topicSort,
    {
      schema: {
        tags,
        summary: "Set a topic's order (higher first)",
        body: { type: 'object', required: ['id', 'sort'], properties: { id: { type: 'integer', minimum: 1 }, sort: { type: 'integer', minimum: -100000, maximum: 100000 } } },
      },
      preHandler: can('sort'),
    },
    async (req) => ok(req, await service.sort(req.body.id, req.body.sort)),
  )
  app.delete<{ Querystring: { id: number } }>(
    CMS_API.topicDelete,
    { schema: { tags, summary: 'Delete a topic (619 when it is hot)', querystring: idQuerySchema }, preHandler: can('delete') },
    async (req) => ok(req, await service.remove(req.query.id)),
  )
}
