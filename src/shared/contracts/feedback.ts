/**
 * Leave-a-message (feedback) contract, spec sections 3, 5, 7 and 9. Shared by the server (validation),
 * the consumer leave-message card and the admin feedback inbox.
 * Paths are relative to /api/v1.
 *
 * Validation answers (HTTP 200):
 * - code 301, result `{ field, messageKey }`, message "参数错误: desc" — `field` is the first failing field
 *   in form order (desc, name, tel, email); `messageKey` is the i18n key of the spec section-5 message
 *   (keys below, namespace `feedback` in both locale files).
 * Success: code 200, result `{ id }`.
 */
import { EMAIL_PATTERN, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, PHONE_PATTERN, phoneProblem } from './validation'

export const FEEDBACK_API = {
  /** POST LeaveMessageBody, token optional (a logged-in user's id is recorded) → { id } */
  add: '/message/messageFeedback/add/db_message_feedback',
  // ---- admin (ops) feedback inbox; menu component `message/feedback/list`, buttons below ----
  /** GET ?page&pageSize&keyword&status → Page<FeedbackItem> (menu only) */
  adminList: '/message/messageFeedback/list/db_message_feedback',
  /** POST { id, status, remark? } → FeedbackItem (button `edit`) */
  adminUpdate: '/message/messageFeedback/update/db_message_feedback',
  /** POST { id, subject, content } → FeedbackItem, sends the reply to the author's e-mail at once, 407 when sending fails (button `reply`) */
  adminReply: '/message/messageFeedback/reply/db_message_feedback',
} as const

/** spec section 9: leave-message limits */
export const FEEDBACK_LIMITS = {
  desc: 1000,
  name: 50,
  tel: PHONE_MAX_LENGTH,
  email: 20,
} as const

/** tel: at least this many digits (validation.ts says why) */
export const FEEDBACK_TEL_MIN = PHONE_MIN_LENGTH

/** tel: digits only (spec: "numeric"); a leading + is not accepted, as in the original form (validation.ts) */
export const FEEDBACK_TEL_PATTERN = PHONE_PATTERN
/** the one e-mail pattern (validation.ts), under the name the leave-message and subscription rules use */
export const FEEDBACK_EMAIL_PATTERN = EMAIL_PATTERN

export interface LeaveMessageBody {
  /** problem description, required, ≤ 1000 characters */
  desc: string
  /** required, ≤ 50 */
  name: string
  /** required, 6–20 digits */
  tel: string
  /** required, ≤ 20, pattern FEEDBACK_EMAIL_PATTERN */
  email: string
}

export type LeaveMessageField = keyof LeaveMessageBody

export interface LeaveMessageResult {
  id: number
}

/** i18n keys (namespace `feedback`) of the spec section-5 messages */
export const FEEDBACK_MESSAGE_KEYS = {
  descEmpty: 'feedback.validate.descEmpty', // 'Please fill in the problem description'
  descLong: 'feedback.validate.descLong', // 'At most 1000 characters'
  nameEmpty: 'feedback.validate.nameEmpty',
  nameLong: 'feedback.validate.nameLong',
  telEmpty: 'feedback.validate.telEmpty',
  telLong: 'feedback.validate.telLong',
  telNumeric: 'feedback.validate.telNumeric',
  telShort: 'feedback.validate.telShort', // 'At least 6 digits'
  emailEmpty: 'feedback.validate.emailEmpty',
  emailLong: 'feedback.validate.emailLong',
  emailInvalid: 'feedback.validate.emailInvalid', // 'Incorrect email format'
} as const

export interface LeaveMessageError {
  field: LeaveMessageField
  messageKey: string
}

/** The first rule one field's value breaks (trimmed before counting), or null. */
export function leaveMessageFieldError(field: LeaveMessageField, value: unknown): string | null {
  const v = typeof value === 'string' ? value.trim() : value == null ? '' : String(value).trim()
  const K = FEEDBACK_MESSAGE_KEYS
  switch (field) {
    case 'desc':
      return !v ? K.descEmpty : [...v].length > FEEDBACK_LIMITS.desc ? K.descLong : null
    case 'name':
      return !v ? K.nameEmpty : [...v].length > FEEDBACK_LIMITS.name ? K.nameLong : null
    case 'tel': {
      const p = phoneProblem(v)
      return p === 'empty' ? K.telEmpty : p === 'long' ? K.telLong : p === 'numeric' ? K.telNumeric : p === 'short' ? K.telShort : null
    }
    case 'email':
      return !v ? K.emailEmpty : v.length > FEEDBACK_LIMITS.email ? K.emailLong : !FEEDBACK_EMAIL_PATTERN.test(v) ? K.emailInvalid : null
  }
}

export const LEAVE_MESSAGE_FIELDS: LeaveMessageField[] = ['desc', 'name', 'tel', 'email']

/**
 * The one validator used by the card and the server: first failing rule in form order, or null.
 * Values are trimmed before counting.
 */
export function validateLeaveMessage(body: Partial<Record<LeaveMessageField, unknown>>): LeaveMessageError | null {
  for (const field of LEAVE_MESSAGE_FIELDS) {
    const messageKey = leaveMessageFieldError(field, body[field])
    if (messageKey) return { field, messageKey }
  }
  return null
}

/** admin inbox */
export type FeedbackStatus = 'new' | 'processing' | 'done'
export const FEEDBACK_STATUSES: FeedbackStatus[] = ['new', 'processing', 'done']

export interface FeedbackItem {
  id: number
  desc: string
  name: string
  tel: string
  email: string
  userId: number | null
  status: FeedbackStatus
  remark: string | null
  replyContent: string | null
  repliedAt: string | null
  createdAt: string
}

export interface FeedbackUpdateBody {
  id: number
  status: FeedbackStatus
  remark?: string
}

export interface FeedbackReplyBody {
  id: number
  subject: string
  content: string
}
