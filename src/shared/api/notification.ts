/**
 * Typed client of the person's notifications (NOTIFICATION_API): the inbox, its unread count, marking
 * read, the channel settings and the WeChat subscriptions accepted at enrolment. Calls are `silent`:
 * the callers show their own states.
 */
import { request } from './request'
import { NOTIFICATION_API as N, type InboxPage, type NotificationSettings, type WechatTemplates } from '@contracts/notification'

export const inboxList = (page = 1, pageSize = 5) => request<InboxPage>({ url: N.list, method: 'GET', data: { page, pageSize }, silent: true })
export const inboxUnread = () => request<{ count: number }>({ url: N.unread, method: 'GET', silent: true })
/** some items ({ ids }) or all of them ({ all: true }); answers the unread left */
export const inboxRead = (body: { ids: number[] } | { all: true }) => request<{ count: number }>({ url: N.read, method: 'POST', data: body, silent: true })
export const notificationSettings = () => request<NotificationSettings>({ url: N.settings, method: 'GET', silent: true })
export const saveNotificationSettings = (body: Partial<NotificationSettings>) => request<NotificationSettings>({ url: N.saveSettings, method: 'POST', data: body, silent: true })
export const wechatTemplates = () => request<WechatTemplates>({ url: N.wechatTemplates, method: 'GET', silent: true })
export const wechatSubscribe = (results: Record<string, string>) => request<{ accepted: number }>({ url: N.wechatSubscribe, method: 'POST', data: { results }, silent: true })
