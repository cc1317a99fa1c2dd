/** People, organisations and what they may do: users and their accounts, roles, menus and buttons, login codes, WeChat identities. */
import type { Generated } from 'kysely'
import type { Flag } from './columns'

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
  // 2026-11-28-0037-privacy: when the account was erased (its e-mail is then a placeholder, not an address)
  erased_at: Generated<string | null>
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

/** One agreement to the User Agreement and Privacy Policy (migration 0031): the versions agreed to */
export interface UserConsentsTable {
  id: Generated<number>
  user_id: number
  agreement_version: number
  privacy_version: number
  channel: 'email' | 'wechat_h5' | 'weapp' | 'h5' | 'admin'
  kind: 'register' | 'renew'
  ip: string | null
  created_at: string
}

/** A request to delete the account (migration 0037): pending through the cooling-off period */
export interface DeletionRequestsTable {
  id: Generated<number>
  user_id: number
  state: 'pending' | 'cancelled' | 'erased'
  method: 'password' | 'code' | 'wechat'
  requested_at: string
  erase_at: string
  cancelled_at: string | null
  /** 1 until a sign-in answer said the sign-in cancelled it */
  cancel_unseen: Generated<Flag>
  erased_at: string | null
}

/** A request for a copy of the person's data (migration 0037): the zip while it can be downloaded */
export interface DataExportsTable {
  id: Generated<number>
  user_id: number
  state: 'pending' | 'ready' | 'failed' | 'expired'
  /** UTC date of the request: one a day per person (unique) */
  request_day: string
  requested_at: string
  ready_at: string | null
  expires_at: string | null
  size: number | null
  storage_key: string | null
}

export interface AccountTables {
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
  user_wechat_identities: UserWechatIdentitiesTable
  user_consents: UserConsentsTable
  deletion_requests: DeletionRequestsTable
  data_exports: DataExportsTable
}
