/**
 * Site-wide public content: banners, the home page, the about and returning-home services pages, videos and the frame's settings.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ActivityListItem } from './activity'
import type { TopicListItem } from './topic'
import type { InformationListItem } from './information'
import type { PolicyListItem } from './policy'
import type { SponsorListItem } from './sponsor'

export interface Banner {
  id: number
  titleZh: string
  titleEn: string
  imageUrl: string
  /** in-app path such as '/activityDetail?id=3', or an absolute http(s) URL */
  linkUrl: string | null
  position: 'home' | 'activity' | 'roadshow' | 'policy'
}

export interface VideoItem {
  id: number
  titleZh: string
  titleEn: string
  coverUrl: string | null
  videoUrl: string
  category: 'bp' | 'about' | 'activity'
  durationSeconds: number
  publishedAt: string
}

/** GET /content/website: the about page. */
export interface WebsiteContent {
  introZh: string
  introEn: string
  timeline: { year: string; titleZh: string; titleEn: string; textZh: string; textEn: string }[]
  swiper: { imageUrl: string; captionZh: string; captionEn: string }[]
  video: VideoItem | null
}

/** GET /content/repatriation: the returning-home services page, three services. */
export interface RepatriationService {
  code: 'achievement_transform' | 'apply_job' | 'entrepreneurship'
  titleZh: string
  titleEn: string
  introZh: string
  introEn: string
  stepsZh: string[]
  stepsEn: string[]
  imageUrl: string | null
}

/** GET /content/home: everything the home page needs in one call. */
export interface HomeContent {
  banners: Banner[]
  hotActivities: ActivityListItem[]
  upcomingActivities: ActivityListItem[]
  topics: TopicListItem[]
  information: InformationListItem[]
  policies: PolicyListItem[]
  places: SponsorListItem[]
}

/** Site settings shown in the frame (GET /system/setting/site). */
export interface SiteSettings {
  phone: string
  email: string
  icp: string
  icpUrl: string
  copyrightZh: string
  copyrightEn: string
  wechatQrUrl: string | null
  social: { code: 'wechat' | 'weibo' | 'linkedin' | 'douyin'; nameZh: string; nameEn: string; qrUrl: string }[]
}
