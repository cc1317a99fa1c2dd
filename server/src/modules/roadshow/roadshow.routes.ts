import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema, keywordSchema, objectSchema, ownFileUrlSchema, text } from '../../lib/route-schemas'
import { SITE_ADMIN_API, SITE_MENUS, type BpVideoInput } from '@contracts/admin-site'
import { registerCrud } from '../../blocks/admin-crud/admin-crud.routes'
import { roadshowAdmin, roadshowRecordAdmin, VIDEO_ADMIN } from './roadshow.admin'

export default async function roadshowRoutes(app: FastifyInstance) {
  const service = app.services.roadshow
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; kind?: string; fieldCode?: string } }>(
    '/roadshow/project/list',
    {
      schema: {
        tags: ['roadshow'],
        summary: 'Roadshow projects and resources, newest first',
        querystring: {
          type: 'object',
          properties: { ...contentPageSchema, keyword: keywordSchema, kind: { type: 'string', enum: ['project', 'resource', ''] }, fieldCode: codeSchema },
        },
      },
    },
    async (req) => ok(req, await service.projects(req.query)),
  )
  app.get<{ Querystring: { kind?: string } }>(
    '/roadshow/field/list',
    {
      schema: {
        tags: ['roadshow'],
        summary: 'Professional fields used by published roadshow projects (of a kind): the project filter',
        querystring: { type: 'object', properties: { kind: { type: 'string', enum: ['project', 'resource', ''] } } },
      },
    },
    async (req) => ok(req, await service.fields(req.query.kind)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/roadshow/project/detail',
    { schema: { tags: ['roadshow'], summary: 'One roadshow project with its BP video and records', querystring: idQuerySchema } },
    async (req) => ok(req, await service.project(req.query.id)),
  )
  app.get<{ Querystring: { page?: number; pageSize?: number; projectId?: number } }>(
    '/roadshow/record/list',
    {
      schema: {
        tags: ['roadshow'],
        summary: 'Roadshow records (sessions), latest first',
        querystring: { type: 'object', properties: { ...contentPageSchema, projectId: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => ok(req, await service.records(req.query)),
  )
  app.get<{ Querystring: { page?: number; pageSize?: number; category?: string } }>(
    '/video/info/list',
    {
      schema: {
        tags: ['video'],
        summary: 'Videos, newest first',
        querystring: { type: 'object', properties: { ...contentPageSchema, category: { type: 'string', enum: ['bp', 'about', 'activity', ''] } } },
      },
    },
    async (req) => ok(req, await service.videos(req.query)),
  )
  app.get<{ Querystring: { page?: number; pageSize?: number } }>(
    '/competition/info/list',
    { schema: { tags: ['competition'], summary: 'Competitions, latest first', querystring: { type: 'object', properties: { ...contentPageSchema } } } },
    async (req) => ok(req, await service.competitions(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/competition/info/detail',
    { schema: { tags: ['competition'], summary: 'One competition with banners, projects and activities', querystring: idQuerySchema } },
    async (req) => ok(req, await service.competition(req.query.id)),
  )
  for (const def of [VIDEO_ADMIN, roadshowAdmin(service), roadshowRecordAdmin(service)]) registerCrud(app, def)
  app.post<{ Body: BpVideoInput }>(
    SITE_ADMIN_API.roadshowBpVideo,
    {
      schema: {
        tags: ['cms-site'],
        summary: 'Upload-and-connect: an uploaded BP pitch video becomes a published bp video',
        body: objectSchema(
          {
            titleZh: text(200),
            titleEn: text(200),
            videoUrl: { ...ownFileUrlSchema, type: 'string' },
            coverUrl: ownFileUrlSchema,
            durationSeconds: { type: 'integer', minimum: 0, maximum: 86_400 },
          },
          ['titleZh', 'titleEn', 'videoUrl'],
        ),
      },
      preHandler: app.authorize({ menu: SITE_MENUS.roadshow, button: 'edit' }),
    },
    async (req) => ok(req, await service.addBpVideo(req.body)),
  )
}
