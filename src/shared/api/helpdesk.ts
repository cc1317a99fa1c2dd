/**
 * The visitor's helpdesk calls (contracts/helpdesk.ts): business hours, rating a closed conversation and
 * e-mailing the transcript. Tourists prove who they are with the signed tourist id, users with their token.
 */
import { http, request, type Envelope } from './request'
import { STORAGE_KEYS, getItem, getToken } from '../storage'
import { HELPDESK_API, type BusinessHoursState, type HelpdeskRating } from '@contracts/helpdesk'

function who(extra: Record<string, unknown>): Record<string, unknown> {
  if (getToken()) return extra
  const tid = getItem<string>(STORAGE_KEYS.touristId)
  return tid ? { ...extra, touristId: tid } : extra
}

export function businessHours(): Promise<Envelope<BusinessHoursState>> {
  // silent: without the hours the chat simply behaves as always open
  return request<BusinessHoursState>({ url: HELPDESK_API.hours, method: 'GET', silent: true })
}

export function rateConversation(score: number, comment: string): Promise<Envelope<HelpdeskRating>> {
  return http.post<HelpdeskRating>(HELPDESK_API.rate, who({ score, ...(comment.trim() ? { comment: comment.trim() } : {}) }))
}

export function emailTranscript(email?: string): Promise<Envelope<{ sent: true; to: string }>> {
  return http.post<{ sent: true; to: string }>(HELPDESK_API.transcript, who(email ? { email } : {}))
}
