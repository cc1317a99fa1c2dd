/**
 * From seat to door: e-tickets, check-in at the door, self-service cancellation and the
 * waiting list. Paths are relative to /api/v1; times are ISO-8601 UTC strings; lists answer Page<T>.
 *
 * - Ticket: every confirmed (approved) enrolment has one. Its code is ≥ 128 bits of randomness
 *   (26 characters of Crockford base32, never derived from an id); the QR code carries the code itself.
 *   Typed codes are normalised by the server (case, spaces and dashes ignored; I/L → 1, O → 0).
 *   Pending, rejected and cancelled enrolments have no valid ticket (`ticket.valid` false).
 * - Check-in: organizers (their organizations' activities) and operations staff (any) under the menu
 *   CHECKIN_MENU, button 'checkin' for the writes. One ticket is checked in once — decided by the
 *   database (a conditional update), so two scanners at the same moment get one `checked_in` and one
 *   `already`. Each scan carries a client nonce: an offline batch uploaded twice is counted once.
 *   A ticket scanned offline on two devices is answered `already` with `conflict: true` and flagged
 *   in the log (never counted twice).
 * - Cancel: the holder cancels until the activity's cancel deadline (default: the start); an organizer
 *   cancels with a reason (the person is told). Either frees the seat at once.
 * - Waiting list: per activity (settings). A freed seat (cancellation, rejection, seats raised, an
 *   offer expired or declined) is offered to the first person waiting, who has `offerHours` to
 *   confirm; the seat is held for them meanwhile. One person (account, or e-mail with +alias and case
 *   folded) is on a list once.
 *
 * Errors (catalogue, error-codes.ts): 660 unknown or invalid ticket, 661 cancel deadline passed,
 * 662 no waiting list, 663 already on the waiting list, 664 offer expired / no open offer,
 * 665 seats are free (enrol instead of waiting), 666 not checked in (undo), 667 cannot be cancelled
 * (not pending/approved), 302 unknown or out-of-scope activity/enrolment, 301 { field } bad input,
 * 519 no seat (a manual offer when every seat is taken or held).
 */
import type { Page } from './api'
import type { EnrollAnswers, EnrollSubmitBody, EnrollmentStatus } from './enrollment'

// ---------------------------------------------------------------- consumer

/**
 * The consumer page of one ticket: `/ticket?enrollmentId=N` (logged in) or `/ticket?token=<guestToken>`
 * (a visitor; the link of the confirmation e-mail, which the server builds with this path).
 * A visitor on the waiting list has such a link too (the offer e-mail): their entry's token, which becomes
 * the enrolment's when they confirm the seat; until then the page shows their place (WAITLIST_API.my).
 */
export const TICKET_PAGE = '/ticket'

export const TICKET_API = {
  /** GET ?enrollmentId (auth user; own enrolments only, else 302) → Ticket */
  my: '/activity/ticket/my',
  /** GET ?token (public; the guestToken of the confirmation e-mail's link `/ticket?token=`) → Ticket */
  guest: '/activity/ticket/guest',
  /**
   * POST CancelEnrollmentBody (auth user for enrollmentId; a guest by guestToken) → CancelEnrollmentResult.
   * 661 after the deadline, 667 when not pending/approved, 302 not yours.
   */
  cancel: '/activity/enroll/cancel',
} as const

export const WAITLIST_API = {
  /**
   * POST EnrollSubmitBody (same answers as enrolling; token optional unless the activity needs a login)
   * → WaitlistEntry. 662 no waiting list, 665 seats are free, 663 already waiting, 424 already enrolled,
   * 425 { reason } like enrolling (ended, closed, deadline, sign_up_once), 301 { field }.
   */
  join: '/activity/waitlist/join',
  /**
   * GET ?activityId (&guestToken for a visitor: the token `join` answered) → WaitlistEntry | null.
   * A visitor's link without the activity (`/ticket?token=` of the offer e-mail, or their ticket page before
   * the seat is theirs): ?guestToken alone → GuestWaitlistEntry | null. Neither activityId nor guestToken: 301.
   */
  my: '/activity/waitlist/my',
  /** POST WaitlistActionBody → EnrollSubmitResult (the confirmed enrolment). 664 no open offer / expired */
  confirm: '/activity/waitlist/confirm',
  /** POST WaitlistActionBody → { ok: true }: leave the list (or decline an offer: it passes to the next) */
  leave: '/activity/waitlist/leave',
} as const

export type TicketState = 'valid' | 'pending' | 'rejected' | 'cancelled'

export interface Ticket {
  enrollmentId: number
  activityId: number
  /** the ticket code ('' when the enrolment has no valid ticket) */
  code: string
  /** what the QR code encodes ('' when no valid ticket) */
  qrPayload: string
  state: TicketState
  /** state === 'valid' */
  valid: boolean
  holderName: string
  titleZh: string
  titleEn: string
  startTime: string
  endTime: string
  /** the activity's IANA zone or 'UTC+08:00' as the activity stores it */
  timeZone: string
  type: 'online' | 'offline' | 'both'
  addressZh: string
  addressEn: string
  cityZh: string
  cityEn: string
  /** online link (liveUrl) when the activity has one */
  onlineUrl: string | null
  checkedInAt: string | null
  /** until when the holder may cancel (null: cannot cancel any more, e.g. ended or not active) */
  cancelUntil: string | null
}

export interface CancelEnrollmentBody {
  /** logged-in: their enrolment */
  enrollmentId?: number
  /** a visitor: the guestToken of their enrolment (from the confirmation e-mail) */
  guestToken?: string
}
export interface CancelEnrollmentResult {
  enrollmentId: number
  status: 'cancelled'
  cancelledAt: string
}

export type WaitlistState = 'waiting' | 'offered' | 'confirmed' | 'expired' | 'removed' | 'left'

export interface WaitlistEntry {
  id: number
  activityId: number
  state: WaitlistState
  /** 1-based place among those still waiting (null unless state is 'waiting') */
  position: number | null
  /** state 'offered': confirm before this time */
  offerExpiresAt: string | null
  /** state 'confirmed': the enrolment the offer became */
  enrollmentId: number | null
  createdAt: string
  /** visitors only (join without a login): keep it to read, confirm or leave the entry */
  guestToken?: string
}

/** a visitor's entry read by its token alone: with the activity it is for (titles, zone for its times) */
export interface GuestWaitlistEntry extends WaitlistEntry {
  titleZh: string
  titleEn: string
  timeZone: string
}

export interface WaitlistActionBody {
  waitlistId: number
  /** a visitor's entry: its guestToken */
  guestToken?: string
}

/**
 * What ActivityDetail.waitlist / EnrollForm.waitlist tell the button (optional fields on those
 * contracts): the activity's list is on, and the caller's entry if any. Button states (EnrollState):
 * 'join_waitlist' (full, list on, caller not on it), 'on_waitlist' (position), 'offered'
 * (confirm before offerExpiresAt); a cancelled enrolment while seats remain is 'register_again'.
 */
export interface WaitlistInfo {
  enabled: boolean
  waitingCount: number
  mine: WaitlistEntry | null
}

export type { EnrollSubmitBody as WaitlistJoinBody }

// ---------------------------------------------------------------- admin: check-in

/** menu component key of the check-in view (organizer and operations); writes need button 'checkin' */
export const CHECKIN_MENU = 'activity/checkin/list'
export const CHECKIN_BUTTON = 'checkin'

export const CHECKIN_API = {
  /** GET ?keyword&page&pageSize → Page<CheckinActivity>: activities in the caller's scope, nearest start first */
  activities: '/activity/checkin/admin/activities',
  /** POST CheckinScanBody (button checkin) → CheckinScanResult */
  scan: '/activity/checkin/admin/scan',
  /** POST CheckinBatchBody (button checkin; ≤ 500 scans) → CheckinBatchResult: results in the same order */
  batch: '/activity/checkin/admin/batch',
  /** POST CheckinUndoBody (button checkin) → CheckinPerson. 666 when not checked in */
  undo: '/activity/checkin/admin/undo',
  /** GET ?activityId&keyword → CheckinPerson[] (≤ 20): name, e-mail or phone contains keyword (≥ 1 char) */
  search: '/activity/checkin/admin/search',
  /** GET ?activityId → CheckinCounter (cheap; poll every few seconds) */
  counter: '/activity/checkin/admin/counter',
  /** GET ?activityId&page&pageSize&conflict → Page<CheckinLogItem>, newest first */
  log: '/activity/checkin/admin/log',
} as const

export interface CheckinActivity {
  id: number
  titleZh: string
  titleEn: string
  startTime: string
  endTime: string
  timeZone: string
  checkedIn: number
  expected: number
}

export type CheckinResultKind = 'checked_in' | 'already' | 'wrong_activity' | 'cancelled_or_rejected' | 'not_confirmed' | 'unknown'

export interface CheckinScanBody {
  activityId: number
  /** the QR payload or a typed code */
  code: string
  /** client-generated, unique per scan (8–64 of [A-Za-z0-9_-]): the same nonce again answers the first result */
  nonce: string
  /** when the device scanned (offline scans); default: now. Not after now + 5 min */
  scannedAt?: string
  /** the scanning device's id (8–64 of [A-Za-z0-9_-]) */
  deviceId: string
}

export interface CheckinPerson {
  enrollmentId: number
  name: string
  email: string
  phone: string | null
  status: EnrollmentStatus
  checkedInAt: string | null
  /** the staff member who checked them in (nick name) */
  checkedInBy: string | null
  /** search answers only: a confirmed person's ticket code, to check them in without their ticket */
  code?: string | null
}

export interface CheckinScanResult {
  kind: CheckinResultKind
  /** the person (checked_in, already, cancelled_or_rejected, not_confirmed); null for unknown / wrong_activity */
  person: CheckinPerson | null
  /** 'already': when and by whom the ticket was checked in first */
  at: string | null
  by: string | null
  /** wrong_activity: the activity the ticket belongs to (titles only, when in the caller's scope; else null) */
  ticketActivity: { id: number; titleZh: string; titleEn: string } | null
  /** an offline scan of a ticket another device had already checked in: flagged in the log */
  conflict: boolean
  /** this nonce had been received before: the stored result, nothing counted again */
  replayed: boolean
  /** the counter after this scan */
  counter: CheckinCounter
}

export interface CheckinBatchBody {
  activityId: number
  deviceId: string
  scans: Array<{ code: string; nonce: string; scannedAt: string }>
}
export interface CheckinBatchResult {
  results: Array<Omit<CheckinScanResult, 'counter'> & { nonce: string }>
  counter: CheckinCounter
}

export interface CheckinUndoBody {
  enrollmentId: number
  /** optional note kept in the log (≤ 200 characters) */
  reason?: string
}

export interface CheckinCounter {
  activityId: number
  checkedIn: number
  /** confirmed (approved) enrolments */
  expected: number
}

export type CheckinLogAction = 'checkin' | 'undo'
export interface CheckinLogItem {
  id: number
  action: CheckinLogAction
  /** the scan's result ('undo' rows: 'checked_in') */
  kind: CheckinResultKind
  enrollmentId: number | null
  personName: string | null
  /** the code as scanned (for unknown codes) */
  code: string
  deviceId: string
  staffName: string
  scannedAt: string
  receivedAt: string
  /** uploaded from an offline device after another device had checked the ticket in */
  conflict: boolean
  /** undo: the note */
  reason: string | null
}
export interface CheckinLogQuery {
  activityId: number
  page?: number
  pageSize?: number
  /** only conflicts */
  conflict?: boolean
}
export type CheckinLogPage = Page<CheckinLogItem>

// ---------------------------------------------------------------- admin: cancel, waiting list, settings

/**
 * Under the enrolment list menu (ENROLL_LIST_MENU, 'activity/enroll/list'): reads need the menu,
 * cancel / offer / remove need button 'approve', settings need button 'edit'. Entrusted activities
 * are read-only for organizers (627) as in the enrolment admin.
 */
export const ADMIN_TICKET_API = {
  /** POST AdminCancelBody (button approve) → AdminCancelResult; the person is told (all channels) */
  cancel: '/activity/enroll/admin/cancel',
  /** GET ?activityId → TicketSettings */
  settings: '/activity/enroll/admin/settings',
  /** POST TicketSettingsBody (button edit) → TicketSettings; raising nothing here — seats are the activity's peopleCount */
  saveSettings: '/activity/enroll/admin/settings/save',
  /** GET ?activityId&state&page&pageSize → Page<AdminWaitlistItem>: queue order (oldest first) */
  waitlist: '/activity/waitlist/admin/list',
  /** POST { id } (button approve) → AdminWaitlistItem: offer now (519 when no free seat, 664 not waiting) */
  offer: '/activity/waitlist/admin/offer',
  /** POST { id } (button approve) → AdminWaitlistItem: take off the list (an open offer's seat passes on) */
  remove: '/activity/waitlist/admin/remove',
} as const

export interface AdminCancelBody {
  /** enrolment id */
  id: number
  /** told to the person (1–200 characters) */
  reason: string
}
export interface AdminCancelResult {
  id: number
  status: 'cancelled'
  cancelledAt: string
}

export interface TicketSettings {
  activityId: number
  /** the holder may cancel until this time; null = the activity's start */
  cancelDeadline: string | null
  waitlistEnabled: boolean
  /** hours an offer stays open (1–168, default 24) */
  offerHours: number
}
export type TicketSettingsBody = TicketSettings

export interface AdminWaitlistItem {
  id: number
  activityId: number
  state: WaitlistState
  /** among those waiting (null otherwise) */
  position: number | null
  name: string
  email: string
  userId: number | null
  guest: boolean
  answers: EnrollAnswers
  createdAt: string
  offeredAt: string | null
  offerExpiresAt: string | null
  enrollmentId: number | null
}
export interface AdminWaitlistQuery {
  activityId: number
  state?: WaitlistState | ''
  page?: number
  pageSize?: number
}

/**
 * Additions to the enrolment admin (admin-enrollment.ts AdminEnrollItem gains these, and the Excel
 * export gains the columns "签到时间 / Checked in at" and "签到人 / Checked in by"):
 */
export interface EnrollCheckinColumns {
  checkedInAt: string | null
  checkedInBy: string | null
  cancelledAt: string | null
  /** 'self' (the holder) or the staff member's nick name */
  cancelledBy: string | null
  cancelReason: string | null
}

/** limits */
export const OFFER_HOURS_DEFAULT = 24
export const OFFER_HOURS_MAX = 168
export const CANCEL_REASON_MAX = 200
export const CHECKIN_BATCH_MAX = 500
