import type { AppContext } from '../../context'
import { camelRow, flagsOf, found } from '../../db/rows'
import { parseList } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { ActivityRepository, type ActivityListFilter, type TimeSegment } from './activity.repository'
import { LARGE_TOTAL, TOTALS_TTL_MS, TtlCache } from '../../lib/ttl-cache'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { AnalysisService } from '../analysis/analysis.service'
import type { ActivityDetail, ActivityListItem, ActivityListQuery, ActivityTimeStatus, EnrollState } from '../../../../src/shared/contracts/activity'
import type { OptionItem } from '../../../../src/shared/contracts/api'

type ListRow = Awaited<ReturnType<ActivityRepository['page']>>[number]
type DetailRow = NonNullable<Awaited<ReturnType<ActivityRepository['findPublished']>>>
type Enrollment = Awaited<ReturnType<ActivityRepository['enrollmentsOf']>>[number]

export function timeStatus(startIso: string, endIso: string, nowIso: string): ActivityTimeStatus {
  if (endIso <= nowIso) return 'ended'
  if (startIso <= nowIso) return 'running'
  return 'upcoming'
}

/**
 * The enrolment button (spec section 4), decided in this order — the first rule that holds wins:
 * 1. `ended`      — the activity's end time has passed (end <= now), whoever asks.
 * 2. `registered` — the caller has a pending or approved enrolment (myEnrollment = the newest one).
 * 3. `closed`     — enrolment is not possible now: !isOpen; or the deadline has passed (deadline =
 *                   end time when isDeadlineEqualEnd, else enrollDeadline; none = only the end time);
 *                   or the seats are full (peopleCount > 0 and enrolledCount >= peopleCount); or the
 *                   caller was rejected before and the activity allows one sign-up only (signUpOnce).
 * 4. `register_again` — the caller enrolled before (only rejected enrolments remain) and signUpOnce
 *                   is false: they may apply again.
 * 5. `register_now` — everyone else, including logged-out visitors (isNeedLoginEnroll is enforced by
 *                   the enrol action (enrollment.service.ts), not by the button state).
 */
export function enrollStateOf(
  a: Pick<DetailRow, 'end_time' | 'is_open' | 'enroll_deadline' | 'is_deadline_equal_end' | 'people_count' | 'enrolled_count' | 'sign_up_once'>,
  mine: Pick<Enrollment, 'status'>[],
  nowIso: string,
): EnrollState {
  if (a.end_time <= nowIso) return 'ended'
  if (mine.some((e) => e.status === 'pending' || e.status === 'approved')) return 'registered'
  const deadline = a.is_deadline_equal_end ? a.end_time : a.enroll_deadline
  const full = a.people_count > 0 && a.enrolled_count >= a.people_count
  if (!a.is_open || (deadline && deadline <= nowIso) || full) return 'closed'
  if (mine.length) return a.sign_up_once ? 'closed' : 'register_again'
  return 'register_now'
}

/** the running segment is served from a cached id list while it has fewer rows than this */
const RUNNING_CAP = 1000
/** above this many keyword matches a page is read in time order probing the matches (see keywordMatch) */
const DENSE_KEYWORD_ROWS = 1500
/** keyword match sets up to this size are ordered once and paged from a short-lived id list */
const KEYWORD_ORDER_CAP = 20_000

/** the list order: running and upcoming soonest first, then ended latest first (ties by id) */
export function orderByTimeSegments<T extends { id: number; start_time: string; end_time: string }>(rows: T[], nowIso: string, only?: TimeSegment): T[] {
  const rank = (r: T) => {
    const s = timeStatus(r.start_time, r.end_time, nowIso)
    return s === 'running' ? 0 : s === 'upcoming' ? 1 : 2
  }
  const keep = only ? rows.filter((r) => timeStatus(r.start_time, r.end_time, nowIso) === only) : rows
  return keep
    .map((r) => ({ r, k: rank(r) }))
    .sort((x, y) => {
      if (x.k !== y.k) return x.k - y.k
      const dir = x.k === 2 ? -1 : 1
      if (x.r.start_time !== y.r.start_time) return x.r.start_time < y.r.start_time ? -dir : dir
      return (x.r.id - y.r.id) * dir
    })
    .map((x) => x.r)
}

export class ActivityService {
  private readonly repo: ActivityRepository
  // list totals per filter and the running segment's ids — 5 s buckets of the injected clock
  private readonly totals = new TtlCache<number>(TOTALS_TTL_MS)
  private readonly running = new TtlCache<number[]>(TOTALS_TTL_MS, 500)
  private readonly keywordOrders = new TtlCache<number[] | null>(TOTALS_TTL_MS, 200)
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
    private readonly views: Pick<AnalysisService, 'recordView'>,
  ) {
    this.repo = new ActivityRepository(ctx.db, ctx.dbKind)
  }

  /**
   * A keyword list in list order as ids, or null when the match set is too large to order in memory.
   * Matching a keyword (FTS5 trigram) costs milliseconds on 100k rows however few rows a page shows,
   * so a large match set is ordered once and each page is a slice of it for the next seconds; small
   * sets are cheap and always read fresh.
   */
  private keywordOrder(f: ActivityListFilter, nowMs: number): Promise<number[] | null> {
    return this.keywordOrders.get(
      this.bucketKey(f, f.status ?? 'all', nowMs),
      async () => {
        const rows = await this.repo.matchTimes(f, KEYWORD_ORDER_CAP)
        if (rows.length > KEYWORD_ORDER_CAP) return null
        return orderByTimeSegments(rows, f.nowIso, f.status).map((r) => r.id)
      },
      (ids) => ids === null || ids.length >= LARGE_TOTAL,
    )
  }

  private bucketKey(f: ActivityListFilter, segment: TimeSegment | 'all', nowMs: number) {
    const { nowIso: _n, offset: _o, limit: _l, keywordDense: _d, ...rest } = f
    return JSON.stringify([segment, Math.floor(nowMs / TOTALS_TTL_MS), rest])
  }

  /** running ids (soonest first) when the running set is small, else null */
  private async runningIds(f: ActivityListFilter, nowMs: number): Promise<number[] | null> {
    const ids = f.ids
      ? await this.repo.runningIds(f, RUNNING_CAP)
      : await this.running.get(this.bucketKey(f, 'running', nowMs), () => this.repo.runningIds(f, RUNNING_CAP))
    return ids.length < RUNNING_CAP ? ids : null
  }

  /** the number of rows of one time segment; cached briefly (the expensive part of a page over 100k rows) */
  private count(f: ActivityListFilter, segment: TimeSegment, nowMs: number): Promise<number> {
    if (f.ids) return this.repo.count(f, segment)
    return this.totals.get(this.bucketKey(f, segment, nowMs), () => this.repo.count(f, segment), (n) => n >= LARGE_TOTAL)
  }

  /**
   * One page over the ordered segments. With a status: that segment (upcoming/running soonest first,
   * ended latest first). Without: running, then upcoming (together: not ended, soonest first), then
   * ended (latest first). Each segment is an index range; the page is cut across segments by their
   * counts, so no query sorts the whole table.
   */
  private async pageOf(f: ActivityListFilter, nowMs: number) {
    if (f.keyword && !f.ids) {
      const ordered = await this.keywordOrder(f, nowMs)
      if (ordered) return { rows: await this.repo.rowsOf(ordered.slice(f.offset, f.offset + f.limit)), total: ordered.length }
    }
    const segments: TimeSegment[] = f.status ? [f.status] : ['running', 'upcoming', 'ended']
    const running = segments.includes('running') ? await this.runningIds(f, nowMs) : null
    const counts = await Promise.all(segments.map((s) => (s === 'running' && running ? running.length : this.count(f, s, nowMs))))
    const total = counts.reduce((a, b) => a + b, 0)
    if (f.keyword && total > DENSE_KEYWORD_ROWS) f = { ...f, keywordDense: true }
    let skip = f.offset
    let need = f.limit
    let rows: Awaited<ReturnType<ActivityRepository['page']>> = []
    for (let i = 0; i < segments.length && need > 0; i++) {
      if (skip >= counts[i]) {
        skip -= counts[i]
        continue
      }
      const part =
        segments[i] === 'running' && running
          ? await this.repo.rowsOf(running.slice(skip, skip + need))
          : await this.repo.page(f, segments[i], skip, need)
      rows = rows.concat(part)
      need -= part.length
      skip = 0
    }
    return { rows, total }
  }

  /** list rows → ActivityListItem (categories in one query for the page) */
  async toItems(rows: ListRow[]): Promise<ActivityListItem[]> {
    const nowIso = this.ctx.clock.now().toISOString()
    const cats = await this.repo.categoriesOf(rows.map((r) => r.id))
    const byActivity = new Map<number, OptionItem[]>()
    for (const c of cats) {
      const list = byActivity.get(c.activity_id) ?? []
      list.push({ code: c.category_code, nameZh: c.name_zh ?? c.category_code, nameEn: c.name_en ?? c.category_code })
      byActivity.set(c.activity_id, list)
    }
    return rows.map((r) => ({
      ...camelRow(r, ['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'type', 'poster_url', 'start_time', 'end_time', 'time_zone', 'country', 'city_zh', 'city_en']),
      organizerId: r.organization_id,
      organizerNameZh: r.org_name_zh,
      organizerNameEn: r.org_name_en,
      ...camelRow(r, ['people_count', 'enrolled_count']),
      ...flagsOf(r, ['is_hot']),
      status: timeStatus(r.start_time, r.end_time, nowIso),
      categories: byActivity.get(r.id) ?? [],
      tagsZh: parseList(r.tags_zh),
      tagsEn: parseList(r.tags_en),
      viewCount: r.view_count,
    }))
  }

  async list(q: ActivityListQuery & { ids?: number[] }) {
    const { page, pageSize, offset } = pageArgs(q as PageQuery)
    const now = this.ctx.clock.now()
    const { rows, total } = await this.pageOf({
      type: q.type || undefined,
      categoryCode: q.categoryCode || undefined,
      country: q.country || undefined,
      status: q.status || undefined,
      keyword: q.keyword?.trim() || undefined,
      organizerId: q.organizerId || undefined,
      isHot: q.isHot,
      ids: q.ids,
      nowIso: now.toISOString(),
      offset,
      limit: pageSize,
    }, now.getTime())
    return toPage(await this.toItems(rows), total, page, pageSize)
  }

  /** list items of the published activities among ids, in the given order (no paging) */
  async itemsOf(ids: number[]): Promise<ActivityListItem[]> {
    return this.toItems(await this.repo.rowsOf(ids))
  }

  /** the published activities among ids, in the given order */
  async byIds(ids: number[]): Promise<ActivityListItem[]> {
    if (!ids.length) return []
    const page = await this.list({ ids, page: 1, pageSize: Math.min(ids.length, 50) })
    const order = new Map(ids.map((id, i) => [id, i]))
    return page.list.sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0))
  }

  async detail(id: number, userId: number | null): Promise<ActivityDetail> {
    const row = found(await this.repo.findPublished(id))
    await this.repo.incrementViews(id)
    this.views.recordView(id)
    row.view_count += 1
    const nowIso = this.ctx.clock.now().toISOString()
    const [item] = await this.toItems([row])
    const addresses = await this.repo.addresses(id)
    const mine = userId ? await this.repo.enrollmentsOf(id, userId) : []
    const active = mine.find((e) => e.status === 'pending' || e.status === 'approved') ?? mine[0] ?? null
    return {
      ...item,
      ...camelRow(row, ['banner_url', 'live_url', 'live_qr_url', 'wechat_group_qr_url']),
      highlightsZh: parseList(row.highlights_zh),
      highlightsEn: parseList(row.highlights_en),
      ...camelRow(row, ['detail_zh', 'detail_en']),
      addresses: addresses.map((a) => ({
        country: a.country,
        countryNameZh: a.country_zh ?? a.country,
        countryNameEn: a.country_en ?? a.country,
        ...camelRow(a, ['time_zone', 'city_zh', 'city_en', 'address_zh', 'address_en']),
      })),
      enrollDeadline: row.is_deadline_equal_end ? row.end_time : row.enroll_deadline,
      ...flagsOf(row, ['is_deadline_equal_end', 'is_open', 'is_need_login_enroll', 'sign_up_once', 'enroll_need_process']),
      ...camelRow(row, ['enroll_notes_zh', 'enroll_notes_en']),
      enrollState: enrollStateOf(row, mine, nowIso),
      myEnrollment: active ? { id: active.id, status: active.status, createdAt: active.created_at } : null,
    }
  }

  /** the enrolment button for these enrolments of the caller (enrolling refuses in the same order) */
  enrollState(a: Parameters<typeof enrollStateOf>[0], mine: Parameters<typeof enrollStateOf>[1], nowIso: string): EnrollState {
    return enrollStateOf(a, mine, nowIso)
  }

  async forCompetition(competitionId: number): Promise<ActivityListItem[]> {
    return this.byIds(await this.repo.competitionActivityIds(competitionId))
  }

  categories() {
    return this.dict.options(DICT.activityCategory)
  }

  /** countries that have published activities, named from the country dictionary */
  async countries(): Promise<OptionItem[]> {
    return (await this.repo.usedCountries()).map((c) => ({ code: c.country, nameZh: c.name_zh ?? c.country, nameEn: c.name_en ?? c.country }))
  }
}
