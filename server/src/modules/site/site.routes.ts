import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import type { TextSortField } from './site.repository'
import { ADMIN_DICTIONARY_API as A, SITE_SETTINGS_MENU, SOCIAL_CODES, type SiteSettingsForm, type SiteTextBody, type TranslationLang } from '@contracts/admin-dictionary'

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
/** shapes and lengths; the patterns (phone, e-mail, ICP number, picture addresses) are the service's, with the field named */
const settingsBody = {
  type: 'object',
  required: ['phone', 'email', 'icp', 'icpUrl', 'copyrightZh', 'copyrightEn', 'social'],
  additionalProperties: false,
  properties: {
    phone: { type: 'string', maxLength: 30 },
    email: { type: 'string', maxLength: 254 },
    icp: { type: 'string', maxLength: 40 },
    icpUrl: { type: 'string', maxLength: 400 },
    copyrightZh: { type: 'string', maxLength: 100 },
    copyrightEn: { type: 'string', maxLength: 100 },
    wechatQrUrl: { type: ['string', 'null'], maxLength: 420 },
    social: {
      type: 'array',
      maxItems: SOCIAL_CODES.length,
      items: {
        type: 'object',
        required: ['code', 'nameZh', 'nameEn', 'qrUrl'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: [...SOCIAL_CODES] },
          nameZh: { type: 'string', maxLength: 30 },
          nameEn: { type: 'string', maxLength: 30 },
          qrUrl: { type: 'string', maxLength: 420 },
        },
      },
    },
  },
} as const

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

  // ---------------------------------------------------------------- site settings admin (menu system/setting/site)
  app.get(
    A.settingInfo,
    { preHandler: app.authorize({ menu: SITE_SETTINGS_MENU }), schema: { tags, summary: 'The site settings for editing: contact phone, e-mail, ICP record, copyright, social QR codes' } },
    async (req) => ok(req, await service.settingsForm()),
  )
  app.post<{ Body: SiteSettingsForm }>(
    A.settingUpdate,
    {
      preHandler: app.authorize({ menu: SITE_SETTINGS_MENU, button: 'edit' }),
      schema: { tags, summary: 'Save the site settings (every field validated before any is written)', body: settingsBody },
    },
    async (req) => ok(req, await service.updateSettings(req.body)),
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
    async (req) => ok(req, await service.updateText(req.body, (change) => app.auditNote(req, change))),
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
