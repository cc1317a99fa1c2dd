/**
 * Pure helpers of the enrolment table (jest covers them directly): the row spanning of multi-value
 * answers — an enrolment with a checkbox answer of three values takes three sub-rows, one value per
 * sub-row in that column, every other cell spanning them — and answers shown with option labels.
 */
import type { AdminEnrollItem } from '@contracts/admin-enrollment'
import type { EnrollAnswerValue, EnrollFormField } from '@contracts/enrollment'
import { pick, type Lang } from '../common/bilingual'

export { pick, type Lang }

export interface EnrollSubRow {
  key: string
  item: AdminEnrollItem
  /** which sub-row of the enrolment (0 = first) */
  index: number
  /** rows the enrolment takes; the first sub-row carries it as rowSpan, the others 0 */
  span: number
}

export const isMulti = (f: EnrollFormField) => f.type === 'checkbox'

export function fieldLabel(f: EnrollFormField, lang: Lang): string {
  return pick(lang, f.labelZh, f.labelEn) || f.key
}

export function optionLabel(f: EnrollFormField, value: string, lang: Lang): string {
  const o = (f.options ?? []).find((x) => x.value === value)
  return o ? pick(lang, o.labelZh, o.labelEn) || value : value
}

/** the values of a multi-value answer (a lone string counts as one) */
export function multiValues(v: EnrollAnswerValue | undefined): string[] {
  if (Array.isArray(v)) return v.map(String)
  if (v === undefined || v === null || v === '') return []
  return [String(v)]
}

/** sub-rows an enrolment needs: the longest multi-value answer, at least one */
export function spanOf(item: AdminEnrollItem, fields: EnrollFormField[]): number {
  return Math.max(1, ...fields.filter(isMulti).map((f) => multiValues(item.answers[f.key]).length))
}

export function expandRows(list: AdminEnrollItem[], fields: EnrollFormField[]): EnrollSubRow[] {
  const rows: EnrollSubRow[] = []
  for (const item of list) {
    const span = spanOf(item, fields)
    for (let index = 0; index < span; index++) rows.push({ key: `${item.id}-${index}`, item, index, span: index === 0 ? span : 0 })
  }
  return rows
}

/** a single-value answer as text (radio / select as their option label) */
export function answerText(f: EnrollFormField, v: EnrollAnswerValue | undefined, lang: Lang): string {
  if (v === undefined || v === null || v === '') return ''
  if (Array.isArray(v)) return v.map((x) => optionLabel(f, String(x), lang)).join(lang === 'zh' ? '、' : ', ')
  if (f.type === 'radio' || f.type === 'select' || f.type === 'checkbox') return optionLabel(f, String(v), lang)
  return String(v)
}

/** the cell of a multi-value column in one sub-row */
export function subValue(row: EnrollSubRow, f: EnrollFormField, lang: Lang): string {
  const v = multiValues(row.item.answers[f.key])[row.index]
  return v === undefined ? '' : optionLabel(f, v, lang)
}

/** `?activityId=12` → 12; anything else → null */
export function activityIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('activityId')
  const n = raw && /^\d+$/.test(raw) ? Number(raw) : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
