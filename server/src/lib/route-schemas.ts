/** JSON-schema pieces the routes of several modules declare their query strings and bodies with. */
import { pageQuerySchema } from './paging'

/** paging of the public content lists: pageSize ≤ 50 (contract) */
export const contentPageSchema = { ...pageQuerySchema, pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 20 } } as const
export const keywordSchema = { type: 'string', maxLength: 100 } as const
export const codeSchema = { type: 'string', maxLength: 50, pattern: '^[A-Za-z0-9_-]*$' } as const
/** `{ id }` as a query string or a body */
export const idQuerySchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const

export const text = (max: number) => ({ type: 'string', maxLength: max }) as const
export const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const
