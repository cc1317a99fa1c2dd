/** Notifications (migration 0030): the in-app inbox, channel settings, WeChat subscribe quota and access token. */
import type { Generated } from 'kysely'
import type { Flag } from './columns'

export interface NotificationsTable {
  id: Generated<number>
  user_id: number
  dedupe_key: string
  kind: string
  activity_id: number | null
  enrollment_id: number | null
  title_zh: string
  title_en: string
  body_zh: string
  body_en: string
  read_at: string | null
  created_at: string
}
export interface NotificationSettingsTable {
  user_id: number
  email_reminders: Generated<Flag>
  email_notices: Generated<Flag>
  wechat: Generated<Flag>
  time_zone: string | null
  updated_at: string
}
export interface WechatSubscriptionsTable {
  user_id: number
  template_id: string
  remaining: Generated<number>
  updated_at: string
}
export interface WechatAccessTokensTable {
  app_id: string
  token: string | null
  expires_at: string | null
  refresh_owner: string | null
  refresh_until: string | null
}

export interface NotificationTables {
  notifications: NotificationsTable
  notification_settings: NotificationSettingsTable
  wechat_subscriptions: WechatSubscriptionsTable
  wechat_access_tokens: WechatAccessTokensTable
}
