/**
 * Activities as visitors read them: list items, details, the list query and the enrolment button state.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase, OptionItem } from './api'
import type { WaitlistInfo } from './ticket'

export type ActivityType = 'online' | 'offline' | 'both'

/** An activity as the home page lists it; `ActivityListItem` adds what the list pages show. */
export interface ActivitySummary extends ContentBase {
  type: ActivityType
  posterUrl: string | null
  startTime: string
  endTime: string
  timeZone: string
  country: string
  cityZh: string
  cityEn: string
  organizerId: number
  organizerNameZh: string
  organizerNameEn: string
  peopleCount: number
  enrolledCount: number
  isHot: boolean
}

export type ActivityTimeStatus = 'upcoming' | 'running' | 'ended'

/** the list's format and time-status filters, in the order its filter rows show them */
export const ACTIVITY_TYPE_FILTERS = ['online', 'offline', 'both'] as const satisfies readonly ActivityType[]
export const ACTIVITY_STATUS_FILTERS = ['upcoming', 'running', 'ended'] as const satisfies readonly ActivityTimeStatus[]

/**
 * The consumer enrolment button (spec section 4), plus the waiting list (contracts/ticket.ts):
 * join_waitlist (full, the list is on), on_waitlist (waiting: see waitlist.mine.position), offered
 * (a seat is held for the caller until waitlist.mine.offerExpiresAt). A cancelled enrolment while
 * seats remain (and signUpOnce off) is register_again.
 */
export type EnrollState = 'register_now' | 'register_again' | 'registered' | 'ended' | 'closed' | 'join_waitlist' | 'on_waitlist' | 'offered'

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

/** The summary plus what the list and search pages show. */
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
  myEnrollment: { id: number; status: 'pending' | 'approved' | 'rejected' | 'cancelled'; createdAt: string } | null
  /** the waiting list and the caller's entry (contracts/ticket.ts) */
  waitlist?: WaitlistInfo
  /** the holder may cancel until (null = the start); see TICKET_API.cancel */
  cancelDeadline?: string | null
}

/** items per page of the activity list page (the server announces its first page: plugins/static.ts) */
export const ACTIVITY_PAGE_SIZE = 12

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
