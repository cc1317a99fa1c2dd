/**
 * What the account-deletion page shows and checks, apart from its markup (unit-tested on its own): the
 * lists of what is erased and what is kept anonymously, the proof the person gives (password or e-mail
 * code) and the message for each refusal.
 */
import type { DeletionRequestBody } from '@contracts/privacy'

/** i18n keys under deletion.erased / deletion.kept, in the order shown */
export const ERASED = ['profile', 'uploads', 'lists', 'promoter', 'inbox', 'signIns', 'answers', 'chat'] as const
export const KEPT = ['counts', 'seats', 'prizes'] as const

export type ProofWay = 'password' | 'code'

/** the i18n key of what is missing, or null when the proof can be sent */
export function proofError(way: ProofWay, password: string, code: string): string | null {
  if (way === 'password') return password ? null : 'deletion.passwordEmpty'
  return code.trim() ? null : 'deletion.codeEmpty'
}

/** the request body for the chosen way (never both: the server checks what it is given) */
export function proofBody(way: ProofWay, password: string, code: string): DeletionRequestBody {
  return way === 'password' ? { password } : { code: code.trim() }
}

/**
 * The i18n key of a refusal: the server's own translated text `request.{code}` (401 wrong password, 409
 * empty code, 410 wrong or expired code, 672 already requested, 301 neither given …).
 */
export const refusalKey = (code: number): string => `request.${code}`
