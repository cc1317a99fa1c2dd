/**
 * Row types of the database as Kysely sees it. Booleans are integers 0/1 and timestamps ISO-8601 UTC
 * text on both SQLite and PostgreSQL, so one repository layer serves both without casts.
 */
import type { Generated } from 'kysely'
import type { AdminSystemTables } from './schema-admin-system'
import type { AdminDictionaryTables } from './schema-admin-dictionary'
import type { AdminCmsTables } from './schema-admin-cms'
import type { AdminSiteTables } from './schema-admin-site'
import type { AdminActivityTables } from './schema-admin-activity'
import type { AdminEnrollmentTables } from './schema-admin-enrollment'

export type Flag = number // 0 | 1

export interface UsersTable {
  id: Generated<number>
  email: string
  password_hash: string
  nick_name: string
  avatar_url: string | null
  phone: string | null
  lang: string | null
  is_promoter: Generated<Flag>
  real_name: string | null
  failed_login_count: Generated<number>
  failed_login_window_start: string | null
  frozen_until: string | null
  /** bumped by logout and password reset: tokens carry it as `tv` and older ones stop working */
  token_version: Generated<number>
  created_at: string
  updated_at: string
  // 2026-11-22-0003-enrollment: a promoter's share code (unique, null for others)
  promoter_code: string | null
  // 2026-11-22-0004-participation: the contact e-mail given when becoming a promoter
  promoter_email: string | null
}

export type AccountKind = 'cuser' | 'ouser' | 'auser' | 'kefu'
export interface UserAccountsTable {
  id: Generated<number>
  user_id: number
  kind: AccountKind
  forbidden: Generated<Flag>
  locked: Generated<Flag>
  expires_at: string | null
  account_level: Generated<number>
  organization_id: number | null
  role_id: number | null
  created_at: string
  updated_at: string
}

export interface OrganizationsTable {
  id: Generated<number>
  pid: Generated<number>
  name_zh: string
  name_en: string
  logo_url: string | null
  intro_zh: string | null
  intro_en: string | null
  website: string | null
  created_at: string
  updated_at: string
  // 2026-11-22-0002-content
  kind: Generated<'organizer' | 'place'>
  is_premium: Generated<Flag>
  city_zh: Generated<string>
  city_en: Generated<string>
  banner_url: string | null
  content_zh: Generated<string>
  content_en: Generated<string>
  follower_count: Generated<number>
  sort: Generated<number>
}

export interface RolesTable {
  id: Generated<number>
  code: string
  name_zh: string
  name_en: string
  brief: string | null
  data_scope: 'all' | 'org'
  created_at: string
  updated_at: string
}

export interface MenusTable {
  id: Generated<number>
  pid: Generated<number>
  path: string
  name: string
  title_zh: string
  title_en: string
  component: string
  redirect: string | null
  icon: string | null
  sort: Generated<number>
}

export interface MenuButtonsTable {
  id: Generated<number>
  menu_id: number
  name: string
  title_zh: string
  title_en: string
}

export interface RoleMenusTable {
  role_id: number
  menu_id: number
}
export interface RoleButtonsTable {
  role_id: number
  button_id: number
}

export interface CaptchasTable {
  code_key: string
  code: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface VerificationCodesTable {
  id: Generated<number>
  email: string
  purpose: string
  code_hash: string
  expires_at: string
  attempts: Generated<number>
  used_at: string | null
  request_ip: string | null
  created_at: string
}

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
}

export interface SiteSettingsTable {
  key: string
  value: string
  updated_at: string
}

export interface SiteTextsTable {
  code: string
  title_zh: string
  title_en: string
  content_zh: string
  content_en: string
  updated_at: string
}

export interface HotSearchTable {
  id: Generated<number>
  search_module_code: 'topic' | 'policy' | 'place'
  relation_id: number
  title: string
  poster_url: string | null
  sort: Generated<number>
}

// ---- 2026-11-22-0002-content -------------------------------------------------------------
type Bi<K extends string> = { [P in `${K}_zh` | `${K}_en`]: Generated<string> }
type Stamps = { created_at: string; updated_at: string }
export type PublishStatus = 'draft' | 'published'

export interface DictTypesTable extends Stamps {
  id: Generated<number>
  code: string
  name_zh: string
  name_en: string
}
export interface DictItemsTable extends Stamps {
  id: Generated<number>
  type_code: string
  code: string
  name_zh: string
  name_en: string
  internationalize_key: string | null
  sort: Generated<number>
  status: Generated<Flag>
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
}
export interface OrganizerFollowsTable {
  user_id: number
  organization_id: number
  created_at: string
}
export interface TopicsTable extends Bi<'title' | 'summary' | 'content'>, Stamps {
  id: Generated<number>
  cover_url: string | null
  tags_zh: Generated<string>
  tags_en: Generated<string>
  status: Generated<PublishStatus>
  published_at: string | null
  view_count: Generated<number>
  // 2026-11-22-0010-admin-cms: hot content and editorial order
  is_hot: Generated<Flag>
  hot_sort: Generated<number>
  sort: Generated<number>
}
export interface TopicItemsTable {
  topic_id: number
  item_type: 'activity' | 'information'
  item_id: number
  sort: Generated<number>
}
export interface InformationTable extends Bi<'title' | 'summary' | 'content' | 'source'>, Stamps {
  id: Generated<number>
  cover_url: string | null
  category_code: string | null
  tags_zh: Generated<string>
  tags_en: Generated<string>
  status: Generated<PublishStatus>
  published_at: string | null
  view_count: Generated<number>
  // 2026-11-22-0010-admin-cms: hot content
  is_hot: Generated<Flag>
  hot_sort: Generated<number>
}
export interface PoliciesTable extends Bi<'title' | 'summary' | 'content' | 'city' | 'issuer'>, Stamps {
  id: Generated<number>
  level: 'national' | 'provincial' | 'municipal' | 'district'
  category_code: string | null
  status: Generated<PublishStatus>
  published_at: string | null
  view_count: Generated<number>
}
export interface PolicyRulesTable {
  id: Generated<number>
  policy_id: number
  degree: 'bachelor' | 'master' | 'doctor' | null
  min_age: number | null
  max_age: number | null
  min_overseas_years: number | null
  max_return_years: number | null
  /** JSON string arrays of dictionary codes; [] = any */
  cities: Generated<string>
  titles: Generated<string>
  platform_natures: Generated<string>
  professional_fields: Generated<string>
  foreign_descent: Generated<'any' | 'chinese_only' | 'foreign_descent_allowed'>
}
export interface PlatformsTable extends Bi<'name' | 'city' | 'intro' | 'content'>, Stamps {
  id: Generated<number>
  logo_url: string | null
  nature_code: string
  website: string | null
  status: Generated<PublishStatus>
  sort: Generated<number>
}
export interface JobsTable extends Bi<'title' | 'city' | 'salary' | 'description'>, Stamps {
  id: Generated<number>
  platform_id: number
  kind: 'college' | 'enterprise'
  degree: 'bachelor' | 'master' | 'doctor' | null
  status: Generated<PublishStatus>
  published_at: string | null
}
export interface VideosTable extends Bi<'title'>, Stamps {
  id: Generated<number>
  cover_url: string | null
  video_url: string
  category: 'bp' | 'about' | 'activity'
  duration_seconds: Generated<number>
  published_at: string
  /** issue 5 (0011-admin-site): unpublished videos leave the consumer lists */
  status: Generated<PublishStatus>
  /** issue 5 (0010-admin-cms): hot content */
  is_hot: Generated<Flag>
  hot_sort: Generated<number>
}
export interface CompetitionsTable extends Bi<'title' | 'summary' | 'content'>, Stamps {
  id: Generated<number>
  banner_url: string | null
  start_time: string
  end_time: string
  status: Generated<PublishStatus>
}
export interface CompetitionBannersTable {
  id: Generated<number>
  competition_id: number
  image_url: string
  sort: Generated<number>
}
export interface CompetitionActivitiesTable {
  competition_id: number
  activity_id: number
}
export interface RoadshowProjectsTable extends Bi<'title' | 'summary' | 'content' | 'stage'>, Stamps {
  id: Generated<number>
  kind: 'project' | 'resource'
  cover_url: string | null
  field_code: string
  organization_id: number | null
  competition_id: number | null
  bp_video_id: number | null
  status: Generated<PublishStatus>
  published_at: string | null
}
export interface RoadshowRecordsTable extends Bi<'title' | 'city' | 'result'>, Stamps {
  id: Generated<number>
  project_id: number
  held_at: string
}
export interface TalentsTable extends Bi<'name' | 'title' | 'intro'>, Stamps {
  id: Generated<number>
  avatar_url: string | null
  field_code: string
  country: string
  degree: 'bachelor' | 'master' | 'doctor'
  achievements_zh: Generated<string>
  achievements_en: Generated<string>
  status: Generated<PublishStatus>
  sort: Generated<number>
}
export interface OrgProjectsTable extends Bi<'title' | 'summary' | 'content' | 'city'>, Stamps {
  id: Generated<number>
  organization_id: number
  field_code: string
  status: Generated<PublishStatus>
  published_at: string | null
}
export interface OrgProjectRequirementsTable extends Bi<'title' | 'description'> {
  id: Generated<number>
  project_id: number
  sort: Generated<number>
}
export interface BannersTable extends Bi<'title'>, Stamps {
  id: Generated<number>
  image_url: string
  link_url: string | null
  position: 'home' | 'activity' | 'roadshow' | 'policy'
  sort: Generated<number>
  status: Generated<Flag>
  /** free time window (issue 5, 0011-admin-site): ISO UTC, null = open on that side */
  start_at: string | null
  end_at: string | null
}

/** WeChat sign-in (migration 0005): one row per (app_kind, open_id); union_id shared across apps */
export interface UserWechatIdentitiesTable {
  id: Generated<number>
  user_id: number
  app_kind: 'mini' | 'mp'
  open_id: string
  union_id: string | null
  created_at: string
  updated_at: string
}

/** favourites (migration 0004): one row per user and item */
export type FavoriteItemType = 'activity' | 'topic' | 'information'
export interface FavoritesTable {
  user_id: number
  item_type: FavoriteItemType
  item_id: number
  created_at: string
}
/** one-time demo seeds already applied (migration 0004) */
export interface SeedMarksTable {
  name: string
  created_at: string
}

/** engagement (migration 0007): job queue, mail ledger, subscribers, news events, notices, feedback */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed'
export interface JobQueueTable {
  id: Generated<number>
  type: string
  payload: Generated<string>
  dedupe_key: string | null
  run_at: string
  status: Generated<JobStatus>
  attempts: Generated<number>
  max_attempts: Generated<number>
  lease_owner: string | null
  lease_until: string | null
  last_error: string | null
  finished_at: string | null
  created_at: string
  updated_at: string
}
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'
export interface MailDeliveriesTable {
  id: Generated<number>
  dedupe_key: string
  job_id: number | null
  kind: string
  recipient: string
  subscriber_id: number | null
  notice_id: number | null
  user_id: number | null
  status: Generated<DeliveryStatus>
  attempts: Generated<number>
  lease_owner: string | null
  lease_until: string | null
  error: string | null
  sent_at: string | null
  created_at: string
}
export interface SubscribersTable {
  id: Generated<number>
  email: string
  user_id: number | null
  status: Generated<'pending' | 'confirmed' | 'unsubscribed'>
  blacklisted: Generated<Flag>
  lang: Generated<string>
  source: Generated<string>
  token_version: Generated<number>
  confirmed_at: string | null
  unsubscribed_at: string | null
  created_at: string
  updated_at: string
}
export interface SubscriberCategoriesTable {
  subscriber_id: number
  code: string
}
export interface NewsEventsTable {
  id: Generated<number>
  kind: 'policy' | 'information'
  item_id: number
  codes: Generated<string>
  digest_date: string
  created_at: string
}
export interface NoticesTable {
  id: Generated<number>
  activity_id: number
  title: string
  content: string
  filters: Generated<string>
  send_mode: 'now' | 'fixed'
  send_at: string
  status: Generated<'scheduled' | 'sending' | 'sent' | 'cancelled'>
  job_id: number | null
  recipient_count: Generated<number>
  created_by: number | null
  created_at: string
  updated_at: string
}
export interface FeedbackTable {
  id: Generated<number>
  description: string
  name: string
  tel: string
  email: string
  user_id: number | null
  status: Generated<'new' | 'processing' | 'done'>
  remark: string | null
  reply_content: string | null
  replied_at: string | null
  created_at: string
  updated_at: string
}

/** Issue 5's admin areas declare their new tables in schema-admin-<area>.ts */
export interface DB extends AdminSystemTables, AdminDictionaryTables, AdminCmsTables, AdminSiteTables, AdminActivityTables, AdminEnrollmentTables {
  users: UsersTable
  job_queue: JobQueueTable
  mail_deliveries: MailDeliveriesTable
  subscribers: SubscribersTable
  subscriber_categories: SubscriberCategoriesTable
  news_events: NewsEventsTable
  notices: NoticesTable
  feedback: FeedbackTable
  favorites: FavoritesTable
  seed_marks: SeedMarksTable
  user_wechat_identities: UserWechatIdentitiesTable
  user_accounts: UserAccountsTable
  organizations: OrganizationsTable
  roles: RolesTable
  menus: MenusTable
  menu_buttons: MenuButtonsTable
  role_menus: RoleMenusTable
  role_buttons: RoleButtonsTable
  captchas: CaptchasTable
  verification_codes: VerificationCodesTable
  activities: ActivitiesTable
  site_settings: SiteSettingsTable
  site_texts: SiteTextsTable
  hot_search: HotSearchTable
  dict_types: DictTypesTable
  dict_items: DictItemsTable
  activity_addresses: ActivityAddressesTable
  activity_categories: ActivityCategoriesTable
  activity_enrollments: ActivityEnrollmentsTable
  organizer_follows: OrganizerFollowsTable
  topics: TopicsTable
  topic_items: TopicItemsTable
  information: InformationTable
  policies: PoliciesTable
  policy_rules: PolicyRulesTable
  platforms: PlatformsTable
  jobs: JobsTable
  videos: VideosTable
  competitions: CompetitionsTable
  competition_banners: CompetitionBannersTable
  competition_activities: CompetitionActivitiesTable
  roadshow_projects: RoadshowProjectsTable
  roadshow_records: RoadshowRecordsTable
  talents: TalentsTable
  org_projects: OrgProjectsTable
  org_project_requirements: OrgProjectRequirementsTable
  banners: BannersTable
}
