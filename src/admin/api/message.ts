/** Message area: the leave-message inbox, group notices and the e-mail subscribers (with their CSV export). */
import { NOTIFICATION_ADMIN_API as NA, type ChannelStatus, type FailedDelivery } from '@contracts/notification'
import { FEEDBACK_API as F, type FeedbackItem, type FeedbackStatus } from '@contracts/feedback'
import { ACTIVITY_NOTICE_API as A, NOTICE_API as N, type NoticeActivityOption, type NoticeItem, type NoticeRecipientItem, type NoticeSendBody } from '@contracts/notice'
import { SUBSCRIPTION_API as S, type DigestDeliveryItem, type SubscriberItem } from '@contracts/subscription'
import type { OptionItem } from '@contracts/api'
import { download, saveFile, type TransferQuery } from './transfer'
import { get, lister, post, unwrap, type Envelope, type ListLoader } from './client'

// ---- leave-message inbox ----
export const listFeedback = lister<FeedbackItem>(F.adminList)
export const updateFeedback = (id: number, status: FeedbackStatus, remark: string) => post(F.adminUpdate, { id, status, remark })
/** e-mails the reply to the author at once (407 when sending fails) */
export const replyFeedback = (id: number, subject: string, content: string) => post(F.adminReply, { id, subject, content })

// ---- group notices ----
/**
 * The notice calls of one menu: the message menu (operations: every activity) or the activity
 * manager's rows (organizers: their own activities); same payloads, the server scopes the data.
 */
export interface NoticeApi {
  list: ListLoader<NoticeItem>
  history: ListLoader<NoticeRecipientItem>
  /** how many enrollees the filters select (silent: a hint, not an action) */
  count(activityId: number, statuses: string[]): Promise<Envelope<{ count: number }>>
  send(body: NoticeSendBody): Promise<Envelope<NoticeItem>>
  cancel(id: number): Promise<Envelope<unknown>>
}
const noticeApi = (p: { list: string; history: string; preview: string; send: string; cancel: string }): NoticeApi => ({
  list: lister<NoticeItem>(p.list),
  history: lister<NoticeRecipientItem>(p.history),
  count: (activityId, statuses) => get<{ count: number }>(p.preview, { activityId, statuses: statuses.join(',') }, true),
  send: (body) => post<NoticeItem>(p.send, body),
  cancel: (id) => post(p.cancel, { id }),
})
export const messageNotices = noticeApi(N)
export const activityNotices = noticeApi(A)
/** the activities the message menu may write to, by keyword */
export const noticeActivities = (keyword = '') => get<NoticeActivityOption[]>(N.activities, keyword ? { keyword } : {})

// ---- subscribers ----
/** the professional categories one subscribes to */
export const subscriptionCategories = unwrap(() => get<OptionItem[]>(S.categories))
export const listSubscribers = lister<SubscriberItem>(S.adminList)
/** blacklist or release any address (creates the row for an unknown one) */
export const setBlacklisted = (email: string, blacklisted: boolean) => post<SubscriberItem>(S.adminBlacklist, { email, blacklisted })
/** queue a published policy / information item for the subscribers' daily digest */
export const notifySubscribers = (body: { kind: 'policy' | 'information'; id: number }) => post<{ digestDate: string }>(S.adminNotify, body)

// ---- digest mails (the failed ones can be sent again) ----
/** the digest mails, newest first; filters `status` ('failed' for the failed ones) and `keyword` (e-mail) */
export const listDeliveries = lister<DigestDeliveryItem>(S.adminDeliveries)
/** put failed digest mails back in the queue (button `resend`); answers how many were queued */
export const resendDeliveries = (ids: number[]) => post<{ count: number }>(S.adminResend, { ids })

// ---- notifications (inbox, e-mail, WeChat): whether each channel is on, and the sends that failed ----
export const notificationChannels = () => get<ChannelStatus[]>(NA.channels)
/** failed e-mail and WeChat notifications, newest first; filter `channel` */
export const listFailedNotifications = lister<FailedDelivery>(NA.failed)
/** put failed notifications back in the queue (button `send` of the notices) */
export const resendNotifications = (ids: number[]) => post<{ count: number }>(NA.resend, { ids })

/** Download the filtered subscribers as CSV and save it. */
export async function exportSubscribers(filters: TransferQuery): Promise<void> {
  saveFile(await download(S.adminExport, filters, { filename: 'subscribers.csv' }))
}
