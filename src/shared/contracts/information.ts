/**
 * Information (news) items.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase, OptionItem } from './api'

export interface InformationListItem extends ContentBase {
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
