/**
 * Public content contracts of the browsing issue (spec sections 1-3, 9). Everything a visitor reads.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/format.ts). Times are ISO-8601 UTC strings; an activity's
 * own zone is `timeZone` ('UTC+08:00' style, from UTC-12:00 to UTC+12:00).
 * All lists answer `Page<T>` ({ list, total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { ActivitySummary, Page } from './api'

export interface Bilingual {
  zh: string
  en: string
}

/** A dictionary-like option (categories, countries, degrees …). */
export interface OptionItem {
  code: string
  nameZh: string
  nameEn: string
}

export interface Banner {
  id: number
  titleZh: string
  titleEn: string
  imageUrl: string
  /** in-app path such as '/activityDetail?id=3', or an absolute http(s) URL */
  linkUrl: string | null
  position: 'home' | 'activity' | 'roadshow' | 'policy'
}

export type ActivityTimeStatus = 'upcoming' | 'running' | 'ended'
/** The consumer enrolment button (spec section 4). */
export type EnrollState = 'register_now' | 'register_again' | 'registered' | 'ended' | 'closed'

export interface ActivityAddress {
  country: string // ISO 3166-1 alpha-2, e.g. 'CN', 'US'
  countryNameZh: string
  countryNameEn: string
  timeZone: string // 'UTC+08:00'
  cityZh: string
  cityEn: string
  addressZh: string
  addressEn: string
}

/** The foundation's list item (api.ts) plus what the browsing pages show. */
export interface ActivityListItem extends ActivitySummary {
  status: ActivityTimeStatus
  categories: OptionItem[]
  tagsZh: string[]
  tagsEn: string[]
  viewCount: number
}

export interface ActivityDetail extends ActivityListItem {
  bannerUrl: string | null
  liveUrl: string | null
  liveQrUrl: string | null
  wechatGroupQrUrl: string | null
  highlightsZh: string[]
  highlightsEn: string[]
  /** sanitized HTML */
  detailZh: string
  detailEn: string
  addresses: ActivityAddress[]
  enrollDeadline: string | null
  isDeadlineEqualEnd: boolean
  isOpen: boolean
  isNeedLoginEnroll: boolean
  signUpOnce: boolean
  enrollNeedProcess: boolean
  enrollNotesZh: string
  enrollNotesEn: string
  /** computed for the caller (token optional): logged-out visitors see register_now / ended / closed */
  enrollState: EnrollState
  /** the caller's own enrolment, when logged in and enrolled */
  myEnrollment: { id: number; status: 'pending' | 'approved' | 'rejected'; createdAt: string } | null
}

/** GET /activity/info/list query */
export interface ActivityListQuery {
  page?: number
  pageSize?: number
  type?: 'online' | 'offline' | 'both'
  categoryCode?: string
  country?: string
  status?: ActivityTimeStatus
  keyword?: string
  organizerId?: number
  isHot?: boolean
}

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

export interface InformationListItem {
  id: number
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
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

export type PolicyLevel = 'national' | 'provincial' | 'municipal' | 'district'
export interface PolicyListItem {
  id: number
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  level: PolicyLevel
  cityZh: string
  cityEn: string
  issuerZh: string
  issuerEn: string
  category: OptionItem | null
  publishedAt: string
  viewCount: number
}

/**
 * Policy match rule (spec section 3). A null bound means "no condition". Lists are codes from
 * GET /policy/match/options; an empty list means "any".
 */
export interface PolicyRule {
  id: number
  policyId: number
  /** minimum degree: 'bachelor' < 'master' < 'doctor' */
  degree: 'bachelor' | 'master' | 'doctor' | null
  minAge: number | null
  maxAge: number | null
  /** at least this many years overseas */
  minOverseasYears: number | null
  /** returned at most this many years ago */
  maxReturnYears: number | null
  cities: string[]
  titles: string[]
  platformNatures: string[]
  professionalFields: string[]
  /** 'any' | 'chinese_only' (no foreign nationality) | 'foreign_descent_allowed' */
  foreignDescent: 'any' | 'chinese_only' | 'foreign_descent_allowed'
}
export interface PolicyDetail extends PolicyListItem {
  contentZh: string
  contentEn: string
  rules: PolicyRule[]
}

/** POST /policy/match/run body: the questionnaire. */
export interface MatchAnswers {
  degree: 'bachelor' | 'master' | 'doctor'
  age: number
  overseasYears: number
  /** years since return; 0 when not yet returned */
  returnYears: number
  city: string
  title: string
  platformNature: string
  professionalField: string
  /** true when the person holds a foreign nationality (foreign descent) */
  foreignNationality: boolean
}
export type MatchCondition =
  | 'degree'
  | 'age'
  | 'overseasYears'
  | 'returnYears'
  | 'city'
  | 'title'
  | 'platformNature'
  | 'professionalField'
  | 'foreignDescent'
export interface MatchResultItem {
  policy: PolicyListItem
  ruleId: number
  /** true when every condition of the rule holds */
  matched: boolean
  matchedConditions: MatchCondition[]
  unmatchedConditions: MatchCondition[]
}
/** answer of POST /policy/match/run: fully matched policies first, then partial ones by matched count */
export interface MatchResult {
  list: MatchResultItem[]
}
/** GET /policy/match/options */
export interface MatchOptions {
  degrees: OptionItem[]
  cities: OptionItem[]
  titles: OptionItem[]
  platformNatures: OptionItem[]
  professionalFields: OptionItem[]
}

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

export interface PlatformListItem {
  id: number
  nameZh: string
  nameEn: string
  logoUrl: string | null
  nature: OptionItem
  cityZh: string
  cityEn: string
  introZh: string
  introEn: string
  jobCount: number
}
export interface PlatformDetail extends PlatformListItem {
  website: string | null
  contentZh: string
  contentEn: string
  jobs: JobListItem[]
}

export interface JobListItem {
  id: number
  titleZh: string
  titleEn: string
  kind: 'college' | 'enterprise'
  platformId: number
  platformNameZh: string
  platformNameEn: string
  platformLogoUrl: string | null
  cityZh: string
  cityEn: string
  salaryZh: string
  salaryEn: string
  degree: 'bachelor' | 'master' | 'doctor' | null
  descriptionZh: string
  descriptionEn: string
  publishedAt: string
}

export interface RoadshowProjectListItem {
  id: number
  kind: 'project' | 'resource'
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  coverUrl: string | null
  field: OptionItem
  stageZh: string
  stageEn: string
  organizationId: number | null
  organizationNameZh: string
  organizationNameEn: string
  publishedAt: string
}
export interface RoadshowProjectDetail extends RoadshowProjectListItem {
  contentZh: string
  contentEn: string
  bpVideo: VideoItem | null
  /** the roadshow sessions (records) this project appeared in */
  records: RoadshowRecord[]
}
export interface RoadshowRecord {
  id: number
  projectId: number
  titleZh: string
  titleEn: string
  heldAt: string
  cityZh: string
  cityEn: string
  resultZh: string
  resultEn: string
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

export interface TalentListItem {
  id: number
  nameZh: string
  nameEn: string
  avatarUrl: string | null
  titleZh: string
  titleEn: string
  field: OptionItem
  country: string
  countryNameZh: string
  countryNameEn: string
  degree: 'bachelor' | 'master' | 'doctor'
}
export interface TalentDetail extends TalentListItem {
  introZh: string
  introEn: string
  achievementsZh: string[]
  achievementsEn: string[]
}

/** /orgProject lists projects of organisations; /project?id= shows one with its requirements. */
export interface OrgProjectListItem {
  id: number
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  field: OptionItem
  cityZh: string
  cityEn: string
  publishedAt: string
}
export interface OrgProjectDetail extends OrgProjectListItem {
  contentZh: string
  contentEn: string
  requirements: { id: number; titleZh: string; titleEn: string; descriptionZh: string; descriptionEn: string }[]
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

/** Search (GET /search/all?keywords=&module=all|activity|topic|information|policy|sponsor&page=&pageSize=). */
export type SearchModule = 'activity' | 'topic' | 'information' | 'policy' | 'sponsor'
export interface SearchResult {
  keywords: string
  activity?: Page<ActivityListItem>
  topic?: Page<TopicListItem>
  information?: Page<InformationListItem>
  policy?: Page<PolicyListItem>
  sponsor?: Page<SponsorListItem>
}

/** Site settings shown in the frame (extends the foundation's GET /system/setting/site). */
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

/** Public read endpoints of the browsing issue, relative to /api/v1. */
/**
 * Platform natures of the college job zone (`/platform/info/list?kind=college`, jobs of kind 'college');
 * every other nature belongs to the enterprise zone.
 */
export const COLLEGE_PLATFORM_NATURES = ['university', 'research_institute'] as const

export const CONTENT_API = {
  home: '/content/home',
  bannerList: '/content/banner/list', // ?position=
  website: '/content/website',
  repatriation: '/content/repatriation',
  activityList: '/activity/info/list', // ActivityListQuery
  activityDetail: '/activity/info/detail', // ?id=
  activityCategories: '/activity/category/list',
  activityCountries: '/activity/country/list',
  topicList: '/topic/info/list', // ?page&pageSize&keyword
  topicDetail: '/topic/info/detail',
  informationList: '/information/info/list', // ?categoryCode&keyword
  informationDetail: '/information/info/detail',
  informationCategories: '/information/category/list',
  policyList: '/policy/info/list', // ?level&categoryCode&keyword
  policyCategories: '/policy/category/list',
  policyDetail: '/policy/info/detail',
  matchOptions: '/policy/match/options',
  matchRun: '/policy/match/run', // POST MatchAnswers
  sponsorList: '/sponsor/info/list', // ?kind=organizer|place&premium=true&keyword
  sponsorDetail: '/sponsor/info/detail',
  platformList: '/platform/info/list', // ?natureCode&kind=college|enterprise&keyword
  platformDetail: '/platform/info/detail',
  jobList: '/job/info/list', // ?kind=college|enterprise&platformId&keyword&city
  roadshowProjectList: '/roadshow/project/list', // ?kind=project|resource&fieldCode&keyword
  roadshowFields: '/roadshow/field/list', // ?kind=project|resource → OptionItem[] (professional fields in use)
  roadshowProjectDetail: '/roadshow/project/detail',
  roadshowRecordList: '/roadshow/record/list',
  videoList: '/video/info/list', // ?category=bp|about|activity
  competitionList: '/competition/info/list',
  competitionDetail: '/competition/info/detail',
  talentList: '/talent/info/list',
  talentDetail: '/talent/info/detail',
  orgProjectList: '/project/org/list', // ?organizationId
  orgProjectDetail: '/project/org/detail',
  search: '/search/all',
  hotSearch: '/system/search/list/index/hot_search',
  siteSettings: '/system/setting/site',
} as const
