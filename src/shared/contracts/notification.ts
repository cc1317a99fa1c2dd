/**
 * Notifications: what the product tells a person about their enrolments and activities, on three
 * channels — the in-app inbox ("消息 / Messages" in the personal centre), e-mail, and WeChat subscribe
 * messages (mini-program users who accepted a template at enrolment; one accept allows one send).
 * Events: enrolment received / confirmed, approved / rejected (with the organizer's reason), the activity
 * changed (time, address, online link) or was cancelled, reminders 24 h and 2 h before the start, group
 * notices and a raffle prize won. Results and cancellations always reach the inbox; e-mail for reminders
 * and notices, and WeChat messages, follow the person's settings. Guests (no account) get e-mail only.
 * Paths relative to /api/v1. Errors: 301 `{ field }`; 201/402 without a valid token.
 */

export const NOTIFICATION_API = {
  /** GET ?page&pageSize (auth user) → InboxPage: newest first */
  list: '/notification/my/list',
  /** GET (auth user) → { count }: unread items (the centre's badge) */
  unread: '/notification/my/unread',
  /** POST { ids } or { all: true } (auth user) → { count }: marks read, answers the unread left */
  read: '/notification/my/read',
  /** GET (auth user) → NotificationSettings */
  settings: '/notification/my/settings',
  /** POST Partial<NotificationSettings> (auth user) → NotificationSettings */
  saveSettings: '/notification/my/settings/save',
  /** GET (public) → WechatTemplates: the template ids the mini-program asks to subscribe at enrolment */
  wechatTemplates: '/notification/wechat/templates',
  /** POST WechatSubscribeBody (auth user with a mini-program identity) → { accepted } */
  wechatSubscribe: '/notification/wechat/subscribe',
} as const

/** The admin's view of the channels and of the sends that failed (menu `message/notice/list`). */
export const NOTIFICATION_ADMIN_API = {
  /** GET → ChannelStatus[]: whether each channel is on, and why not */
  channels: '/message/notification/list/channel',
  /** GET ?page&pageSize&channel → Page<FailedDelivery>: failed e-mail and WeChat sends with their reason */
  failed: '/message/notification/list/failed',
  /** POST { ids } → { count }: failed sends back to the queue (button `send`) */
  resend: '/message/notification/resend',
} as const

export type NotificationKind =
  | 'enrol_received'
  | 'enrol_confirmed'
  | 'approved'
  | 'rejected'
  | 'activity_changed'
  | 'activity_cancelled'
  | 'reminder'
  | 'notice'
  | 'prize'
  /** a seat of the waiting list is offered (confirm before the time), the offer expired, an organizer cancelled the enrolment */
  | 'offer'
  | 'offer_expired'
  | 'enrol_cancelled'
  /** the copy of the person's data they asked for is ready to download (contracts/privacy.ts) */
  | 'data_export'

export interface InboxItem {
  id: number
  kind: NotificationKind
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
  /** the activity it is about: an item opens its page */
  activityId: number | null
  /** the enrolment it is about (results): opens "my activities" */
  enrollmentId: number | null
  read: boolean
  createdAt: string
}

export interface InboxPage {
  list: InboxItem[]
  total: number
  page: number
  pageSize: number
  unread: number
}

export interface NotificationSettings {
  /** reminders before an activity's start by e-mail */
  emailReminders: boolean
  /** group notices from organizers by e-mail */
  emailNotices: boolean
  /** WeChat subscribe messages (mini-program) for the templates accepted */
  wechat: boolean
  /** IANA zone the client runs in: times are also given in it where it differs from the activity's */
  timeZone: string | null
}

export interface WechatTemplates {
  /** empty when the channel is off (no app id/secret or no template configured) */
  templateIds: string[]
}

/** `Taro.requestSubscribeMessage`'s answer: templateId → 'accept' | 'reject' | 'ban' | 'filter' */
export interface WechatSubscribeBody {
  results: Record<string, string>
}

export type NotificationChannel = 'inbox' | 'email' | 'wechat'

export interface ChannelStatus {
  channel: NotificationChannel
  on: boolean
  /** why the channel is off or limited (settings missing), in both languages */
  whyZh: string | null
  whyEn: string | null
}

export interface FailedDelivery {
  id: number
  channel: 'email' | 'wechat'
  kind: string
  recipient: string
  userId: number | null
  activityId: number | null
  error: string | null
  attempts: number
  createdAt: string
}

/** WeChat errcodes of subscribeMessage.send the server tells apart (documented values) */
export const WECHAT_SEND_ERRORS = { refused: 43101, invalidOpenId: 40003, invalidToken: 40001, tokenExpired: 42001 } as const

/** the organizer's reason for a rejection: at most this many characters */
export const REJECT_REASON_MAX = 200
