/** Dictionaries (types, options, /dict/info/tree/dict). Site texts live in modules/site. */
import type { FastifyInstance } from 'fastify'
import { langOf, ok } from '../../lib/envelope'
import { pageQuerySchema } from '../../lib/paging'
import type { ItemSortField, SortOrder, TypeSortField } from './dictionary.repository'
import { ADMIN_DICTIONARY_API as A, type DictSaveBody } from '@contracts/admin-dictionary'

export const DICT_MENU = 'system/dict/list'

const saveBody = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['type', 'item'] },
    id: { type: 'integer', minimum: 1 },
    code: { type: 'string', maxLength: 100 },
    typeCode: { type: 'string', maxLength: 100 },
    nameZh: { type: 'string', maxLength: 200 },
    nameEn: { type: 'string', maxLength: 200 },
    internationalizeKey: { type: ['string', 'null'], maxLength: 200 },
    sort: { type: 'integer', minimum: 0, maximum: 1000000 },
    status: { type: 'integer', enum: [0, 1] },
  },
} as const

export default async function dictionaryRoutes(app: FastifyInstance) {
  const service = app.services.dictionary
  const tags = ['dictionary']

  app.post<{ Body: { categoryCode: string } }>(
    A.tree,
    {
      schema: {
        tags,
        summary: 'Enabled options of a dictionary type (dictName in the caller language)',
        body: { type: 'object', required: ['categoryCode'], properties: { categoryCode: { type: 'string', minLength: 1, maxLength: 100 } } },
      },
    },
    async (req) => ok(req, await service.tree(req.body.categoryCode, langOf(req))),
  )

  app.get<{ Querystring: { page?: number; pageSize?: number; keyword?: string; sortField?: TypeSortField; sortOrder?: SortOrder } }>(
    A.typeList,
    {
      preHandler: app.authorize({ menu: DICT_MENU }),
      schema: {
        tags,
        summary: 'Dictionary types (paged, keyword over code and names, sortable)',
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            keyword: { type: 'string', maxLength: 100 },
            sortField: { type: 'string', enum: ['id', 'code', 'nameZh', 'nameEn', 'updatedAt'] },
            sortOrder: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
    },
    async (req) => ok(req, await service.typeList(req.query)),
  )

  app.get<{ Querystring: { typeCode: string; page?: number; pageSize?: number; keyword?: string; status?: number; sortField?: ItemSortField; sortOrder?: SortOrder } }>(
    A.itemList,
    {
      preHandler: app.authorize({ menu: DICT_MENU }),
      schema: {
        tags,
        summary: 'Options of one dictionary type (paged, searchable, sortable; all statuses)',
        querystring: {
          type: 'object',
          required: ['typeCode'],
          properties: {
            ...pageQuerySchema,
            typeCode: { type: 'string', minLength: 1, maxLength: 100 },
            keyword: { type: 'string', maxLength: 100 },
            status: { type: 'integer', enum: [0, 1] },
            sortField: { type: 'string', enum: ['sort', 'id', 'code', 'nameZh', 'nameEn', 'status'] },
            sortOrder: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
    },
    async (req) => ok(req, await service.itemList(req.query)),
  )

  app.post<{ Body: DictSaveBody }>(
    A.add,
    { preHandler: app.authorize({ menu: DICT_MENU, button: 'add' }), schema: { tags, summary: 'Add a dictionary type or option ({ kind })', body: saveBody } },
    async (req) => ok(req, await service.add(req.body)),
  )
  app.post<{ Body: DictSaveBody }>(
    A.update,
    { preHandler: app.authorize({ menu: DICT_MENU, button: 'edit' }), schema: { tags, summary: 'Edit a dictionary type or option (codes are immutable)', body: saveBody } },
    async (req) => ok(req, await service.update(req.body)),
  )
  app.delete<{ Querystring: { kind: 'type' | 'item'; id: number } }>(
    A.delete,
    {
      preHandler: app.authorize({ menu: DICT_MENU, button: 'delete' }),
      schema: {
        tags,
        summary: 'Delete an option, or a type without options that the product does not read',
        querystring: { type: 'object', required: ['kind', 'id'], properties: { kind: { type: 'string', enum: ['type', 'item'] }, id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => ok(req, await service.remove(req.query.kind, req.query.id)),
  )
  app.post<{ Body: { typeCode: string; ids: number[] } }>(
    A.sort,
    {
      preHandler: app.authorize({ menu: DICT_MENU, button: 'sort' }),
      schema: {
        tags,
        summary: 'Order the options of a type (ids in their new order)',
        body: {
          type: 'object',
          required: ['typeCode', 'ids'],
          properties: { typeCode: { type: 'string', minLength: 1, maxLength: 100 }, ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 } } },
        },
      },
    },
    async (req) => ok(req, await service.reorder(req.body.typeCode, req.body.ids)),
  )
}
