/**
 * Helpdesk on top of the live chat (chat.ts): alerts for unanswered visitors, canned replies, business
 * hours, closing and rating, typing and read frames, conversation search and transcripts, and a limit of
 * concurrent conversations per agent. REST paths are relative to /api/v1; frames travel on the `/chat`
 * websocket described in chat.ts.
 *
 * Who may call what:
 * - agents: an admin-login token whose role holds the adviser console menu (HELPDESK_AGENT_MENU,
 *   'chat/index': the kefu and operations roles);
 * - operations: the site settings menu (HELPDESK_OPS_MENU, 'system/setting/site'; writes need its
 *   'edit' button) — only the operations role holds it. Every operations write leaves an audit row;
 * - visitors: the chat's own credentials — a Bearer token (customer) or the signed touristId (tourist),
 *   exactly as CHAT_API.list.
 *
 * Error codes (error-codes.ts): 680–689 below, 436 (agent not online), 607 (category has no service
 * agent), 432 (limit reached), 408 (no e-mail), 422 (not your conversation), 402/HTTP 403 (not allowed),
 * 301 (bad input, schema). A refused request changes nothing.
 */
import type { Page } from './api'
import { CHAT_MENU_COMPONENT, type ChatConversation, type ChatMessage } from './chat'
import { SITE_SETTINGS_MENU } from './admin-dictionary'

export const HELPDESK_AGENT_MENU = CHAT_MENU_COMPONENT
/** 'system/setting/site' */
export const HELPDESK_OPS_MENU = SITE_SETTINGS_MENU

export type HelpdeskLang = 'zh' | 'en'

/**
 * Alert e-mails link to the console on one conversation: `<PUBLIC_URL>/admin/advisor?customerId=<id>`
 * (the console should open that conversation); leave-a-message alerts link to
 * `<PUBLIC_URL>/admin/message/feedback?id=<feedback id>`.
 */
export const HELPDESK_CONSOLE_QUERY = 'customerId'

export const HELPDESK_API = {
  // ---------------------------------------------------------------- agents (HELPDESK_AGENT_MENU)
  /** GET ?keyword= → CannedReply[]: the caller's own replies and every shared one, by code */
  cannedList: '/helpdesk/canned/list',
  /** POST CannedReplyBody → CannedReply (681 = code already used by the caller's own or a shared reply) */
  cannedAdd: '/helpdesk/canned/add',
  /** POST CannedReplyBody & { id } → CannedReply (680 = not found or not the caller's) */
  cannedEdit: '/helpdesk/canned/edit',
  /** POST { id } → { id } (680 = not found or not the caller's) */
  cannedDelete: '/helpdesk/canned/delete',
  /**
   * GET ?<HelpdeskSearchBody fields as query parameters> → HelpdeskSearchPage, newest activity first
   * (685 = bad date range, 684 = bad zone). A GET so that searching leaves no audit rows.
   */
  search: '/helpdesk/conversation/search',

  // ---------------------------------------------------------------- operations (HELPDESK_OPS_MENU)
  /** GET → HelpdeskSettings */
  settings: '/helpdesk/settings',
  /** POST HelpdeskSettings (every field optional; absent = unchanged) → HelpdeskSettings (button 'edit'; 684 = bad zone/hours/holiday) */
  settingsSave: '/helpdesk/settings/update',
  /** GET ?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=<IANA, default Asia/Shanghai> → HelpdeskRatingReport (685 = bad range, 684 = bad zone) */
  ratings: '/helpdesk/ratings',

  // ---------------------------------------------------------------- visitors (public / chat credentials)
  /** GET (no auth) → BusinessHoursState */
  hours: '/helpdesk/hours',
  /** POST HelpdeskRateBody (Bearer or touristId) → HelpdeskRating (682 not closed by an agent / open, 683 already rated, HTTP 403 + 402 not one's own) */
  rate: '/helpdesk/rate',
  /** POST HelpdeskTranscriptBody (Bearer or touristId) → { sent: true, to: masked address } (408 no address, 688 nothing to send, 432 limit) */
  transcript: '/helpdesk/transcript',
} as const

// ---------------------------------------------------------------- settings
/** one opening span of a weekday, local wall-clock "HH:MM" in BusinessHours.timeZone; close > open (no overnight spans: split them) */
export interface BusinessHoursSpan {
  /** ISO weekday: 1 = Monday … 7 = Sunday */
  day: 1 | 2 | 3 | 4 | 5 | 6 | 7
  open: string
  close: string
}

export interface BusinessHours {
  /** IANA zone the spans and holidays are in, e.g. 'Asia/Shanghai', 'Europe/London' */
  timeZone: string
  /** empty = never open by the week (see alwaysOpen) */
  weekly: BusinessHoursSpan[]
  /** local dates 'YYYY-MM-DD' closed all day */
  holidays: string[]
  /** true = hours are not enforced (always open); the default until operations set hours */
  alwaysOpen: boolean
}

export interface HelpdeskSettings {
  /** minutes a visitor's message (or a leave-a-message form) may wait unanswered before agents are e-mailed; 1–1440, default 5 */
  alertMinutes: number
  /** conversations one agent holds at once; routing and transfers never go over it; 1–200, default 10 */
  maxConcurrent: number
  hours: BusinessHours
}

export const HELPDESK_DEFAULTS: HelpdeskSettings = {
  alertMinutes: 5,
  maxConcurrent: 10,
  hours: { timeZone: 'Asia/Shanghai', weekly: [], holidays: [], alwaysOpen: true },
}
export const HELPDESK_LIMITS = {
  alertMinutes: { min: 1, max: 1440 },
  maxConcurrent: { min: 1, max: 200 },
  spans: 50,
  holidays: 366,
} as const

/** what the visitor's chat shows: open now, else the next opening instant (show it in the visitor's zone and in Beijing time) */
export interface BusinessHoursState {
  open: boolean
  /** ISO UTC instant of the next opening when closed; null when open or when no opening is configured */
  nextOpenAt: string | null
  /** when open: the ISO UTC instant it closes (null = always open) */
  closesAt: string | null
  timeZone: string
  /** the server's now (ISO UTC), so the client needs no clock of its own */
  now: string
}

// ---------------------------------------------------------------- canned replies
/**
 * Canned replies: an agent's own (shared false: only its author sees, edits, deletes it) or shared
 * (shared true: every agent sees it; only its author edits or deletes it). `code` is the short code the
 * console's "/" picker matches (letters, digits, _ and -, 1–20); the text exists in both languages.
 */
export interface CannedReply {
  id: number
  code: string
  textZh: string
  textEn: string
  shared: boolean
  ownerId: number
  ownerName: string
  /** whether the caller may edit / delete it */
  mine: boolean
  updatedAt: string
}
export interface CannedReplyBody {
  code: string
  textZh: string
  textEn: string
  shared?: boolean
}
export const CANNED_CODE_PATTERN = /^[A-Za-z0-9_-]{1,20}$/
export const CANNED_TEXT_MAX = 2000 // = CHAT_TEXT_MAX

// ---------------------------------------------------------------- search
/** the search's query parameters */
export interface HelpdeskSearchBody {
  /** words in the messages' text (all must occur) */
  keyword?: string
  /** the visitor: a customer / tourist id (or its beginning), or a user's nick name or e-mail (contains) */
  visitor?: string
  /** the agent holding it */
  kefuId?: number
  categoryId?: number
  status?: 'open' | 'queued' | 'closed'
  /** only conversations waiting for an answer: exactly the rows the admin home's unanswered figure counts */
  unanswered?: boolean
  /** last activity from/to, local dates 'YYYY-MM-DD' in tz (default Asia/Shanghai), inclusive; at most 366 days */
  from?: string
  to?: string
  tz?: string
  page?: number
  pageSize?: number
}
export interface HelpdeskSearchHit {
  conversation: ChatConversation
  kefuId: number | null
  kefuName: string | null
  categoryId: number | null
  /** the newest message matching the keyword (null without a keyword) */
  match: ChatMessage | null
}
/**
 * A keyword matching more than SEARCH_MATCH_CAP messages is searched in its newest SEARCH_MATCH_CAP
 * matches only: `totalCapped` is then true and `total` counts the conversations among them (show
 * "N+", and suggest a narrower keyword or filter). Otherwise the search is exact.
 */
export type HelpdeskSearchPage = Page<HelpdeskSearchHit> & { totalCapped: boolean }
export const SEARCH_MATCH_CAP = 1000

// ---------------------------------------------------------------- close and rate
export const RATING_COMMENT_MAX = 500
export interface HelpdeskRateBody {
  customerId?: string
  touristId?: string
  /** 1–5 */
  score: number
  comment?: string
}
export interface HelpdeskRating {
  id: number
  customerId: string
  kefuId: number | null
  categoryId: number | null
  score: number
  comment: string | null
  createdAt: string
}
export interface RatingBucket {
  count: number
  /** null when count is 0 */
  average: number | null
  /** counts of scores 1..5 (index 0 = score 1) */
  distribution: [number, number, number, number, number]
}
export interface HelpdeskRatingReport {
  from: string
  to: string
  tz: string
  total: RatingBucket
  byAgent: Array<RatingBucket & { kefuId: number | null; name: string | null }>
  byCategory: Array<RatingBucket & { categoryId: number | null; nameZh: string | null; nameEn: string | null }>
}

// ---------------------------------------------------------------- transcript
/** a day's transcripts per identity (user / tourist) and per recipient address; more → 432 */
export const TRANSCRIPTS_PER_DAY = 3
export interface HelpdeskTranscriptBody {
  touristId?: string
  /** tourists only (required for them); a logged-in user's transcript goes to the account's e-mail (408 when it has none) */
  email?: string
}

// ---------------------------------------------------------------- websocket frames (on /chat)
/** typing frames forwarded per identity at most once per this interval; extra ones are dropped silently */
export const TYPING_INTERVAL_MS = 2000

/**
 * Client → server frames added by the helpdesk:
 * - kefu_typing: agents name the conversation (customerId); visitors send `{}`. The other side gets a
 *   `typing` frame. Not stored; rate-limited per identity (TYPING_INTERVAL_MS), never an error.
 * - kefu_read: mark the other side's messages read (up to upToId, default all). Visitors send `{}`,
 *   agents name customerId (only their own conversations: 422). Stored (read_at); both sides get the
 *   chat.ts `{ type: 'read', customerId, readerType, upToId }` frame.
 * - kefu_close: an agent closes a conversation it holds (422 not its, 687 already closed). The visitor
 *   and the agent get `closed`; the visitor may then rate it (HELPDESK_API.rate).
 * - kefu_canned: an agent sends a canned reply into a conversation it holds; the server picks the text in
 *   the conversation's language (ChatConversation.lang, from the visitor's socket) and stores it like a
 *   kefu_chat text (ack with clientMsgId; 680 unknown reply; 422 not its conversation).
 */
export type HelpdeskClientFrame =
  | { kefu_typing: { customerId?: string } }
  | { kefu_read: { customerId?: string; upToId?: number } }
  | { kefu_close: { customerId: string } }
  | { kefu_canned: { customerId: string; cannedId: number; clientMsgId?: string } }

/** Server → client frames added by the helpdesk. */
export type HelpdeskServerFrame =
  /** the other side is typing (from: who types); show for ~TYPING_INTERVAL_MS * 2 */
  | { type: 'typing'; customerId: string; from: 'kefu' | 'customer' | 'tourist' }
  /** an agent closed the conversation: the visitor can rate it (rateable) */
  | { type: 'closed'; customerId: string; kefuId: number; closedAt: string; rateable: boolean }
  /** to the agent: the visitor rated the conversation */
  | { type: 'rated'; customerId: string; score: number; comment: string | null }
