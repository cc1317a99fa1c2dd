/**
 * Editor output the server stores: rich text is sanitized on every write (an allow-list of tags and
 * attributes, http/https/mailto links and http/https/data-less images only), so no script, event
 * handler, javascript: URL, iframe or style injection survives whatever the client sent. Website
 * fields must be absolute http(s) URLs (spec 5: "website must start with http://").
 */
import sanitizeHtml from 'sanitize-html'
import { AppError } from './app-error'
import { URL_PATTERNS } from './urls'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'span', 'a', 'img',
    'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption', 'video',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    // Quill's alignment / indent / list markers are classes; colours are dropped with every style
    '*': ['class'],
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'] },
  // every URL-bearing attribute we allow is scheme-checked (poster too, not only the default href/src/cite)
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  // relative URLs (/api/v1/file/...) are ours; protocol-relative ones could point anywhere
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // only a new tab or the same one; a new tab never gets a handle on this page (rel noopener)
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs
      return { tagName, attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest }
    },
  },
}

/** Sanitized HTML of editor output; '' for null/undefined. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return ''
  return sanitizeHtml(html, OPTIONS).trim()
}

const WEBSITE = new RegExp(URL_PATTERNS.web, 'i')

/** A `website` value: null/'' = none; otherwise it must start with http:// or https:// (301 names the field). */
export function checkWebsite(value: string | null | undefined, field = 'website'): string | null {
  const v = (value ?? '').trim()
  if (!v) return null
  if (!WEBSITE.test(v)) throw new AppError(301, { field, result: { field, reason: 'website' } })
  return v
}
