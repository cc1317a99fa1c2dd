/**
 * Activities as visitors read them: list items, details, the list query and the enrolment button state.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { ActivitySummary, OptionItem } from './api'

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
