/**
 * Where a picture or file the server names can be loaded from. The server stores its own files as
 * origin-relative paths (`/uploads/…`, `/static/posters/…`); H5 pages share the server's origin, but
 * the mini-program resolves a bare path inside its own package, so there every such path is made
 * absolute on the API origin. Absolute http(s) and data URLs pass through unchanged.
 */
import { apiOrigin } from '../env'

export function assetUrl(url: string | null | undefined): string {
  if (!url) return ''
  if (/^(https?:|data:|blob:|wxfile:)/i.test(url)) return url
  if (url.startsWith('//')) return `https:${url}`
  return `${apiOrigin()}${url.startsWith('/') ? url : `/${url}`}`
}

/** The same for the pictures and links inside sanitised rich text (src/href attributes with a root path). */
export function absolutizeHtml(html: string): string {
  const origin = apiOrigin()
  if (!origin || !html) return html
  return html.replace(/(\s(?:src|href|poster)\s*=\s*["'])\/(?!\/)/gi, `$1${origin}/`)
}

/**
 * The server draws its demo pictures (`/static/posters/…`) with words in one language: ask for the
 * page's (`lang=zh|en`), so an English page shows no Chinese headline and the other way round. Other
 * pictures pass through unchanged.
 */
export function localizedPicture(url: string | null | undefined, lang: 'zh' | 'en'): string | null | undefined {
  if (!url || !/^\/static\/posters\//.test(url) || /[?&]lang=/.test(url)) return url
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`
}
