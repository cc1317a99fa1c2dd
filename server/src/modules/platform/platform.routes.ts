import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { codeSchema, contentPageSchema, idQuerySchema, keywordSchema } from '../../lib/route-schemas'
import { registerCrud } from '../../blocks/admin-crud/admin-crud.routes'
import { platformAdmin } from './platform.admin'
import { jobAdmin } from './job.admin'
import { CONTENT_MENUS, SITE_ADMIN_API } from '@contracts/admin-site'

export default async function platformRoutes(app: FastifyInstance) {
  const service = app.services.platform
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; natureCode?: string; kind?: string } }>(
    '/platform/info/list',
    {
      schema: {
        tags: ['platform'],
        summary: 'Talent platforms (colleges, enterprises, institutes); kind = job zone (college natures or the others)',
        querystring: {
          type: 'object',
          properties: { ...contentPageSchema, keyword: keywordSchema, natureCode: codeSchema, kind: { type: 'string', enum: ['college', 'enterprise', ''] } },
        },
      },
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.get<{ Querystring: { id: number } }>(
    '/platform/info/detail',
    { schema: { tags: ['platform'], summary: 'One platform with its jobs', querystring: idQuerySchema } },
    async (req) => ok(req, await service.detail(req.query.id)),
  )
  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; kind?: string; platformId?: number; city?: string } }>(
    '/job/info/list',
    {
      schema: {
        tags: ['job'],
        summary: 'Jobs, newest first',
        querystring: {
          type: 'object',
          properties: {
            ...contentPageSchema,
            keyword: keywordSchema,
            kind: { type: 'string', enum: ['college', 'enterprise', ''] },
            platformId: { type: 'integer', minimum: 1 },
            city: { type: 'string', maxLength: 50 },
          },
        },
      },
    },
    async (req) => ok(req, await service.jobs(req.query)),
  )
  registerCrud(app, platformAdmin(service))
  registerCrud(app, jobAdmin(service))
  app.get(
    SITE_ADMIN_API.jobOptions,
    { schema: { tags: ['cms-site'], summary: 'Job editor choices: the platforms' }, preHandler: app.authorize({ menu: CONTENT_MENUS.job }) },
    async (req) => ok(req, await service.jobOptions()),
  )
}
