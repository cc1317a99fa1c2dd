/**
 * Site admin area: banners, adverts, rich content, videos, cases, partners, platforms, roadshow
 * settings, talents, jobs and premium places, plus the consumer reads of adverts, cases and partners.
 * Paths are relative to /api/v1. Every admin path is authorized by the menu component in SITE_MENUS
 * (reads: menu only; writes: the named button).
 *
 * Each CRUD type `k` answers the same six endpoints (siteCrudApi(k)):
 * - GET  list   ?page&pageSize&keyword&sortField&sortOrder&<filters> → Page<Item>       (menu)
 * - POST add    Input → Item                                                           (button add)
 * - POST update { id, ...Input } → Item   replaces every field (omitted optional ones are cleared) (button edit)
 * - POST delete { id } → { id }                                                        (button delete)
 * - POST status { id, published } → Item   publish / unpublish (enable / disable)      (button publish)
 * - POST sort   { id, sort } → Item        display order (lower first)                 (button sort)
 * Bad input: 301 with result.field (e.g. 'website', 'endAt', 'imageUrl') and nothing changes; an unknown
 * id: 302.
 */
import type { OptionItem } from './api'
import type { RepatriationService, WebsiteContent } from './site'

export const SITE_MENUS = {
  banner: 'cms/banner/list',
  advert: 'cms/advert/list',
  rich: 'cms/rich/list',
  video: 'cms/video/list',
  case: 'cms/case/list',
  partner: 'cms/partner/list',
  platform: 'cms/platform/list',
  roadshow: 'cms/roadshow/list',
} as const

/**
 * Content area: the talents (/talentDetail), the platforms' jobs (/job, /platformDetail) and the premium
 * places (/premiumPlace, /sponsor?id=) — simple CRUD types with the same six endpoints (siteCrudApi).
 */
export const CONTENT_MENUS = {
  talent: 'content/talent/list',
  job: 'content/job/list',
  place: 'content/place/list',
} as const

export type SiteCrudKey = 'banner' | 'advert' | 'case' | 'partner' | 'video' | 'platform' | 'roadshow' | 'roadshowRecord' | 'talent' | 'job' | 'place'

export function siteCrudApi(k: SiteCrudKey) {
  const base = `/cms/${k}`
  return {
    list: `${base}/list`,
    add: `${base}/add`,
    update: `${base}/update`,
    delete: `${base}/delete`,
    status: `${base}/status`,
    sort: `${base}/sort`,
  }
}

export const SITE_ADMIN_API = {
  /** GET → WebsiteDoc (menu cms/rich/list) */
  website: '/cms/rich/website',
  /** POST WebsiteDoc → WebsiteDoc (button edit); intro sanitized, plain texts stripped of tags */
  websiteUpdate: '/cms/rich/website/update',
  /** GET → RepatriationService[] */
  repatriation: '/cms/rich/repatriation',
  /** POST { services: RepatriationService[] } → RepatriationService[] (button edit) */
  repatriationUpdate: '/cms/rich/repatriation/update',
  /** GET → { natures: OptionItem[] } (menu cms/platform/list) */
  platformOptions: '/cms/platform/options',
  /** GET ?keyword → RoadshowOptions (menu cms/roadshow/list): the "connect / select item" choices */
  roadshowOptions: '/cms/roadshow/options',
  /**
   * POST BpVideoInput → SelectOption (menu cms/roadshow/list, button edit): an uploaded BP pitch video
   * becomes a published video of category 'bp', ready to connect to a project.
   */
  roadshowBpVideo: '/cms/roadshow/bpVideo/add',
  /** GET → TalentOptions (menu content/talent/list) */
  talentOptions: '/cms/talent/options',
  /** GET → JobOptions (menu content/job/list) */
  jobOptions: '/cms/job/options',
} as const

export const SITE_PUBLIC_API = {
  /** GET ?area=area|college|policy|search → SiteAdvert[] live now (status on, inside the free time window) */
  advertList: '/content/advert/list',
  /** GET ?page&pageSize → Page<SiteCase> (published, by sort) */
  caseList: '/content/case/list',
  /** GET ?id → SiteCaseDetail (302 when missing or unpublished) */
  caseDetail: '/content/case/detail',
  /** GET ?page&pageSize → Page<SitePartner> */
  partnerList: '/content/partner/list',
} as const

export const BANNER_POSITIONS = ['home', 'activity', 'roadshow', 'policy'] as const
export const ADVERT_AREAS = ['area', 'college', 'policy', 'search'] as const
export const VIDEO_CATEGORIES = ['bp', 'about', 'activity'] as const
export const ROADSHOW_KINDS = ['project', 'resource'] as const
export const DEGREES = ['bachelor', 'master', 'doctor'] as const
export type AdvertArea = (typeof ADVERT_AREAS)[number]

export interface ListQuery {
  page?: number
  pageSize?: number
  keyword?: string
  sortField?: string
  sortOrder?: 'asc' | 'desc'
}

interface Stamped {
  id: number
  published: boolean
  createdAt: string
  updatedAt: string
}

export interface BannerInput {
  titleZh: string
  titleEn: string
  imageUrl: string
  /** in-app path ('/activityDetail?id=3') or http(s) URL */
  linkUrl?: string | null
  position: (typeof BANNER_POSITIONS)[number]
  sort?: number
  /** free time: ISO-8601; null = no limit on that side; endAt must be after startAt */
  startAt?: string | null
  endAt?: string | null
}
export interface BannerItem extends BannerInput, Stamped {
  sort: number
  linkUrl: string | null
  startAt: string | null
  endAt: string | null
}

export interface AdvertInput {
  area: AdvertArea
  titleZh: string
  titleEn: string
  imageUrl: string
  linkUrl?: string | null
  sort?: number
  startAt?: string | null
  endAt?: string | null
}
export interface AdvertItem extends AdvertInput, Stamped {
  sort: number
  linkUrl: string | null
  startAt: string | null
  endAt: string | null
}

/** a titled piece of content with an optional summary and rich text (sanitized) */
export interface ArticleInput {
  titleZh: string
  titleEn: string
  summaryZh?: string
  summaryEn?: string
  contentZh?: string
  contentEn?: string
}

export interface CaseInput extends ArticleInput {
  coverUrl?: string | null
  sort?: number
}
export interface CaseItem extends Required<CaseInput>, Stamped {}

export interface PartnerInput {
  nameZh: string
  nameEn: string
  logoUrl?: string | null
  /** http:// or https:// (301 field website) */
  website?: string | null
  sort?: number
}
export interface PartnerItem extends Required<PartnerInput>, Stamped {}

export interface VideoInput {
  titleZh: string
  titleEn: string
  coverUrl?: string | null
  /** http(s) URL or an uploaded file path (/api/v1/file/...) */
  videoUrl: string
  category: (typeof VIDEO_CATEGORIES)[number]
  durationSeconds?: number
  /** ISO; consumer lists are newest first; defaults to now */
  publishedAt?: string
}
export interface VideoItem extends Required<VideoInput>, Stamped {}

/** what an organisation-like page has: platforms and places */
interface OrgPageInput {
  nameZh: string
  nameEn: string
  cityZh?: string
  cityEn?: string
  introZh?: string
  introEn?: string
  /** rich text (sanitized) */
  contentZh?: string
  contentEn?: string
  logoUrl?: string | null
  /** http:// or https:// */
  website?: string | null
  sort?: number
}

export interface PlatformInput extends OrgPageInput {
  /** dictionary platform_nature code */
  natureCode: string
}
export interface PlatformItem extends Required<PlatformInput>, Stamped {}

export interface RoadshowInput extends ArticleInput {
  kind: (typeof ROADSHOW_KINDS)[number]
  stageZh?: string
  stageEn?: string
  coverUrl?: string | null
  /** dictionary professional_field code */
  fieldCode: string
  organizationId?: number | null
  /** connect: the competition and the BP video (select item) */
  competitionId?: number | null
  bpVideoId?: number | null
  publishedAt?: string | null
}
export interface RoadshowItem extends Required<RoadshowInput>, Stamped {
  recordCount: number
}

export interface RoadshowRecordInput {
  projectId: number
  titleZh: string
  titleEn: string
  cityZh?: string
  cityEn?: string
  resultZh?: string
  resultEn?: string
  heldAt: string
}
export interface RoadshowRecordItem extends Required<RoadshowRecordInput> {
  id: number
  createdAt: string
  updatedAt: string
}

/**
 * A talent (/talentDetail?id=). Codes: field = dictionary professional_field, country = dictionary country.
 * Achievements are edited one per line (blank lines dropped) and read back the same way; the consumer
 * detail answers them as a list.
 */
export interface TalentInput {
  nameZh: string
  nameEn: string
  titleZh?: string
  titleEn?: string
  /** rich text (sanitized) */
  introZh?: string
  introEn?: string
  achievementsZh?: string
  achievementsEn?: string
  /** an upload (/uploads/…) or a bundled asset (/static/…) */
  avatarUrl?: string | null
  fieldCode: string
  country: string
  degree: (typeof DEGREES)[number]
  sort?: number
}
export interface TalentItem extends Required<TalentInput>, Stamped {}
export interface TalentOptions {
  fields: OptionItem[]
  countries: OptionItem[]
}

/**
 * A job of a platform. Its zone (kind: college or enterprise) follows the platform's nature
 * (COLLEGE_PLATFORM_NATURES); an empty city takes the platform's.
 */
export interface JobInput {
  platformId: number
  titleZh: string
  titleEn: string
  cityZh?: string
  cityEn?: string
  salaryZh?: string
  salaryEn?: string
  degree?: (typeof DEGREES)[number] | null
  descriptionZh?: string
  descriptionEn?: string
  publishedAt?: string | null
}
export interface JobItem extends Required<JobInput>, Stamped {
  kind: 'college' | 'enterprise'
}
export interface JobOptions {
  /** every platform, drafts too (newest last by display order) */
  platforms: SelectOption[]
}

/**
 * A premium place (region, park, hub): an organisation of kind 'place'. `published` is its premium flag:
 * on = listed on /premiumPlace; its /sponsor?id= page stays reachable either way.
 */
export interface PlaceInput extends OrgPageInput {
  bannerUrl?: string | null
}
export interface PlaceItem extends Required<PlaceInput>, Stamped {
  followerCount: number
}

/** The BP pitch video uploaded from the roadshow project editor. */
export interface BpVideoInput {
  titleZh: string
  titleEn: string
  /** an uploaded video (/uploads/….mp4|webm) */
  videoUrl: string
  coverUrl?: string | null
  durationSeconds?: number
}

export interface SelectOption {
  id: number
  titleZh: string
  titleEn: string
}
export interface RoadshowOptions {
  fields: { code: string; nameZh: string; nameEn: string }[]
  competitions: SelectOption[]
  videos: SelectOption[]
  organizations: SelectOption[]
  /** roadshow projects (newest first): the record editor's project choice */
  projects: SelectOption[]
}

/** The about page document minus the video (which is the newest published 'about' video). */
export type WebsiteDoc = Omit<WebsiteContent, 'video'>
export type RepatriationDoc = RepatriationService[]

// ---- consumer reads: the published rows, without the admin's bookkeeping ----
export type SiteAdvert = Pick<AdvertItem, 'id' | 'area' | 'titleZh' | 'titleEn' | 'imageUrl' | 'linkUrl'>
export type SiteCase = Pick<CaseItem, 'id' | 'titleZh' | 'titleEn' | 'summaryZh' | 'summaryEn' | 'coverUrl'>
export type SiteCaseDetail = SiteCase & Pick<CaseItem, 'contentZh' | 'contentEn'>
export type SitePartner = Pick<PartnerItem, 'id' | 'nameZh' | 'nameEn' | 'logoUrl' | 'website'>
