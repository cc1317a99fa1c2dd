/**
 * Analysis dashboards (admin): one endpoint per card, all taking the same filter — a date range in a
 * time zone (IANA, default Asia/Shanghai; `from`/`to` are local calendar days, both included) and
 * optionally one activity, one organisation or one activity type — and the admin home's figures.
 * Organizers see only their organisations' figures; platform-wide figures (subscribers, chats,
 * feedback) are null for them and whenever the filter narrows to an organisation, activity or type.
 */

/** menu component keys (the views register them; the routes authorize with them) */
export const ANALYSIS_MENU = 'analysis/index'
export const HOME_MENU = 'home/index'

export const ANALYSIS_DEFAULT_TZ = 'Asia/Shanghai'
/** the longest range a card accepts (days); longer answers 651 */
export const ANALYSIS_MAX_DAYS = 366

export const ADMIN_ANALYSIS_API = {
  /** GET AnalysisQuery → AnalysisTotals */
  total: '/analysis/admin/total',
  /** GET AnalysisQuery → AnalysisBox (the previous period of the same length) */
  box: '/analysis/admin/box',
  /** GET AnalysisQuery → AnalysisDaySeries */
  day: '/analysis/admin/day',
  /** GET AnalysisQuery (the 7 days ending at `to` against the 7 before) → AnalysisSevenDay */
  sevenDay: '/analysis/admin/seven-day',
  /** GET AnalysisQuery → AnalysisCountry */
  country: '/analysis/admin/country',
  /** GET AnalysisQuery → AnalysisEnrolment (form distribution only with activityId) */
  enrolment: '/analysis/admin/enrolment',
  /** GET AnalysisQuery → AnalysisTopActivity[] (10, by enrolments) */
  top: '/analysis/admin/top',
  /** GET ?keyword → AnalysisOption[] (activity picker, within the caller's scope, newest 20) */
  activities: '/analysis/admin/activities',
  /** GET → AnalysisOption[] (organisations the caller may filter by) */
  organizations: '/analysis/admin/organizations',
  /** GET ?tz → AdminHomeFigures (menu home/index) */
  home: '/analysis/admin/home',
  /**
   * POST { card, range, rows } (button export) → null: a card's CSV, built in the browser, is recorded
   * in the audit log before it is saved (the admin saves it only after a 200)
   */
  exportRecord: '/analysis/admin/export/record',
} as const

export type ActivityTypeFilter = 'online' | 'offline' | 'both'

export interface AnalysisQuery {
  /** YYYY-MM-DD, local day in tz */
  from: string
  /** YYYY-MM-DD, included */
  to: string
  tz?: string
  activityId?: number
  organizationId?: number
  type?: ActivityTypeFilter
}

export interface AnalysisTotals {
  activitiesPublished: number
  enrollments: number
  approved: number
  pending: number
  participants: number
  views: number
  /** platform-wide: null for organizers and narrowed filters */
  subscribers: number | null
  chats: number | null
}

export type AnalysisBoxKey = 'activitiesPublished' | 'enrollments' | 'approved' | 'pending' | 'participants' | 'views'
export interface AnalysisBoxItem {
  key: AnalysisBoxKey
  current: number
  previous: number
  /** per cent, one decimal; null when the previous period is 0 */
  changePercent: number | null
}
export interface AnalysisBox {
  previousFrom: string
  previousTo: string
  items: AnalysisBoxItem[]
}

export interface AnalysisDayPoint {
  day: string
  enrollments: number
  views: number
}
export interface AnalysisDaySeries {
  days: AnalysisDayPoint[]
}

export interface AnalysisSevenDay {
  /** 7 days ending at `to` */
  current: AnalysisDayPoint[]
  /** the 7 days before */
  previous: AnalysisDayPoint[]
}

export interface AnalysisCountryItem {
  country: string
  nameZh: string
  nameEn: string
  /** enrolments in activities held in this country */
  enrollments: number
  /** distinct participants of those enrolments */
  participants: number
  /** activities published in the range in this country */
  activities: number
}
export interface AnalysisCountry {
  items: AnalysisCountryItem[]
}

export interface AnalysisOptionCount {
  value: string
  labelZh: string
  labelEn: string
  count: number
}
export interface AnalysisQuestion {
  key: string
  labelZh: string
  labelEn: string
  type: string
  /** enrolments that answered it */
  answered: number
  options: AnalysisOptionCount[]
}
export interface AnalysisEnrolment {
  /** checkedIn: approved enrolments checked in at the door; noShowRate: of the approved enrolments of
   *  activities that have ended, the share not checked in (0–1; null when none ended) */
  funnel: { views: number; enrollments: number; approved: number; checkedIn?: number; noShowRate?: number | null }
  status: { pending: number; approved: number; rejected: number; cancelled?: number }
  byType: { type: ActivityTypeFilter; enrollments: number }[]
  /** single/multiple-choice questions of the activity's form; null without activityId */
  questions: AnalysisQuestion[] | null
}

export interface AnalysisTopActivity {
  id: number
  titleZh: string
  titleEn: string
  organizationId: number
  enrollments: number
  approved: number
  views: number
}

export interface AnalysisOption {
  id: number
  nameZh: string
  nameEn: string
}

export interface AdminHomeFigures {
  /** local day in tz */
  today: string
  newEnrollmentsToday: number
  pendingApprovals: number
  /** conversations whose last message is the customer's (null outside the chat's scope) */
  unansweredChats: number | null
  /** feedback still 'new' (null outside the feedback's scope) */
  unreadFeedback: number | null
  /** enrolments per day, the 7 days ending today */
  trend: { day: string; enrollments: number }[]
}
