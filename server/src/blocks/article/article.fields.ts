/**
 * What the CMS admin services of articles (topics, information, policies) share: the admin list's
 * paging and sort, and the bilingual article fields from an edit body to columns and back.
 */
import { paramError } from '../../lib/app-error'
import { titleSummary } from '../../db/rows'
import { parseList } from '../../lib/json'
import { pageArgs } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { checkStoredUrl } from '../../lib/urls'
import type { CmsStatus, SortOrder, TopicInput } from '@contracts/admin-cms'

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

/** the checked columns of a bilingual article body (topics, information) */
export function articleValues(input: Omit<TopicInput, 'sort'>) {
  return {
    ...titleSummaryValues(input),
    cover_url: checkStoredUrl(input.coverUrl, 'coverUrl', 'image'),
    tags_zh: JSON.stringify(trimList(input.tagsZh)),
    tags_en: JSON.stringify(trimList(input.tagsEn)),
    content_zh: sanitizeRichText(input.contentZh),
    content_en: sanitizeRichText(input.contentEn),
  }
}

/** the shared fields of a bilingual article's admin detail (topics, information): the inverse of articleValues */
export function articleFields(r: {
  id: number
  title_zh: string
  title_en: string
  summary_zh: string
  summary_en: string
  cover_url: string | null
  tags_zh: string
  tags_en: string
  content_zh: string
  content_en: string
}) {
  return {
    ...titleSummary(r),
    coverUrl: r.cover_url,
    tagsZh: parseList(r.tags_zh),
    tagsEn: parseList(r.tags_en),
    contentZh: r.content_zh,
    contentEn: r.content_en,
  }
}
