/**
 * Typed client of tickets, cancellation and the waiting list (TICKET_API / WAITLIST_API in
 * src/shared/contracts/ticket.ts). Every call answers the whole envelope without the generic warning:
 * the ticket page, the cancel dialog and the waiting-list button show each refusal (660, 661, 663, 664 …)
 * in their own place. The last ticket shown is kept in storage, so the mini-program opens it at the door
 * without network.
 */
import Taro from '@tarojs/taro'
import { request, type Envelope } from './request'
import type { EnrollSubmitBody, EnrollSubmitResult } from '@contracts/enrollment'
import {
  TICKET_API,
  WAITLIST_API,
  type CancelEnrollmentBody,
  type CancelEnrollmentResult,
  type GuestWaitlistEntry,
  type Ticket,
  type WaitlistActionBody,
  type WaitlistEntry,
} from '@contracts/ticket'

const get = <T>(url: string, data: Record<string, unknown>) => request<T>({ url, method: 'GET', data, silent: true })
const post = <T>(url: string, data: unknown) => request<T>({ url, method: 'POST', data, silent: true })

export const getMyTicket = (enrollmentId: number): Promise<Envelope<Ticket>> => get<Ticket>(TICKET_API.my, { enrollmentId })
export const getGuestTicket = (token: string): Promise<Envelope<Ticket>> => get<Ticket>(TICKET_API.guest, { token })
export const cancelEnrollment = (body: CancelEnrollmentBody): Promise<Envelope<CancelEnrollmentResult>> => post<CancelEnrollmentResult>(TICKET_API.cancel, body)

export const joinWaitlist = (body: EnrollSubmitBody): Promise<Envelope<WaitlistEntry>> => post<WaitlistEntry>(WAITLIST_API.join, body)
export const getMyWaitlist = (activityId: number, guestToken?: string | null): Promise<Envelope<WaitlistEntry | null>> =>
  get<WaitlistEntry | null>(WAITLIST_API.my, guestToken ? { activityId, guestToken } : { activityId })
/** a visitor's waiting-list place by their link's token alone (the ticket page: no enrolment yet) */
export const getGuestWaitlist = (guestToken: string): Promise<Envelope<GuestWaitlistEntry | null>> => get<GuestWaitlistEntry | null>(WAITLIST_API.my, { guestToken })
export const confirmOffer = (body: WaitlistActionBody): Promise<Envelope<EnrollSubmitResult>> => post<EnrollSubmitResult>(WAITLIST_API.confirm, body)
export const leaveWaitlist = (body: WaitlistActionBody): Promise<Envelope<{ ok: true }>> => post<{ ok: true }>(WAITLIST_API.leave, body)

// ---- what the device remembers ----------------------------------------------------------------

const LAST_TICKET_KEY = 'lastTicket'
const WAITLIST_GUEST_KEY = (activityId: number) => `waitlistGuest:${activityId}`

export interface SavedTicket {
  /** the address it was opened with: `enrollmentId:12` or `token:…` */
  key: string
  ticket: Ticket
  savedAt: string
}

export const ticketKey = (q: { enrollmentId?: number | null; token?: string | null }): string =>
  q.token ? `token:${q.token}` : `enrollmentId:${q.enrollmentId ?? ''}`

/** keep the ticket just shown (one: the last) so it opens without network */
export function saveLastTicket(key: string, ticket: Ticket, now = new Date()): void {
  try {
    Taro.setStorageSync(LAST_TICKET_KEY, JSON.stringify({ key, ticket, savedAt: now.toISOString() } satisfies SavedTicket))
  } catch {
    /* storage full: the ticket shows, it is only not kept */
  }
}

/** the kept ticket, for this address (or any when `key` is omitted) */
export function lastTicket(key?: string): SavedTicket | null {
  try {
    const raw = Taro.getStorageSync(LAST_TICKET_KEY)
    if (typeof raw !== 'string' || !raw) return null
    const saved = JSON.parse(raw) as SavedTicket
    if (!saved?.ticket?.code && saved?.ticket?.valid) return null
    return !key || saved.key === key ? saved : null
  } catch {
    return null
  }
}

export function forgetLastTicket(): void {
  try {
    Taro.removeStorageSync(LAST_TICKET_KEY)
  } catch {
    /* nothing kept */
  }
}

/** a visitor's waiting-list token for an activity (persisted like their enrolment token) */
export function saveWaitlistGuestToken(activityId: number, token: string): void {
  try {
    Taro.setStorageSync(WAITLIST_GUEST_KEY(activityId), token)
  } catch {
    /* the entry stands; the e-mail link still opens it */
  }
}
export function waitlistGuestTokenFor(activityId: number): string | null {
  try {
    const v = Taro.getStorageSync(WAITLIST_GUEST_KEY(activityId))
    return typeof v === 'string' && v ? v : null
  } catch {
    return null
  }
}
