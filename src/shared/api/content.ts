/**
 * Typed client of the browsing issue's public read API (CONTENT_API in src/shared/contracts/content.ts).
 * One function per endpoint. Every function resolves with the envelope's `result` when `code === 200`
 * and rejects with a `ContentApiError` otherwise (the request client has already shown the warning
 * toast for non-200 codes); network/HTTP failures reject with `HttpError` from ./request.
 * Undefined / null / '' query values are dropped so they never travel as the string "undefined".
 */
import { http } from './request'
import type { Page } from '../contracts/api'
import { CONTENT_API, type OptionItem } from '../contracts/api'
import { type ActivityDetail, type ActivityListItem, type ActivityListQuery } from '../contracts/activity'
import { type Banner, type HomeContent, type RepatriationService, type SiteSettings, type VideoItem, type WebsiteContent } from '../contracts/site'
import { type CompetitionDetail, type CompetitionListItem } from '../contracts/competition'
import { type InformationDetail, type InformationListItem } from '../contracts/information'
import { type JobListItem, type PlatformDetail, type PlatformListItem } from '../contracts/platform'
import { type MatchAnswers, type MatchOptions, type MatchResult, type PolicyDetail, type PolicyLevel, type PolicyListItem } from '../contracts/policy'
import { type OrgProjectDetail, type OrgProjectListItem } from '../contracts/org-project'
import { type RoadshowProjectDetail, type RoadshowProjectListItem, type RoadshowRecord } from '../contracts/roadshow'
import { type SearchModule, type SearchResult } from '../contracts/search'
import { type SponsorDetail, type SponsorListItem } from '../contracts/sponsor'
import { type TalentDetail, type TalentListItem } from '../contracts/talent'
import { type TopicDetail, type TopicListItem } from '../contracts/topic'

export class ContentApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message || `code ${code}`)
    this.name = 'ContentApiError'
  }
}

/** Paging part every list query accepts. */
export interface PageQuery {
  page?: number
  pageSize?: number
}

/** Drop undefined / null / '' values; booleans travel as 'true'/'false'. */
export function cleanQuery(q?: object | null): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  if (!q) return out
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue
    out[k] = typeof v === 'boolean' ? String(v) : (v as string | number)
  }
  return out
}

async function get<T>(url: string, query?: object): Promise<T> {
  const env = await http.get<T>(url, cleanQuery(query))
  if (env.code !== 200) throw new ContentApiError(Number(env.code), env.message)
  return env.result
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const env = await http.post<T>(url, body)
  if (env.code !== 200) throw new ContentApiError(Number(env.code), env.message)
  return env.result
}

// ---- home, banners, about, repatriation -------------------------------------------------------

export const getHome = () => get<HomeContent>(CONTENT_API.home)
export const getBanners = (position: Banner['position']) => get<Banner[]>(CONTENT_API.bannerList, { position })
export const getWebsite = () => get<WebsiteContent>(CONTENT_API.website)
export const getRepatriation = () => get<RepatriationService[]>(CONTENT_API.repatriation)

// ---- activities -------------------------------------------------------------------------------

export const getActivityList = (q: ActivityListQuery = {}) => get<Page<ActivityListItem>>(CONTENT_API.activityList, q)
export const getActivityDetail = (id: number | string) => get<ActivityDetail>(CONTENT_API.activityDetail, { id })
export const getActivityCategories = () => get<OptionItem[]>(CONTENT_API.activityCategories)
export const getActivityCountries = () => get<OptionItem[]>(CONTENT_API.activityCountries)

// ---- topics, information ----------------------------------------------------------------------

export const getTopicList = (q: PageQuery & { keyword?: string } = {}) => get<Page<TopicListItem>>(CONTENT_API.topicList, q)
export const getTopicDetail = (id: number | string) => get<TopicDetail>(CONTENT_API.topicDetail, { id })

export const getInformationList = (q: PageQuery & { categoryCode?: string; keyword?: string } = {}) =>
  get<Page<InformationListItem>>(CONTENT_API.informationList, q)
export const getInformationDetail = (id: number | string) => get<InformationDetail>(CONTENT_API.informationDetail, { id })
export const getInformationCategories = () => get<OptionItem[]>(CONTENT_API.informationCategories)

// ---- policies and policy match ----------------------------------------------------------------

export const getPolicyList = (q: PageQuery & { level?: PolicyLevel; categoryCode?: string; keyword?: string } = {}) =>
  get<Page<PolicyListItem>>(CONTENT_API.policyList, q)
export const getPolicyCategories = () => get<OptionItem[]>(CONTENT_API.policyCategories)
export const getPolicyDetail = (id: number | string) => get<PolicyDetail>(CONTENT_API.policyDetail, { id })
export const getMatchOptions = () => get<MatchOptions>(CONTENT_API.matchOptions)
export const runMatch = (answers: MatchAnswers) => post<MatchResult>(CONTENT_API.matchRun, answers)

// ---- sponsors / places, platforms, jobs --------------------------------------------------------

export const getSponsorList = (
  q: PageQuery & { kind?: SponsorListItem['kind']; premium?: boolean; keyword?: string } = {},
) => get<Page<SponsorListItem>>(CONTENT_API.sponsorList, q)
export const getSponsorDetail = (id: number | string) => get<SponsorDetail>(CONTENT_API.sponsorDetail, { id })

export const getPlatformList = (q: PageQuery & { natureCode?: string; kind?: JobListItem['kind']; keyword?: string } = {}) =>
  get<Page<PlatformListItem>>(CONTENT_API.platformList, q)
export const getPlatformDetail = (id: number | string) => get<PlatformDetail>(CONTENT_API.platformDetail, { id })

export const getJobList = (
  q: PageQuery & { kind?: JobListItem['kind']; platformId?: number; keyword?: string; city?: string } = {},
) => get<Page<JobListItem>>(CONTENT_API.jobList, q)

// ---- roadshow, videos, competitions -----------------------------------------------------------

export const getRoadshowProjectList = (
  q: PageQuery & { kind?: RoadshowProjectListItem['kind']; fieldCode?: string; keyword?: string } = {},
) => get<Page<RoadshowProjectListItem>>(CONTENT_API.roadshowProjectList, q)
export const getRoadshowFields = (kind?: RoadshowProjectListItem['kind']) => get<OptionItem[]>(CONTENT_API.roadshowFields, { kind })
export const getRoadshowProjectDetail = (id: number | string) =>
  get<RoadshowProjectDetail>(CONTENT_API.roadshowProjectDetail, { id })
export const getRoadshowRecordList = (q: PageQuery & { projectId?: number } = {}) =>
  get<Page<RoadshowRecord>>(CONTENT_API.roadshowRecordList, q)
export const getVideoList = (q: PageQuery & { category?: VideoItem['category'] } = {}) =>
  get<Page<VideoItem>>(CONTENT_API.videoList, q)
export const getCompetitionList = (q: PageQuery = {}) => get<Page<CompetitionListItem>>(CONTENT_API.competitionList, q)
export const getCompetitionDetail = (id: number | string) => get<CompetitionDetail>(CONTENT_API.competitionDetail, { id })

// ---- talents, organisation projects -----------------------------------------------------------

export const getTalentList = (q: PageQuery & { keyword?: string } = {}) => get<Page<TalentListItem>>(CONTENT_API.talentList, q)
export const getTalentDetail = (id: number | string) => get<TalentDetail>(CONTENT_API.talentDetail, { id })
export const getOrgProjectList = (q: PageQuery & { organizationId?: number } = {}) =>
  get<Page<OrgProjectListItem>>(CONTENT_API.orgProjectList, q)
export const getOrgProjectDetail = (id: number | string) => get<OrgProjectDetail>(CONTENT_API.orgProjectDetail, { id })

// ---- search, hot search, site settings ---------------------------------------------------------

/** GET /search/all. `module` 'all' answers every module's first page. */
export const search = (keywords: string, module: SearchModule | 'all' = 'all', page = 1, pageSize?: number) =>
  get<SearchResult>(CONTENT_API.search, { keywords, module, page, pageSize })

/**
 * One hot-search entry as GET /system/search/list/index/hot_search answers it (foundation shape; not in
 * content.ts). Grouped by `searchModuleCode` in the header dropdown: topic → /topicDetail?id=,
 * policy → /policyDetail?id=, place → /sponsor?id= (spec section 2). `title` is one bilingual string.
 */
export interface HotSearchItem {
  id: number
  searchModuleCode: 'topic' | 'policy' | 'place' | string
  relationId: number
  title: string
  posterUrl: string | null
}
export const getHotSearch = () => get<HotSearchItem[]>(CONTENT_API.hotSearch)

export const getSiteSettings = () => get<SiteSettings>(CONTENT_API.siteSettings)
