/**
 * Competitions and industrial parks.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase } from './api'
import type { ActivityListItem } from './activity'
import type { RoadshowProjectListItem } from './roadshow'

export interface CompetitionListItem extends ContentBase {
  bannerUrl: string | null
  startTime: string
  endTime: string
}

export interface CompetitionDetail extends CompetitionListItem {
  banners: string[]
  contentZh: string
  contentEn: string
  projects: RoadshowProjectListItem[]
  activities: ActivityListItem[]
}
