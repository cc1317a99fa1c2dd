/**
 * Information (news) items.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { OptionItem } from './api'

export interface InformationListItem {
  id: number
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  coverUrl: string | null
  sourceZh: string
  sourceEn: string
  category: OptionItem | null
  tagsZh: string[]
  tagsEn: string[]
  publishedAt: string
  viewCount: number
}

export interface InformationDetail extends InformationListItem {
  contentZh: string
  contentEn: string
}
