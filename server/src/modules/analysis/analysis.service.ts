/**
 * The analysis cards and the admin home's figures. Every card resolves the same filter first: the
 * local days of the range in the time zone → UTC instants, and the caller's data scope (organizers:
 * their organisations only; an activity outside it answers 302). The counting is a scan of the
 * in-memory columns (analysis.engine.ts), brought up to the last committed write first; each row is
 * put in the local day its instant falls in, so day boundaries are exact in every zone (a view tally
 * counts in the day its hour begins). Detail-page views are tallied in memory per activity and UTC hour
 * and written (an upsert) every few seconds and when the app closes. A card's answer may be reused for
 * ANALYSIS_CACHE_MS (default 10 s, off under test) for the same filter and scope, and identical
 * requests in flight share one computation: a dashboard opened by many people costs one count.
 */
import type { AppContext, AdminAccess } from '../../context'
import { AppError } from '../../lib/app-error'
import { parseJson } from '../../lib/json'
import { AnalysisRepository, type AnalysisScope, type Span } from './analysis.repository'
import { DayIndex, addDays, assertZone, dayOf, daysBetween, daysFrom, hourKey, isDay } from './analysis.time'
import { AnalysisEngine, KEEP_UP_MS } from './analysis.engine'
import { ACTIVITY_TYPES } from './analysis.columns'
import {
  ANALYSIS_DEFAULT_TZ,
  ANALYSIS_MAX_DAYS,
  type ActivityTypeFilter,
  type AdminHomeFigures,
  type AnalysisBox,
  type AnalysisBoxItem,
  type AnalysisBoxKey,
  type AnalysisCountry,
  type AnalysisDayPoint,
  type AnalysisDaySeries,
  type AnalysisEnrolment,
  type AnalysisOption,
  type AnalysisQuery,
  type AnalysisQuestion,
  type AnalysisSevenDay,
  type AnalysisTopActivity,
  type AnalysisTotals,
} from '@contracts/analysis'
import type { EnrollFormField } from '@contracts/enrollment'

/** how often the in-memory view tally is written */
export const VIEW_FLUSH_MS = 5000
const CHOICE_TYPES = new Set(['radio', 'select', 'checkbox'])

interface Resolved {
  tz: string
  days: string[]
  index: DayIndex
  span: Span
  /** the range as instants: [startMs, endMs) */
  startMs: number
  endMs: number
  scope: AnalysisScope
  /** platform-wide figures (subscribers, chats) apply */
  platform: boolean
}

const pct = (cur: number, prev: number) => (prev === 0 ? null : Math.round(((cur - prev) / prev) * 1000) / 10)

export class AnalysisService {
  private readonly repo: AnalysisRepository
  private readonly engine: AnalysisEngine
  private tally = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private keepUp: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  private readonly answers = new Map<string, { at: number; value: Promise<unknown> }>()

  constructor(private readonly ctx: AppContext) {
    this.repo = new AnalysisRepository(ctx.db)
    this.engine = new AnalysisEngine(this.repo)
  }

  /**
   * Loads the in-memory columns ahead of the first dashboard (the server does this once it listens)
   * and keeps reading the change log every few minutes, so a quiet dashboard never has to load again.
   */
  warm(): Promise<void> {
    if (!this.keepUp) {
      this.keepUp = setInterval(() => void this.engine.sync().then(() => this.engine.prune()).catch(() => undefined), KEEP_UP_MS)
      this.keepUp.unref()
    }
    return this.engine.sync()
  }

  /**
   * The card's answer for this filter and scope, reused while fresh (see the header). Every card is
   * computed through here, so this is where the in-memory columns catch up with the change log: once
   * per computation, however many counts the card makes.
   */
  private cached<T>(card: string, q: object, access: AdminAccess, count: () => Promise<T>): Promise<T> {
    const compute = () => this.engine.sync().then(count)
    const ttl = this.ctx.config.analysisCacheMs
    if (!ttl) return compute()
    const key = JSON.stringify([card, q, access.dataScope, access.dataScope === 'all' ? [] : access.organizationIds])
    const now = Date.now()
    const hit = this.answers.get(key)
    if (hit && now - hit.at < ttl) return hit.value as Promise<T>
    if (this.answers.size > 500) for (const [k, v] of this.answers) if (now - v.at >= ttl) this.answers.delete(k)
    const value = compute()
    this.answers.set(key, { at: now, value })
    // a refusal (302, 650 …) is not kept
    value.catch(() => this.answers.delete(key))
    return value
  }

  // ---- view counting

  /** one detail-page view of an activity, now; nothing about the viewer is kept */
  recordView(activityId: number): void {
    const key = `${activityId}|${hourKey(this.ctx.clock.now().getTime())}`
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1)
    if (!this.timer) {
      this.timer = setInterval(() => void this.flushViews().catch(() => undefined), VIEW_FLUSH_MS)
      this.timer.unref()
    }
  }

  /** writes the tally; a failed write keeps its counts for the next flush */
  flushViews(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.tally.size) return
      const batch = this.tally
      this.tally = new Map()
      const rows = [...batch].map(([k, views]) => {
        const [id, hour] = k.split('|')
        return { activityId: Number(id), hour, views }
      })
      // an activity deleted since its view was counted would break the foreign key
      const alive = new Set(await this.repo.activityExists([...new Set(rows.map((r) => r.activityId))]))
      try {
        await this.repo.addViews(rows.filter((r) => alive.has(r.activityId)))
      } catch (e) {
        for (const [k, v] of batch) this.tally.set(k, (this.tally.get(k) ?? 0) + v)
        throw e
      }
    })
    return this.flushing
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    if (this.keepUp) clearInterval(this.keepUp)
    this.timer = this.keepUp = null
    await this.flushViews().catch(() => undefined)
  }

  // ---- the filter

  private scopeOrgs(access: AdminAccess, organizationId?: number): number[] | null {
    if (access.dataScope === 'all') return organizationId ? [organizationId] : null
    return organizationId ? access.organizationIds.filter((id) => id === organizationId) : access.organizationIds
  }

  private async resolve(q: AnalysisQuery, access: AdminAccess, from = q.from, to = q.to): Promise<Resolved> {
    const tz = q.tz || ANALYSIS_DEFAULT_TZ
    assertZone(tz)
    if (!isDay(from) || !isDay(to)) throw new AppError(301, { field: !isDay(from) ? 'from' : 'to' })
    const length = daysBetween(from, to) + 1
    if (length < 1 || length > ANALYSIS_MAX_DAYS) throw new AppError(651, { field: 'to' })
    const orgs = this.scopeOrgs(access, q.organizationId)
    if (q.activityId) {
      const a = await this.repo.activity(q.activityId)
      if (!a || (orgs && !orgs.includes(a.organization_id))) throw new AppError(302, { field: 'activityId' })
    }
    const scope = { orgs, activityId: q.activityId, type: q.type }
    return this.over(daysFrom(from, to), tz, scope, access.dataScope === 'all' && !q.organizationId && !q.activityId && !q.type)
  }

  /** the same checked filter over other (valid) days, e.g. the box's previous period */
  private over(days: string[], tz: string, scope: AnalysisScope, platform: boolean): Resolved {
    const index = DayIndex.of(days, tz)
    const iso = (ms: number) => new Date(ms).toISOString()
    return {
      tz,
      days,
      index,
      span: { startIso: iso(index.starts[0]), endIso: iso(index.starts[days.length]) },
      startMs: index.starts[0],
      endMs: index.starts[days.length],
      scope,
      platform,
    }
  }

  // ---- the cards

  /** the figures counted from the in-memory columns: no database read */
  private counts(r: Resolved): Omit<AnalysisTotals, 'subscribers' | 'chats'> {
    const e = this.engine.enrolmentTotals(r.scope, r.startMs, r.endMs)
    const published = this.engine.published(r.scope, r.startMs, r.endMs).count
    const views = this.engine.viewTotal(r.scope, r.startMs, r.endMs)
    return { activitiesPublished: published, enrollments: e.total, approved: e.approved, pending: e.pending, participants: e.people, views }
  }

  private async totalsOf(r: Resolved): Promise<AnalysisTotals> {
    const [subscribers, chats] = await Promise.all([
      r.platform ? this.repo.subscribersCreated(r.span) : Promise.resolve(null),
      r.platform ? this.repo.chatsCreated(r.span) : Promise.resolve(null),
    ])
    return { ...this.counts(r), subscribers, chats }
  }

  total(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisTotals> {
    return this.cached('total', q, access, () => this.computeTotal(q, access))
  }

  private async computeTotal(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisTotals> {
    return this.totalsOf(await this.resolve(q, access))
  }

  box(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisBox> {
    return this.cached('box', q, access, () => this.computeBox(q, access))
  }

  // The box compares the six counted figures only (subscribers and chats are on the total card), so
  // it reads nothing from the database beyond the filter's check.
  private async computeBox(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisBox> {
    const cur = await this.resolve(q, access)
    const length = cur.days.length
    const previousTo = addDays(q.from, -1)
    const previousFrom = addDays(q.from, -length)
    const prev = this.over(daysFrom(previousFrom, previousTo), cur.tz, cur.scope, cur.platform)
    const a = this.counts(cur)
    const b = this.counts(prev)
    const keys: AnalysisBoxKey[] = ['activitiesPublished', 'enrollments', 'approved', 'pending', 'participants', 'views']
    const items: AnalysisBoxItem[] = keys.map((key) => ({ key, current: a[key], previous: b[key], changePercent: pct(a[key], b[key]) }))
    return { previousFrom, previousTo, items }
  }

  private series(r: Resolved): AnalysisDayPoint[] {
    const enrolments = this.engine.enrolmentsPerDay(r.scope, r.index)
    const views = this.engine.viewsPerDay(r.scope, r.index)
    return r.days.map((day, i) => ({ day, enrollments: enrolments[i], views: views[i] }))
  }

  day(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisDaySeries> {
    return this.cached('day', q, access, () => this.computeDay(q, access))
  }

  private async computeDay(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisDaySeries> {
    return { days: this.series(await this.resolve(q, access)) }
  }

  sevenDay(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisSevenDay> {
    return this.cached('sevenDay', q, access, () => this.computeSevenDay(q, access))
  }

  private async computeSevenDay(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisSevenDay> {
    const r = await this.resolve(q, access, addDays(q.to, -13), q.to)
    const points = this.series(r)
    return { previous: points.slice(0, 7), current: points.slice(7) }
  }

  country(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisCountry> {
    return this.cached('country', q, access, () => this.computeCountry(q, access))
  }

  private async computeCountry(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisCountry> {
    const r = await this.resolve(q, access)
    const enrolled = this.engine.enrolmentsByCountry(r.scope, r.startMs, r.endMs)
    const published = this.engine.published(r.scope, r.startMs, r.endMs).byCountry
    const byCode = new Map<string, { enrollments: number; participants: number; activities: number }>()
    const at = (c: string) => byCode.get(c) ?? byCode.set(c, { enrollments: 0, participants: 0, activities: 0 }).get(c)!
    for (const e of enrolled) Object.assign(at(e.country), { enrollments: e.count, participants: e.people })
    for (const [country, count] of published) at(country).activities = count
    const names = new Map((await this.repo.countryNames([...byCode.keys()])).map((d) => [d.code, d]))
    const items = [...byCode].map(([country, v]) => ({ country, nameZh: names.get(country)?.name_zh || country, nameEn: names.get(country)?.name_en || country, ...v }))
    items.sort((x, y) => y.enrollments - x.enrollments || y.activities - x.activities || x.country.localeCompare(y.country))
    return { items }
  }

  enrolment(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisEnrolment> {
    return this.cached('enrolment', q, access, () => this.computeEnrolment(q, access))
  }

  private async computeEnrolment(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisEnrolment> {
    const r = await this.resolve(q, access)
    const totals = this.engine.enrolmentTotals(r.scope, r.startMs, r.endMs)
    const views = this.engine.viewTotal(r.scope, r.startMs, r.endMs)
    const typeCount = this.engine.enrolmentsByType(r.scope, r.startMs, r.endMs)
    const door = await this.repo.checkinTotals(r.scope, r.span, this.ctx.clock.now().toISOString())
    return {
      funnel: {
        views,
        enrollments: totals.total,
        approved: totals.approved,
        checkedIn: door.checkedIn,
        noShowRate: door.approvedEnded ? Math.round(((door.approvedEnded - door.checkedInEnded) / door.approvedEnded) * 1000) / 1000 : null,
      },
      status: { pending: totals.pending, approved: totals.approved, rejected: totals.rejected, cancelled: totals.cancelled },
      byType: ACTIVITY_TYPES.filter((t) => !q.type || t === q.type).map((type) => ({ type: type as ActivityTypeFilter, enrollments: typeCount.get(type) ?? 0 })),
      questions: q.activityId ? await this.questions(q.activityId, r.span) : null,
    }
  }

  private async questions(activityId: number, span: Span): Promise<AnalysisQuestion[]> {
    const a = await this.repo.activity(activityId)
    const fields = parseJson<EnrollFormField[]>(a?.enroll_form, []).filter((f) => CHOICE_TYPES.has(f.type))
    if (!fields.length) return []
    const answers = (await this.repo.answersOf(activityId, span)).map((text) => parseJson<Record<string, unknown>>(text, {}))
    return fields.map((f) => {
      const counts = new Map<string, number>((f.options ?? []).map((o) => [o.value, 0]))
      let answered = 0
      for (const a of answers) {
        const v = a[f.key]
        const values = (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).map(String)
        if (!values.length) continue
        answered += 1
        for (const x of new Set(values)) counts.set(x, (counts.get(x) ?? 0) + 1)
      }
      const label = new Map((f.options ?? []).map((o) => [o.value, o]))
      return {
        key: f.key,
        labelZh: f.labelZh || f.labelEn || f.key,
        labelEn: f.labelEn || f.labelZh || f.key,
        type: f.type,
        answered,
        options: [...counts].map(([value, count]) => ({ value, labelZh: label.get(value)?.labelZh || label.get(value)?.labelEn || value, labelEn: label.get(value)?.labelEn || label.get(value)?.labelZh || value, count })),
      }
    })
  }

  top(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisTopActivity[]> {
    return this.cached('top', q, access, () => this.computeTop(q, access))
  }

  private async computeTop(q: AnalysisQuery, access: AdminAccess): Promise<AnalysisTopActivity[]> {
    const r = await this.resolve(q, access)
    const top = this.engine.topActivities(r.scope, r.startMs, r.endMs, 10)
    const ids = top.map((t) => t.activityId)
    const views = this.engine.viewsOfActivities(ids, r.startMs, r.endMs)
    const rows = await this.repo.titlesOf(ids)
    const byId = new Map(rows.map((a) => [a.id, a]))
    return top.map((t) => ({
      id: t.activityId,
      titleZh: byId.get(t.activityId)?.title_zh ?? '',
      titleEn: byId.get(t.activityId)?.title_en ?? '',
      organizationId: byId.get(t.activityId)?.organization_id ?? 0,
      enrollments: t.count,
      approved: t.approved,
      views: views.get(t.activityId) ?? 0,
    }))
  }

  async activities(keyword: string | undefined, access: AdminAccess): Promise<AnalysisOption[]> {
    const rows = await this.repo.pickActivities(this.scopeOrgs(access), keyword?.trim() || undefined, 20)
    return rows.map((r) => ({ id: r.id, nameZh: r.title_zh, nameEn: r.title_en }))
  }

  async organizations(access: AdminAccess): Promise<AnalysisOption[]> {
    const rows = await this.repo.organizations(this.scopeOrgs(access))
    return rows.map((r) => ({ id: r.id, nameZh: r.name_zh, nameEn: r.name_en }))
  }

  home(tz: string | undefined, access: AdminAccess): Promise<AdminHomeFigures> {
    return this.cached('home', { tz }, access, () => this.computeHome(tz, access))
  }

  private async computeHome(tz: string | undefined, access: AdminAccess): Promise<AdminHomeFigures> {
    const zone = tz || ANALYSIS_DEFAULT_TZ
    assertZone(zone)
    const today = dayOf(this.ctx.clock.now().getTime(), zone)
    const r = await this.resolve({ from: addDays(today, -6), to: today, tz: zone }, access)
    const all = access.dataScope === 'all'
    const [trend, pending, chats, feedback] = await Promise.all([
      this.series(r),
      this.engine.pendingCount(r.scope),
      all ? this.repo.unansweredChats() : Promise.resolve(null),
      all ? this.repo.newFeedback() : Promise.resolve(null),
    ])
    return {
      today,
      newEnrollmentsToday: trend[trend.length - 1].enrollments,
      pendingApprovals: pending,
      unansweredChats: chats,
      unreadFeedback: feedback,
      trend: trend.map((p) => ({ day: p.day, enrollments: p.enrollments })),
    }
  }
}
