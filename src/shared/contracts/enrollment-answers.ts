/**
 * The rules of an application form's answers (spec section 3's nine field types), defined once: the
 * form shows every field's reason next to it before sending, the server answers 301 with
 * `{ field, reason }` for the first failing field and stores the normalised values. Pure functions;
 * what only the server can check (that an attachment is a file it stored, and its size) is added in
 * server/src/modules/enrollment/enrollment.validation.ts.
 */
import type { EnrollAnswers, EnrollAnswerValue, EnrollFormField } from './enrollment'
import { isEmail } from './validation'

export type FieldReason = 'required' | 'type' | 'tooLong' | 'email' | 'number' | 'min' | 'max' | 'date' | 'option' | 'upload' | 'tooLarge'
export interface FieldError {
  reason: FieldReason
  /** the bound the message names (tooLong: max, min: min, max: max) */
  params?: Record<string, number>
}
export type FieldErrors = Record<string, FieldError>

/** One answer checked against its field: the reason it fails, or its value as stored (undefined: left empty). */
export type AnswerCheck = { error: FieldError } | { value: EnrollAnswerValue | undefined }

/** every answer of an attachment field is a URL that POST /file/info/single/upload answered */
export const UPLOAD_URL_PREFIX = '/uploads/'

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/

export function defaultMaxLength(f: EnrollFormField): number {
  return f.maxLength ?? (f.type === 'textarea' ? 2000 : f.type === 'email' ? 100 : 200)
}

export function isEmptyAnswer(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
}

function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

const fails = (reason: FieldReason, params?: Record<string, number>): AnswerCheck => ({ error: params ? { reason, params } : { reason } })

/**
 * Normalised values: trimmed text, lower-case e-mail, numbers as numbers, checkbox values once each in
 * the definition's order.
 */
export function checkAnswer(f: EnrollFormField, v: unknown): AnswerCheck {
  if (isEmptyAnswer(v)) return f.required ? fails('required') : { value: undefined }
  const options = (f.options ?? []).map((o) => o.value)
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'email': {
      if (typeof v !== 'string') return fails('type')
      const s = v.trim()
      const max = defaultMaxLength(f)
      if ([...s].length > max) return fails('tooLong', { max })
      if (f.type !== 'email') return { value: s }
      return isEmail(s) ? { value: s.toLowerCase() } : fails('email')
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && NUMBER_TEXT.test(v) ? Number(v) : NaN
      if (!Number.isFinite(n)) return fails('number')
      if (f.min !== undefined && n < f.min) return fails('min', { min: f.min })
      if (f.max !== undefined && n > f.max) return fails('max', { max: f.max })
      return { value: n }
    }
    case 'date':
      return typeof v === 'string' && isDate(v.trim()) ? { value: v.trim() } : fails('date')
    case 'radio':
    case 'select':
      if (typeof v !== 'string') return fails('type')
      return options.includes(v) ? { value: v } : fails('option')
    case 'checkbox': {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return fails('type')
      if (v.some((x) => !options.includes(x))) return fails('option')
      return { value: options.filter((x) => v.includes(x)) }
    }
    case 'attachment':
      if (typeof v !== 'string') return fails('type')
      return v.startsWith(UPLOAD_URL_PREFIX) ? { value: v } : fails('upload')
    default:
      return fails('type')
  }
}

/** Every field's reason (the form shows them all at once); {} when the answers may be sent. */
export function checkAnswers(fields: EnrollFormField[], answers: EnrollAnswers): FieldErrors {
  const errors: FieldErrors = {}
  for (const f of fields) {
    const r = checkAnswer(f, answers[f.key])
    if ('error' in r) errors[f.key] = r.error
  }
  return errors
}

/** What is sent (and stored): the normalised answers, empty optional ones left out. */
export function cleanAnswers(fields: EnrollFormField[], answers: EnrollAnswers): EnrollAnswers {
  const out: EnrollAnswers = {}
  for (const f of fields) {
    const r = checkAnswer(f, answers[f.key])
    const value = 'error' in r ? answers[f.key] : r.value
    if (value !== undefined && !isEmptyAnswer(value)) out[f.key] = value
  }
  return out
}
