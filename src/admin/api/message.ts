/** Message area: the leave-message inbox, group notices and the e-mail subscribers (with their CSV export). */
import { FEEDBACK_API as F, type FeedbackItem, type FeedbackStatus } from '../../shared/contracts/feedback'
import { NOTICE_API as N, type NoticeActivityOption, type NoticeItem, type NoticeRecipientItem, type NoticeSendBody } from '../../shared/contracts/notice'
import { SUBSCRIPTION_API as S, type SubscriberItem } from '../../shared/contracts/subscription'
import type { OptionItem } from '../../shared/contracts/api'
import { download, saveFile, type TransferQuery } from '../../shared/api/request.transfer'
import { get, lister, post, unwrap } from './client'

// ---- leave-message inbox ----
export const listFeedback = lister<FeedbackItem>(F.adminList)
export const updateFeedback = (id: number, status: FeedbackStatus, remark: string) => post(F.adminUpdate, { id, status, remark })
/** e-mails the reply to the author at once (407 when sending fails) */
export const replyFeedback = (id: number, subject: string, content: string) => post(F.adminReply, { id, subject, content })

// ---- group notices ----
export const listNotices = lister<NoticeItem>(N.list)
export const listNoticeHistory = lister<NoticeRecipientItem>(N.history)
export const noticeActivities = (keyword = '') => get<NoticeActivityOption[]>(N.activities, keyword ? { keyword } : {})
/** how many enrollees the filters select (silent: a hint, not an action) */
export const noticeRecipientCount = (activityId: number, statuses: string[]) => get<{ count: number }>(N.preview, { activityId, statuses: statuses.join(',') }, true)
export const sendNotice = (body: NoticeSendBody) => post<NoticeItem>(N.send, body)
export const cancelNotice = (id: number) => post(N.cancel, { id })

// ---- subscribers ----
/** the professional categories one subscribes to */
export const subscriptionCategories = unwrap(() => get<OptionItem[]>(S.categories))
export const listSubscribers = lister<SubscriberItem>(S.adminList)
/** blacklist or release any address (creates the row for an unknown one) */
export const setBlacklisted = (email: string, blacklisted: boolean) => post<SubscriberItem>(S.adminBlacklist, { email, blacklisted })
/** queue a published policy / information item for the subscribers' daily digest */
export const notifySubscribers = (body: { kind: 'policy' | 'information'; id: number }) => post<{ digestDate: string }>(S.adminNotify, body)

/** Download the filtered subscribers as CSV and save it. */
export async function exportSubscribers(filters: TransferQuery): Promise<void> {
  saveFile(await download(S.adminExport, filters, { filename: 'subscribers.csv' }))
}
