/**
 * The one rule set for every URL the server stores (an empty string or null = none). What is stored
 * is later shown to other people as a link or an image, so: never `javascript:`, `data:`, a
 * protocol-relative `//host` or markup characters; and an image field holds only a file of ours, so a
 * third-party image cannot track who looks at the page. The route schemas (route-schemas.ts) and the
 * services' checks both use these patterns.
 */
import { AppError } from './app-error'

const URL_CHARS = `[^\\s<>"'\\\\]`
/** what each kind of field may hold */
export const URL_PATTERNS = {
  /** an absolute http(s) URL with a host: websites, live links, external video */
  web: `^https?://[^\\s<>"'\\\\/?#.]${URL_CHARS}*$`,
  /** a link shown in the apps: an in-app path ('/activityDetail?id=3') or an absolute http(s) URL */
  link: `^(https?://[^\\s<>"'\\\\/?#.]${URL_CHARS}*|/(?!/)${URL_CHARS}*)$`,
  /** an image or file of ours: an upload (/uploads/…) or a bundled asset (/static/…), no `..` */
  image: '^/(uploads|static)/(?!.*\\.\\.)[A-Za-z0-9._~%/-]+$',
} as const
export type StoredUrlKind = keyof typeof URL_PATTERNS

const REGEXES = Object.fromEntries(Object.entries(URL_PATTERNS).map(([k, p]) => [k, new RegExp(p, 'i')])) as Record<StoredUrlKind, RegExp>

/** the trimmed URL, null for none; 301 { field, reason: 'url' } for anything else */
export function checkStoredUrl(value: unknown, field: string, kind: StoredUrlKind, maxLength = 1000): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string') throw new AppError(301, { field, result: { field, reason: 'url' } })
  const v = value.trim()
  if (!v) return null
  if (v.length > maxLength || !REGEXES[kind].test(v)) throw new AppError(301, { field, result: { field, reason: 'url' } })
  return v
}

/** JSON schema of a stored URL field (optional: '' and null allowed) */
export function urlSchema(kind: StoredUrlKind, maxLength = 1000) {
  return { type: ['string', 'null'], maxLength, pattern: `^$|${URL_PATTERNS[kind]}` } as const
}
