import type { AppContext } from '../../context'
import { camelRow, flagsOf, found } from '../../db/rows'
import { parseList } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { ActivityRepository, type ActivityListFilter, type TimeSegment } from './activity.repository'
import { MemoryPager, VersionedSnapshot } from '../../lib/versioned-snapshot'
import { JsonBytes, JsonTemplate, pageJson } from '../../lib/json-template'
import { ActivityListIndex } from './activity-list-index'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { AnalysisService } from '../analysis/analysis.service'
import type { ActivityDetail, ActivityListItem, ActivityListQuery, ActivityTimeStatus, EnrollState } from '@contracts/activity'
import type { WaitlistEntry, WaitlistInfo } from '@contracts/ticket'
import type { OptionItem } from '@contracts/api'

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
  a: Pick<DetailRow, 'end_time' | 'is_open' | 'enroll_deadline' | 'is_deadline_equal_end' | 'people_count' | 'enrolled_count' | 'sign_up_once'> & { held_count?: number; waitlist_enabled?: number },
  mine: Pick<Enrollment, 'status'>[],
  nowIso: string,
  /** the caller's waiting-list entry state and whether anyone waits */
  waitlist: { mine: 'waiting' | 'offered' | null; waiting: number } = { mine: null, waiting: 0 },
): EnrollState {
  if (a.end_time <= nowIso) return 'ended'
  if (mine.some((e) => e.status === 'pending' || e.status === 'approved')) return 'registered'
  if (waitlist.mine === 'offered') return 'offered'
  if (waitlist.mine === 'waiting') return 'on_waitlist'
  const deadline = a.is_deadline_equal_end ? a.end_time : a.enroll_deadline
  // seats held for open offers of the waiting list count as taken; with people waiting, newcomers queue
  const full = a.people_count > 0 && (a.enrolled_count + (a.held_count ?? 0) >= a.people_count || (!!a.waitlist_enabled && waitlist.waiting > 0))
  if (!a.is_open || (deadline && deadline <= nowIso)) return 'closed'
  if (full) return a.waitlist_enabled && !(mine.length && a.sign_up_once) ? 'join_waitlist' : 'closed'
  if (mine.length) return a.sign_up_once ? 'closed' : 'register_again'
  return 'register_now'
}

/** a list item's values that change without moving a version: the counters, and the status with the clock */
const LIVE = ['enrolledCount', 'status', 'viewCount'] as const
type ServedItem = { template: JsonTemplate<(typeof LIVE)[number]>; start: string; end: string }
/** list items kept serialised (~1–2 KB each): the rows the first pages of most filters show */
const SERVED_ROWS = 30_000

/** above this many keyword matches a page is read in time order probing the matches (see keywordMatch) */
const DENSE_KEYWORD_ROWS = 1500

type CategoryRow = Awaited<ReturnType<ActivityRepository['categoriesOf']>>[number]
type CategoryEntry = Awaited<ReturnType<ActivityRepository['categoryEntries']>>[number]

/**
 * The categories of these listed activities as categoriesOf reads them (same rows, same order), from the
 * list index's activity_categories (the index is of the same list version as the page) and the
 * dictionary's few entries. Why: the join per page was ~30 % of reading a cold page's rows (bench:cold).
 * Order, as categoriesOf's SQL: dictionary sort (no entry last), then entry id, then code.
 */
function categoriesFromIndex(index: ActivityListIndex, ids: number[], entries: CategoryEntry[]): CategoryRow[] {
  const byCode = new Map(entries.map((e) => [e.code, e]))
  const out: CategoryRow[] = []
  for (const id of ids) {
    for (const code of index.categoryCodesOf(id)) {
      const e = byCode.get(code)
      out.push({ activity_id: id, category_code: code, name_zh: e?.name_zh ?? null, name_en: e?.name_en ?? null, sort: e?.sort ?? null, dict_id: e?.id ?? null })
    }
  }
  return out.sort(categoryOrder)
}
function categoryOrder(a: CategoryRow, b: CategoryRow): number {
  if ((a.sort === null) !== (b.sort === null)) return a.sort === null ? 1 : -1
  if (a.sort !== b.sort) return (a.sort as number) - (b.sort as number)
  if (a.dict_id !== b.dict_id) return (a.dict_id ?? 0) - (b.dict_id ?? 0)
  return a.category_code < b.category_code ? -1 : a.category_code > b.category_code ? 1 : 0
}

export class ActivityService {
  private readonly repo: ActivityRepository
  /** the published activities' order and filters in memory, rebuilt when their list version moves */
  private readonly index: VersionedSnapshot<ActivityListIndex>
  /** the public list's items served from memory (listJson) */
  private readonly pager: MemoryPager<ActivityListIndex, ServedItem, { view_count: number; enrolled_count: number }>
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
    private readonly views: Pick<AnalysisService, 'recordView'>,
  ) {
    this.repo = new ActivityRepository(ctx.db, ctx.dbKind)
    this.index = new VersionedSnapshot(
      () => this.repo.listVersion(),
      async () => {
        const [rows, categories] = await Promise.all([this.repo.indexRows(), this.repo.indexCategories()])
        return new ActivityListIndex(rows, categories)
      },
    )
    this.pager = new MemoryPager(this.index, {
      versions: () => this.repo.versions(),
      counters: (ids) => this.repo.counters(ids),
      read: async (ids, index) => {
        const [{ rows, countersVersion }, categories] = await Promise.all([this.repo.servedRowsOf(ids), this.categoriesIn(index, ids)])
        const items = await this.toItems(rows, categories)
        return {
          items: new Map(items.map((item, k) => [item.id, { template: JsonTemplate.of(item, LIVE), start: rows[k].start_time, end: rows[k].end_time }])),
          counters: new Map(rows.map((r) => [r.id, { view_count: r.view_count, enrolled_count: r.enrolled_count }])),
          countersVersion,
        }
      },
      maxEntries: SERVED_ROWS,
    })
  }

  /** the ids of the filter (and keyword, whose matching ids are read once per index version) in list order */
  private async ordered(index: ActivityListIndex, f: ActivityListFilter) {
    const keyword = f.keyword
    const matches = keyword ? { key: keyword, ids: await index.keywordIds.getAsync(keyword, () => this.repo.keywordIds(keyword)) } : undefined
    return index.order(f, f.nowIso, matches)
  }

  /** A page of the public list from the in-memory index: the ordered ids sliced; only the page's rows are read. */
  private async indexedPage(f: ActivityListFilter) {
    const index = await this.index.get()
    const ordered = await this.ordered(index, f)
    const ids = Array.from(ordered.subarray(f.offset, f.offset + f.limit))
    // the page's rows and the categories' names are independent reads: in parallel (two connections on PostgreSQL)
    const [rows, categories] = await Promise.all([this.repo.rowsOf(ids), this.categoriesIn(index, ids)])
    return { rows, total: ordered.length, categories }
  }

  /** the categories of these listed activities, as categoriesOf reads them, from the index (categoriesFromIndex) */
  private async categoriesIn(index: ActivityListIndex, ids: number[]) {
    return categoriesFromIndex(index, ids, await this.repo.categoryEntries())
  }

  /**
   * One page over the ordered segments. With a status: that segment (upcoming/running soonest first,
   * ended latest first). Without: running, then upcoming (together: not ended, soonest first), then
   * ended (latest first). The public list reads the in-memory index; a list restricted to ids (topic,
   * competition: a few rows) counts and pages each segment in SQL, cut across segments by their counts.
   */
  private async pageOf(f: ActivityListFilter) {
    if (!f.ids) return this.indexedPage(f)
    const segments: TimeSegment[] = f.status ? [f.status] : ['running', 'upcoming', 'ended']
    const counts = await Promise.all(segments.map((s) => this.repo.count(f, s)))
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
      const part = await this.repo.page(f, segments[i], skip, need)
      rows = rows.concat(part)
      need -= part.length
      skip = 0
    }
    return { rows, total, categories: undefined }
  }

  /** list rows → ActivityListItem (categories in one query for the page) */
  async toItems(rows: ListRow[], categories?: Awaited<ReturnType<ActivityRepository['categoriesOf']>>): Promise<ActivityListItem[]> {
    const nowIso = this.ctx.clock.now().toISOString()
    const cats = categories ?? (await this.repo.categoriesOf(rows.map((r) => r.id)))
    const byActivity = new Map<number, OptionItem[]>()
    for (const c of cats) {
      const list = byActivity.get(c.activity_id) ?? []
      list.push({ code: c.category_code, nameZh: c.name_zh ?? c.category_code, nameEn: c.name_en ?? c.category_code })
      byActivity.set(c.activity_id, list)
    }
    // spelled out, not camelRow spreads: spreading the copied rows was most of the CPU of turning a page's
    // rows into items (a list's first reads, --cpu-prof); the key order is the answer's (JSON order)
    return rows.map((r) => ({
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      summaryZh: r.summary_zh,
      summaryEn: r.summary_en,
      type: r.type,
      posterUrl: r.poster_url,
      startTime: r.start_time,
      endTime: r.end_time,
      timeZone: r.time_zone,
      country: r.country,
      cityZh: r.city_zh,
      cityEn: r.city_en,
      organizerId: r.organization_id,
      organizerNameZh: r.org_name_zh,
      organizerNameEn: r.org_name_en,
      peopleCount: r.people_count,
      enrolledCount: r.enrolled_count,
      isHot: !!r.is_hot,
      status: timeStatus(r.start_time, r.end_time, nowIso),
      categories: byActivity.get(r.id) ?? [],
      tagsZh: parseList(r.tags_zh),
      tagsEn: parseList(r.tags_en),
      viewCount: r.view_count,
    }))
  }

  private filterOf(q: ActivityListQuery & { ids?: number[] }, offset: number, limit: number): ActivityListFilter {
    return {
      type: q.type || undefined,
      categoryCode: q.categoryCode || undefined,
      country: q.country || undefined,
      status: q.status || undefined,
      keyword: q.keyword?.trim() || undefined,
      organizerId: q.organizerId || undefined,
      isHot: q.isHot,
      ids: q.ids,
      nowIso: this.ctx.clock.now().toISOString(),
      offset,
      limit,
    }
  }

  async list(q: ActivityListQuery & { ids?: number[] }) {
    const { page, pageSize, offset } = pageArgs(q as PageQuery)
    const { rows, total, categories } = await this.pageOf(this.filterOf(q, offset, pageSize))
    return toPage(await this.toItems(rows, categories), total, page, pageSize)
  }

  /**
   * The public list's page as JSON, the UTF-8 of JSON.stringify(list(q)) byte for byte, served from memory (see
   * MemoryPager): the index's order, each row's item serialised once per version, and the page's live
   * counters (enrolledCount, viewCount) and time status filled in. Falls back to list(q) when writes
   * keep moving the versions.
   */
  async listJson(q: ActivityListQuery): Promise<JsonBytes> {
    const { page, pageSize, offset } = pageArgs(q as PageQuery)
    const f = this.filterOf(q, offset, pageSize)
    const served = await this.pager.page(async (index) => {
      const ordered = await this.ordered(index, f)
      return { ids: Array.from(ordered.subarray(offset, offset + pageSize)), total: ordered.length }
    })
    if (!served) return new JsonBytes().text(JSON.stringify(await this.list(q)))
    const { items, counters } = served
    return pageJson(
      items.length,
      (out, k) => items[k].template.fill(out, { enrolledCount: counters[k].enrolled_count, status: timeStatus(items[k].start, items[k].end, f.nowIso), viewCount: counters[k].view_count }),
      served.total,
      page,
      pageSize,
    )
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
    const waitlist = await this.waitlistInfo(row, userId)
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
      enrollState: enrollStateOf(row, mine, nowIso, { mine: waitlist.mine && (waitlist.mine.state === 'waiting' || waitlist.mine.state === 'offered') ? waitlist.mine.state : null, waiting: waitlist.waitingCount }),
      myEnrollment: active ? { id: active.id, status: active.status, createdAt: active.created_at } : null,
      waitlist,
      cancelDeadline: row.cancel_deadline ?? row.start_time,
    }
  }

  /** the waiting list of an activity and the caller's entry (contracts/ticket.ts) */
  async waitlistInfo(a: { id: number; waitlist_enabled: number }, userId: number | null, guestToken?: string): Promise<WaitlistInfo> {
    const waitingCount = await this.repo.waitingCount(a.id)
    const w = await this.repo.waitlistEntryOf(a.id, userId, guestToken)
    const mine: WaitlistEntry | null = w
      ? {
          id: w.id,
          activityId: w.activity_id,
          state: w.state,
          position: w.state === 'waiting' ? await this.repo.waitlistPosition(a.id, w.id) : null,
          offerExpiresAt: w.state === 'offered' ? w.offer_expires_at : null,
          enrollmentId: w.enrollment_id,
          createdAt: w.created_at,
        }
      : null
    return { enabled: !!a.waitlist_enabled, waitingCount, mine }
  }

  /**
   * What every visitor of a published activity's page sees first (its list item: titles, poster, type,
   * status) and its banner, for the page's server-drawn first screen and preload links
   * (plugins/static.ts); null for an unknown or unpublished activity. Counts no view.
   */
  async firstScreen(id: number): Promise<{ item: ActivityListItem; banner: string | null } | null> {
    const row = await this.repo.findPublished(id)
    if (!row) return null
    const [item] = await this.toItems([row])
    return item ? { item, banner: row.banner_url || null } : null
  }

  /** the enrolment button for these enrolments of the caller (enrolling refuses in the same order) */
  enrollState(a: Parameters<typeof enrollStateOf>[0], mine: Parameters<typeof enrollStateOf>[1], nowIso: string, waitlist?: Parameters<typeof enrollStateOf>[3]): EnrollState {
    return enrollStateOf(a, mine, nowIso, waitlist)
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
