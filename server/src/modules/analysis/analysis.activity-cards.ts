/** The activity cards: publications in a range and the detail-page views — each a scan of the columns. */
import type { AnalysisScope } from './analysis.repository'
import type { DayIndex } from './analysis.time'
import { HOUR_MS, dayCursor, type AnalysisColumns } from './analysis.columns'

/** activities published in [startMs, endMs), in all and per country */
export function published(cols: AnalysisColumns, s: AnalysisScope, startMs: number, endMs: number): { count: number; byCountry: Map<string, number> } {
  const mask = cols.maskOf(s)
  const per = new Array<number>(cols.countries.length).fill(0)
  let count = 0
  for (let i = 0; i < cols.slots; i++) {
    if (!cols.isPublished[i] || (mask && !mask[i])) continue
    const at = cols.publishedAt[i]
    if (at >= startMs && at < endMs) {
      count++
      per[cols.country[i]]++
    }
  }
  return { count, byCountry: new Map(cols.countries.map((name, i) => [name, per[i]] as [string, number]).filter(([, v]) => v > 0)) }
}

export function viewTotal(cols: AnalysisColumns, s: AnalysisScope, startMs: number, endMs: number): number {
  let n = 0
  const { vViews } = cols
  cols.eachView(cols.maskOf(s), startMs, endMs, (i) => (n += vViews[i]))
  return n
}

export function viewsPerDay(cols: AnalysisColumns, s: AnalysisScope, days: DayIndex): number[] {
  const out = new Array<number>(days.starts.length - 1).fill(0)
  const { vViews, vHour } = cols
  const dayOf = dayCursor(days)
  cols.eachView(cols.maskOf(s), days.starts[0], days.starts[days.starts.length - 1], (i) => {
    const d = dayOf(vHour[i] * HOUR_MS)
    if (d >= 0) out[d] += vViews[i]
  })
  return out
}

/** views of a few activities (the top 10), in one scan of the range */
export function viewsOfActivities(cols: AnalysisColumns, ids: number[], startMs: number, endMs: number): Map<number, number> {
  const slots = ids.map((id) => (id < cols.slotOfId.length ? cols.slotOfId[id] - 1 : -1))
  const sums = ids.map(() => 0)
  const { vSlot, vViews } = cols
  cols.eachView(null, startMs, endMs, (i) => {
    const k = slots.indexOf(vSlot[i])
    if (k >= 0) sums[k] += vViews[i]
  })
  return new Map(ids.map((id, k) => [id, sums[k]]))
}
