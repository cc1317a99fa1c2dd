/**
 * Competitions and industrial parks.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { ActivityListItem } from './activity'
import type { RoadshowProjectListItem } from './roadshow'

export interface CompetitionListItem {
  id: number
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
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
