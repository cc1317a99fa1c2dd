/** Activities with their addresses and categories, and the enrolments of people in them. */
import type { Generated } from 'kysely'
import type { Flag, Stamps } from './columns'

export interface ActivitiesTable {
  id: Generated<number>
  title_zh: string
  title_en: string
  summary_zh: string
  summary_en: string
  detail_zh: string
  detail_en: string
  type: 'online' | 'offline' | 'both'
  poster_url: string | null
  banner_url: string | null
  start_time: string
  end_time: string
  time_zone: string
  country: string
  city_zh: string
  city_en: string
  organization_id: number
  people_count: Generated<number>
  enrolled_count: Generated<number>
  status: 'draft' | 'published'
  is_hot: Generated<Flag>
  published_at: string | null
  created_at: string
  updated_at: string
  // 2026-11-22-0002-content
  live_url: string | null
  live_qr_url: string | null
  wechat_group_qr_url: string | null
  /** JSON string arrays */
  highlights_zh: Generated<string>
  highlights_en: Generated<string>
  tags_zh: Generated<string>
  tags_en: Generated<string>
  is_open: Generated<Flag>
  is_need_login_enroll: Generated<Flag>
  sign_up_once: Generated<Flag>
  enroll_need_process: Generated<Flag>
  enroll_deadline: string | null
  is_deadline_equal_end: Generated<Flag>
  enroll_notes_zh: Generated<string>
  enroll_notes_en: Generated<string>
  view_count: Generated<number>
  // 2026-11-22-0003-enrollment: JSON array of EnrollFormField (src/shared/contracts/enrollment.ts); null = none defined
  enroll_form: string | null
  // 2026-11-22-0012-admin-activity: publish settings and the department setting
  entrust_haijiao_process: Generated<Flag>
  is_sync_project: Generated<Flag>
  department_id: number | null
  // 2026-11-28-0030-notifications: reminders 24 h and 2 h before the start (1 = on)
  remind_24h: Generated<Flag>
  remind_2h: Generated<Flag>
  // 2026-11-28-0031-tickets: the holder may cancel until cancel_deadline (null = the start); the waiting
  // list; seats held for open offers (taken by enrolments only while enrolled + held < people)
  cancel_deadline: string | null
  waitlist_enabled: Generated<Flag>
  offer_hours: Generated<number>
  held_count: Generated<number>
}

export interface ActivityAddressesTable {
  id: Generated<number>
  activity_id: number
  country: string
  time_zone: string
  city_zh: Generated<string>
  city_en: Generated<string>
  address_zh: Generated<string>
  address_en: Generated<string>
  sort: Generated<number>
}
export interface ActivityCategoriesTable {
  activity_id: number
  category_code: string
}
export type EnrollmentStatus = 'pending' | 'approved' | 'rejected' | 'cancelled'
export interface ActivityEnrollmentsTable extends Stamps {
  id: Generated<number>
  activity_id: number
  /** null for a logged-out visitor's enrolment (isNeedLoginEnroll = 0; migration 0003) */
  user_id: number | null
  status: Generated<EnrollmentStatus>
  /** JSON object: the answers of the application form */
  form_answers: Generated<string>
  promoter_user_id: number | null
  /** guest enrolments: the form's e-mail answer (lower case) and the token the visitor keeps */
  guest_email: string | null
  guest_token: string | null
  /** 2026-11-22-0013-admin-enrollment: the admin's custom input (remark) for this enrolment */
  admin_remark: string | null
  /** 2026-11-28-0030-notifications: the organizer's optional reason, told to the person rejected */
  reject_reason: string | null
  /** 2026-11-28-0031-tickets: the ticket (random, unique), the check-in and the cancellation */
  ticket_code: string | null
  checked_in_at: string | null
  checked_in_by: number | null
  checked_in_device: string | null
  cancelled_at: string | null
  /** the staff member; null with cancelled_at = the holder themselves */
  cancelled_by: number | null
  cancel_reason: string | null
}

export type WaitlistStateColumn = 'waiting' | 'offered' | 'confirmed' | 'expired' | 'removed' | 'left'
/** 2026-11-28-0031-tickets: the waiting list of an activity, queue order = id */
export interface ActivityWaitlistTable {
  id: Generated<number>
  activity_id: number
  user_id: number | null
  guest_email: string | null
  /**
   * One active entry per person and activity (partial unique index): 'e:<folded e-mail>' for a visitor and
   * for an account with an e-mail (the same address is one person, however it joined), 'u:<user id>' for an
   * account without one
   */
  person_key: string
  guest_token: string | null
  state: Generated<WaitlistStateColumn>
  form_answers: Generated<string>
  promoter_user_id: number | null
  offered_at: string | null
  offer_expires_at: string | null
  /** the offer's notification was emitted (the fill job emits those still null) */
  notified_at: string | null
  enrollment_id: number | null
  created_at: string
  updated_at: string
}
/** 2026-11-28-0031-tickets: every scan and undo at the door */
export interface CheckinScansTable {
  id: Generated<number>
  activity_id: number
  enrollment_id: number | null
  action: 'checkin' | 'undo'
  kind: string
  code: string
  nonce: string
  device_id: string
  staff_user_id: number
  conflict: Generated<number>
  reason: string | null
  scanned_at: string
  received_at: string
}

export interface ActivityTables {
  activities: ActivitiesTable
  activity_addresses: ActivityAddressesTable
  activity_categories: ActivityCategoriesTable
  activity_enrollments: ActivityEnrollmentsTable
  activity_waitlist: ActivityWaitlistTable
  checkin_scans: CheckinScansTable
}
