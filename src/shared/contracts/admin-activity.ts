/**
 * Admin activity contracts: publishing in steps (basic, address, application form, content,
 * interest, publish settings), the manager list and its actions. Paths are relative to /api/v1.
 * Times are ISO-8601 strings; the client sends them with milliseconds and zone
 * (`dayjs().format('YYYY-MM-DDTHH:mm:ss.SSSZ')` or `toISOString()`), the server stores UTC.
 * Errors: 301 `{ field }` (e.g. enrollDeadline, addresses, addresses.0.timeZone, liveUrl, enrollForm.2.options),
 * 302 unknown activity or another organisation's, 402 no permission, 621 deleting a hot activity.
 */
import type { OptionItem, Page } from './api'
import type { ActivityListItem, ActivityType } from './activity'
import type { EnrollFormField } from './enrollment'

export type { ActivityType }

export const ADMIN_ACTIVITY_API = {
  /** GET AdminActivityListQuery → Page<AdminActivityItem> (menu activity/manager/list) */
  list: '/activity/admin/list',
  /** GET ?id= → AdminActivityDetail (menu activity/publish/index) */
  detail: '/activity/admin/detail',
  /** GET → AdminActivityOptions: categories, countries, time zones, organisations (menu activity/publish/index) */
  options: '/activity/admin/options',
  /** POST AdminActivitySaveBody (no id) → { id } : a new draft, any step may be missing (button add) */
  add: '/activity/admin/add',
  /** POST AdminActivitySaveBody with id → { id } : save a step; a draft may be incomplete, a published one stays complete (button edit) */
  save: '/activity/admin/save',
  /** POST AdminActivitySaveBody with id → { id } : save the given fields and publish, everything validated (button publish) */
  publish: '/activity/admin/publish',
  /** POST { id } → { id } manager toggle on: publishes what is stored, validated like publish (manager button publish) */
  republish: '/activity/admin/republish',
  /** POST { id } → { id } manager toggle off: back to draft, hidden from consumers (manager button publish) */
  unpublish: '/activity/admin/unpublish',
  /** POST { id, isHot } (button hot, operations) */
  hot: '/activity/admin/hot',
  /** POST { id, departmentId | null } (button department) */
  department: '/activity/admin/department',
  /** GET ?id= → AdminActivityShare: consumer link and its QR code as a PNG data URL (button share) */
  share: '/activity/admin/share',
  /** DELETE ?id= → null ; 621 when the activity is hot (button delete) */
  delete: '/activity/admin/delete',
} as const

/** the manager view and the publish view (menu components) */
export const ACTIVITY_COMPONENTS = {
  manager: 'activity/manager/list',
  publish: 'activity/publish/index',
} as const
export const ACTIVITY_PATHS = {
  manager: '/admin/activity/manager',
  publish: '/admin/activity/publish',
  /** the ENROLLMENT area's view (activityId query) */
  enroll: '/admin/activity/enroll',
} as const

export const ACTIVITY_TYPES: ActivityType[] = ['online', 'offline', 'both']

/** spec section 9: UTC offsets from -12:00 to +12:00 (whole hours offered; :30 and :45 accepted) */
export const TIME_ZONES: string[] = Array.from({ length: 25 }, (_, i) => {
  const h = i - 12
  return `UTC${h < 0 ? '-' : '+'}${String(Math.abs(h)).padStart(2, '0')}:00`
})
export const TIME_ZONE_PATTERN = /^UTC([+-])(\d{2}):(00|30|45)$/
/** minutes east of UTC, or null when the label is not a valid spec time zone */
export function timeZoneMinutes(label: string | null | undefined): number | null {
  const m = TIME_ZONE_PATTERN.exec(String(label ?? ''))
  if (!m) return null
  const minutes = Number(m[2]) * 60 + Number(m[3])
  if (minutes > 12 * 60) return null
  return m[1] === '-' ? -minutes : minutes
}

export interface AdminActivityAddress {
  /** ISO 3166-1 alpha-2 code of the country dictionary */
  country: string
  /** 'UTC+08:00' */
  timeZone: string
  cityZh: string
  cityEn: string
  addressZh: string
  addressEn: string
}

/** everything the publish steps edit; every field optional in a draft save */
export interface AdminActivityFields {
  // basic
  titleZh: string
  titleEn: string
  type: ActivityType
  categoryCodes: string[]
  tagsZh: string[]
  tagsEn: string[]
  posterUrl: string | null
  bannerUrl: string | null
  peopleCount: number
  /** operations only; an organizer's activities always belong to its own organisation */
  organizationId: number
  // address
  startTime: string
  endTime: string
  addresses: AdminActivityAddress[]
  // application form
  enrollForm: EnrollFormField[]
  // content
  summaryZh: string
  summaryEn: string
  detailZh: string
  detailEn: string
  // interest
  highlightsZh: string[]
  highlightsEn: string[]
  // publish settings
  isOpen: boolean
  isNeedLoginEnroll: boolean
  signUpOnce: boolean
  enrollNeedProcess: boolean
  entrustHaijiaoProcess: boolean
  enrollNotesZh: string
  enrollNotesEn: string
  enrollDeadline: string | null
  isDeadlineEqualEnd: boolean
  isSyncProject: boolean
  liveUrl: string | null
  liveQrUrl: string | null
  wechatGroupQrUrl: string | null
  /** reminders to the enrolled 24 h and 2 h before the start (default on) */
  remind24h: boolean
  remind2h: boolean
}

export type AdminActivitySaveBody = Partial<AdminActivityFields> & { id?: number }

export type AdminActivityStatus = 'draft' | 'published'
/** manager filter (spec section 4) */
export type AdminActivityFilter = 'all' | 'in_process' | 'ended' | 'draft'
export const ADMIN_ACTIVITY_FILTERS: AdminActivityFilter[] = ['all', 'in_process', 'ended', 'draft']
export type AdminActivitySortField = 'startTime' | 'createdAt' | 'enrolledCount'

export interface AdminActivityListQuery {
  page?: number
  pageSize?: number
  /** all (default); in_process = published and not ended; ended = published and ended; draft */
  filter?: AdminActivityFilter
  keyword?: string
  sortField?: AdminActivitySortField
  sortOrder?: 'ascend' | 'descend'
}

/** a manager row: the public list item's core, with the organisation, department and publishing state */
export interface AdminActivityItem
  extends Pick<ActivityListItem, 'id' | 'titleZh' | 'titleEn' | 'type' | 'posterUrl' | 'startTime' | 'endTime' | 'timeZone' | 'country' | 'isHot' | 'peopleCount' | 'enrolledCount'> {
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  departmentId: number | null
  departmentNameZh: string | null
  departmentNameEn: string | null
  status: AdminActivityStatus
  /** draft, or upcoming / running / ended for a published one */
  timeStatus: 'draft' | 'upcoming' | 'running' | 'ended'
  createdAt: string
  publishedAt: string | null
}

export interface AdminActivityDetail extends AdminActivityFields {
  id: number
  status: AdminActivityStatus
  isHot: boolean
  departmentId: number | null
  enrolledCount: number
  organizationNameZh: string
  organizationNameEn: string
}

export interface AdminActivityOptions {
  categories: OptionItem[]
  countries: OptionItem[]
  timeZones: string[]
  /** organisations the caller may publish for (an organizer: its own) */
  organizations: Array<{ id: number; nameZh: string; nameEn: string }>
}

export interface AdminActivityShare {
  /** absolute consumer link: `${origin}/activityDetail?id=N` */
  url: string
  /** PNG data URL of the link's QR code */
  qrDataUrl: string
}

export type AdminActivityPage = Page<AdminActivityItem>
