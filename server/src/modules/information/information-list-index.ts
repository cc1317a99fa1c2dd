/**
 * The published information items' order and category in memory, so a list or search page is a slice
 * of an ordered id list instead of COUNT(*) plus ORDER BY … OFFSET. Built from the database when the
 * information list version moves (migration 2026-11-25-0019-list-versions), hence exact after any write.
 * Order (the SQL order): published_at latest first, then id descending; a missing published_at sorts as
 * each database does — last on SQLite (NULL is the smallest value), first on PostgreSQL.
 */
import { BoundedMemo } from '../../lib/versioned-snapshot'

export interface InformationIndexRow {
  id: number
  published_at: string | null
  category_code: string | null
}

const NO_CATEGORY = 0xffff

export class InformationListIndex {
  readonly size: number
  private readonly ids: Int32Array
  private readonly category: Uint16Array
  private readonly categoryCodes = new Map<string, number>()
  private readonly positionOf = new Map<number, number>()
  private readonly orders = new BoundedMemo<Int32Array>(2_000_000)
  /** keyword → matching ids, filled by the service (exact for this index's version) */
  readonly keywordIds = new BoundedMemo<number[]>(2_000_000)

  constructor(rows: InformationIndexRow[], nullsFirst: boolean) {
    const nullRank = nullsFirst ? 1 : -1
    const sorted = rows.slice().sort((a, b) => {
      if (a.published_at !== b.published_at) {
        if (a.published_at === null) return -nullRank
        if (b.published_at === null) return nullRank
        return a.published_at < b.published_at ? 1 : -1
      }
      return b.id - a.id
    })
    const n = (this.size = sorted.length)
    this.ids = new Int32Array(n)
    this.category = new Uint16Array(n)
    sorted.forEach((r, i) => {
      this.ids[i] = r.id
      // no category: a code no filter asks for
      let c = r.category_code === null ? NO_CATEGORY : this.categoryCodes.get(r.category_code)
      if (c === undefined) this.categoryCodes.set(r.category_code!, (c = this.categoryCodes.size))
      this.category[i] = c
      this.positionOf.set(r.id, i)
    })
  }

  /** ids of the category (all when none) and keyword matches (when given), in list order; memoised */
  order(categoryCode: string | undefined, keyword?: { key: string; ids: number[] }): Int32Array {
    const key = JSON.stringify([categoryCode ?? '', keyword?.key ?? null])
    return this.orders.get(key, () => {
      const cat = categoryCode ? this.categoryCodes.get(categoryCode) : -1
      if (cat === undefined) return new Int32Array(0)
      if (!keyword && cat < 0) return this.ids
      let positions: number[]
      if (keyword) {
        positions = []
        for (const id of keyword.ids) {
          const p = this.positionOf.get(id)
          if (p !== undefined && (cat < 0 || this.category[p] === cat)) positions.push(p)
        }
        positions.sort((a, b) => a - b)
      } else {
        positions = []
        for (let i = 0; i < this.size; i++) if (this.category[i] === cat) positions.push(i)
      }
      return Int32Array.from(positions, (p) => this.ids[p])
    })
  }
}
