import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import type { TextSortField } from './site.repository'
import { ADMIN_DICTIONARY_API as A, type SiteTextBody, type TranslationLang } from '@contracts/admin-dictionary'

export const TEXT_MENU = 'system/text/list'
const textBody = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', maxLength: 50 },
    titleZh: { type: 'string', maxLength: 400 },
    titleEn: { type: 'string', maxLength: 400 },
    contentZh: { type: 'string', maxLength: 400000 },
    contentEn: { type: 'string', maxLength: 400000 },
    publishVersion: { type: 'boolean' },
  },
} as const
const langSchema = { type: 'string', enum: ['zh-cn', 'en'] } as const

export default async function siteRoutes(app: FastifyInstance) {
  const service = app.services.site
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

  // ---------------------------------------------------------------- texts admin (menu system/text/list)
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; sortField?: TextSortField; sortOrder?: 'asc' | 'desc' } }>(
    A.textList,
    {
      preHandler: app.authorize({ menu: TEXT_MENU }),
      schema: {
        tags,
        summary: 'Site texts (paged; keyword over code, titles and contents; sortable)',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: { type: 'string', maxLength: 100 },
            sortField: { type: 'string', enum: ['code', 'titleZh', 'titleEn', 'updatedAt'] },
            sortOrder: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
    },
    async (req) => ok(req, await service.textList(req.query)),
  )
  app.get<{ Querystring: { code: string } }>(
    A.textInfo,
    {
      preHandler: app.authorize({ menu: TEXT_MENU }),
      schema: { tags, summary: 'One site text for editing', querystring: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 50 } } } },
    },
    async (req) => ok(req, await service.textInfo(req.query.code)),
  )
  app.post<{ Body: SiteTextBody }>(
    A.textAdd,
    { preHandler: app.authorize({ menu: TEXT_MENU, button: 'add' }), schema: { tags, summary: 'Add a site text (HTML content is sanitized)', body: textBody } },
    async (req) => ok(req, await service.addText(req.body)),
  )
  app.post<{ Body: SiteTextBody }>(
    A.textUpdate,
    { preHandler: app.authorize({ menu: TEXT_MENU, button: 'edit' }), schema: { tags, summary: 'Edit a site text (HTML content is sanitized); publishVersion raises its version (policy texts: people agree again)', body: textBody } },
    async (req) => ok(req, await service.updateText(req.body)),
  )
  app.get<{ Querystring: { lang: TranslationLang; page?: number; pageSize?: number; keyword?: string; overridden?: boolean } }>(
    A.translationList,
    {
      preHandler: app.authorize({ menu: TEXT_MENU }),
      schema: {
        tags,
        summary: 'UI translation keys with their shipped text and override (paged, keyword)',
        querystring: {
          type: 'object',
          required: ['lang'],
          properties: { ...pageQuerySchema, lang: langSchema, keyword: { type: 'string', maxLength: 100 }, overridden: { type: 'boolean' } },
        },
      },
    },
    async (req) => ok(req, await service.translationList(req.query)),
  )
  app.post<{ Body: { lang: TranslationLang; key: string; value?: string | null } }>(
    A.translationUpdate,
    {
      preHandler: app.authorize({ menu: TEXT_MENU, button: 'edit' }),
      schema: {
        tags,
        summary: 'Override one UI translation (empty value = back to the shipped text)',
        body: {
          type: 'object',
          required: ['lang', 'key'],
          properties: { lang: langSchema, key: { type: 'string', minLength: 1, maxLength: 200 }, value: { type: ['string', 'null'], maxLength: 2000 } },
        },
      },
    },
    async (req) => ok(req, await service.setTranslation(req.body)),
  )
  app.get<{ Querystring: { lang: TranslationLang } }>(
    A.translationMerged,
    {
      schema: {
        tags,
        summary: 'The shipped translation file with the operators\' overrides applied (plain JSON, no envelope)',
        querystring: { type: 'object', required: ['lang'], properties: { lang: langSchema } },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-cache').send(await service.mergedTranslations(req.query.lang)),
  )
}
