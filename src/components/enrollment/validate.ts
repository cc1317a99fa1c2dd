/**
 * The client's check of an application form before sending it: the same rules and reasons as the
 * server (server/src/modules/enrollment/enrollment.validation.ts), so the person sees the message next
 * to the field at once. The server checks again (and alone checks that an attachment is one of ours).
 */
import type { EnrollAnswers, EnrollAnswerValue, EnrollFormField } from '../../shared/contracts/enrollment'

export type FieldReason = 'required' | 'type' | 'tooLong' | 'email' | 'number' | 'min' | 'max' | 'date' | 'option' | 'upload' | 'tooLarge'
export interface FieldError {
  reason: FieldReason
  params?: Record<string, number>
}
export type FieldErrors = Record<string, FieldError>

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function defaultMaxLength(f: EnrollFormField): number {
  return f.maxLength ?? (f.type === 'textarea' ? 2000 : f.type === 'email' ? 100 : 200)
}

function isEmpty(v: EnrollAnswerValue | undefined): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
}

function validDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

export function checkField(f: EnrollFormField, v: EnrollAnswerValue | undefined): FieldError | null {
  if (isEmpty(v)) return f.required ? { reason: 'required' } : null
  const values = new Set((f.options ?? []).map((o) => o.value))
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'email': {
      const s = String(v).trim()
      const max = defaultMaxLength(f)
      if ([...s].length > max) return { reason: 'tooLong', params: { max } }
      if (f.type === 'email' && !EMAIL_RE.test(s)) return { reason: 'email' }
      return null
    }
    case 'number': {
      const n = typeof v === 'number' ? v : /^\s*-?\d+(\.\d+)?\s*$/.test(String(v)) ? Number(v) : NaN
      if (!Number.isFinite(n)) return { reason: 'number' }
      if (f.min !== undefined && n < f.min) return { reason: 'min', params: { min: f.min } }
      if (f.max !== undefined && n > f.max) return { reason: 'max', params: { max: f.max } }
      return null
    }
    case 'date':
      return validDate(String(v)) ? null : { reason: 'date' }
    case 'radio':
    case 'select':
      return values.has(String(v)) ? null : { reason: 'option' }
    case 'checkbox':
      return Array.isArray(v) && v.every((x) => values.has(x)) ? null : { reason: 'option' }
    case 'attachment':
      return /^\/uploads\//.test(String(v)) ? null : { reason: 'upload' }
    default:
      return { reason: 'type' }
  }
}

export function checkAnswers(fields: EnrollFormField[], answers: EnrollAnswers): FieldErrors {
  const errors: FieldErrors = {}
  for (const f of fields) {
    const e = checkField(f, answers[f.key])
    if (e) errors[f.key] = e
  }
  return errors
}

/** what is sent: trimmed text, numbers as numbers, empty optional answers left out */
export function cleanAnswers(fields: EnrollFormField[], answers: EnrollAnswers): EnrollAnswers {
  const out: EnrollAnswers = {}
  for (const f of fields) {
    const v = answers[f.key]
    if (isEmpty(v)) continue
    if (f.type === 'number') out[f.key] = Number(v)
    else if (typeof v === 'string') out[f.key] = v.trim()
    else out[f.key] = v as EnrollAnswerValue
  }
  return out
}

/** prefill from the logged-in user (name / e-mail / phone keys of the seeded forms) */
export function prefill(fields: EnrollFormField[], user: { nickName?: string; email?: string; phone?: string | null } | null): EnrollAnswers {
  const out: EnrollAnswers = {}
  if (!user) return out
  for (const f of fields) {
    if (f.type === 'email' && user.email && out[f.key] === undefined) out[f.key] = user.email
    else if (f.key === 'phone' && user.phone) out[f.key] = user.phone
  }
  return out
}
