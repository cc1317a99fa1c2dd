/** The e-mail address of an account: trimmed, lower case, well formed (registration, login, profile, admin users). */
import { AppError, paramError } from './app-error'

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function normalizeEmail(raw: unknown): string {
  return String(raw ?? '').trim().toLowerCase()
}

/** RFC 5321's length limit and an @ between a local part and a dotted domain */
export function isWellFormedEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email)
}

/** Required, well-formed e-mail: 408 when empty, 301 (field email) when malformed. */
export function checkEmail(raw: unknown): string {
  const email = normalizeEmail(raw)
  if (!email) throw new AppError(408, { field: 'email' })
  if (!isWellFormedEmail(email)) throw paramError('email')
  return email
}
