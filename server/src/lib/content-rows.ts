/** Row shapes the content modules (topics, information, policies, site cases) share. */
import { AppError } from './app-error'

/** the row, or 302 (not found) */
export function found<T>(row: T | undefined): T {
  if (!row) throw new AppError(302)
  return row
}

/** id, bilingual title and summary of a content row, in the order the answers list them */
export function titleSummary(r: { id: number; title_zh: string; title_en: string; summary_zh: string; summary_en: string }) {
  return { id: r.id, titleZh: r.title_zh, titleEn: r.title_en, summaryZh: r.summary_zh, summaryEn: r.summary_en }
}
