/** The e-mail address of an account: trimmed, lower case, well formed (registration, login, profile, admin users). */
import { isEmail } from '@contracts/validation'
import { AppError, paramError } from './app-error'

export function normalizeEmail(raw: unknown): string {
  return String(raw ?? '').trim().toLowerCase()
}

/** the one e-mail rule the clients apply too (contracts/validation.ts) */
export const isWellFormedEmail = isEmail

/** Required, well-formed e-mail: 408 when empty, 301 (field email) when malformed. */
export function checkEmail(raw: unknown): string {
  const email = normalizeEmail(raw)
  if (!email) throw new AppError(408, { field: 'email' })
  if (!isWellFormedEmail(email)) throw paramError('email')
  return email
}

/**
 * One person's address however they spell it, for "on a list once": lower case, the `+alias` of the
 * local part dropped (ann+events@x.org = ann@x.org). Gmail's dots are left alone (other providers
 * treat them as different people).
 */
export function foldEmail(raw: unknown): string {
  const email = normalizeEmail(raw)
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  const local = email.slice(0, at)
  const plus = local.indexOf('+')
  return (plus > 0 ? local.slice(0, plus) : local) + email.slice(at)
}
