/**
 * The dashboard's counted columns in memory (analysis.columns.ts), so a card is a scan of typed arrays
 * (analysis.enrolment-cards.ts, analysis.activity-cards.ts) instead of an aggregate over a million rows.
 * Exact after any write, whoever makes it: before answering, `sync()` reads the database's change log
 * (migration 2026-11-27-0020-analysis-changes) after the last change it saw and re-reads the rows it
 * names (a change is applied by copying the row's current state, so reading one twice is harmless).
 * Loaded in full on first use, and again when this instance has not looked at the log for longer than
 * the log is kept.
 */
import type { AnalysisScope, AnalysisSource, ChangeRow } from './analysis.repository'
import type { DayIndex } from './analysis.time'
import { AnalysisColumns } from './analysis.columns'
import { published, viewTotal, viewsOfActivities, viewsPerDay } from './analysis.activity-cards'
import { enrolmentTotals, enrolmentsByCountry, enrolmentsByType, enrolmentsPerDay, pendingCount, topActivities } from './analysis.enrolment-cards'

/** the log is kept this long; an instance that has not read it for KEEP - margin reloads in full */
const KEEP_MS = 60 * 60_000
const RELOAD_AFTER_MS = 50 * 60_000
const PRUNE_EVERY_MS = 10 * 60_000
const PRUNE_SLICE = 20_000
/** a skipped sequence number (PostgreSQL: taken by a transaction not yet committed) is asked for this long */
const GAP_MS = 30_000
const MAX_GAPS = 1000
/** rows per read while loading */
const LOAD_CHUNK = 100_000
/** a loaded engine reads the log at least this often, so it never falls behind the log's keeping */
export const KEEP_UP_MS = 5 * 60_000

export class AnalysisEngine {
  private readonly columns = new AnalysisColumns()

  // ---- the change log
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
    if (!this.columns.loaded || now - this.lastSyncAt > RELOAD_AFTER_MS) {
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
    if (!this.columns.loaded || now - this.lastPruneAt < PRUNE_EVERY_MS) return
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
    this.columns.reset()
    for (const a of await this.source.activities()) this.columns.putActivity(a.id, a.organization_id, a.type, a.country, a.status, a.published_at)
    // both read in time order, so they land in the ordered part and need no sort here
    for (let after: [string, number] = ['', 0]; ; ) {
      const rows = await this.source.enrolmentsAfter(after, LOAD_CHUNK)
      for (const r of rows) this.columns.putEnrolment(r)
      if (rows.length < LOAD_CHUNK) break
      after = [rows[rows.length - 1].created_at, rows[rows.length - 1].id]
    }
    for (let after: [string, number] = ['', 0]; ; ) {
      const rows = await this.source.viewsAfter(after, LOAD_CHUNK)
      for (const r of rows) this.columns.putView(r)
      if (rows.length < LOAD_CHUNK) break
      after = [rows[rows.length - 1].hour, rows[rows.length - 1].activity_id]
    }
    const c = this.columns
    if (c.eSorted < c.eLen || c.vSorted < c.vLen) c.compact()
    this.lastSeq = seq
    this.gaps.clear()
    this.columns.loaded = true
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
      for (const a of rows) this.columns.putActivity(a.id, a.organization_id, a.type, a.country, a.status, a.published_at)
      for (const id of ids) if (!found.has(id)) this.columns.dropActivity(id)
    }
    if (enrolments.size) {
      const ids = [...enrolments]
      const rows = await this.source.enrolmentsByIds(ids)
      const found = new Set(rows.map((r) => r.id))
      for (const r of rows) this.columns.putEnrolment(r)
      for (const id of ids) if (!found.has(id)) this.columns.dropEnrolment(id)
    }
    for (const [hour, ids] of views) {
      const rows = await this.source.viewsOf(hour, [...ids])
      const found = new Set(rows.map((r) => r.activity_id))
      for (const r of rows) this.columns.putView(r)
      for (const id of ids) if (!found.has(id)) this.columns.putView({ activity_id: id, hour, views: 0 })
    }
    this.lastSeq = max
    const c = this.columns
    if (c.eLen - c.eSorted + c.eGone > Math.max(20_000, c.eLen / 20) || c.vLen - c.vSorted > 20_000) c.compact()
  }

  // ---- the cards

  enrolmentTotals(s: AnalysisScope, startMs: number, endMs: number) {
    return enrolmentTotals(this.columns, s, startMs, endMs)
  }
  enrolmentsPerDay(s: AnalysisScope, days: DayIndex) {
    return enrolmentsPerDay(this.columns, s, days)
  }
  enrolmentsByType(s: AnalysisScope, startMs: number, endMs: number) {
    return enrolmentsByType(this.columns, s, startMs, endMs)
  }
  enrolmentsByCountry(s: AnalysisScope, startMs: number, endMs: number) {
    return enrolmentsByCountry(this.columns, s, startMs, endMs)
  }
  topActivities(s: AnalysisScope, startMs: number, endMs: number, limit: number) {
    return topActivities(this.columns, s, startMs, endMs, limit)
  }
  pendingCount(s: AnalysisScope) {
    return pendingCount(this.columns, s)
  }
  published(s: AnalysisScope, startMs: number, endMs: number) {
    return published(this.columns, s, startMs, endMs)
  }
  viewTotal(s: AnalysisScope, startMs: number, endMs: number) {
    return viewTotal(this.columns, s, startMs, endMs)
  }
  viewsPerDay(s: AnalysisScope, days: DayIndex) {
    return viewsPerDay(this.columns, s, days)
  }
  viewsOfActivities(ids: number[], startMs: number, endMs: number) {
    return viewsOfActivities(this.columns, ids, startMs, endMs)
  }
}
