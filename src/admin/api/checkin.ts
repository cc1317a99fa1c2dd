/**
 * Check-in at the door, organizer cancellation, the waiting list and the ticket settings of an activity
 * (CHECKIN_API / ADMIN_TICKET_API in contracts/ticket.ts). The scanner's calls are silent: the view
 * answers every scan in its own banner, and a network failure (HttpError) sends the scan to the
 * device's queue instead of a warning.
 */
import {
  ADMIN_TICKET_API as A,
  CHECKIN_API as C,
  type AdminCancelResult,
  type AdminWaitlistItem,
  type CheckinActivity,
  type CheckinBatchBody,
  type CheckinBatchResult,
  type CheckinCounter,
  type CheckinLogItem,
  type CheckinPerson,
  type CheckinScanBody,
  type CheckinScanResult,
  type TicketSettings,
  type TicketSettingsBody,
} from '@contracts/ticket'
import { get, lister, post } from './client'

export const listCheckinActivities = lister<CheckinActivity>(C.activities)
export const scanTicket = (body: CheckinScanBody) => post<CheckinScanResult>(C.scan, body, true)
export const uploadScans = (body: CheckinBatchBody) => post<CheckinBatchResult>(C.batch, body, true)
export const undoCheckin = (enrollmentId: number, reason?: string) => post<CheckinPerson>(C.undo, { enrollmentId, ...(reason?.trim() ? { reason: reason.trim() } : {}) })
export const searchCheckin = (activityId: number, keyword: string) => get<CheckinPerson[]>(C.search, { activityId, keyword }, true)
export const checkinCounter = (activityId: number) => get<CheckinCounter>(C.counter, { activityId }, true)
export const listCheckinLog = lister<CheckinLogItem>(C.log)

export const cancelEnrollmentAsAdmin = (id: number, reason: string) => post<AdminCancelResult>(A.cancel, { id, reason: reason.trim() })
export const ticketSettings = (activityId: number) => get<TicketSettings>(A.settings, { activityId }, true)
export const saveTicketSettings = (body: TicketSettingsBody) => post<TicketSettings>(A.saveSettings, body)
export const listWaitlist = lister<AdminWaitlistItem>(A.waitlist)
export const offerWaitlistSeat = (id: number) => post<AdminWaitlistItem>(A.offer, { id })
export const removeFromWaitlist = (id: number) => post<AdminWaitlistItem>(A.remove, { id })
