/**
 * The dashboard's counted columns in memory (analysis.engine.ts keeps them up to date; the card files
 * scan them): the activities' scope and publication columns by slot, the enrolments (time, activity,
 * status, person) ordered by time, and the per-hour view tallies ordered by hour — about 40 bytes a row.
 *
 * Rows appended in time order extend the ordered part; others go to a short unordered tail that every
 * scan also reads, folded into the order when it grows (`compact`).
 */
import type { AnalysisScope, EnrolmentRow, ViewRow } from './analysis.repository'
import type { DayIndex } from './analysis.time'

export const HOUR_MS = 3_600_000
const MASKS_KEPT = 64
export const GONE = 255

const STATUS: Record<string, number> = { pending: 0, approved: 1, rejected: 2, cancelled: 3 }
export const ACTIVITY_TYPES = ['online', 'offline', 'both'] as const
const TYPE_CODE: Record<string, number> = { online: 0, offline: 1, both: 2 }

function grow<T extends Int32Array | Float64Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 1024))
  b.set(a)
  return b
}

/** first index in [lo, hi) of a sorted array whose value is >= v */
export function lowerBound(a: Float64Array | Int32Array, lo: number, hi: number, v: number): number {
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
export function dayCursor(days: DayIndex): (ms: number) => number {
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

/** The columns' fields are read by the card files (analysis.*-cards.ts) and written only here. */
export class AnalysisColumns {
  /** false until a full load has filled the columns: while loading, rows arrive once each */
  loaded = false

  // ---- activities, by slot (activity id → slot + 1 in slotOfId)
  slotOfId = new Int32Array(0)
  slotId = new Int32Array(0)
  slots = 0
  org = new Int32Array(0)
  type = new Uint8Array(0)
  country = new Int32Array(0)
  countries: string[] = []
  private countryCode = new Map<string, number>()
  isPublished = new Uint8Array(0)
  publishedAt = new Float64Array(0)

  // ---- enrolments: rows [0, eSorted) ordered by time, [eSorted, eLen) the tail
  private eId = new Int32Array(0)
  eAt = new Float64Array(0)
  eSlot = new Int32Array(0)
  eStatus = new Uint8Array(0)
  ePerson = new Int32Array(0)
  eLen = 0
  eSorted = 0
  eGone = 0
  private rowOfEnrolment = new Int32Array(0)
  /** pending enrolments per activity slot, kept as rows change (the admin home's figure) */
  pendingOf = new Int32Array(0)

  // ---- people: accounts by user id, guests by their form e-mail
  private personOfUser = new Int32Array(0)
  private personOfGuest = new Map<string, number>()
  people = 0
  stamp = new Int32Array(0)
  private generation = 0

  // ---- view tallies: rows [0, vSorted) ordered by hour number (ms / 1 h), the rest a tail
  vHour = new Int32Array(0)
  vSlot = new Int32Array(0)
  vViews = new Int32Array(0)
  vLen = 0
  vSorted = 0

  /** scope masks, valid while activityVersion stays what it was when they were made */
  private masks = new Map<string, Uint8Array>()
  private masksAt = -1
  private activityVersion = 0
  /** per-slot scratch counters of the top 10, all zero between calls */
  scratchCount = new Int32Array(0)
  scratchApproved = new Int32Array(0)
  scratchTouched = new Int32Array(0)

  reset(): void {
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

  // ---- writing

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

  putActivity(id: number, org: number, type: string, country: string, status: string, publishedAt: string | null): void {
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

  dropActivity(id: number): void {
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

  putEnrolment(r: EnrolmentRow): void {
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

  dropEnrolment(id: number): void {
    const row = id < this.rowOfEnrolment.length ? this.rowOfEnrolment[id] - 1 : -1
    if (row < 0) return
    if (this.eStatus[row] === 0) this.pendingOf[this.eSlot[row]]--
    this.eStatus[row] = GONE
    this.eGone++
    this.rowOfEnrolment[id] = 0
  }

  putView(r: ViewRow): void {
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
  compact(): void {
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
  maskOf(s: AnalysisScope): Uint8Array | null {
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
  eachEnrolment(mask: Uint8Array | null, startMs: number, endMs: number, fn: (row: number) => void): void {
    const { eAt, eSlot, eStatus } = this
    const lo = lowerBound(eAt, 0, this.eSorted, startMs)
    const hi = lowerBound(eAt, lo, this.eSorted, endMs)
    for (let i = lo; i < hi; i++) if (eStatus[i] !== GONE && (!mask || mask[eSlot[i]])) fn(i)
    for (let i = this.eSorted; i < this.eLen; i++) if (eStatus[i] !== GONE && eAt[i] >= startMs && eAt[i] < endMs && (!mask || mask[eSlot[i]])) fn(i)
  }

  /** calls fn for each tally row whose hour begins in [startMs, endMs) in scope */
  eachView(mask: Uint8Array | null, startMs: number, endMs: number, fn: (row: number) => void): void {
    const first = Math.ceil(startMs / HOUR_MS)
    const end = Math.ceil(endMs / HOUR_MS)
    const { vHour, vSlot } = this
    const lo = lowerBound(vHour, 0, this.vSorted, first)
    const hi = lowerBound(vHour, lo, this.vSorted, end)
    for (let i = lo; i < hi; i++) if (!mask || mask[vSlot[i]]) fn(i)
    for (let i = this.vSorted; i < this.vLen; i++) if (vHour[i] >= first && vHour[i] < end && (!mask || mask[vSlot[i]])) fn(i)
  }

  newStamp(): number {
    if (this.stamp.length < this.people) this.stamp = new Int32Array(Math.max(this.people, this.stamp.length * 2, 1024))
    if (++this.generation > 2_000_000_000) {
      this.stamp.fill(0)
      this.generation = 1
    }
    return this.generation
  }
}
