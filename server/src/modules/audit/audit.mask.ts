/**
 * What an audit row keeps of a change: the request's fields with personal data masked. By name (e-mail,
 * phone, names, answers, secrets) and by value (any string that looks like an e-mail or a phone number,
 * whatever its field is called), so a new form field or route is masked without being listed here.
 */

/** fields whose value is a secret: never kept, not even masked */
const SECRET = new Set(['password', 'confirmpassword', 'oldpassword', 'newpassword', 'token', 'refreshtoken', 'secret', 'code', 'codekey', 'captcha'])
/** fields that hold what a person answered or wrote about themselves: kept as "[masked]" whatever their shape */
const ANSWERS = new Set(['answers', 'answer', 'values', 'formvalues', 'fields', 'cv', 'resume', 'attachments'])
/** fields that hold a person's e-mail, phone or name: the value masked */
const PERSONAL = /^(e?mails?|.*email|phones?|.*phone|mobile|.*mobile|tel|telephone|wechat(id)?|nick_?name|real_?name|user_?name|full_?name|first_?name|last_?name|contact(_?name)?|id_?card|address|recipient|recipients|emails?list)$/i

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_LIKE = /^\+?[\d\s()-]{7,20}$/
const CN_MOBILE = /^1[3-9]\d{9}$/

/** "ab***@example.com" */
export function maskEmail(v: string): string {
  const at = v.lastIndexOf('@')
  if (at < 1) return maskText(v)
  return `${v.slice(0, Math.min(2, at - 1) || 1)}***${v.slice(at)}`
}

/** "***5678" */
export function maskPhone(v: string): string {
  const digits = v.replace(/\D/g, '')
  return `***${digits.slice(-4)}`
}

/** "张*" / "J***" */
export function maskText(v: string): string {
  const chars = [...v]
  if (!chars.length) return ''
  return `${chars[0]}${'*'.repeat(Math.min(3, Math.max(1, chars.length - 1)))}`
}

function maskValue(v: unknown): unknown {
  if (typeof v === 'string') {
    if (EMAIL_LIKE.test(v)) return maskEmail(v)
    if (PHONE_LIKE.test(v) && v.replace(/\D/g, '').length >= 7) return maskPhone(v)
    return maskText(v)
  }
  if (Array.isArray(v)) return v.map(maskValue)
  if (v && typeof v === 'object') return '[masked]'
  return v
}

const MAX_DEPTH = 6
const MAX_STRING = 500

function walk(v: unknown, depth: number): unknown {
  if (typeof v === 'string') {
    if (EMAIL_LIKE.test(v)) return maskEmail(v)
    if ((PHONE_LIKE.test(v) && v.replace(/\D/g, '').length >= 7 && /^\+|\s|-/.test(v)) || CN_MOBILE.test(v)) return maskPhone(v)
    return v.length > MAX_STRING ? `${v.slice(0, MAX_STRING)}…` : v
  }
  if (v === null || typeof v !== 'object') return v
  if (depth >= MAX_DEPTH) return '[…]'
  if (Array.isArray(v)) return v.slice(0, 50).map((x) => walk(x, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const key = k.toLowerCase()
    if (SECRET.has(key)) out[k] = '[secret]'
    else if (ANSWERS.has(key)) out[k] = '[masked]'
    else if (PERSONAL.test(k)) out[k] = maskValue(x)
    else out[k] = walk(x, depth + 1)
  }
  return out
}

/** the value as masked JSON text (at most 8 KB), or null when there is nothing */
export function maskedJson(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null
  const text = JSON.stringify(walk(v, 0))
  return text.length > 8192 ? `${text.slice(0, 8192)}…` : text
}
