/**
 * Answers of an application form, checked field by field against its definition. The first failing
 * field answers 301 with result `{ field: <key>, reason }`; unknown keys are dropped; the returned
 * answers are normalised (trimmed text, numbers as numbers, option values only).
 */
import fs from 'node:fs'
import path from 'node:path'
import { AppError } from '../../lib/app-error'
import { UPLOAD_LIMITS } from '../../../../src/shared/contracts/api'
import type { EnrollAnswers, EnrollFormField } from '../../../../src/shared/contracts/enrollment'

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** what POST /file/info/single/upload answers for an image: /uploads/yyyy-mm/<32 hex>.<sniffed ext> */
export const UPLOAD_URL_RE = /^\/uploads\/(\d{4}-\d{2})\/([0-9a-f]{32}\.(png|jpg|gif|webp))$/

export type FieldReason = 'required' | 'type' | 'tooLong' | 'email' | 'number' | 'min' | 'max' | 'date' | 'option' | 'upload' | 'tooLarge'

function fail(field: string, reason: FieldReason): never {
  throw new AppError(301, { field, result: { field, reason } })
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
}

function validDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

export function validateAnswers(fields: EnrollFormField[], answers: EnrollAnswers, uploadsDir: string): EnrollAnswers {
  const out: EnrollAnswers = {}
  for (const f of fields) {
    const v = answers[f.key]
    if (isEmpty(v)) {
      if (f.required) fail(f.key, 'required')
      continue
    }
    const options = new Set((f.options ?? []).map((o) => o.value))
    switch (f.type) {
      case 'text':
      case 'textarea':
      case 'email': {
        if (typeof v !== 'string') fail(f.key, 'type')
        const s = v.trim()
        const max = f.maxLength ?? (f.type === 'textarea' ? 2000 : f.type === 'email' ? 100 : 200)
        if ([...s].length > max) fail(f.key, 'tooLong')
        if (f.type === 'email' && !EMAIL_RE.test(s)) fail(f.key, 'email')
        out[f.key] = f.type === 'email' ? s.toLowerCase() : s
        break
      }
      case 'number': {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN
        if (!Number.isFinite(n)) fail(f.key, 'number')
        if (f.min !== undefined && n < f.min) fail(f.key, 'min')
        if (f.max !== undefined && n > f.max) fail(f.key, 'max')
        out[f.key] = n
        break
      }
      case 'date': {
        if (typeof v !== 'string' || !validDate(v.trim())) fail(f.key, 'date')
        out[f.key] = v.trim()
        break
      }
      case 'radio':
      case 'select': {
        if (typeof v !== 'string') fail(f.key, 'type')
        if (!options.has(v)) fail(f.key, 'option')
        out[f.key] = v
        break
      }
      case 'checkbox': {
        if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) fail(f.key, 'type')
        const picked = [...new Set(v as string[])]
        if (picked.some((x) => !options.has(x))) fail(f.key, 'option')
        // keep the definition's order
        out[f.key] = (f.options ?? []).map((o) => o.value).filter((x) => picked.includes(x))
        break
      }
      case 'attachment': {
        if (typeof v !== 'string') fail(f.key, 'type')
        const m = UPLOAD_URL_RE.exec(v)
        if (!m) fail(f.key, 'upload')
        const file = path.join(uploadsDir, m[1], m[2])
        let size: number
        try {
          size = fs.statSync(file).size
        } catch {
          fail(f.key, 'upload')
        }
        if (size > UPLOAD_LIMITS[f.uploadKind ?? 'image']) fail(f.key, 'tooLarge')
        out[f.key] = v
        break
      }
      default:
        fail(f.key, 'type')
    }
  }
  return out
}
