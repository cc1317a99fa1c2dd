/**
 * Pieces the CMS admin modules (topic, information, policy, hot-content) share: the list query schema
 * (paging, keyword, status, sortField/sortOrder), id bodies, bilingual text schemas and the sort mapping.
 */
import { paramError } from '../../lib/app-error'
import { pageArgs, pageQuerySchema } from '../../lib/paging'
import type { CmsStatus, SortOrder } from '../../../../src/shared/contracts/admin-cms'

export const idQuery = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const

export function listQuerySchema(sortFields: readonly string[], extra: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: {
      ...pageQuerySchema,
      keyword: { type: 'string', maxLength: 100 },
      status: { type: 'string', enum: ['draft', 'published', ''] },
      sortField: { type: 'string', enum: [...sortFields, ''] },
      sortOrder: { type: 'string', enum: ['ascend', 'descend', ''] },
      ...extra,
    },
  } as const
}

export const publishBody = {
  type: 'object',
  required: ['id', 'publish'],
  properties: { id: { type: 'integer', minimum: 1 }, publish: { type: 'boolean' } },
} as const

export const text = (max: number) => ({ type: 'string', maxLength: max }) as const
export const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const
export const tagList = { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 30 } } as const
/** rich text: the sanitizer bounds what is stored; this bounds what is read */
export const richText = { type: 'string', maxLength: 200_000 } as const
export const isoTime = { type: ['string', 'null'], maxLength: 40 } as const

export interface AdminListQuery {
  page?: number
  pageSize?: number
  keyword?: string
  status?: CmsStatus | ''
  sortField?: string
  sortOrder?: SortOrder | ''
}

/** sortField (API name) → column; unknown/empty = the default. */
export function sortOf<C extends string>(q: AdminListQuery, columns: Record<string, C>, fallback: C): { column: C; dir: 'asc' | 'desc' } {
  const column = (q.sortField && columns[q.sortField]) || fallback
  return { column, dir: q.sortOrder === 'ascend' ? 'asc' : 'desc' }
}

/** paging and the repository filter of an admin list (keyword, status, sort); callers add their own filters */
export function adminListArgs<C extends string>(q: AdminListQuery, columns: Record<string, C>, fallback: C) {
  const { page, pageSize, offset } = pageArgs(q)
  return {
    page,
    pageSize,
    filter: { keyword: q.keyword?.trim() || undefined, status: q.status || undefined, sort: sortOf(q, columns, fallback), offset, limit: pageSize },
  }
}

/** An ISO time string (with zone) → normalised ISO UTC; null when empty; throws via onBad when unparsable. */
export function isoOrNull(v: string | null | undefined, onBad: () => Error): string | null {
  const s = (v ?? '').trim()
  if (!s) return null
  const t = Date.parse(s)
  if (Number.isNaN(t) || !/^\d{4}-\d{2}-\d{2}/.test(s)) throw onBad()
  return new Date(t).toISOString()
}

/** the bilingual title (both required; 301 names the missing one) and summary of an edit body */
export function titleSummaryValues(input: { titleZh?: string | null; titleEn?: string | null; summaryZh?: string | null; summaryEn?: string | null }) {
  const titleZh = input.titleZh?.trim() ?? ''
  const titleEn = input.titleEn?.trim() ?? ''
  if (!titleZh) throw paramError('titleZh')
  if (!titleEn) throw paramError('titleEn')
  return {
    title_zh: titleZh,
    title_en: titleEn,
    summary_zh: (input.summaryZh ?? '').trim(),
    summary_en: (input.summaryEn ?? '').trim(),
  }
}

export const trimList = (xs: string[] | undefined) => [...new Set((xs ?? []).map((x) => x.trim()).filter(Boolean))]
