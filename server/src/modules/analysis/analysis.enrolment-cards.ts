/**
 * The enrolment cards: totals by status with distinct people, per local day, per activity type, per
 * country, the top activities, and the pending figure of the admin home — each a scan of the columns.
 */
import type { AnalysisScope } from './analysis.repository'
import type { DayIndex } from './analysis.time'
import { ACTIVITY_TYPES, GONE, dayCursor, lowerBound, type AnalysisColumns } from './analysis.columns'

export function enrolmentTotals(cols: AnalysisColumns, s: AnalysisScope, startMs: number, endMs: number) {
  const out = { total: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0, people: 0 }
  const gen = cols.newStamp()
  const { eStatus, ePerson, stamp } = cols
  cols.eachEnrolment(cols.maskOf(s), startMs, endMs, (i) => {
    out.total++
    const st = eStatus[i]
    if (st === 1) out.approved++
    else if (st === 0) out.pending++
    else if (st === 2) out.rejected++
    else if (st === 3) out.cancelled++
    const p = ePerson[i]
    if (p >= 0 && stamp[p] !== gen) {
      stamp[p] = gen
      out.people++
    }
  })
  return out
}

/** enrolments per local day */
export function enrolmentsPerDay(cols: AnalysisColumns, s: AnalysisScope, days: DayIndex): number[] {
  const out = new Array<number>(days.starts.length - 1).fill(0)
  const { eAt } = cols
  const dayOf = dayCursor(days)
  cols.eachEnrolment(cols.maskOf(s), days.starts[0], days.starts[days.starts.length - 1], (i) => {
    const d = dayOf(eAt[i])
    if (d >= 0) out[d]++
  })
  return out
}

export function enrolmentsByType(cols: AnalysisColumns, s: AnalysisScope, startMs: number, endMs: number): Map<string, number> {
  const counts = [0, 0, 0, 0]
  const { eSlot, type } = cols
  cols.eachEnrolment(cols.maskOf(s), startMs, endMs, (i) => {
    const t = type[eSlot[i]]
    if (t < 4) counts[t]++
  })
  return new Map(ACTIVITY_TYPES.map((t, i) => [t, counts[i]]))
}

/**
 * Enrolments and distinct people per country of the activity: the rows grouped by country (a counting
 * sort into one buffer), then each country's people counted with the person stamps.
 */
export function enrolmentsByCountry(cols: AnalysisColumns, s: AnalysisScope, startMs: number, endMs: number): { country: string; count: number; people: number }[] {
  const n = cols.countries.length
  const counts = new Int32Array(n)
  const { eSlot, ePerson, country } = cols
  const mask = cols.maskOf(s)
  cols.eachEnrolment(mask, startMs, endMs, (i) => {
    const c = country[eSlot[i]]
    if (c >= 0) counts[c]++
  })
  const offset = new Int32Array(n + 1)
  for (let c = 0; c < n; c++) offset[c + 1] = offset[c] + counts[c]
  const fill = offset.slice(0, n)
  const grouped = new Int32Array(offset[n])
  cols.eachEnrolment(mask, startMs, endMs, (i) => {
    const c = country[eSlot[i]]
    if (c >= 0) grouped[fill[c]++] = ePerson[i]
  })
  const out: { country: string; count: number; people: number }[] = []
  for (let c = 0; c < n; c++) {
    if (!counts[c]) continue
    const gen = cols.newStamp()
    const { stamp } = cols
    let people = 0
    for (let j = offset[c]; j < offset[c + 1]; j++) {
      const p = grouped[j]
      if (p >= 0 && stamp[p] !== gen) {
        stamp[p] = gen
        people++
      }
    }
    out.push({ country: cols.countries[c], count: counts[c], people })
  }
  return out
}

/**
 * The activities with most enrolments (ties: lower id first): counts per activity in reused scratch
 * counters, then the best `limit` by a running insertion — plain loops, no callbacks, since a month of
 * the whole platform touches tens of thousands of activities.
 */
export function topActivities(cols: AnalysisColumns, s: AnalysisScope, startMs: number, endMs: number, limit: number): { activityId: number; count: number; approved: number }[] {
  if (cols.scratchCount.length < cols.slots) {
    cols.scratchCount = new Int32Array(cols.slots * 2)
    cols.scratchApproved = new Int32Array(cols.slots * 2)
    cols.scratchTouched = new Int32Array(cols.slots * 2)
  }
  const count = cols.scratchCount
  const approved = cols.scratchApproved
  const touched = cols.scratchTouched
  let nTouched = 0
  const mask = cols.maskOf(s)
  const { eAt, eSlot, eStatus } = cols
  const lo = lowerBound(eAt, 0, cols.eSorted, startMs)
  const hi = lowerBound(eAt, lo, cols.eSorted, endMs)
  for (let i = lo, tail = false; ; i++) {
    if (!tail && i >= hi) {
      tail = true
      i = cols.eSorted
    }
    if (tail && i >= cols.eLen) break
    const st = eStatus[i]
    if (st === GONE || (tail && (eAt[i] < startMs || eAt[i] >= endMs))) continue
    const a = eSlot[i]
    if (mask && !mask[a]) continue
    if (count[a]++ === 0) touched[nTouched++] = a
    if (st === 1) approved[a]++
  }
  const ids = cols.slotId
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
export function pendingCount(cols: AnalysisColumns, s: AnalysisScope): number {
  const mask = cols.maskOf(s)
  let n = 0
  for (let i = 0; i < cols.slots; i++) if (!mask || mask[i]) n += cols.pendingOf[i]
  return n
}
