import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { registerCrud } from '../../blocks/admin-crud/admin-crud.routes'
import { BANNER_ADMIN } from './content.admin'

export default async function contentRoutes(app: FastifyInstance) {
  const service = app.services.content
  const tags = ['content']
  app.get('/content/home', { config: { publicCache: true }, schema: { tags, summary: 'Everything the home page needs' } }, async (req) => ok(req, await service.home()))
  app.get<{ Querystring: { position: string } }>(
    '/content/banner/list',
    {
      schema: {
        tags,
        summary: 'Banners of one position',
        querystring: { type: 'object', properties: { position: { type: 'string', enum: ['home', 'activity', 'roadshow', 'policy'], default: 'home' } } },
      },
    },
    async (req) => ok(req, await service.banners(req.query.position)),
  )
  app.get('/content/website', { schema: { tags, summary: 'About page: intro, timeline, swiper, video' } }, async (req) => ok(req, await service.website()))
  app.get('/content/repatriation', { schema: { tags, summary: 'The three returning-home services' } }, async (req) =>
    ok(req, await service.repatriation()),
  )
  registerCrud(app, BANNER_ADMIN)
}
