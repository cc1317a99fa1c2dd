import type { Page } from '@contracts/api'

export interface PageQuery {
  page?: number
  pageSize?: number
}
/**
 * The deepest page a list answers. Without a ceiling "1e20" is an integer to the validator and an offset
 * the database cannot hold (a 500), and "1e309" (Infinity) passes `integer` checks outright.
 */
export const MAX_PAGE = 100_000

export const pageQuerySchema = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const

export function pageArgs(q: PageQuery) {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 20
  return { page, pageSize, offset: (page - 1) * pageSize }
}

export function toPage<T>(list: T[], total: number, page: number, pageSize: number): Page<T> {
  return { list, total: Number(total), page, pageSize }
}

/** One page of a list: `read` answers `limit` rows from `offset` and the total, `toItems` maps the rows. */
export async function readPage<R, T>(
  q: PageQuery,
  read: (offset: number, limit: number) => Promise<{ rows: R[]; total: number }>,
  toItems: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const { page, pageSize, offset } = pageArgs(q)
  const { rows, total } = await read(offset, pageSize)
  return toPage(await toItems(rows), total, page, pageSize)
}
