/**
 * What the account-deletion page shows and checks, apart from its markup (unit-tested on its own): the
 * lists of what is erased and what is kept anonymously, the proofs the page offers and the one the person
 * gives (password, e-mail code or WeChat) and the message for each refusal.
 */
import type { DeletionProof, DeletionRequestBody } from '@contracts/privacy'
import '../../shared/i18n/sections/deletion'

/** i18n keys under deletion.erased / deletion.kept, in the order shown */
export const ERASED = ['profile', 'uploads', 'lists', 'promoter', 'inbox', 'signIns', 'answers', 'chat'] as const
export const KEPT = ['counts', 'seats', 'prizes'] as const

export type ProofWay = DeletionProof

/**
 * The proofs the page offers: those the server says the account can give (DeletionStatus.proofs; while
 * unknown: the password, and the code when the account has a real e-mail). WeChat only where WeChat
 * can vouch: the mini-program (Taro.login) and H5 inside WeChat (the official account's consent page).
 */
export function offeredProofs(proofs: readonly DeletionProof[] | null, hasEmail: boolean, weapp: boolean): ProofWay[] {
  const known: readonly DeletionProof[] = proofs ?? (hasEmail ? ['password', 'code'] : ['password'])
  return known.filter((p) => p !== 'wechat' || weapp)
}

/** the i18n key of what is missing, or null when the proof can be sent (WeChat asks for nothing typed) */
export function proofError(way: ProofWay, password: string, code: string): string | null {
  if (way === 'password') return password ? null : 'deletion.passwordEmpty'
  if (way === 'code') return code.trim() ? null : 'deletion.codeEmpty'
  return null
}

/** the request body for the chosen way (never two: the server checks what it is given) */
export function proofBody(way: ProofWay, password: string, code: string, wechatTicket = ''): DeletionRequestBody {
  if (way === 'password') return { password }
  if (way === 'code') return { code: code.trim() }
  return { wechatTicket }
}

/**
 * The i18n key of a refusal: the server's own translated text `request.{code}` (401 wrong password, 409
 * empty code, 410 wrong or expired code, 672 already requested, 301 neither given …).
 */
export const refusalKey = (code: number): string => `request.${code}`
