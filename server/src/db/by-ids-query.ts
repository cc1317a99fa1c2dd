/**
 * A query whose SQL depends only on how many ids it is given (`… where id in (?, ?, …)`), built and
 * compiled by Kysely once per count, then run with the ids of each call. Why: building a 22-column select
 * with a join costs ~80 µs of CPU (--cpu-prof), more than SQLite takes to read the rows; the lists served
 * from memory read rows by id each time a page first shows them (lib/versioned-snapshot MemoryPager).
 *
 * `build` must depend on nothing but the ids. The other parameters (a status, a dictionary type) are read
 * off the first compilation and reused as they were; a shape is kept only when the ids are the last
 * parameters, in order (otherwise every call is built as usual).
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely'
import type { DB } from './schema'

/** shapes kept per query: one per id count (a page shows at most 50 rows; id lists of topics a few more) */
const MAX_SHAPES = 256
/** id lists longer than a page's are padded (see execute) */
const PAD_ABOVE = 64

export class ByIdsQuery<R> {
  private readonly shapes = new Map<number, { sql: string; fixed: readonly unknown[] } | null>()

  constructor(
    private readonly db: Kysely<DB>,
    private readonly build: (ids: readonly number[]) => Compilable<R>,
  ) {}

  async execute(ids: readonly number[]): Promise<R[]> {
    // a longer list (reads shared by many pages) is padded with its last id to a power of two: few shapes,
    // and a repeated id in `in (…)` reads its row once
    if (ids.length > PAD_ABOVE) {
      const padded = ids.slice()
      const size = 2 ** Math.ceil(Math.log2(ids.length))
      while (padded.length < size) padded.push(ids[ids.length - 1])
      ids = padded
    }
    const shape = this.shapes.get(ids.length)
    if (shape) return (await this.db.executeQuery<R>(CompiledQuery.raw(shape.sql, [...shape.fixed, ...ids]))).rows
    const compiled = this.build(ids).compile()
    if (shape === undefined && this.shapes.size < MAX_SHAPES) {
      const p = compiled.parameters
      const n = ids.length
      const idsLast = p.length >= n && ids.every((id, i) => p[p.length - n + i] === id)
      this.shapes.set(n, idsLast ? { sql: compiled.sql, fixed: p.slice(0, p.length - n) } : null)
    }
    return (await this.db.executeQuery(compiled)).rows
  }
}
