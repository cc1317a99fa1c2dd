/**
 * Organizers (sponsors) and places: one organisation model.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { ActivityListItem } from './activity'

/** Organizers (sponsors) and places (premium places, parks, cities) share one organisation model. */
export interface SponsorListItem {
  id: number
  nameZh: string
  nameEn: string
  logoUrl: string | null
  kind: 'organizer' | 'place'
  isPremium: boolean
  cityZh: string
  cityEn: string
  introZh: string
  introEn: string
  activityCount: number
  followerCount: number
}

export interface SponsorDetail extends SponsorListItem {
  website: string | null
  bannerUrl: string | null
  contentZh: string
  contentEn: string
  activities: ActivityListItem[]
  /** caller follows this organizer (false when logged out) */
  followed: boolean
}
