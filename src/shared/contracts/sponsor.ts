/**
 * Organizers (sponsors) and places: one organisation model.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
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
