/**
 * Competitions and industrial parks.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase } from './api'
import type { ActivityListItem } from './activity'
import type { RoadshowProjectListItem } from './roadshow'
import type { OrgProjectListItem } from './org-project'

export interface CompetitionListItem extends ContentBase {
  /** a competition or an industrial park (one model) */
  kind: 'competition' | 'park'
  bannerUrl: string | null
  startTime: string
  endTime: string
}

export interface CompetitionDetail extends CompetitionListItem {
  banners: string[]
  contentZh: string
  contentEn: string
  /** roadshow projects of the competition */
  projects: RoadshowProjectListItem[]
  activities: ActivityListItem[]
  /** the organisations' projects taking part (published ones) */
  orgProjects: OrgProjectListItem[]
}
