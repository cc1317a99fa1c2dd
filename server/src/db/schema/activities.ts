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
export type EnrollmentStatus = 'pending' | 'approved' | 'rejected'
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
}

export interface ActivityTables {
  activities: ActivitiesTable
  activity_addresses: ActivityAddressesTable
  activity_categories: ActivityCategoriesTable
  activity_enrollments: ActivityEnrollmentsTable
}
