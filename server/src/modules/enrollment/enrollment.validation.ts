/**
 * Answers of an application form on the server: the shared rules (src/shared/contracts/
 * enrollment-answers.ts) field by field, plus what the form cannot check — an attachment must be a
 * file this server stored, within its upload kind's size. The first failing field answers 301 with
 * result `{ field: <key>, reason }`; unknown keys are dropped; the returned answers are normalised.
 */
import { AppError } from '../../lib/app-error'
import { UPLOAD_LIMITS } from '@contracts/api'
import { checkAnswer, type FieldReason } from '@contracts/enrollment-answers'
import type { EnrollAnswers, EnrollFormField } from '@contracts/enrollment'

/** what POST /file/info/single/upload answers for an image: /uploads/yyyy-mm/<32 hex>.<sniffed ext> */
export const UPLOAD_URL_RE = /^\/uploads\/(\d{4}-\d{2})\/([0-9a-f]{32}\.(png|jpg|gif|webp))$/

function fail(field: string, reason: FieldReason): never {
  throw new AppError(301, { field, result: { field, reason } })
}

/** the size of the stored upload a key (`<yyyy-mm>/<name>`) names, or null when nothing is stored there */
export type StoredSize = (key: string) => Promise<number | null>

/** the size of the stored file the URL names, or null when it is not one of ours */
async function storedSize(url: string, sizeOf: StoredSize): Promise<number | null> {
  const m = UPLOAD_URL_RE.exec(url)
  if (!m) return null
  return sizeOf(`${m[1]}/${m[2]}`)
}

export async function validateAnswers(fields: EnrollFormField[], answers: EnrollAnswers, sizeOf: StoredSize): Promise<EnrollAnswers> {
  const out: EnrollAnswers = {}
  for (const f of fields) {
    const r = checkAnswer(f, answers[f.key])
    if ('error' in r) fail(f.key, r.error.reason)
    if (r.value === undefined) continue
    if (f.type === 'attachment') {
      const size = await storedSize(String(r.value), sizeOf)
      if (size === null) fail(f.key, 'upload')
      if (size > UPLOAD_LIMITS[f.uploadKind ?? 'image']) fail(f.key, 'tooLarge')
    }
    out[f.key] = r.value
  }
  return out
}
