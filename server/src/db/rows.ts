/**
 * From database rows to answers: columns are snake_case with 0/1 flags, answers camelCase with booleans.
 * camelRow and flagsOf copy the named columns under their camelCase names (`title_zh` → `titleZh`), so a
 * mapper lists columns instead of spelling every pair; a field whose name or value differs is written out.
 */
import { AppError } from '../lib/app-error'

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S
/** the row's columns under their camelCase names */
export type CamelRow<R> = { [K in keyof R & string as Camel<K>]: R[K] }
/** the row's flag columns as booleans under their camelCase names */
export type Flags<R> = { [K in keyof R & string as Camel<K>]: boolean }

const camelNames = new Map<string, string>()
/**
 * `title_zh` → `titleZh`, remembered per name: the names are the columns our mappers list (a fixed, small
 * set), and a regex replace per column per row was ~a third of turning a list page's rows into items.
 */
export function camelCase(s: string): string {
  let name = camelNames.get(s)
  if (name === undefined) {
    name = s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    if (camelNames.size < 10_000) camelNames.set(s, name)
  }
  return name
}

/** the named columns of a row under their camelCase names, values unchanged */
export function camelRow<R extends object, K extends keyof R & string>(row: R, keys: readonly K[]): CamelRow<Pick<R, K>> {
  const out: Record<string, unknown> = {}
  for (const k of keys) out[camelCase(k)] = row[k]
  return out as CamelRow<Pick<R, K>>
}

/** the named 0/1 columns of a row as booleans under their camelCase names */
export function flagsOf<R extends object, K extends keyof R & string>(row: R, keys: readonly K[]): Flags<Pick<R, K>> {
  const out: Record<string, boolean> = {}
  for (const k of keys) out[camelCase(k)] = !!row[k]
  return out as Flags<Pick<R, K>>
}

/** the row, or 302 (not found) */
export function found<T>(row: T | undefined): T {
  if (!row) throw new AppError(302)
  return row
}

/** id, bilingual title and summary of a content row, in the order the answers list them */
export function titleSummary(r: { id: number; title_zh: string; title_en: string; summary_zh: string; summary_en: string }) {
  return camelRow(r, ['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en'])
}
