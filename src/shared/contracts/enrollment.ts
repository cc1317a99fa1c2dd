/**
 * Enrolment contracts: the activity's application form, enrolling, "my enrolments"
 * (consumed by the personal centre) and the calendar file. Paths are relative to /api/v1.
 * Times are ISO-8601 UTC strings. Errors use the spec section 8 catalogue: 201 not logged in (when the
 * activity needs a login), 301 validation (result `{ field }` names the form field key), 302 unknown
 * activity, 424 already enrolled, 519 no vacancy; an enrolment the rules do not allow now (closed,
 * past deadline, ended, signUpOnce after a rejection) answers 425 with result `{ reason }`.
 */
import type { Page } from './api'
import type { ActivityListItem, EnrollState } from './activity'
import type { WaitlistInfo } from './ticket'

export const ENROLL_API = {
  /** GET ?activityId= (token optional; `guestToken` shows a logged-out visitor's own enrolment) → EnrollForm */
  form: '/activity/enroll/form',
  /** POST EnrollSubmitBody (token optional unless the activity needs a login) → EnrollSubmitResult */
  submit: '/activity/enroll/submit',
  /** GET ?segment=all|enrolled|pending|past&page&pageSize (auth 'user') → Page<MyEnrollmentItem> */
  my: '/activity/enroll/my',
  /** GET ?activityId= → text/calendar (.ics) file; public data, no auth */
  ics: '/activity/enroll/ics',
} as const

/** spec section 3: the nine custom form field types */
export type EnrollFieldType =
  | 'text' // single line text
  | 'textarea' // multi line text
  | 'number'
  | 'date' // answer 'YYYY-MM-DD'
  | 'email'
  | 'radio' // single select
  | 'checkbox' // multi select (answer: string[])
  | 'select' // dropdown (answer: one option value)
  | 'attachment' // answer: the URL returned by POST /file/info/single/upload

export const ENROLL_FIELD_TYPES: EnrollFieldType[] = ['text', 'textarea', 'number', 'date', 'email', 'radio', 'checkbox', 'select', 'attachment']

export interface EnrollFieldOption {
  value: string
  labelZh: string
  labelEn: string
}

export interface EnrollFormField {
  /** stable within the form: answers are keyed by it; 301 names it */
  key: string
  type: EnrollFieldType
  labelZh: string
  labelEn: string
  required: boolean
  placeholderZh?: string
  placeholderEn?: string
  /** text / textarea: max characters (defaults: 200 / 2000) */
  maxLength?: number
  /** number: bounds */
  min?: number
  max?: number
  /** radio / checkbox / select */
  options?: EnrollFieldOption[]
  /** attachment: the upload kind it accepts (default 'image', 4 MB) */
  uploadKind?: 'image'
}

/** One answer per field key: text/number/date/email/radio/select/attachment → string (number may be a number), checkbox → string[] */
export type EnrollAnswerValue = string | number | string[] | null
export type EnrollAnswers = Record<string, EnrollAnswerValue>

/** 'cancelled': by the holder (before the cancel deadline) or by an organizer with a reason (contracts/ticket.ts) */
export type EnrollmentStatus = 'pending' | 'approved' | 'rejected' | 'cancelled'

/** The caller's own enrolment with what they answered ("registered — click to view"). */
export interface MyEnrollmentDetail {
  enrollmentId: number
  status: EnrollmentStatus
  createdAt: string
  answers: EnrollAnswers
}

/** GET ENROLL_API.form */
export interface EnrollForm {
  activityId: number
  titleZh: string
  titleEn: string
  fields: EnrollFormField[]
  enrollNotesZh: string
  enrollNotesEn: string
  isNeedLoginEnroll: boolean
  signUpOnce: boolean
  enrollNeedProcess: boolean
  peopleCount: number
  enrolledCount: number
  /** the button state for this caller (logged-in user, or the guest of `guestToken`) */
  enrollState: EnrollState
  /** the newest active (pending/approved) enrolment of the caller, else the newest one, else null */
  myEnrollment: MyEnrollmentDetail | null
  /** the waiting list (contracts/ticket.ts): on/off, how many wait, the caller's entry */
  waitlist?: WaitlistInfo
}

/** POST ENROLL_API.submit */
export interface EnrollSubmitBody {
  activityId: number
  answers: EnrollAnswers
  /** from a share link `/activityDetail?id=N&promoter=CODE`; unknown codes are ignored */
  promoterCode?: string
}
export interface EnrollSubmitResult {
  enrollmentId: number
  /** 'pending' when the activity needs approval (enrollNeedProcess), else 'approved' */
  status: 'pending' | 'approved'
  /** logged-out enrolments only: keep it (per activity) to see the enrolment later via form?guestToken= */
  guestToken?: string
}

/** GET ENROLL_API.my */
export type MyEnrollmentSegment = 'all' | 'enrolled' | 'pending' | 'past'
export interface MyEnrollmentQuery {
  segment: MyEnrollmentSegment
  page?: number
  pageSize?: number
}
/**
 * all = every enrolment of the person in any state (pending, approved, rejected; ended activities too);
 * enrolled = approved and not ended; pending = waiting for approval and not ended;
 * past = activity ended (any status). Newest enrolment first within each.
 */
export interface MyEnrollmentItem {
  enrollmentId: number
  status: EnrollmentStatus
  createdAt: string
  activity: ActivityListItem
  /** approved: the ticket exists (open it with TICKET_API.my) */
  hasTicket?: boolean
  checkedInAt?: string | null
  /** until when the holder may cancel (null: not any more) */
  cancelUntil?: string | null
}
export type MyEnrollmentPage = Page<MyEnrollmentItem>

/** 425 result when the rules refuse an enrolment now */
export type EnrollRefusal = 'ended' | 'closed' | 'deadline' | 'sign_up_once'
