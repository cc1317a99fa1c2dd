/**
 * The public activity and information lists are paged from an in-memory index of the published rows'
 * order and filter columns, rebuilt when the database's list version moves (triggers). On random data,
 * every filter, keyword and page must answer exactly what plain SQL (ORDER BY over the whole table) and
 * a plain substring match answer; totals must be exact right after inserts, deletes and edits made
 * straight in the database, and a page must follow the clock when an activity starts or ends.
 */
import { sql } from 'kysely'
import { describeEachDb, type Harness } from './harness'

const WORDS = ['量子', '生物医药', 'Quantum', 'harbour', 'Nebula', '人才']
const TYPES = ['online', 'offline', 'both'] as const
const COUNTRIES = ['CN', 'US', 'GB']
const CATEGORIES = ['forum', 'networking', 'recruitment']
const INFO_CATEGORIES = ['news', 'career', 'startup']

/** a small seeded generator, so a failure names a reproducible data set */
function prng(seed: number) {
  let s = seed >>> 0
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32)
  return { next, int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)), pick: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] }
}

describeEachDb('list index', (get) => {
  let h: Harness
  let orgs: number[]
  const rnd = prng(20261125)
  const nowMs = () => h.clock.now().getTime()
  const iso = (ms: number) => new Date(ms).toISOString()

  async function insertActivities(n: number) {
    const ts = iso(nowMs())
    const ids: number[] = []
    for (let i = 0; i < n; i++) {
      // few distinct hours: ties on start_time, ordered by id
      const start = nowMs() + rnd.int(-6, 6) * 3600_000
      const end = start + rnd.pick([1, 2, 5]) * 3600_000
      const w = rnd.pick(WORDS)
      const row = await h.db
        .insertInto('activities')
        .values({
          title_zh: `随机活动${w}${i}`, title_en: `Random ${w} ${i}`, summary_zh: '', summary_en: rnd.next() < 0.3 ? `about ${rnd.pick(WORDS)}` : '',
          detail_zh: '', detail_en: '', type: rnd.pick(TYPES), start_time: iso(start), end_time: iso(end), time_zone: 'UTC+08:00',
          country: rnd.pick(COUNTRIES), city_zh: '北京', city_en: 'Beijing', organization_id: rnd.pick(orgs), people_count: 100,
          enrolled_count: 0, status: rnd.next() < 0.9 ? 'published' : 'draft', is_hot: rnd.next() < 0.2 ? 1 : 0,
          published_at: ts, created_at: ts, updated_at: ts, tags_zh: '[]', tags_en: '[]',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
      const cats = CATEGORIES.filter(() => rnd.next() < 0.4)
      if (cats.length) await h.db.insertInto('activity_categories').values(cats.map((c) => ({ activity_id: row.id, category_code: c }))).execute()
    }
    return ids
  }

  async function insertInformation(n: number) {
    const ids: number[] = []
    for (let i = 0; i < n; i++) {
      const ts = iso(nowMs() - rnd.int(0, 5) * 86400_000) // ties on published_at, ordered by id
      const w = rnd.pick(WORDS)
      const row = await h.db
        .insertInto('information')
        .values({
          title_zh: `随机资讯${w}${i}`, title_en: `Random news ${w} ${i}`, summary_zh: '', summary_en: '', content_zh: '', content_en: '',
          source_zh: '', source_en: '', category_code: rnd.pick(INFO_CATEGORIES), status: rnd.next() < 0.9 ? 'published' : 'draft',
          published_at: ts, created_at: ts, updated_at: ts,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
    }
    return ids
  }

  beforeAll(async () => {
    h = get()
    orgs = (await h.db.selectFrom('organizations').select('id').where('pid', '=', 0).execute()).map((o) => o.id)
    await insertActivities(260)
    await insertInformation(200)
  })

  /** every page of a list URL, pageSize 50 */
  const listAll = async (url: string) => {
    const ids: number[] = []
    let total = -1
    for (let page = 1; ; page++) {
      const r = (await h.api('GET', `${url}${url.includes('?') ? '&' : '?'}pageSize=50&page=${page}`)).body
      expect(r.code).toBe(200)
      total = r.result.total
      ids.push(...r.result.list.map((x: any) => x.id))
      if (r.result.list.length < 50) break
    }
    return { ids, total }
  }

  const matchesKeyword = (kw: string | undefined, cols: string[]) => !kw || cols.some((c) => c.toLowerCase().includes(kw.toLowerCase()))

  /** the activity list computed by plain SQL: segment, then start time and id (ascending, ended descending) */
  async function expectedActivities(f: { type?: string; country?: string; categoryCode?: string; isHot?: boolean; organizerId?: number; status?: string; keyword?: string }) {
    const now = iso(nowMs())
    let q = h.db.selectFrom('activities as a').select(['a.id', 'a.title_zh', 'a.title_en', 'a.summary_zh', 'a.summary_en']).where('a.status', '=', 'published')
    if (f.type) q = q.where('a.type', '=', f.type as 'online')
    if (f.country) q = q.where('a.country', '=', f.country)
    if (f.isHot !== undefined) q = q.where('a.is_hot', '=', f.isHot ? 1 : 0)
    if (f.organizerId) q = q.where('a.organization_id', '=', f.organizerId)
    if (f.categoryCode) {
      const code = f.categoryCode
      q = q.where((eb) => eb.exists(eb.selectFrom('activity_categories as ac').select('ac.activity_id').whereRef('ac.activity_id', '=', 'a.id').where('ac.category_code', '=', code)))
    }
    const seg = sql<number>`case when a.start_time > ${now} then 1 when a.end_time > ${now} then 0 else 2 end`
    if (f.status) q = q.where(seg, '=', { running: 0, upcoming: 1, ended: 2 }[f.status as 'running'])
    const rows = await q
      .orderBy(seg)
      .orderBy(sql`case when ${seg} < 2 then a.start_time end`)
      .orderBy(sql`case when ${seg} < 2 then a.id end`)
      .orderBy(sql`case when ${seg} = 2 then a.start_time end`, 'desc')
      .orderBy(sql`case when ${seg} = 2 then a.id end`, 'desc')
      .execute()
    return rows.filter((r) => matchesKeyword(f.keyword, [r.title_zh, r.title_en, r.summary_zh, r.summary_en])).map((r) => r.id)
  }

  async function expectedInformation(f: { categoryCode?: string; keyword?: string }) {
    let q = h.db.selectFrom('information').select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en']).where('status', '=', 'published')
    if (f.categoryCode) q = q.where('category_code', '=', f.categoryCode)
    const rows = await q.orderBy('published_at', 'desc').orderBy('id', 'desc').execute()
    return rows.filter((r) => matchesKeyword(f.keyword, [r.title_zh, r.title_en, r.summary_zh, r.summary_en])).map((r) => r.id)
  }

  const qs = (f: Record<string, unknown>) =>
    Object.entries(f)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&')

  /** random filter combinations, each with and without a keyword */
  const activityFilters = () =>
    Array.from({ length: 14 }, (_, i) => ({
      type: rnd.next() < 0.4 ? rnd.pick(TYPES) : undefined,
      country: rnd.next() < 0.4 ? rnd.pick(COUNTRIES) : undefined,
      categoryCode: rnd.next() < 0.4 ? rnd.pick(CATEGORIES) : undefined,
      isHot: rnd.next() < 0.15 ? rnd.next() < 0.5 : undefined,
      organizerId: rnd.next() < 0.15 ? rnd.pick(orgs) : undefined,
      status: rnd.next() < 0.5 ? rnd.pick(['running', 'upcoming', 'ended']) : undefined,
      keyword: i % 2 ? rnd.pick(WORDS) : undefined,
    }))

  async function checkActivities(filters: ReturnType<typeof activityFilters>) {
    for (const f of filters) {
      const got = await listAll(`/activity/info/list?${qs(f)}`)
      const want = await expectedActivities(f)
      expect([f, got.ids]).toEqual([f, want])
      expect([f, got.total]).toEqual([f, want.length])
    }
  }

  async function checkInformation() {
    for (const categoryCode of [undefined, ...INFO_CATEGORIES])
      for (const keyword of [undefined, ...WORDS]) {
        const f = { categoryCode, keyword }
        const got = await listAll(`/information/info/list?${qs(f)}`)
        const want = await expectedInformation(f)
        expect([f, got.ids, got.total]).toEqual([f, want, want.length])
      }
  }

  it('answers every filter, keyword and page as plain SQL and a substring match do', async () => {
    await checkActivities(activityFilters())
    await checkInformation()
    // search reads the same lists
    const kw = WORDS[1]
    const s = (await h.api('GET', `/search/all?module=activity&keywords=${encodeURIComponent(kw)}&pageSize=50`)).body.result.activity
    expect(s.list.map((x: any) => x.id)).toEqual((await expectedActivities({ keyword: kw })).slice(0, 50))
    const si = (await h.api('GET', `/search/all?module=information&keywords=${encodeURIComponent(kw)}&pageSize=50`)).body.result.information
    expect(si.list.map((x: any) => x.id)).toEqual((await expectedInformation({ keyword: kw })).slice(0, 50))
  })

  it('stays exact right after inserts, deletes and edits made straight in the database', async () => {
    const total = async (url: string) => (await h.api('GET', url)).body.result.total
    const before = await total('/activity/info/list?country=US')
    const added = await insertActivities(30)
    const addedUs = (await h.db.selectFrom('activities').select('id').where('id', 'in', added).where('country', '=', 'US').where('status', '=', 'published').execute()).length
    expect(await total('/activity/info/list?country=US')).toBe(before + addedUs)

    const victim = (await expectedActivities({}))[3]
    await h.db.deleteFrom('activities').where('id', '=', victim).execute()
    expect((await listAll('/activity/info/list')).ids).not.toContain(victim)

    const moved = (await expectedActivities({ country: 'CN' }))[0]
    await h.db.updateTable('activities').set({ country: 'GB', title_en: 'Renamed Nebula probe' }).where('id', '=', moved).execute()
    expect((await listAll('/activity/info/list?country=CN')).ids).not.toContain(moved)
    expect((await listAll('/activity/info/list?country=GB&keyword=nebula%20probe')).ids).toEqual([moved])

    const uncategorised = (await expectedActivities({ categoryCode: 'forum' }))[0]
    await h.db.deleteFrom('activity_categories').where('activity_id', '=', uncategorised).where('category_code', '=', 'forum').execute()
    expect((await listAll('/activity/info/list?categoryCode=forum')).ids).not.toContain(uncategorised)

    const draft = (await expectedInformation({ categoryCode: 'news' }))[0]
    const newsBefore = await total('/information/info/list?categoryCode=news')
    await h.db.updateTable('information').set({ status: 'draft' }).where('id', '=', draft).execute()
    expect(await total('/information/info/list?categoryCode=news')).toBe(newsBefore - 1)
    await insertInformation(25)
    await checkActivities(activityFilters())
    await checkInformation()
  })

  it('follows the clock: an activity that starts or ends moves to its new segment', async () => {
    const running = await listAll('/activity/info/list?status=running')
    expect(running.ids).toEqual(await expectedActivities({ status: 'running' }))
    h.clock.advance(3 * 3600_000)
    await checkActivities(activityFilters())
    expect((await listAll('/activity/info/list?status=running')).ids).toEqual(await expectedActivities({ status: 'running' }))
  })
})
