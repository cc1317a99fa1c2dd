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

export const idSchema = { type: 'integer', minimum: 1 } as const
export const boolSchema = { type: 'boolean' } as const

/** an object with these properties (a body or a query string); the ones named in `required` must be given */
export function objectSchema<P extends Record<string, object>>(properties: P, required: ReadonlyArray<keyof P & string> = []) {
  return { type: 'object', ...(required.length ? { required } : {}), properties } as const
}

/**
 * Stored URLs, one rule each (an empty string or null = none). Never `javascript:`, `data:` or a
 * protocol-relative `//host` — what is stored is later shown as a link or an image to other people.
 */
const URL_CHARS = `[^\\s<>"'\\\\]`
/** an absolute http(s) URL: websites, live links, external video */
export const webUrlSchema = { type: ['string', 'null'], maxLength: 1000, pattern: `^(https?://${URL_CHARS}+)?$` } as const
/** a link shown in the apps: an in-app path ('/activityDetail?id=3') or an absolute http(s) URL */
export const appLinkSchema = { type: ['string', 'null'], maxLength: 1000, pattern: `^(https?://${URL_CHARS}+|/(?!/)${URL_CHARS}*)?$` } as const
/** an image or file of ours: an upload (/uploads/…) or a bundled asset (/static/…), no `..` */
export const ownFileUrlSchema = { type: ['string', 'null'], maxLength: 500, pattern: '^(/(uploads|static)/(?!.*\\.\\.)[A-Za-z0-9._~%/-]+)?$' } as const
