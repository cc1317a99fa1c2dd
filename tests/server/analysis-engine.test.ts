/**
 * The analysis engine's change-log reading against a source in memory, for what the database suites
 * cannot stage on demand: a change numbered before an earlier-numbered one commits (PostgreSQL's
 * sequence), a change read twice, and the pruning of changes every instance has had an hour to read.
 */
import { AnalysisEngine } from '../../server/src/modules/analysis/analysis.engine'
import type { ActivityRow, AnalysisSource, ChangeRow, EnrolmentRow, ViewRow } from '../../server/src/modules/analysis/analysis.repository'

class MemorySource implements AnalysisSource {
  activityRows = new Map<number, ActivityRow>()
  enrolmentRows = new Map<number, EnrolmentRow>()
  viewRows = new Map<string, ViewRow>()
  /** committed changes (what a reader sees) */
  log: ChangeRow[] = []
  pruned: number[] = []
  private seq = 0

  nextSeq(): number {
    return ++this.seq
  }
  commit(c: Omit<ChangeRow, 'seq'>, seq = this.nextSeq()): void {
    this.log.push({ ...c, seq })
  }
  async lastChangeSeq() {
    return this.log.reduce((m, c) => Math.max(m, c.seq), 0)
  }
  async firstChangeSeq() {
    return this.log.length ? Math.min(...this.log.map((c) => c.seq)) : 0
  }
  async changesSince(seq: number, skipped: number[]) {
    return this.log.filter((c) => c.seq > seq || skipped.includes(c.seq)).sort((a, b) => a.seq - b.seq)
  }
  async pruneChanges(upTo: number) {
    this.pruned.push(upTo)
    this.log = this.log.filter((c) => c.seq > upTo)
  }
  async activities() {
    return [...this.activityRows.values()]
  }
  async activitiesByIds(ids: number[]) {
    return ids.flatMap((id) => (this.activityRows.has(id) ? [this.activityRows.get(id)!] : []))
  }
  async enrolmentsAfter([t, id]: [string, number], limit: number) {
    const rows = [...this.enrolmentRows.values()].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
    return rows.filter((r) => r.created_at > t || (r.created_at === t && r.id > id)).slice(0, limit)
  }
  async enrolmentsByIds(ids: number[]) {
    return ids.flatMap((id) => (this.enrolmentRows.has(id) ? [this.enrolmentRows.get(id)!] : []))
  }
  async viewsAfter([h, id]: [string, number], limit: number) {
    const rows = [...this.viewRows.values()].sort((a, b) => (a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : a.activity_id - b.activity_id))
    return rows.filter((r) => r.hour > h || (r.hour === h && r.activity_id > id)).slice(0, limit)
  }
  async viewsOf(hour: string, ids: number[]) {
    return ids.flatMap((id) => (this.viewRows.has(`${id}|${hour}`) ? [this.viewRows.get(`${id}|${hour}`)!] : []))
  }
}

const T0 = Date.parse('2035-01-01T00:00:00.000Z')
const platform = { orgs: null }
const all = (e: AnalysisEngine) => e.enrolmentTotals(platform, T0, T0 + 86400000)

function setup() {
  const src = new MemorySource()
  src.activityRows.set(1, { id: 1, organization_id: 7, type: 'online', country: 'CN', status: 'published', published_at: '2035-01-01T01:00:00.000Z' })
  const enrol = (id: number, status: string, minute: number, user: number | null, guest: string | null = null) => {
    src.enrolmentRows.set(id, { id, activity_id: 1, status, created_at: new Date(T0 + minute * 60000).toISOString(), user_id: user, guest_email: guest })
  }
  return { src, enrol, engine: new AnalysisEngine(src) }
}

afterEach(() => jest.restoreAllMocks())

test('a change numbered earlier but committed later is still read (asked for again while it is missing)', async () => {
  const { src, enrol, engine } = setup()
  enrol(1, 'pending', 10, 100)
  await engine.sync()
  expect(all(engine)).toMatchObject({ total: 1, pending: 1, people: 1 })

  // transaction A takes number 1 for enrolment 2 but has not committed; B takes 2 for enrolment 3 and commits
  const late = src.nextSeq()
  enrol(3, 'approved', 30, null, 'g@ex.com')
  src.commit({ kind: 'e', ref_id: 3, hour: null })
  await engine.sync()
  expect(all(engine)).toMatchObject({ total: 2, approved: 1, people: 2 })

  // A commits: its row and its (lower) number appear
  enrol(2, 'pending', 20, 101)
  src.commit({ kind: 'e', ref_id: 2, hour: null }, late)
  await engine.sync()
  expect(all(engine)).toMatchObject({ total: 3, pending: 2, approved: 1, people: 3 })
  expect(engine.pendingCount(platform)).toBe(2)

  // the same change read again changes nothing
  src.commit({ kind: 'e', ref_id: 2, hour: null })
  await engine.sync()
  expect(all(engine)).toMatchObject({ total: 3, pending: 2, people: 3 })
})

test('status, time and removal changes move the counts; a tally is replaced, not added to', async () => {
  const { src, enrol, engine } = setup()
  enrol(1, 'pending', 10, 100)
  enrol(2, 'pending', 20, 100)
  src.viewRows.set('1|2035-01-01T03', { activity_id: 1, hour: '2035-01-01T03', views: 4 })
  await engine.sync()
  expect(engine.viewTotal(platform, T0, T0 + 86400000)).toBe(4)

  enrol(1, 'approved', 10, 100)
  enrol(2, 'pending', 60 * 30, 100) // the next day
  src.viewRows.set('1|2035-01-01T03', { activity_id: 1, hour: '2035-01-01T03', views: 9 })
  for (const id of [1, 2]) src.commit({ kind: 'e', ref_id: id, hour: null })
  src.commit({ kind: 'v', ref_id: 1, hour: '2035-01-01T03' })
  await engine.sync()
  expect(all(engine)).toMatchObject({ total: 1, approved: 1, pending: 0, people: 1 })
  expect(engine.enrolmentTotals(platform, T0 + 86400000, T0 + 2 * 86400000)).toMatchObject({ total: 1, pending: 1 })
  expect(engine.viewTotal(platform, T0, T0 + 86400000)).toBe(9)
  expect(engine.pendingCount(platform)).toBe(1)

  src.enrolmentRows.delete(2)
  src.viewRows.delete('1|2035-01-01T03')
  src.commit({ kind: 'e', ref_id: 2, hour: null })
  src.commit({ kind: 'v', ref_id: 1, hour: '2035-01-01T03' })
  await engine.sync()
  expect(engine.pendingCount(platform)).toBe(0)
  expect(engine.enrolmentTotals(platform, T0, T0 + 2 * 86400000)).toMatchObject({ total: 1 })
  expect(engine.viewTotal(platform, T0, T0 + 86400000)).toBe(0)
})

test('changes are pruned once every instance has had an hour to read them, and not before', async () => {
  const { src, enrol, engine } = setup()
  let now = Date.parse('2035-02-01T00:00:00.000Z')
  jest.spyOn(Date, 'now').mockImplementation(() => now)
  enrol(1, 'pending', 10, 100)
  src.commit({ kind: 'e', ref_id: 1, hour: null })
  await engine.sync()
  await engine.prune() // checkpoint: seq 1 at 00:00
  expect(src.pruned).toEqual([])
  for (const minutes of [10, 20, 30, 40, 50]) {
    now += 10 * 60000
    enrol(1 + minutes, 'pending', minutes, 100 + minutes)
    src.commit({ kind: 'e', ref_id: 1 + minutes, hour: null })
    await engine.sync()
    await engine.prune()
  }
  expect(src.pruned).toEqual([])
  now += 10 * 60000 // 01:00: the 00:00 checkpoint is an hour old
  await engine.sync()
  await engine.prune()
  expect(src.pruned).toEqual([1])
  expect(src.log.map((c) => c.seq)).toEqual([2, 3, 4, 5, 6])
  expect(all(engine).total).toBe(6)
})
