/** What people do with the content: favourites, follows, subscriptions and their news events, group notices, feedback. */
import type { Generated } from 'kysely'
import type { Flag } from './columns'

/** favourites (migration 0004): one row per user and item */
export type FavoriteItemType = 'activity' | 'topic' | 'information'
export interface FavoritesTable {
  user_id: number
  item_type: FavoriteItemType
  item_id: number
  created_at: string
}

export interface OrganizerFollowsTable {
  user_id: number
  organization_id: number
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

export interface EngagementTables {
  favorites: FavoritesTable
  organizer_follows: OrganizerFollowsTable
  subscribers: SubscribersTable
  subscriber_categories: SubscriberCategoriesTable
  news_events: NewsEventsTable
  notices: NoticesTable
  feedback: FeedbackTable
}
