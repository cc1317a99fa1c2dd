/**
 * Client validation rules (spec section 5), returning i18n keys so both languages come from the
 * locale files, for the consumer pages. The e-mail pattern is the server's
 * (contracts/validation.ts).
 */
import { isEmail } from '@contracts/validation'

export const PASSWORD_MIN = 6

export function validateEmail(email: string): string | null {
  if (!email.trim()) return 'validate.emailEmpty'
  if (!isEmail(email.trim())) return 'validate.emailInvalid'
  return null
}

/** The subscription e-mail (footer box and the dialog opened from the widget): '' when valid, else the i18n key. */
export function subscribeEmailError(email: string): string {
  const v = email.trim()
  if (!v) return 'frame.subscribe.emailRequired'
  if (!isEmail(v)) return 'frame.subscribe.emailInvalid'
  return ''
}

export function validatePassword(password: string): string | null {
  if (!password) return 'validate.passwordEmpty'
  if (password.length < PASSWORD_MIN) return 'validate.passwordShort'
  return null
}

export function validateConfirm(password: string, confirm: string): string | null {
  return password === confirm ? null : 'validate.confirmMismatch'
}

export function validateCode(code: string): string | null {
  return code.trim() ? null : 'validate.codeEmpty'
}

export function validateNickname(nick: string): string | null {
  return nick.trim() ? null : 'validate.nicknameEmpty'
}

export interface RegisterForm {
  email: string
  code: string
  nickName: string
  password: string
  confirm: string
}

/** First failing rule in the order the form shows the fields, or null. */
export function validateRegister(f: RegisterForm): string | null {
  return (
    validateEmail(f.email) ??
    validateCode(f.code) ??
    validateNickname(f.nickName) ??
    validatePassword(f.password) ??
    validateConfirm(f.password, f.confirm)
  )
}

export function validateReset(f: Omit<RegisterForm, 'nickName'>): string | null {
  return validateEmail(f.email) ?? validateCode(f.code) ?? validatePassword(f.password) ?? validateConfirm(f.password, f.confirm)
}
