/**
 * The published activities' order and filter columns in memory (typed arrays, ~30 bytes a row), so a
 * list page is a slice of an ordered id list instead of a COUNT(*) plus an ORDER BY … OFFSET per time
 * segment. Built from the database when the activities' list version moves (migration
 * 2026-11-25-0019-list-versions), hence exact after any write.
 *
 * Order (the SQL path's, activity.service): running (start <= now < end) soonest first, upcoming
 * (start > now) soonest first, ended (start <= now and end <= now) latest first; ties by id in the same
 * direction. Times are compared as the database compares them, as text: every distinct time string gets
 * its rank in sorted order, and `now` the number of strings <= now.
 */
import { BoundedMemo } from '../../lib/versioned-snapshot'
import type { TimeSegment } from './activity.repository'

export interface ActivityIndexRow {
  id: number
  start_time: string
  end_time: string
  type: string
  country: string
  is_hot: number
  organization_id: number
}

export interface ActivityIndexFilter {
  type?: string
  country?: string
  categoryCode?: string
  organizerId?: number
  isHot?: boolean
  status?: TimeSegment
}

/** ordered id lists kept per index: at most this many ids in all (4 bytes each) */
const ORDER_MEMO_IDS = 4_000_000

function codesOf(): { codes: Map<string, number>; of: (v: string) => number } {
  const codes = new Map<string, number>()
  return {
    codes,
    of: (v) => {
      let c = codes.get(v)
      if (c === undefined) codes.set(v, (c = codes.size))
      return c
    },
  }
}

export class ActivityListIndex {
  readonly size: number
  /** position → id, positions in (start_time, id) ascending order */
  private readonly ids: Int32Array
  private readonly startRank: Int32Array
  private readonly endRank: Int32Array
  /** every distinct start/end time string, sorted */
  private readonly times: string[]
  private readonly type: Uint16Array
  private readonly typeCodes: Map<string, number>
  private readonly country: Uint16Array
  private readonly countryCodes: Map<string, number>
  private readonly hot: Uint8Array
  private readonly org: Int32Array
  /** category code → 1 at the positions of the activities in it */
  private readonly categories = new Map<string, Uint8Array>()
  private readonly positionOf = new Map<number, number>()
  /** per filter value, its positions ascending: a filtered order scans the shortest, not the table */
  private readonly postings = new Map<string, Int32Array>()
  private readonly orders = new BoundedMemo<Int32Array>(ORDER_MEMO_IDS)
  /** keyword → matching ids, filled by the service (exact for this index's version) */
  readonly keywordIds = new BoundedMemo<number[]>(2_000_000)

  constructor(rows: ActivityIndexRow[], categoryRows: Array<{ activity_id: number; category_code: string }>) {
    const sorted = rows.slice().sort((a, b) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id))
    const n = (this.size = sorted.length)
    this.times = [...new Set(sorted.flatMap((r) => [r.start_time, r.end_time]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const rank = new Map(this.times.map((t, i) => [t, i]))
    this.ids = new Int32Array(n)
    this.startRank = new Int32Array(n)
    this.endRank = new Int32Array(n)
    this.type = new Uint16Array(n)
    this.country = new Uint16Array(n)
    this.hot = new Uint8Array(n)
    this.org = new Int32Array(n)
    const types = codesOf()
    const countries = codesOf()
    sorted.forEach((r, i) => {
      this.ids[i] = r.id
      this.startRank[i] = rank.get(r.start_time)!
      this.endRank[i] = rank.get(r.end_time)!
      this.type[i] = types.of(r.type)
      this.country[i] = countries.of(r.country)
      this.hot[i] = r.is_hot ? 1 : 0
      this.org[i] = r.organization_id
      this.positionOf.set(r.id, i)
    })
    this.typeCodes = types.codes
    this.countryCodes = countries.codes
    for (const c of categoryRows) {
      const pos = this.positionOf.get(c.activity_id)
      if (pos === undefined) continue
      let mask = this.categories.get(c.category_code)
      if (!mask) this.categories.set(c.category_code, (mask = new Uint8Array(n)))
      mask[pos] = 1
    }
    const lists = new Map<string, number[]>()
    const add = (key: string, i: number) => {
      const l = lists.get(key)
      if (l) l.push(i)
      else lists.set(key, [i])
    }
    for (let i = 0; i < n; i++) {
      add(`t${this.type[i]}`, i)
      add(`c${this.country[i]}`, i)
      add(`o${this.org[i]}`, i)
      add(`h${this.hot[i]}`, i)
    }
    for (const [code, mask] of this.categories) for (let i = 0; i < n; i++) if (mask[i]) add(`k${code}`, i)
    for (const [key, l] of lists) this.postings.set(key, Int32Array.from(l))
  }

  /** the category codes of a listed activity (the index's version of activity_categories), unordered */
  categoryCodesOf(id: number): string[] {
    const pos = this.positionOf.get(id)
    const codes: string[] = []
    if (pos !== undefined) for (const [code, mask] of this.categories) if (mask[pos]) codes.push(code)
    return codes
  }

  /** how many time strings are <= nowIso (binary search): `t <= now` ⇔ rank(t) < this */
  private nowRank(nowIso: string): number {
    let lo = 0
    let hi = this.times.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.times[mid] <= nowIso) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /**
   * The ids matching the filter (and, when given, the keyword's matching ids) in list order.
   * Memoised per filter, keyword and `now` rank: the same until a start or end time passes.
   */
  order(f: ActivityIndexFilter, nowIso: string, keyword?: { key: string; ids: number[] }): Int32Array {
    const le = this.nowRank(nowIso)
    const key = JSON.stringify([le, f.type ?? '', f.country ?? '', f.categoryCode ?? '', f.organizerId ?? 0, f.isHot ?? null, f.status ?? '', keyword?.key ?? null])
    return this.orders.get(key, () => this.compute(f, le, keyword?.ids))
  }

  private compute(f: ActivityIndexFilter, le: number, keywordIds?: number[]): Int32Array {
    const n = this.size
    const none = new Int32Array(0)
    const type = f.type ? this.typeCodes.get(f.type) : -1
    const country = f.country ? this.countryCodes.get(f.country) : -1
    const cat = f.categoryCode ? this.categories.get(f.categoryCode) : null
    if (type === undefined || country === undefined || cat === undefined) return none
    const org = f.organizerId ?? 0
    const hot = f.isHot === undefined ? -1 : f.isHot ? 1 : 0
    // the candidates: the shortest position list among the filters (all positions when none)
    const empty = new Int32Array(0)
    const lists: Int32Array[] = []
    if (f.type) lists.push(this.postings.get(`t${type}`) ?? empty)
    if (f.country) lists.push(this.postings.get(`c${country}`) ?? empty)
    if (f.categoryCode) lists.push(this.postings.get(`k${f.categoryCode}`) ?? empty)
    if (org) lists.push(this.postings.get(`o${org}`) ?? empty)
    if (hot >= 0) lists.push(this.postings.get(`h${hot}`) ?? empty)
    let kw: Uint8Array | null = null
    if (keywordIds) {
      kw = new Uint8Array(n)
      const positions: number[] = []
      for (const id of keywordIds) {
        const pos = this.positionOf.get(id)
        if (pos !== undefined && !kw[pos]) {
          kw[pos] = 1
          positions.push(pos)
        }
      }
      lists.push(Int32Array.from(positions).sort())
    }
    const candidates = lists.length ? lists.reduce((a, b) => (b.length < a.length ? b : a)) : null
    const count = candidates ? candidates.length : n
    const wantRunning = !f.status || f.status === 'running'
    const wantUpcoming = !f.status || f.status === 'upcoming'
    const wantEnded = !f.status || f.status === 'ended'
    const running: number[] = []
    const upcoming: number[] = []
    const ended: number[] = []
    const { startRank, endRank } = this
    for (let j = 0; j < count; j++) {
      const i = candidates ? candidates[j] : j
      if (type >= 0 && this.type[i] !== type) continue
      if (country >= 0 && this.country[i] !== country) continue
      if (cat && !cat[i]) continue
      if (org && this.org[i] !== org) continue
      if (hot >= 0 && this.hot[i] !== hot) continue
      if (kw && !kw[i]) continue
      if (startRank[i] >= le) {
        if (wantUpcoming) upcoming.push(i)
      } else if (endRank[i] >= le) {
        if (wantRunning) running.push(i)
      } else if (wantEnded) ended.push(i)
    }
    const out = new Int32Array(running.length + upcoming.length + ended.length)
    let k = 0
    for (const p of running) out[k++] = this.ids[p]
    for (const p of upcoming) out[k++] = this.ids[p]
    for (let j = ended.length - 1; j >= 0; j--) out[k++] = this.ids[ended[j]]
    return out
  }
}
