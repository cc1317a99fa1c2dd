/**
 * Group notices: operations compose a notice to an activity's enrollees, sent now or at a fixed
 * time by the job queue, by e-mail; each recipient's delivery status is kept (send history). Logged-in
 * recipients also see the notice in their personal centre (`NOTICE_API.my`).
 * Paths relative to /api/v1. Admin menu component `message/notice/list`.
 * Errors: 301 `{ field }` (title, content, activityId, sendAt — "the notice send time cannot be empty",
 * or a fixed time in the past); 302 unknown activity/notice; 425 `{ reason }` cancelling a notice already sent.
 */
import type { EnrollmentStatus } from './enrollment'

export const NOTICE_API = {
  /** GET ?page&pageSize&keyword&activityId&status → Page<NoticeItem> (menu) */
  list: '/message/notice/list/notice',
  /** POST NoticeSendBody → NoticeItem (button `send`) */
  send: '/message/notice/send/notice',
  /** POST { id } → NoticeItem: cancels a scheduled notice (button `send`) */
  cancel: '/message/notice/cancel/notice',
  /** GET ?noticeId&page&pageSize&keyword&status → Page<NoticeRecipientItem>: send history (menu) */
  history: '/message/notice/list/history',
  /** GET ?keyword → NoticeActivityOption[]: activities one may write to, with enrollee counts (menu) */
  activities: '/message/notice/list/activity',
  /** GET ?activityId&statuses=pending,approved → { count } recipients the filters select (menu) */
  preview: '/message/notice/count/recipient',
  /** GET ?page&pageSize (auth user) → Page<MyNoticeItem>: notices sent to me (personal centre) */
  my: '/message/notice/my/notice',
} as const

/**
 * The same notices from the activity manager's rows (menu `activity/manager/list`), so an organizer —
 * who has no message menu — writes to the enrollees of its own organisation's activities only (another
 * organisation's activity or notice: HTTP 403, code 402). Buttons: ACTIVITY_NOTICE_BUTTONS.
 */
export const ACTIVITY_NOTICE_API = {
  /** GET ?activityId&page&pageSize → Page<NoticeItem>: the activity's notices, newest first (button noticeHistory) */
  list: '/activity/manager/list/notice',
  /** GET ?noticeId&page&pageSize&keyword&status → Page<NoticeRecipientItem> (button noticeHistory) */
  history: '/activity/manager/list/notice/history',
  /** GET ?activityId&statuses → { count } (button notice) */
  preview: '/activity/manager/count/notice/recipient',
  /** POST NoticeSendBody → NoticeItem (button notice) */
  send: '/activity/manager/send/notice',
  /** POST { id } → NoticeItem: cancels a scheduled notice (button notice) */
  cancel: '/activity/manager/cancel/notice',
} as const
export const ACTIVITY_NOTICE_BUTTONS = { send: 'notice', history: 'noticeHistory' } as const

export type NoticeSendMode = 'now' | 'fixed'
export type NoticeStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled'

export interface NoticeSendBody {
  activityId: number
  title: string
  content: string
  /** enrolment statuses to include; empty/absent = pending and approved */
  statuses?: EnrollmentStatus[]
  sendMode: NoticeSendMode
  /** ISO date-time, required when sendMode is 'fixed' */
  sendAt?: string | null
}

export interface NoticeItem {
  id: number
  activityId: number
  activityTitleZh: string
  activityTitleEn: string
  title: string
  content: string
  statuses: EnrollmentStatus[]
  sendMode: NoticeSendMode
  sendAt: string
  status: NoticeStatus
  recipientCount: number
  sentCount: number
  failedCount: number
  createdAt: string
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'

export interface NoticeRecipientItem {
  id: number
  email: string
  userId: number | null
  status: DeliveryStatus
  error: string | null
  sentAt: string | null
}

export interface NoticeActivityOption {
  id: number
  titleZh: string
  titleEn: string
  startTime: string
  enrolledCount: number
}

export interface MyNoticeItem {
  id: number
  title: string
  content: string
  activityId: number
  activityTitleZh: string
  activityTitleEn: string
  sentAt: string
}
