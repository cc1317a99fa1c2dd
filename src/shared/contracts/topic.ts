/**
 * Topics: list items and details (a topic connects activities and information).
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { ActivityListItem } from './activity'
import type { InformationListItem } from './information'

export interface TopicListItem {
  id: number
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  coverUrl: string | null
  tagsZh: string[]
  tagsEn: string[]
  publishedAt: string
  viewCount: number
}

export interface TopicDetail extends TopicListItem {
  contentZh: string
  contentEn: string
  activities: ActivityListItem[]
  information: InformationListItem[]
}
