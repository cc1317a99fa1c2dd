/**
 * A person's rights over their data: deleting the account (注销) and downloading a copy of their data.
 *
 * Account deletion
 * - The signed-in person asks for it after proving it is them: their password, a 6-digit code sent to
 *   their account e-mail (`sendCode`), or — for an account linked to WeChat (one made by WeChat sign-in
 *   has a placeholder e-mail and no password) — `wechatTicket`: a fresh ticket from step 1 of the WeChat
 *   sign-in (contracts/wechat.ts: wx/mini/login or wx/login) whose WeChat identity is linked to this
 *   account. `DeletionStatus.proofs` says which of the three this account can give. Every token of the
 *   person is then revoked (they are signed out) and a 7-day cooling-off period starts.
 * - Signing in again within the period cancels the deletion: the login answer's user info carries
 *   `deletionCancelled: true` once, so the app can say so. `DELETE request` (signed in) cancels as well.
 * - After the period a job erases the person (see the server's privacy module for what is erased and
 *   what is kept anonymously); organizers' lists then show "已注销用户 / Deleted user".
 * - Errors: wrong password 401 (the sixth wrong one within an hour: 432, try later); wrong or expired
 *   code 410 (empty code 409); a WeChat ticket that is forged, expired or of a WeChat identity not linked
 *   to this account 410 (field `wechatTicket`); none given 301 (field `password`); already requested 672; cancelling
 *   when nothing is pending 673.
 *
 * Download my data
 * - One request a day per person (674 on the second); a job builds a zip (data.json + data.html) and
 *   announces it by e-mail and in the inbox; the file can be downloaded for 7 days (675 when it is not
 *   ready, has expired, or belongs to someone else).
 */
export const PRIVACY_API = {
  /** GET → DeletionStatus */
  deletionStatus: '/system/user/deletion',
  /** POST → null: sends a 6-digit code to the person's account e-mail (10 min) */
  deletionSendCode: '/system/user/deletion/code',
  /** POST DeletionRequestBody → DeletionStatus (and the person is signed out) */
  deletionRequest: '/system/user/deletion/request',
  /** DELETE → DeletionStatus (state none) */
  deletionCancel: '/system/user/deletion/request',
  /** GET → DataExport[] (newest first, the last 30 days) */
  exportList: '/system/user/data/export',
  /** POST → DataExport (state pending) */
  exportRequest: '/system/user/data/export',
  /** GET → the zip (application/zip, attachment), for the owner only */
  exportDownload: '/system/user/data/export/:id/file',
} as const

export const DELETION_COOLING_OFF_DAYS = 7
/**
 * H5 inside WeChat: the deletion page sends the person to WeChat's consent page (wx/authorize/url) to come
 * back to `/center/deletion?wxproof=1&code=…`; with this marker the app's WeChat sign-in leaves the code
 * alone (a code works once) and the page exchanges it (wx/login) for the ticket of its WeChat proof.
 */
export const DELETION_WECHAT_MARK = 'wxproof'
export const DATA_EXPORT_KEEP_DAYS = 7

/** the proofs of being the account's owner the deletion request accepts */
export type DeletionProof = 'password' | 'code' | 'wechat'

/** one proof per request: password, else code, else wechatTicket */
export interface DeletionRequestBody {
  password?: string
  code?: string
  /** the `ticket` of WxLoginResult (5 minutes), for an account linked to that WeChat identity */
  wechatTicket?: string
}

export interface DeletionStatus {
  state: 'none' | 'pending'
  /** ISO times when pending */
  requestedAt: string | null
  eraseAt: string | null
  /**
   * the proofs this account can give, in the order the page offers them: `password` when it has one,
   * `code` when its e-mail is a real address (not WeChat's placeholder), `wechat` when a WeChat identity
   * is linked to it
   */
  proofs: DeletionProof[]
}

export type DataExportState = 'pending' | 'ready' | 'failed' | 'expired'

export interface DataExport {
  id: number
  state: DataExportState
  requestedAt: string
  readyAt: string | null
  /** until when the file can be downloaded */
  expiresAt: string | null
  /** bytes of the zip when ready */
  size: number | null
}

/** How lists and exports name a person whose account was erased. */
export const DELETED_USER_NAME = { zh: '已注销用户', en: 'Deleted user' } as const
