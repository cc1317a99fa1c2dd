/**
 * Topics: list items and details (a topic connects activities and information).
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase } from './api'
import type { ActivityListItem } from './activity'
import type { InformationListItem } from './information'

export interface TopicListItem extends ContentBase {
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
