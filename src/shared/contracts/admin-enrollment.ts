/**
 * Admin enrolment management: the enrolment list of one activity (its application form's
 * answers as columns), approval, editing the answers, the admin's custom input (remark), the Excel
 * export, the talent detail, and the promoters' talent view. Paths are relative to /api/v1.
 * Organizers see only their organization's activities: another's answers 302 (data does not exist).
 */
import type { Page } from './api'
import type { EnrollAnswers, EnrollFormField, EnrollmentStatus } from './enrollment'
import type { EnrollCheckinColumns } from './ticket'

/** menu component keys (the views register them; the routes authorize with them) */
export const ENROLL_LIST_MENU = 'activity/enroll/list'
export const TALENT_LIST_MENU = 'activity/talent/list'

export const ADMIN_ENROLL_API = {
  /** GET ?keyword&page&pageSize → Page<AdminEnrollActivity> (the activity picker; own organization only) */
  activities: '/activity/enroll/admin/activities',
  /** GET AdminEnrollListQuery → AdminEnrollListPage */
  list: '/activity/enroll/admin/list',
  /** POST AdminEnrollStatusBody (button 'approve'); 425 { reason: 'no_process' } when the activity needs no approval */
  status: '/activity/enroll/admin/status',
  /** POST AdminEnrollUpdateBody (button 'edit'): answers validated like the consumer form (301 { field, reason }) */
  update: '/activity/enroll/admin/update',
  /** POST AdminEnrollRemarkBody (button 'edit'): the custom input */
  remark: '/activity/enroll/admin/remark',
  /** GET ?activityId&status&keyword (button 'export') → .xlsx file */
  export: '/activity/enroll/admin/export',
  /** GET ?enrollmentId → AdminTalentDetail */
  talent: '/activity/enroll/admin/talent',
} as const

export const ADMIN_TALENT_API = {
  /** GET ?keyword&page&pageSize → Page<AdminEnrollActivity> (activities with promoted enrolments; promotedCount) */
  activities: '/activity/talent/admin/activities',
  /** GET ?activityId&keyword&page&pageSize → Page<AdminEnrollItem> (enrolments with a promoter) */
  list: '/activity/talent/admin/list',
  /** GET ?enrollmentId → AdminTalentDetail */
  detail: '/activity/talent/admin/detail',
} as const

export interface AdminEnrollActivity {
  id: number
  titleZh: string
  titleEn: string
  startTime: string
  endTime: string
  timeZone: string
  status: 'draft' | 'published'
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  enrollNeedProcess: boolean
  peopleCount: number
  enrolledCount: number
  /** all enrolments of any status */
  enrollmentCount: number
  /** enrolments attributed to a promoter */
  promotedCount: number
  /** entrustHaijiaoProcess: operations staff process the enrolments */
  entrustHaijiaoProcess: boolean
  /** the caller may only view them (an organizer of an entrusted activity): writes answer 627 */
  readOnly: boolean
}

export interface AdminEnrollPerson {
  userId: number | null
  nickName: string
  email: string
  /** true for a logged-out visitor's enrolment (identified by the form's e-mail) */
  guest: boolean
}

export interface AdminEnrollPromoter {
  userId: number
  nickName: string
  realName: string
  code: string
}

/** check-in and cancellation columns (contracts/ticket.ts) are filled by the server */
export interface AdminEnrollItem extends Partial<EnrollCheckinColumns> {
  id: number
  activityId: number
  status: EnrollmentStatus
  createdAt: string
  updatedAt: string
  answers: EnrollAnswers
  remark: string
  /** the reason given with a rejection ('' when none) */
  rejectReason: string
  person: AdminEnrollPerson
  promoter: AdminEnrollPromoter | null
}

export type AdminEnrollSortField = 'createdAt'
export interface AdminEnrollListQuery {
  activityId: number
  page?: number
  pageSize?: number
  /** name, e-mail or any answer (contains) */
  keyword?: string
  status?: EnrollmentStatus | ''
  sortOrder?: 'asc' | 'desc'
}

export interface AdminEnrollListPage extends Page<AdminEnrollItem> {
  activity: AdminEnrollActivity
  /** the activity's application form: one column per field */
  fields: EnrollFormField[]
}

export interface AdminEnrollStatusBody {
  id: number
  status: EnrollmentStatus
  /** with 'rejected': the reason told to the person (optional, ≤ REJECT_REASON_MAX characters) */
  reason?: string | null
}
export interface AdminEnrollUpdateBody {
  id: number
  answers: EnrollAnswers
}
export interface AdminEnrollRemarkBody {
  id: number
  /** up to 500 characters; '' clears */
  remark: string
}

export interface AdminTalentEnrollment {
  id: number
  activityId: number
  activityTitleZh: string
  activityTitleEn: string
  activityStartTime: string
  status: EnrollmentStatus
  createdAt: string
  answers: EnrollAnswers
  fields: EnrollFormField[]
}

/** a person's profile and all their enrolments in the caller's organizations' activities (all for operations) */
export interface AdminTalentDetail {
  person: AdminEnrollPerson & { realName: string; avatarUrl: string | null; phone: string | null; registeredAt: string | null; isPromoter: boolean }
  promoter: AdminEnrollPromoter | null
  enrollments: AdminTalentEnrollment[]
}

/** the remark's limit (custom input) */
export const ENROLL_REMARK_MAX = 500
