/**
 * Row types of the database as Kysely sees it. Booleans are integers 0/1 and timestamps ISO-8601 UTC
 * text on both SQLite and PostgreSQL, so one repository layer serves both without casts.
 */
import type { Generated } from 'kysely'

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

export interface DB {
  users: UsersTable
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
}
