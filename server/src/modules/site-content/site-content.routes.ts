/**
 * Site content admin — adverts (four areas), industry cases, partners, the rich content (about page,
 * returning-home services, the common date list = the about timeline) and the select choices of the
 * platform and roadshow editors — plus the consumer reads of adverts, cases and partners. Banners,
 * videos, platforms and roadshow projects are declared (and registered) by their own modules.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema, type PageQuery } from '../../lib/paging'
import { ADVERT_AREAS, SITE_ADMIN_API, SITE_MENUS, SITE_PUBLIC_API, type WebsiteDoc } from '@contracts/admin-site'
import type { RepatriationService } from '@contracts/site'
import type { AdvertArea } from '../../db/schema'
import { registerCrud } from '../../blocks/admin-crud/admin-crud.routes'
import { ADVERT_ADMIN, CASE_ADMIN, PARTNER_ADMIN } from './site-content.admin'
import { idQuerySchema, text } from '../../lib/route-schemas'

const websiteBody = {
  type: 'object',
  required: ['introZh', 'introEn', 'timeline', 'swiper'],
  properties: {
    introZh: text(100_000),
    introEn: text(100_000),
    timeline: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['year'],
        properties: { year: text(20), titleZh: text(100), titleEn: text(100), textZh: text(1000), textEn: text(1000) },
      },
    },
    swiper: {
      type: 'array',
      maxItems: 20,
      items: { type: 'object', required: ['imageUrl'], properties: { imageUrl: text(500), captionZh: text(200), captionEn: text(200) } },
    },
  },
} as const
const repatriationBody = {
  type: 'object',
  required: ['services'],
  properties: {
    services: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['code', 'titleZh', 'titleEn'],
        properties: {
          code: { type: 'string', enum: ['achievement_transform', 'apply_job', 'entrepreneurship'] },
          titleZh: text(100),
          titleEn: text(100),
          introZh: text(2000),
          introEn: text(2000),
          stepsZh: { type: 'array', maxItems: 20, items: text(200) },
          stepsEn: { type: 'array', maxItems: 20, items: text(200) },
          imageUrl: { type: ['string', 'null'], maxLength: 500 },
        },
      },
    },
  },
} as const

export default async function siteContentRoutes(app: FastifyInstance) {
  const service = app.services.siteContent
  for (const def of [ADVERT_ADMIN, CASE_ADMIN, PARTNER_ADMIN]) registerCrud(app, def)

  const tags = ['cms-site']
  app.get(SITE_ADMIN_API.website, { schema: { tags, summary: 'About page document (intro, timeline, swiper)' }, preHandler: app.authorize({ menu: SITE_MENUS.rich }) }, async (req) =>
    ok(req, await service.website()),
  )
  app.post<{ Body: WebsiteDoc }>(
    SITE_ADMIN_API.websiteUpdate,
    { schema: { tags, summary: 'Save the about page document (intro sanitized)', body: websiteBody }, preHandler: app.authorize({ menu: SITE_MENUS.rich, button: 'edit' }) },
    async (req) => ok(req, await service.saveWebsite(req.body)),
  )
  app.get(SITE_ADMIN_API.repatriation, { schema: { tags, summary: 'Returning-home services (tabs)' }, preHandler: app.authorize({ menu: SITE_MENUS.rich }) }, async (req) =>
    ok(req, await service.repatriation()),
  )
  app.post<{ Body: { services: RepatriationService[] } }>(
    SITE_ADMIN_API.repatriationUpdate,
    { schema: { tags, summary: 'Save the returning-home services', body: repatriationBody }, preHandler: app.authorize({ menu: SITE_MENUS.rich, button: 'edit' }) },
    async (req) => ok(req, await service.saveRepatriation(req.body.services)),
  )
  app.get(SITE_ADMIN_API.platformOptions, { schema: { tags, summary: 'Platform natures' }, preHandler: app.authorize({ menu: SITE_MENUS.platform }) }, async (req) =>
    ok(req, await service.platformOptions()),
  )
  app.get(
    SITE_ADMIN_API.roadshowOptions,
    { schema: { tags, summary: 'Roadshow editor choices: fields, competitions, videos, organisations' }, preHandler: app.authorize({ menu: SITE_MENUS.roadshow }) },
    async (req) => ok(req, await service.roadshowOptions()),
  )

  // ---- consumer reads
  const ctags = ['content']
  app.get<{ Querystring: { area: AdvertArea } }>(
    SITE_PUBLIC_API.advertList,
    {
      schema: {
        tags: ctags,
        summary: 'Live adverts of an area (enabled, inside their free time)',
        querystring: { type: 'object', required: ['area'], properties: { area: { type: 'string', enum: [...ADVERT_AREAS] } } },
      },
    },
    async (req) => ok(req, await service.adverts(req.query.area)),
  )
  app.get<{ Querystring: PageQuery }>(
    SITE_PUBLIC_API.caseList,
    { config: { publicCache: true }, schema: { tags: ctags, summary: 'Industry cases', querystring: { type: 'object', properties: { ...pageQuerySchema } } } },
    async (req) => ok(req, await service.cases(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    SITE_PUBLIC_API.caseDetail,
    {
      schema: {
        tags: ctags,
        summary: 'One industry case',
        querystring: idQuerySchema,
      },
    },
    async (req) => ok(req, await service.caseDetail(req.query.id)),
  )
  app.get<{ Querystring: PageQuery }>(
    SITE_PUBLIC_API.partnerList,
    { config: { publicCache: true }, schema: { tags: ctags, summary: 'Partners', querystring: { type: 'object', properties: { ...pageQuerySchema } } } },
    async (req) => ok(req, await service.partners(req.query)),
  )
}
