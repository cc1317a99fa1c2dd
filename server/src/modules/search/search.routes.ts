import type { FastifyInstance } from 'fastify'
import { JSON_CONTENT_TYPE, okJson } from '../../lib/envelope'
import { contentPageSchema } from '../../lib/route-schemas'
import type { SearchModule } from '@contracts/search'

export default async function searchRoutes(app: FastifyInstance) {
  const service = app.services.search
  app.get<{ Querystring: { keywords: string; module?: SearchModule | 'all'; page?: number; pageSize?: number } }>(
    '/search/all',
    {
      config: { publicCache: true },
      schema: {
        tags: ['search'],
        summary: 'Keyword search over activities, topics, information, policies and sponsors (one Page per module)',
        querystring: {
          type: 'object',
          required: ['keywords'],
          properties: {
            ...contentPageSchema,
            keywords: { type: 'string', maxLength: 100 },
            module: { type: 'string', enum: ['all', 'activity', 'topic', 'information', 'policy', 'sponsor'], default: 'all' },
          },
        },
      },
    },
    // serialised by the service: the activity and information pages come from memory (listJson)
    async (req, reply) => reply.type(JSON_CONTENT_TYPE).send(okJson(req, await service.searchJson(req.query))),
  )
}
