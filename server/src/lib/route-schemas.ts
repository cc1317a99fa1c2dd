/** JSON-schema pieces the routes of several modules declare their query strings and bodies with. */
import { pageQuerySchema } from './paging'
import { urlSchema } from './urls'

/** paging of the public content lists: pageSize ≤ 50 (contract) */
export const contentPageSchema = { ...pageQuerySchema, pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 20 } } as const
export const keywordSchema = { type: 'string', maxLength: 100 } as const
export const codeSchema = { type: 'string', maxLength: 50, pattern: '^[A-Za-z0-9_-]*$' } as const
/** `{ id }` as a query string or a body */
export const idQuerySchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const

export const text = (max: number) => ({ type: 'string', maxLength: max }) as const
export const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const

export const idSchema = { type: 'integer', minimum: 1 } as const
export const boolSchema = { type: 'boolean' } as const

/** an object with these properties (a body or a query string); the ones named in `required` must be given */
export function objectSchema<P extends Record<string, object>>(properties: P, required: ReadonlyArray<keyof P & string> = []) {
  return { type: 'object', ...(required.length ? { required } : {}), properties } as const
}

/** Stored URLs, one rule each (lib/urls.ts): an empty string or null = none. */
/** an absolute http(s) URL: websites, live links, external video */
export const webUrlSchema = urlSchema('web', 1000)
/** a link shown in the apps: an in-app path ('/activityDetail?id=3') or an absolute http(s) URL */
export const appLinkSchema = urlSchema('link', 1000)
/** an image or file of ours: an upload (/uploads/…) or a bundled asset (/static/…), no `..` */
export const ownFileUrlSchema = urlSchema('image', 500)
