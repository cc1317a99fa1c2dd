/**
 * Typed client of subscriptions (SUBSCRIPTION_API). Calls are `silent`: the callers show the spec's own success / failure toasts.
 */
import { request, http } from './request'
import type { Envelope, OptionItem } from '@contracts/api'
import { SUBSCRIPTION_API as S, type MySubscription, type SubscribeBody, type SubscribeResult, type SubscriptionView } from '@contracts/subscription'

export const subscriptionCategories = () => http.get<OptionItem[]>(S.categories)
export const subscribe = (body: SubscribeBody): Promise<Envelope<SubscribeResult>> => request<SubscribeResult>({ url: S.add, method: 'POST', data: body, silent: true })
export const mySubscription = () => request<MySubscription | null>({ url: S.mine, method: 'GET', silent: true })
const byToken = (url: string, token: string) => request<SubscriptionView>({ url, method: 'GET', data: { token }, silent: true })
export const confirmSubscription = (token: string) => byToken(S.confirm, token)
export const unsubscribeView = (token: string) => byToken(S.cancel, token)
export const confirmUnsubscribe = (token: string) => byToken(S.confirmCancel, token)
