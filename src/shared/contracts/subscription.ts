/**
 * E-mail subscriptions to policy news: subscribe, double opt-in, unsubscribe, admin list.
 * Paths relative to /api/v1. Professional categories are the `professional_field` dictionary
 * (GET /dict/info/tree/dict?categoryCode=professional_field or SUBSCRIPTION_API.categories).
 *
 * Mail links carry a signed token (`token` query): the confirm link opens `/unsubscribe?action=confirm&token=…`,
 * the unsubscribe link `/unsubscribe?token=…`; every subscription mail also has RFC 8058 one-click headers
 * (`List-Unsubscribe: <…/system/subscribe/one-click/unsubscribe?token=…>` + `List-Unsubscribe-Post`).
 *
 * Errors: 408 e-mail empty (logged out); 301 `{ field: 'email' }` bad e-mail, `{ field: 'professionalCodeList' }`
 * none or unknown codes; 425 `{ reason: 'blacklisted' }` the address may not subscribe; 429 wrong/expired token
 * (the catalogue's "code wrong"); 407 the confirmation mail could not be sent.
 */
import type { Page } from './api'

export const SUBSCRIPTION_API = {
  /** POST SubscribeBody (token optional: logged in → the account e-mail, `email` ignored) → SubscribeResult */
  add: '/system/subscribe/add/subscribe_info',
  /** GET → OptionItem[] of the professional dictionary (code, nameZh, nameEn) */
  categories: '/system/subscribe/list/category',
  /** GET ?token= (from the confirmation mail) → SubscriptionView (status 'confirmed') */
  confirm: '/system/subscribe/confirm/subscribe',
  /** GET ?token= → SubscriptionView: what the /unsubscribe page shows before the user confirms */
  cancel: '/system/subscribe/cancel/subscribe',
  /** GET ?token= → SubscriptionView (status 'unsubscribed'): the unsubscription itself */
  confirmCancel: '/system/subscribe/confirm/cancel/subscribe',
  /** POST ?token= body "List-Unsubscribe=One-Click" (RFC 8058) → 200 */
  oneClick: '/system/subscribe/one-click/unsubscribe',
  /** GET (auth user) → MySubscription | null: the logged-in user's own subscription */
  mine: '/system/subscribe/my/subscribe_info',
  // ---- admin (menu component `message/subscribe/list`)
  /** GET ?page&pageSize&keyword&status&blacklisted → Page<SubscriberItem> */
  adminList: '/system/subscribe/list/subscribe_info',
  /** POST { email, blacklisted } → SubscriberItem (button `blacklist`); creates the row for an unknown address */
  adminBlacklist: '/system/subscribe/blacklist/subscribe_info',
  /** GET same filters as adminList → text/csv attachment (button `export`) */
  adminExport: '/system/subscribe/export/subscribe_info',
  /** POST { kind: 'policy'|'information', id } → { digestDate } queue a published item for the subscribers' digest (button `notify`) */
  adminNotify: '/system/subscribe/notify/news',
  /**
   * GET ?page&pageSize&status&keyword → Page<DigestDeliveryItem>: every digest mail (one per subscriber and
   * day), newest first, with the reason of a failed one (e.g. interrupted while sending when an instance died)
   */
  adminDeliveries: '/system/subscribe/list/delivery',
  /** POST { ids } → { count }: failed digest mails back to the queue; the digest job sends them again (button `resend`) */
  adminResend: '/system/subscribe/resend/delivery',
} as const

export type DigestDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'

export interface DigestDeliveryItem {
  id: number
  email: string
  /** the digest day (UTC) */
  digestDate: string
  status: DigestDeliveryStatus
  /** why it failed or was skipped; null otherwise */
  error: string | null
  attempts: number
  sentAt: string | null
  createdAt: string
}

export interface SubscribeBody {
  /** required when logged out */
  email?: string
  professionalCodeList: string[]
  /** where the request came from (footer box, floating widget, logged-in dialog) */
  source?: 'footer' | 'widget'
}

export interface SubscribeResult {
  /** 'pending': a confirmation mail was sent; 'confirmed': categories updated on a confirmed subscription */
  status: 'pending' | 'confirmed'
  email: string
}

export interface SubscriptionView {
  /** masked, e.g. u***@example.com */
  email: string
  status: SubscriberStatus
  professionalCodeList: string[]
}

export interface MySubscription {
  email: string
  status: SubscriberStatus
  professionalCodeList: string[]
}

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed'

export interface SubscriberItem {
  id: number
  email: string
  userId: number | null
  status: SubscriberStatus
  blacklisted: boolean
  lang: 'zh' | 'en'
  source: string
  professionalCodeList: string[]
  confirmedAt: string | null
  unsubscribedAt: string | null
  createdAt: string
}

export type SubscriberPage = Page<SubscriberItem>

export interface NotifyNewsBody {
  kind: 'policy' | 'information'
  id: number
}
