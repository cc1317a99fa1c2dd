import type { FastifyInstance } from 'fastify'
import { ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import { urlSchema } from '../../lib/urls'
import { siteCrudApi } from '@contracts/admin-site'
import type { CrudDef, Field } from './crud-def'
import { AdminCrudService } from './admin-crud.service'

function fieldSchema(f: Field): object {
  if (f.schema) return f.schema
  switch (f.kind) {
    case 'text':
    case 'rich':
      return { type: 'string', maxLength: f.max ?? 200 }
    case 'image':
      return urlSchema('image', f.max ?? 500)
    case 'link':
      return urlSchema('link', f.max ?? 500)
    case 'website':
      return urlSchema('web', f.max ?? 500)
    case 'time':
      return { type: ['string', 'null'], maxLength: 40 }
    case 'int':
      return { type: 'integer', minimum: f.min ?? 0, maximum: f.max ?? 1_000_000 }
    case 'enum':
      return { type: 'string', enum: [...(f.values ?? [])] }
    case 'id':
      return { type: ['integer', 'null'], minimum: 0 }
  }
}

const idSchema = { type: 'integer', minimum: 1 } as const

/** The six admin endpoints of one content type (paths: siteCrudApi(def.key)). */
export function registerCrud(app: FastifyInstance, def: CrudDef) {
  const service = new AdminCrudService(app.ctx, def)
  const api = siteCrudApi(def.key)
  const tags = ['cms-site']
  const properties = Object.fromEntries(def.fields.map((f) => [f.name, fieldSchema(f)]))
  const required = def.fields.filter((f) => f.required).map((f) => f.name)
  const filterProps: Record<string, unknown> = {}
  for (const name of def.filters) {
    if (name === 'published') filterProps.published = { type: 'boolean' }
    else {
      const f = def.fields.find((x) => x.name === name)!
      filterProps[name] =
        f.kind === 'enum'
          ? { type: 'string', enum: ['', ...(f.values ?? [])] }
          : f.kind === 'id' || f.kind === 'int'
            ? { type: 'integer', minimum: 1 }
            : { type: 'string', maxLength: 100 }
    }
  }

  app.get<{ Querystring: Record<string, unknown> }>(
    api.list,
    {
      schema: {
        tags,
        summary: `${def.key}: list, search, filter, sort`,
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: { type: 'string', maxLength: 100 },
            sortField: { type: 'string', enum: ['', ...def.sortFields] },
            sortOrder: { type: 'string', enum: ['', 'asc', 'desc'] },
            ...filterProps,
          },
        },
      },
      preHandler: app.authorize({ menu: def.menu }),
    },
    async (req) => ok(req, await service.list(req.query)),
  )
  app.post<{ Body: Record<string, unknown> }>(
    api.add,
    {
      schema: { tags, summary: `${def.key}: create (published: false = draft)`, body: { type: 'object', required, properties: { ...properties, published: { type: 'boolean' } } } },
      preHandler: app.authorize({ menu: def.menu, button: 'add' }),
    },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: Record<string, unknown> & { id: number } }>(
    api.update,
    {
      schema: { tags, summary: `${def.key}: edit`, body: { type: 'object', required: ['id', ...required], properties: { id: idSchema, ...properties } } },
      preHandler: app.authorize({ menu: def.menu, button: 'edit' }),
    },
    async (req) => ok(req, await service.update(req.body, (change) => app.auditNote(req, change))),
  )
  app.post<{ Body: { id: number } }>(
    api.delete,
    {
      schema: { tags, summary: `${def.key}: delete`, body: { type: 'object', required: ['id'], properties: { id: idSchema } } },
      preHandler: app.authorize({ menu: def.menu, button: 'delete' }),
    },
    async (req) => ok(req, await service.remove(req.body.id, (change) => app.auditNote(req, change))),
  )
  if (def.status) {
    app.post<{ Body: { id: number; published: boolean } }>(
      api.status,
      {
        schema: {
          tags,
          summary: `${def.key}: publish / unpublish`,
          body: { type: 'object', required: ['id', 'published'], properties: { id: idSchema, published: { type: 'boolean' } } },
        },
        preHandler: app.authorize({ menu: def.menu, button: 'publish' }),
      },
      async (req) => ok(req, await service.setStatus(req.body.id, req.body.published, (change) => app.auditNote(req, change))),
    )
  }
  if (def.sortable) {
    app.post<{ Body: { id: number; sort: number } }>(
      api.sort,
      {
        schema: {
          tags,
          summary: `${def.key}: display order (lower first)`,
          body: { type: 'object', required: ['id', 'sort'], properties: { id: idSchema, sort: { type: 'integer', minimum: 0, maximum: 1_000_000 } } },
        },
        preHandler: app.authorize({ menu: def.menu, button: 'sort' }),
      },
      async (req) => ok(req, await service.setSort(req.body.id, req.body.sort)),
    )
  }
  return service
}
