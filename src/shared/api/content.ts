/**
 * Typed client of the public read API (the content paths of `API` in src/shared/contracts/api.ts).
 * One function per endpoint. Every function resolves with the envelope's `result` when `code === 200`
 * and rejects with a `ContentApiError` otherwise (the request client has already shown the warning
 * toast for non-200 codes); network/HTTP failures reject with `HttpError` from ./request.
 * Undefined / null / '' query values are dropped so they never travel as the string "undefined".
 */
import { http, request } from './request'
import type { Page } from '@contracts/api'
import { API, type OptionItem } from '@contracts/api'
import { type ActivityDetail, type ActivityListItem, type ActivityListQuery } from '@contracts/activity'
import { type Banner, type HomeContent, type RepatriationService, type SiteSettings, type VideoItem, type WebsiteContent } from '@contracts/site'
import { type CompetitionDetail, type CompetitionListItem } from '@contracts/competition'
import { type InformationDetail, type InformationListItem } from '@contracts/information'
import { type JobListItem, type PlatformDetail, type PlatformListItem } from '@contracts/platform'
import { type MatchAnswers, type MatchOptions, type MatchResult, type PolicyDetail, type PolicyLevel, type PolicyListItem } from '@contracts/policy'
import { type OrgProjectDetail, type OrgProjectListItem } from '@contracts/org-project'
import { type RoadshowProjectDetail, type RoadshowProjectListItem, type RoadshowRecord } from '@contracts/roadshow'
import { type HotSearchItem, type SearchModule, type SearchResult } from '@contracts/search'
import { type SponsorDetail, type SponsorListItem } from '@contracts/sponsor'
import { type TalentDetail, type TalentListItem } from '@contracts/talent'
import { type TopicDetail, type TopicListItem } from '@contracts/topic'
import { SITE_PUBLIC_API, type AdvertArea, type SiteAdvert, type SiteCase, type SiteCaseDetail, type SitePartner } from '@contracts/admin-site'

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

/** answers started before their page asked (see startActivityDetail), by request */
const early = new Map<string, { at: number; answer: Promise<unknown>; value?: unknown }>()
const EARLY_MS = 10_000
function takeEarly<T>(key: string): Promise<T> | null {
  const hit = early.get(key)
  if (!hit) return null
  early.delete(key)
  return Date.now() - hit.at < EARLY_MS ? (hit.answer as Promise<T>) : null
}
function startEarly<T>(key: string, answer: Promise<T>): void {
  const entry: { at: number; answer: Promise<unknown>; value?: unknown } = { at: Date.now(), answer }
  // the page reports a failure when it takes the answer
  answer.then((v) => (entry.value = v)).catch(() => undefined)
  early.set(key, entry)
}
/** An early answer that has already arrived, taken now (the page's first render can show it). */
function takeArrived<T>(key: string): T | null {
  const hit = early.get(key)
  if (!hit || hit.value === undefined || Date.now() - hit.at >= EARLY_MS) return null
  early.delete(key)
  return hit.value as T
}

// ---- home, banners, about, repatriation -------------------------------------------------------

export const getHome = () => takeEarly<HomeContent>('home') ?? get<HomeContent>(API.home)
/**
 * The home page's answer asked for as the app starts (app.ts, H5, opened on /): it usually arrives
 * before the page's code has loaded, and the page then draws its banners in its first render.
 */
export const startHome = () => startEarly('home', get<HomeContent>(API.home))
export const arrivedHome = () => takeArrived<HomeContent>('home')
export const getBanners = (position: Banner['position']) => get<Banner[]>(API.bannerList, { position })
export const getWebsite = () => get<WebsiteContent>(API.website)
export const getRepatriation = () => get<RepatriationService[]>(API.repatriation)

// ---- activities -------------------------------------------------------------------------------

export const getActivityList = (q: ActivityListQuery = {}) => takeEarly<Page<ActivityListItem>>(activityListKey(q)) ?? get<Page<ActivityListItem>>(API.activityList, q)
/** the same query in any key order, empty values left out (as they are not sent) */
const activityListKey = (q: ActivityListQuery) => `activityList:${JSON.stringify(Object.entries(cleanQuery(q)).sort(([a], [b]) => (a < b ? -1 : 1)))}`
/**
 * The activity list's first page asked for as the app starts (app.ts, H5, opened on /activity), as
 * startHome does for the home page: the list's first pictures are known only from this answer.
 */
export const startActivityList = (q: ActivityListQuery) => startEarly(activityListKey(q), get<Page<ActivityListItem>>(API.activityList, q))
export const arrivedActivityList = (q: ActivityListQuery) => takeArrived<Page<ActivityListItem>>(activityListKey(q))
export const getActivityDetail = (id: number | string) => takeEarly<ActivityDetail>(`activityDetail:${id}`) ?? get<ActivityDetail>(API.activityDetail, { id })

/**
 * An activity page's answer asked for as the app starts (app.ts, H5), while the page's own code is
 * still loading: the picture it shows largest is known only from this answer. It is the app's own
 * request (the caller's token, so the caller's enrolment), handed once to the page's first
 * getActivityDetail(id) within EARLY_MS; later calls ask again.
 */
export const arrivedActivityDetail = (id: number | string) => takeArrived<ActivityDetail>(`activityDetail:${id}`)
export function startActivityDetail(id: number): void {
  startEarly(`activityDetail:${id}`, get<ActivityDetail>(API.activityDetail, { id }))
}
export const getActivityCategories = () => takeEarly<OptionItem[]>('activityCategories') ?? get<OptionItem[]>(API.activityCategories)
export const getActivityCountries = () => takeEarly<OptionItem[]>('activityCountries') ?? get<OptionItem[]>(API.activityCountries)
/**
 * The list's filter options asked for with its first page (app.ts, H5, opened on /activity): arrived
 * together, the page draws its filter rows and its cards in one render, so the rows do not push the
 * cards down a moment later.
 */
export function startActivityFilterOptions(): void {
  startEarly('activityCategories', get<OptionItem[]>(API.activityCategories))
  startEarly('activityCountries', get<OptionItem[]>(API.activityCountries))
}
export const arrivedActivityFilterOptions = () => ({ categories: takeArrived<OptionItem[]>('activityCategories'), countries: takeArrived<OptionItem[]>('activityCountries') })

// ---- topics, information ----------------------------------------------------------------------

export const getTopicList = (q: PageQuery & { keyword?: string } = {}) => get<Page<TopicListItem>>(API.topicList, q)
export const getTopicDetail = (id: number | string) => get<TopicDetail>(API.topicDetail, { id })

export const getInformationList = (q: PageQuery & { categoryCode?: string; keyword?: string } = {}) =>
  get<Page<InformationListItem>>(API.informationList, q)
export const getInformationDetail = (id: number | string) => get<InformationDetail>(API.informationDetail, { id })
export const getInformationCategories = () => get<OptionItem[]>(API.informationCategories)

// ---- policies and policy match ----------------------------------------------------------------

export const getPolicyList = (q: PageQuery & { level?: PolicyLevel; categoryCode?: string; keyword?: string } = {}) =>
  get<Page<PolicyListItem>>(API.policyList, q)
export const getPolicyCategories = () => get<OptionItem[]>(API.policyCategories)
export const getPolicyDetail = (id: number | string) => get<PolicyDetail>(API.policyDetail, { id })
export const getMatchOptions = () => get<MatchOptions>(API.matchOptions)
export const runMatch = (answers: MatchAnswers) => post<MatchResult>(API.matchRun, answers)

// ---- sponsors / places, platforms, jobs --------------------------------------------------------

export const getSponsorList = (
  q: PageQuery & { kind?: SponsorListItem['kind']; premium?: boolean; keyword?: string } = {},
) => get<Page<SponsorListItem>>(API.sponsorList, q)
export const getSponsorDetail = (id: number | string) => get<SponsorDetail>(API.sponsorDetail, { id })

export const getPlatformList = (q: PageQuery & { natureCode?: string; kind?: JobListItem['kind']; keyword?: string } = {}) =>
  get<Page<PlatformListItem>>(API.platformList, q)
export const getPlatformDetail = (id: number | string) => get<PlatformDetail>(API.platformDetail, { id })

export const getJobList = (
  q: PageQuery & { kind?: JobListItem['kind']; platformId?: number; keyword?: string; city?: string } = {},
) => get<Page<JobListItem>>(API.jobList, q)

// ---- roadshow, videos, competitions -----------------------------------------------------------

export const getRoadshowProjectList = (
  q: PageQuery & { kind?: RoadshowProjectListItem['kind']; fieldCode?: string; keyword?: string } = {},
) => get<Page<RoadshowProjectListItem>>(API.roadshowProjectList, q)
export const getRoadshowFields = (kind?: RoadshowProjectListItem['kind']) => get<OptionItem[]>(API.roadshowFields, { kind })
export const getRoadshowProjectDetail = (id: number | string) =>
  get<RoadshowProjectDetail>(API.roadshowProjectDetail, { id })
export const getRoadshowRecordList = (q: PageQuery & { projectId?: number } = {}) =>
  get<Page<RoadshowRecord>>(API.roadshowRecordList, q)
export const getVideoList = (q: PageQuery & { category?: VideoItem['category'] } = {}) =>
  get<Page<VideoItem>>(API.videoList, q)
export const getCompetitionList = (q: PageQuery = {}) => get<Page<CompetitionListItem>>(API.competitionList, q)
export const getCompetitionDetail = (id: number | string) => get<CompetitionDetail>(API.competitionDetail, { id })

// ---- talents, organisation projects -----------------------------------------------------------

export const getTalentList = (q: PageQuery & { keyword?: string } = {}) => get<Page<TalentListItem>>(API.talentList, q)
export const getTalentDetail = (id: number | string) => get<TalentDetail>(API.talentDetail, { id })
export const getOrgProjectList = (q: PageQuery & { organizationId?: number } = {}) =>
  get<Page<OrgProjectListItem>>(API.orgProjectList, q)
export const getOrgProjectDetail = (id: number | string) => get<OrgProjectDetail>(API.orgProjectDetail, { id })

// ---- search, hot search, site settings ---------------------------------------------------------

/** GET /search/all. `module` 'all' answers every module's first page. */
export const search = (keywords: string, module: SearchModule | 'all' = 'all', page = 1, pageSize?: number) =>
  get<SearchResult>(API.search, { keywords, module, page, pageSize })

export const getHotSearch = () => get<HotSearchItem[]>(API.hotSearch)

export const getSiteSettings = () => get<SiteSettings>(API.siteSettings)

/** Live adverts of one area (the envelope; silent: a failure only leaves the strip empty). */
// ---- industry cases and partners (about page, home)
export const getCaseList = (q: PageQuery = {}) => get<Page<SiteCase>>(SITE_PUBLIC_API.caseList, q)
export const getCaseDetail = (id: number | string) => get<SiteCaseDetail>(SITE_PUBLIC_API.caseDetail, { id })
export const getPartnerList = (q: PageQuery = {}) => get<Page<SitePartner>>(SITE_PUBLIC_API.partnerList, q)

export const getAdverts = (area: AdvertArea) => request<SiteAdvert[]>({ url: SITE_PUBLIC_API.advertList, method: 'GET', data: { area }, silent: true })
