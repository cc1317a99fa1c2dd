/**
 * A page of rows and the total of the same filtered query, read together: `base` builds the filtered
 * query afresh for each read (a Kysely builder is immutable, but each read needs its own select).
 */
import type { SelectQueryBuilder } from 'kysely'

export async function pageWithTotal<DB, TB extends keyof DB, O, R>(
  base: () => SelectQueryBuilder<DB, TB, O>,
  rows: (q: SelectQueryBuilder<DB, TB, O>) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  // over a generic table Kysely cannot resolve the selection's type; it is the one count column
  const count = base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() as Promise<{ n: number } | undefined>
  const [list, counted] = await Promise.all([rows(base()), count])
  return { rows: list, total: Number(counted?.n ?? 0) }
}

/** What every keyword-searchable list query takes besides its own filters: the keyword and the window of rows. */
export interface KeywordPage {
  keyword?: string
  offset: number
  limit: number
}
