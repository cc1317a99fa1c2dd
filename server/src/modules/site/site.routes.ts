import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { SiteService } from './site.service'

export default async function siteRoutes(app: FastifyInstance) {
  const service = new SiteService(app.ctx)
  const tags = ['site']
  app.get('/system/setting/site', { schema: { tags, summary: 'Contact phone, e-mail, ICP record, copyright' } }, async (req) =>
    ok(req, await service.siteSettings()),
  )
  app.get<{ Querystring: { code: string } }>(
    '/system/text/detail',
    {
      schema: {
        tags,
        summary: 'A bilingual site text (user agreement, privacy policy)',
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', pattern: '^[a-z_]{1,50}$' } },
        },
      },
    },
    async (req) => ok(req, await service.text(req.query.code)),
  )
  app.get('/system/search/list/index/hot_search', { schema: { tags, summary: 'Hot search items (topic, policy, place)' } }, async (req) =>
    ok(req, await service.hotSearch()),
  )
}
