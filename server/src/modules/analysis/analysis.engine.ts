/**
 * The dashboard's counted columns in memory, so a card is a scan of typed arrays instead of an
 * aggregate over a million rows: enrolments (time, activity, status, person) ordered by time, the
 * activities' scope and publication columns, and the per-hour view tallies ordered by hour — about
 * 40 bytes a row. Exact after any write, whoever makes it: before answering, `sync()` reads the
 * database's change log (migration 2026-11-27-0020-analysis-changes) after the last change it saw and
 * re-reads the rows it names (a change is applied by copying the row's current state, so reading one
 * twice is harmless). Loaded in full on first use, and again when this instance has not looked at the
 * log for longer than the log is kept.
 *
 * Rows appended in time order extend the ordered part; others go to a short unordered tail that every
 * scan also reads, folded into the order when it grows (`compact`).
 */
import type { AnalysisScope, AnalysisSource, ChangeRow, EnrolmentRow, ViewRow } from './analysis.repository'
import type { DayIndex } from './analysis.time'

const HOUR_MS = 3_600_000
/** the log is kept this long; an instance that has not read it for KEEP - margin reloads in full */
const KEEP_MS = 60 * 60_000
const RELOAD_AFTER_MS = 50 * 60_000
const PRUNE_EVERY_MS = 10 * 60_000
const PRUNE_SLICE = 20_000
const MASKS_KEPT = 64
/** a skipped sequence number (PostgreSQL: taken by a transaction not yet committed) is asked for this long */
const GAP_MS = 30_000
const MAX_GAPS = 1000
const GONE = 255
/** rows per read while loading */
const LOAD_CHUNK = 100_000
/** a loaded engine reads the log at least this often, so it never falls behind the log's keeping */
export const KEEP_UP_MS = 5 * 60_000

const STATUS: Record<string, number> = { pending: 0, approved: 1, rejected: 2 }
export const ACTIVITY_TYPES = ['online', 'offline', 'both'] as const
const TYPE_CODE: Record<string, number> = { online: 0, offline: 1, both: 2 }

function grow<T extends Int32Array | Float64Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 1024))
  b.set(a)
  return b
}

/** first index in [lo, hi) of a sorted array whose value is >= v */
function lowerBound(a: Float64Array | Int32Array, lo: number, hi: number, v: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (a[mid] < v) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The day of each instant when asked mostly in increasing order (the ordered part of a scan): the
 * current day is kept and moved forward; an earlier instant (the unordered tail) asks the index.
 */
function dayCursor(days: DayIndex): (ms: number) => number {
  const { starts } = days
  const last = starts.length - 1
  let d = 0
  return (ms) => {
    if (ms < starts[d]) {
      const i = days.indexOf(ms)
      d = Math.max(i, 0)
      return i
    }
    while (d < last && ms >= starts[d + 1]) d++
    return d < last ? d : -1
  }
}

export class AnalysisEngine {
  // ---- activities, by slot (activity id → slot + 1 in slotOfId)
  private slotOfId = new Int32Array(0)
  private slotId = new Int32Array(0)
  private slots = 0
  private org = new Int32Array(0)
  private type = new Uint8Array(0)
  private country = new Int32Array(0)
  private countries: string[] = []
  private countryCode = new Map<string, number>()
  private isPublished = new Uint8Array(0)
  private publishedAt = new Float64Array(0)

  // ---- enrolments: rows [0, eSorted) ordered by time, [eSorted, eLen) the tail
  private eId = new Int32Array(0)
  private eAt = new Float64Array(0)
  private eSlot = new Int32Array(0)
  private eStatus = new Uint8Array(0)
  private ePerson = new Int32Array(0)
  private eLen = 0
  private eSorted = 0
  private eGone = 0
  private rowOfEnrolment = new Int32Array(0)
  /** pending enrolments per activity slot, kept as rows change (the admin home's figure) */
  private pendingOf = new Int32Array(0)

  // ---- people: accounts by user id, guests by their form e-mail
  private personOfUser = new Int32Array(0)
  private personOfGuest = new Map<string, number>()
  private people = 0
  private stamp = new Int32Array(0)
  private generation = 0

  // ---- view tallies: rows [0, vSorted) ordered by hour number (ms / 1 h), the rest a tail
  private vHour = new Int32Array(0)
  private vSlot = new Int32Array(0)
  private vViews = new Int32Array(0)
  private vLen = 0
  private vSorted = 0

  /** scope masks, valid while activityVersion stays what it was when they were made */
  private masks = new Map<string, Uint8Array>()
  private masksAt = -1
  private activityVersion = 0
  /** per-slot scratch counters of the top 10, all zero between calls */
  private scratchCount = new Int32Array(0)
  private scratchApproved = new Int32Array(0)
  private scratchTouched = new Int32Array(0)

  // ---- the change log
  private loaded = false
  private lastSeq = 0
  private lastSyncAt = 0
  private gaps = new Map<number, number>()
  private checkpoints: { at: number; seq: number }[] = []
  private lastPruneAt = 0
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null

  constructor(private readonly source: AnalysisSource) {}

  /**
   * Brings the columns up to the last committed change. A call made while a sync runs waits for the
   * next one (which starts after it), so it sees every write committed before the call.
   */
  sync(): Promise<void> {
    if (!this.running) {
      const run = this.doSync().finally(() => {
        if (this.running === run) this.running = null
      })
      this.running = run
      return run
    }
    if (!this.queued) {
      const next = () => {
        this.queued = null
        return this.sync()
      }
      this.queued = this.running.then(next, next)
    }
    return this.queued
  }

  private async doSync(): Promise<void> {
    const now = Date.now()
    if (!this.loaded || now - this.lastSyncAt > RELOAD_AFTER_MS) {
      await this.loadAll()
      this.lastSyncAt = now
      return
    }
    for (const [seq, at] of this.gaps) if (now - at > GAP_MS) this.gaps.delete(seq)
    const changes = await this.source.changesSince(this.lastSeq, [...this.gaps.keys()])
    this.lastSyncAt = now
    if (changes.length) await this.apply(changes, now)
  }

  /**
   * Deletes the changes every instance has had an hour to read (called by the service's keep-up timer,
   * never on a request's path), a slice of numbers per statement so other work runs in between.
   */
  async prune(): Promise<void> {
    const now = Date.now()
    if (!this.loaded || now - this.lastPruneAt < PRUNE_EVERY_MS) return
    this.lastPruneAt = now
    this.checkpoints.push({ at: now, seq: this.lastSeq })
    let upTo = 0
    while (this.checkpoints.length && now - this.checkpoints[0].at >= KEEP_MS) upTo = this.checkpoints.shift()!.seq
    for (let from = await this.source.firstChangeSeq(); from > 0 && from <= upTo; from += PRUNE_SLICE) {
      await this.source.pruneChanges(Math.min(upTo, from + PRUNE_SLICE - 1))
    }
  }

  private async loadAll(): Promise<void> {
    // the log position first: a change after it is applied by the next sync even if the load saw it
    const seq = await this.source.lastChangeSeq()
    this.reset()
    for (const a of await this.source.activities()) this.putActivity(a.id, a.organization_id, a.type, a.country, a.status, a.published_at)
    // both read in time order, so they land in the ordered part and need no sort here
    for (let after: [string, number] = ['', 0]; ; ) {
      const rows = await this.source.enrolmentsAfter(after, LOAD_CHUNK)
      for (const r of rows) this.putEnrolment(r)
      if (rows.length < LOAD_CHUNK) break
      after = [rows[rows.length - 1].created_at, rows[rows.length - 1].id]
    }
    for (let after: [string, number] = ['', 0]; ; ) {
      const rows = await this.source.viewsAfter(after, LOAD_CHUNK)
      for (const r of rows) this.putView(r)
      if (rows.length < LOAD_CHUNK) break
      after = [rows[rows.length - 1].hour, rows[rows.length - 1].activity_id]
    }
    if (this.eSorted < this.eLen || this.vSorted < this.vLen) this.compact()
    this.lastSeq = seq
    this.gaps.clear()
    this.loaded = true
  }

  private reset(): void {
    this.loaded = false
    this.slotOfId = new Int32Array(0)
    this.slots = 0
    this.activityVersion++
    this.countries = []
    this.countryCode.clear()
    this.eLen = this.eSorted = this.eGone = 0
    this.rowOfEnrolment = new Int32Array(0)
    this.personOfUser = new Int32Array(0)
    this.personOfGuest.clear()
    this.people = 0
    this.vLen = this.vSorted = 0
  }

  private async apply(changes: ChangeRow[], now: number): Promise<void> {
    const enrolments = new Set<number>()
    const activities = new Set<number>()
    const views = new Map<string, Set<number>>()
    let max = this.lastSeq
    const seen = new Set<number>()
    for (const c of changes) {
      seen.add(c.seq)
      this.gaps.delete(c.seq)
      if (c.seq > max) max = c.seq
      if (c.kind === 'e') enrolments.add(c.ref_id)
      else if (c.kind === 'a') activities.add(c.ref_id)
      else if (c.hour) (views.get(c.hour) ?? views.set(c.hour, new Set()).get(c.hour)!).add(c.ref_id)
    }
    for (let s = this.lastSeq + 1; s < max && this.gaps.size < MAX_GAPS; s++) if (!seen.has(s)) this.gaps.set(s, now)
    // activities first: an enrolment or a tally may name one added in the same changes
    if (activities.size) {
      const ids = [...activities]
      const rows = await this.source.activitiesByIds(ids)
      const found = new Set(rows.map((r) => r.id))
      for (const a of rows) this.putActivity(a.id, a.organization_id, a.type, a.country, a.status, a.published_at)
      for (const id of ids) if (!found.has(id)) this.dropActivity(id)
    }
    if (enrolments.size) {
      const ids = [...enrolments]
      const rows = await this.source.enrolmentsByIds(ids)
      const found = new Set(rows.map((r) => r.id))
      for (const r of rows) this.putEnrolment(r)
      for (const id of ids) if (!found.has(id)) this.dropEnrolment(id)
    }
    for (const [hour, ids] of views) {
      const rows = await this.source.viewsOf(hour, [...ids])
      const found = new Set(rows.map((r) => r.activity_id))
      for (const r of rows) this.putView(r)
      for (const id of ids) if (!found.has(id)) this.putView({ activity_id: id, hour, views: 0 })
    }
    this.lastSeq = max
    if (this.eLen - this.eSorted + this.eGone > Math.max(20_000, this.eLen / 20) || this.vLen - this.vSorted > 20_000) this.compact()
  }

  // ---- writing the columns

  private slotFor(id: number): number {
    if (id < this.slotOfId.length && this.slotOfId[id]) return this.slotOfId[id] - 1
    this.slotOfId = grow(this.slotOfId, id + 1)
    const s = this.slots++
    this.slotId = grow(this.slotId, this.slots)
    this.pendingOf = grow(this.pendingOf, this.slots)
    this.pendingOf[s] = 0
    this.org = grow(this.org, this.slots)
    this.type = grow(this.type, this.slots)
    this.country = grow(this.country, this.slots)
    this.isPublished = grow(this.isPublished, this.slots)
    this.publishedAt = grow(this.publishedAt, this.slots)
    this.slotId[s] = id
    this.org[s] = -1
    this.type[s] = GONE
    this.country[s] = -1
    this.isPublished[s] = 0
    this.slotOfId[id] = s + 1
    this.activityVersion++
    return s
  }

  private putActivity(id: number, org: number, type: string, country: string, status: string, publishedAt: string | null): void {
    const s = this.slotFor(id)
    this.activityVersion++
    this.org[s] = org
    this.type[s] = TYPE_CODE[type] ?? 3
    let c = this.countryCode.get(country)
    if (c === undefined) {
      c = this.countries.length
      this.countries.push(country)
      this.countryCode.set(country, c)
    }
    this.country[s] = c
    this.isPublished[s] = status === 'published' && publishedAt ? 1 : 0
    this.publishedAt[s] = publishedAt ? Date.parse(publishedAt) : NaN
  }

  private dropActivity(id: number): void {
    if (id >= this.slotOfId.length || !this.slotOfId[id]) return
    const s = this.slotOfId[id] - 1
    this.activityVersion++
    this.org[s] = -1
    this.type[s] = GONE
    this.isPublished[s] = 0
  }

  private personOf(userId: number | null, guestEmail: string | null): number {
    if (userId !== null && userId !== undefined) {
      if (userId >= this.personOfUser.length) this.personOfUser = grow(this.personOfUser, userId + 1)
      if (!this.personOfUser[userId]) this.personOfUser[userId] = ++this.people
      return this.personOfUser[userId] - 1
    }
    if (guestEmail === null || guestEmail === undefined) return -1
    let p = this.personOfGuest.get(guestEmail)
    if (p === undefined) this.personOfGuest.set(guestEmail, (p = this.people++))
    return p
  }

  private putEnrolment(r: EnrolmentRow): void {
    const at = Date.parse(r.created_at)
    const slot = this.slotFor(r.activity_id)
    const status = STATUS[r.status] ?? 3
    const person = this.personOf(r.user_id, r.guest_email)
    const known = r.id < this.rowOfEnrolment.length ? this.rowOfEnrolment[r.id] - 1 : -1
    if (known >= 0) {
      if (this.eStatus[known] === 0) this.pendingOf[this.eSlot[known]]--
      if (status === 0) this.pendingOf[slot]++
      if (this.eAt[known] === at || known >= this.eSorted) {
        // in place: its time (its place in the order) did not change, or it is in the unordered tail
        this.eAt[known] = at
        this.eSlot[known] = slot
        this.eStatus[known] = status
        this.ePerson[known] = person
        return
      }
      this.eStatus[known] = GONE
      this.eGone++
    } else if (status === 0) this.pendingOf[slot]++
    const i = this.eLen++
    this.eId = grow(this.eId, this.eLen)
    this.eAt = grow(this.eAt, this.eLen)
    this.eSlot = grow(this.eSlot, this.eLen)
    this.eStatus = grow(this.eStatus, this.eLen)
    this.ePerson = grow(this.ePerson, this.eLen)
    this.eId[i] = r.id
    this.eAt[i] = at
    this.eSlot[i] = slot
    this.eStatus[i] = status
    this.ePerson[i] = person
    if (this.eSorted === i && (i === 0 || this.eAt[i - 1] <= at)) this.eSorted++
    this.rowOfEnrolment = grow(this.rowOfEnrolment, r.id + 1)
    this.rowOfEnrolment[r.id] = i + 1
  }

  private dropEnrolment(id: number): void {
    const row = id < this.rowOfEnrolment.length ? this.rowOfEnrolment[id] - 1 : -1
    if (row < 0) return
    if (this.eStatus[row] === 0) this.pendingOf[this.eSlot[row]]--
    this.eStatus[row] = GONE
    this.eGone++
    this.rowOfEnrolment[id] = 0
  }

  private putView(r: ViewRow): void {
    const hour = Math.floor(Date.parse(`${r.hour}:00:00Z`) / HOUR_MS)
    if (!Number.isFinite(hour)) return
    const slot = this.slotFor(r.activity_id)
    const row = this.viewRow(slot, hour)
    if (row >= 0) {
      this.vViews[row] = r.views
      return
    }
    const i = this.vLen++
    this.vHour = grow(this.vHour, this.vLen)
    this.vSlot = grow(this.vSlot, this.vLen)
    this.vViews = grow(this.vViews, this.vLen)
    this.vHour[i] = hour
    this.vSlot[i] = slot
    this.vViews[i] = r.views
    if (this.vSorted === i && (i === 0 || this.vHour[i - 1] <= hour)) this.vSorted++
  }

  /** the row of one activity's tally in one hour: a binary search in the ordered part, then the tail */
  private viewRow(slot: number, hour: number): number {
    if (!this.loaded) return -1 // loading: rows arrive once each (primary key)
    for (let i = lowerBound(this.vHour, 0, this.vSorted, hour); i < this.vSorted && this.vHour[i] === hour; i++) if (this.vSlot[i] === slot) return i
    for (let i = this.vSorted; i < this.vLen; i++) if (this.vHour[i] === hour && this.vSlot[i] === slot) return i
    return -1
  }

  /** orders every row by time again (dropping removed enrolments) and rebuilds the id → row map */
  private compact(): void {
    const keep: number[] = []
    for (let i = 0; i < this.eLen; i++) if (this.eStatus[i] !== GONE) keep.push(i)
    const at = this.eAt
    const ids = this.eId
    keep.sort((a, b) => at[a] - at[b] || ids[a] - ids[b])
    const n = keep.length
    const id = new Int32Array(Math.max(n, 1024))
    const t = new Float64Array(id.length)
    const slot = new Int32Array(id.length)
    const status = new Uint8Array(id.length)
    const person = new Int32Array(id.length)
    this.rowOfEnrolment.fill(0)
    for (let j = 0; j < n; j++) {
      const i = keep[j]
      id[j] = this.eId[i]
      t[j] = this.eAt[i]
      slot[j] = this.eSlot[i]
      status[j] = this.eStatus[i]
      person[j] = this.ePerson[i]
      this.rowOfEnrolment[id[j]] = j + 1
    }
    Object.assign(this, { eId: id, eAt: t, eSlot: slot, eStatus: status, ePerson: person, eLen: n, eSorted: n, eGone: 0 })

    const order = Array.from({ length: this.vLen }, (_, i) => i).sort((a, b) => this.vHour[a] - this.vHour[b] || this.vSlot[a] - this.vSlot[b])
    const vh = new Int32Array(Math.max(this.vLen, 1024))
    const vs = new Int32Array(vh.length)
    const vv = new Int32Array(vh.length)
    order.forEach((i, j) => {
      vh[j] = this.vHour[i]
      vs[j] = this.vSlot[i]
      vv[j] = this.vViews[i]
    })
    Object.assign(this, { vHour: vh, vSlot: vs, vViews: vv, vSorted: this.vLen })
  }

  // ---- reading: the scope, then scans

  /** 1 at the slots of the activities in scope; null = every activity (no narrowing) */
  private maskOf(s: AnalysisScope): Uint8Array | null {
    if (!s.orgs && !s.type && !s.activityId) return null
    // the same scope's mask serves every card until an activity changes (a dashboard asks several)
    if (this.masksAt !== this.activityVersion || this.masks.size >= MASKS_KEPT) {
      this.masks.clear()
      this.masksAt = this.activityVersion
    }
    const key = `${s.orgs ? s.orgs.join(',') : '*'}|${s.type ?? ''}|${s.activityId ?? 0}`
    let mask = this.masks.get(key)
    if (!mask) this.masks.set(key, (mask = this.buildMask(s)))
    return mask
  }

  private buildMask(s: AnalysisScope): Uint8Array {
    const mask = new Uint8Array(this.slots)
    const orgs = s.orgs ? new Set(s.orgs) : null
    const type = s.type ? TYPE_CODE[s.type] : -1
    let only = -1
    if (s.activityId) {
      only = s.activityId < this.slotOfId.length ? this.slotOfId[s.activityId] - 1 : -1
      if (only < 0) return mask // an activity with no rows: nothing counts
    }
    const from = only >= 0 ? only : 0
    const to = only >= 0 ? only + 1 : this.slots
    for (let i = from; i < to; i++) {
      if (this.type[i] === GONE && (orgs || type >= 0)) continue
      if (orgs && !orgs.has(this.org[i])) continue
      if (type >= 0 && this.type[i] !== type) continue
      mask[i] = 1
    }
    return mask
  }

  /** calls fn for each live enrolment row created in [startMs, endMs) in scope */
  private eachEnrolment(mask: Uint8Array | null, startMs: number, endMs: number, fn: (row: number) => void): void {
    const { eAt, eSlot, eStatus } = this
    const lo = lowerBound(eAt, 0, this.eSorted, startMs)
    const hi = lowerBound(eAt, lo, this.eSorted, endMs)
    for (let i = lo; i < hi; i++) if (eStatus[i] !== GONE && (!mask || mask[eSlot[i]])) fn(i)
    for (let i = this.eSorted; i < this.eLen; i++) if (eStatus[i] !== GONE && eAt[i] >= startMs && eAt[i] < endMs && (!mask || mask[eSlot[i]])) fn(i)
  }

  /** calls fn for each tally row whose hour begins in [startMs, endMs) in scope */
  private eachView(mask: Uint8Array | null, startMs: number, endMs: number, fn: (row: number) => void): void {
    const first = Math.ceil(startMs / HOUR_MS)
    const end = Math.ceil(endMs / HOUR_MS)
    const { vHour, vSlot } = this
    const lo = lowerBound(vHour, 0, this.vSorted, first)
    const hi = lowerBound(vHour, lo, this.vSorted, end)
    for (let i = lo; i < hi; i++) if (!mask || mask[vSlot[i]]) fn(i)
    for (let i = this.vSorted; i < this.vLen; i++) if (vHour[i] >= first && vHour[i] < end && (!mask || mask[vSlot[i]])) fn(i)
  }

  private newStamp(): number {
    if (this.stamp.length < this.people) this.stamp = new Int32Array(Math.max(this.people, this.stamp.length * 2, 1024))
    if (++this.generation > 2_000_000_000) {
      this.stamp.fill(0)
      this.generation = 1
    }
    return this.generation
  }

  enrolmentTotals(s: AnalysisScope, startMs: number, endMs: number) {
    const out = { total: 0, approved: 0, pending: 0, rejected: 0, people: 0 }
    const gen = this.newStamp()
    const { eStatus, ePerson, stamp } = this
    this.eachEnrolment(this.maskOf(s), startMs, endMs, (i) => {
      out.total++
      const st = eStatus[i]
      if (st === 1) out.approved++
      else if (st === 0) out.pending++
      else if (st === 2) out.rejected++
      const p = ePerson[i]
      if (p >= 0 && stamp[p] !== gen) {
        stamp[p] = gen
        out.people++
      }
    })
    return out
  }

  /** enrolments per local day */
  enrolmentsPerDay(s: AnalysisScope, days: DayIndex): number[] {
    const out = new Array<number>(days.starts.length - 1).fill(0)
    const { eAt } = this
    const dayOf = dayCursor(days)
    this.eachEnrolment(this.maskOf(s), days.starts[0], days.starts[days.starts.length - 1], (i) => {
      const d = dayOf(eAt[i])
      if (d >= 0) out[d]++
    })
    return out
  }

  enrolmentsByType(s: AnalysisScope, startMs: number, endMs: number): Map<string, number> {
    const counts = [0, 0, 0, 0]
    const { eSlot, type } = this
    this.eachEnrolment(this.maskOf(s), startMs, endMs, (i) => {
      const t = type[eSlot[i]]
      if (t < 4) counts[t]++
    })
    return new Map(ACTIVITY_TYPES.map((t, i) => [t, counts[i]]))
  }

  /**
   * Enrolments and distinct people per country of the activity: the rows grouped by country (a counting
   * sort into one buffer), then each country's people counted with the person stamps.
   */
  enrolmentsByCountry(s: AnalysisScope, startMs: number, endMs: number): { country: string; count: number; people: number }[] {
    const n = this.countries.length
    const counts = new Int32Array(n)
    const { eSlot, ePerson, country } = this
    const mask = this.maskOf(s)
    this.eachEnrolment(mask, startMs, endMs, (i) => {
      const c = country[eSlot[i]]
      if (c >= 0) counts[c]++
    })
    const offset = new Int32Array(n + 1)
    for (let c = 0; c < n; c++) offset[c + 1] = offset[c] + counts[c]
    const fill = offset.slice(0, n)
    const grouped = new Int32Array(offset[n])
    this.eachEnrolment(mask, startMs, endMs, (i) => {
      const c = country[eSlot[i]]
      if (c >= 0) grouped[fill[c]++] = ePerson[i]
    })
    const out: { country: string; count: number; people: number }[] = []
    for (let c = 0; c < n; c++) {
      if (!counts[c]) continue
      const gen = this.newStamp()
      const { stamp } = this
      let people = 0
      for (let j = offset[c]; j < offset[c + 1]; j++) {
        const p = grouped[j]
        if (p >= 0 && stamp[p] !== gen) {
          stamp[p] = gen
          people++
        }
      }
      out.push({ country: this.countries[c], count: counts[c], people })
    }
    return out
  }

  /**
   * The activities with most enrolments (ties: lower id first): counts per activity in reused scratch
   * counters, then the best `limit` by a running insertion — plain loops, no callbacks, since a month of
   * the whole platform touches tens of thousands of activities.
   */
  topActivities(s: AnalysisScope, startMs: number, endMs: number, limit: number): { activityId: number; count: number; approved: number }[] {
    if (this.scratchCount.length < this.slots) {
      this.scratchCount = new Int32Array(this.slots * 2)
      this.scratchApproved = new Int32Array(this.slots * 2)
      this.scratchTouched = new Int32Array(this.slots * 2)
    }
    const count = this.scratchCount
    const approved = this.scratchApproved
    const touched = this.scratchTouched
    let nTouched = 0
    const mask = this.maskOf(s)
    const { eAt, eSlot, eStatus } = this
    const lo = lowerBound(eAt, 0, this.eSorted, startMs)
    const hi = lowerBound(eAt, lo, this.eSorted, endMs)
    for (let i = lo, tail = false; ; i++) {
      if (!tail && i >= hi) {
        tail = true
        i = this.eSorted
      }
      if (tail && i >= this.eLen) break
      const st = eStatus[i]
      if (st === GONE || (tail && (eAt[i] < startMs || eAt[i] >= endMs))) continue
      const a = eSlot[i]
      if (mask && !mask[a]) continue
      if (count[a]++ === 0) touched[nTouched++] = a
      if (st === 1) approved[a]++
    }
    const ids = this.slotId
    const best = new Int32Array(limit)
    let nBest = 0
    for (let t = 0; t < nTouched; t++) {
      const a = touched[t]
      const c = count[a]
      const id = ids[a]
      if (nBest === limit) {
        const w = best[limit - 1]
        if (c < count[w] || (c === count[w] && id > ids[w])) continue
      }
      let k = nBest < limit ? nBest++ : limit - 1
      while (k > 0) {
        const b = best[k - 1]
        if (!(c > count[b] || (c === count[b] && id < ids[b]))) break
        best[k] = b
        k--
      }
      best[k] = a
    }
    const out: { activityId: number; count: number; approved: number }[] = []
    for (let k = 0; k < nBest; k++) out.push({ activityId: ids[best[k]], count: count[best[k]], approved: approved[best[k]] })
    for (let t = 0; t < nTouched; t++) count[touched[t]] = approved[touched[t]] = 0
    return out
  }

  /** pending enrolments, at any time */
  pendingCount(s: AnalysisScope): number {
    const mask = this.maskOf(s)
    let n = 0
    for (let i = 0; i < this.slots; i++) if (!mask || mask[i]) n += this.pendingOf[i]
    return n
  }

  /** activities published in [startMs, endMs), in all and per country */
  published(s: AnalysisScope, startMs: number, endMs: number): { count: number; byCountry: Map<string, number> } {
    const mask = this.maskOf(s)
    const per = new Array<number>(this.countries.length).fill(0)
    let count = 0
    for (let i = 0; i < this.slots; i++) {
      if (!this.isPublished[i] || (mask && !mask[i])) continue
      const at = this.publishedAt[i]
      if (at >= startMs && at < endMs) {
        count++
        per[this.country[i]]++
      }
    }
    return { count, byCountry: new Map(this.countries.map((c, i) => [c, per[i]] as [string, number]).filter(([, v]) => v > 0)) }
  }

  viewTotal(s: AnalysisScope, startMs: number, endMs: number): number {
    let n = 0
    const { vViews } = this
    this.eachView(this.maskOf(s), startMs, endMs, (i) => (n += vViews[i]))
    return n
  }

  viewsPerDay(s: AnalysisScope, days: DayIndex): number[] {
    const out = new Array<number>(days.starts.length - 1).fill(0)
    const { vViews, vHour } = this
    const dayOf = dayCursor(days)
    this.eachView(this.maskOf(s), days.starts[0], days.starts[days.starts.length - 1], (i) => {
      const d = dayOf(vHour[i] * HOUR_MS)
      if (d >= 0) out[d] += vViews[i]
    })
    return out
  }

  /** views of a few activities (the top 10), in one scan of the range */
  viewsOfActivities(ids: number[], startMs: number, endMs: number): Map<number, number> {
    const slots = ids.map((id) => (id < this.slotOfId.length ? this.slotOfId[id] - 1 : -1))
    const sums = ids.map(() => 0)
    const { vSlot, vViews } = this
    this.eachView(null, startMs, endMs, (i) => {
      const k = slots.indexOf(vSlot[i])
      if (k >= 0) sums[k] += vViews[i]
    })
    return new Map(ids.map((id, k) => [id, sums[k]]))
  }
}
