/**
 * The public activity and information lists (and the search pages over them) are answered from memory:
 * each shown row's item serialised once per (list version, item version), the live counters and the
 * time status filled in per request (MemoryPager, migrations 0019 and 0021). Every answer must be byte
 * for byte the envelope of what the SQL path (service.list / service.search) builds, right after writes
 * made straight in the database to anything an item shows: poster, city, seats, tags, cover, source, the
 * organiser's names, the category dictionary's names and order, and the counters.
 */
import { describeEachDb, type Harness } from './harness'
import { SharedRead } from '../../server/src/lib/versioned-snapshot'

describeEachDb('public lists served from memory', (get) => {
  let h: Harness

  beforeAll(() => {
    h = get()
  })

  /** the route's raw answer equals JSON.stringify of the envelope around what the SQL path answers */
  async function expectSame(url: string, expected: () => Promise<unknown>, lang: 'zh' | 'en' = 'zh') {
    const r = await h.api('GET', url, { headers: { lang } })
    expect(r.status).toBe(200)
    expect(String(r.headers['content-type'])).toBe('application/json; charset=utf-8')
    expect([url, r.body.code]).toEqual([url, 200])
    const want = JSON.stringify({ code: 200, result: await expected(), message: r.body.message })
    if (r.raw !== want) {
      // where they part, with some context (the answers are long)
      let i = 0
      while (r.raw[i] === want[i]) i++
      expect([url, r.raw.slice(Math.max(0, i - 150), i + 150)]).toEqual([url, want.slice(Math.max(0, i - 150), i + 150)])
    }
    return r.body.result
  }

  const activityList = (q: Record<string, unknown>) => h.app.services.activity.list({ page: 1, pageSize: 20, ...q } as never)
  const informationList = (q: Record<string, unknown>) => h.app.services.information.list({ page: 1, pageSize: 20, ...q })
  const qs = (q: Record<string, unknown>) => Object.entries(q).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')

  async function checkAll() {
    const activityQueries: Array<Record<string, unknown>> = [
      {},
      { page: 2, pageSize: 5 },
      { status: 'upcoming' },
      { status: 'ended', pageSize: 3 },
      { type: 'online' },
      { categoryCode: 'forum' },
      { country: 'CN', page: 1, pageSize: 50 },
      { isHot: true },
      { keyword: '人才' },
      { keyword: 'summit' },
      { page: 500 }, // past the end: an empty page
    ]
    for (const q of activityQueries)
      for (const lang of ['zh', 'en'] as const) await expectSame(`/activity/info/list?${qs(q)}`, () => activityList(q), lang)
    const informationQueries: Array<Record<string, unknown>> = [{}, { page: 2, pageSize: 4 }, { categoryCode: 'news' }, { keyword: '人才' }, { keyword: 'tech' }, { page: 900 }]
    for (const q of informationQueries)
      for (const lang of ['zh', 'en'] as const) await expectSame(`/information/info/list?${qs(q)}`, () => informationList(q), lang)
    const searches: Array<Record<string, unknown>> = [
      { keywords: '人才' },
      { keywords: 'summit', module: 'activity', page: 1, pageSize: 10 },
      { keywords: '人才', module: 'information', pageSize: 5 },
      { keywords: ' ', module: 'all' },
      { keywords: 'zzz-no-such-thing', module: 'all' },
    ]
    for (const q of searches)
      await expectSame(`/search/all?${qs(q)}`, () => h.app.services.search.search({ page: 1, pageSize: 20, module: 'all', ...q } as never))
  }

  it('answers the SQL path byte for byte: filters, pages, keywords, languages and search', async () => {
    await checkAll()
  })

  it('stays exact after writes straight in the database to what an item shows', async () => {
    const first = (await activityList({})).list[0]
    // warm the served items, then change what they show
    await checkAll()
    await h.db.updateTable('activities').set({ poster_url: '/p/new.png', city_en: 'Newcity', people_count: 7, tags_en: '["fresh"]', time_zone: 'UTC+01:00' }).where('id', '=', first.id).execute()
    let got = await expectSame('/activity/info/list', () => activityList({}))
    expect(got.list[0]).toMatchObject({ id: first.id, posterUrl: '/p/new.png', cityEn: 'Newcity', peopleCount: 7, tagsEn: ['fresh'], timeZone: 'UTC+01:00' })

    await h.db.updateTable('organizations').set({ name_en: 'Renamed organiser' }).where('id', '=', first.organizerId).execute()
    got = await expectSame('/activity/info/list', () => activityList({}))
    expect(got.list[0].organizerNameEn).toBe('Renamed organiser')

    await h.db.updateTable('dict_items').set({ name_en: 'Forum (renamed)', sort: -1 }).where('type_code', '=', 'activity_category').where('code', '=', 'forum').execute()
    got = await expectSame('/activity/info/list?categoryCode=forum', () => activityList({ categoryCode: 'forum' }))
    expect(got.list[0].categories[0]).toMatchObject({ code: 'forum', nameEn: 'Forum (renamed)' })

    // counters bump no version: read live on every page
    await h.db.updateTable('activities').set({ enrolled_count: 3, view_count: 12345 }).where('id', '=', first.id).execute()
    got = await expectSame('/activity/info/list', () => activityList({}))
    expect(got.list[0]).toMatchObject({ enrolledCount: 3, viewCount: 12345 })
    await h.api('GET', `/activity/info/detail?id=${first.id}`)
    got = await expectSame('/activity/info/list', () => activityList({}))
    expect(got.list[0].viewCount).toBe(12346)

    const info = (await informationList({})).list[0]
    await h.db.updateTable('information').set({ cover_url: '/c/new.png', source_en: 'New source', tags_zh: '["新"]', view_count: 77 }).where('id', '=', info.id).execute()
    let gotInfo = await expectSame('/information/info/list', () => informationList({}))
    expect(gotInfo.list[0]).toMatchObject({ id: info.id, coverUrl: '/c/new.png', sourceEn: 'New source', tagsZh: ['新'], viewCount: 77 })
    await h.api('GET', `/information/info/detail?id=${info.id}`)
    gotInfo = await expectSame('/information/info/list', () => informationList({}))
    expect(gotInfo.list[0].viewCount).toBe(78)
    if (info.category) {
      await h.db.updateTable('dict_items').set({ name_en: 'Category (renamed)' }).where('type_code', '=', 'information_category').where('code', '=', info.category.code).execute()
      gotInfo = await expectSame('/information/info/list', () => informationList({}))
      expect(gotInfo.list[0].category.nameEn).toBe('Category (renamed)')
    }

    // the order columns and the time status still follow writes and the clock
    await h.db.updateTable('activities').set({ title_en: 'Retitled first activity summit' }).where('id', '=', first.id).execute()
    got = await expectSame('/activity/info/list?keyword=retitled', () => activityList({ keyword: 'retitled' }))
    expect(got.list.map((x: any) => x.id)).toEqual([first.id])
    h.clock.advance(24 * 3600_000)
    await checkAll()
  })

  it('shows the categories of each item as the database joins them: added, renamed, tied in sort, without a dictionary entry', async () => {
    // list pages take an item's category codes from the list index and their names from the dictionary;
    // categoriesOf (a SQL join, ordered the same way) is the independent answer
    const activity = h.app.services.activity as unknown as { repo: { rowsOf(ids: number[]): Promise<never[]> }; toItems(rows: never[]): Promise<Array<{ id: number; categories: unknown }>> }
    const joined = async (ids: number[]) => (await activity.toItems(await activity.repo.rowsOf(ids))).map((i) => [i.id, i.categories])
    const shown = async () => {
      const r = await h.api('GET', '/activity/info/list?pageSize=10', { headers: { lang: 'en' } })
      return r.body.result.list.map((i: { id: number; categories: unknown }) => [i.id, i.categories])
    }
    const ids = (await activityList({ pageSize: 10 })).list.map((i: { id: number }) => i.id)
    expect(await shown()).toEqual(await joined(ids))
    const [a, b] = ids
    await h.db.deleteFrom('activity_categories').where('activity_id', 'in', [a, b]).execute()
    await h.db.insertInto('activity_categories').values([
      { activity_id: a, category_code: 'recruitment' },
      { activity_id: a, category_code: 'forum' },
      { activity_id: a, category_code: 'zz-no-dictionary-entry' },
      { activity_id: a, category_code: 'networking' },
      { activity_id: b, category_code: 'networking' },
    ]).execute()
    // forum and networking tied in sort: then by dictionary entry, then code; no entry: last, by its code
    await h.db.updateTable('dict_items').set({ sort: 5 }).where('type_code', '=', 'activity_category').where('code', 'in', ['forum', 'networking']).execute()
    await h.db.updateTable('dict_items').set({ name_en: 'Hiring' }).where('type_code', '=', 'activity_category').where('code', '=', 'recruitment').execute()
    const after = await shown()
    expect(after).toEqual(await joined(ids))
    const codes = (after.find(([id]: [number]) => id === a)[1] as Array<{ code: string }>).map((c) => c.code)
    expect(codes.sort()).toEqual(['forum', 'networking', 'recruitment', 'zz-no-dictionary-entry'])
    expect((after.find(([id]: [number]) => id === a)[1] as Array<{ code: string; nameEn: string }>).at(-1)).toEqual({ code: 'zz-no-dictionary-entry', nameZh: 'zz-no-dictionary-entry', nameEn: 'zz-no-dictionary-entry' })
    expect(after.find(([id]: [number]) => id === b)[1]).toEqual([expect.objectContaining({ code: 'networking' })])
  })

  it('answers concurrent requests over overlapping pages exactly while their rows are first read', async () => {
    // a counter write first: every page reads its counters again; an item write: every row is read again
    await h.db.updateTable('activities').set({ view_count: 1 }).where('id', '=', (await activityList({})).list[0].id).execute()
    await h.db.updateTable('organizations').set({ name_zh: '并发测试机构' }).where('id', '=', (await activityList({})).list[1].organizerId).execute()
    const queries = Array.from({ length: 40 }, (_, i) => ({ page: 1 + (i % 4), pageSize: 3 + (i % 5) }))
    const answers = await Promise.all(queries.map((q) => h.api('GET', `/activity/info/list?${qs(q)}`)))
    for (const [k, q] of queries.entries()) expect(answers[k].raw).toBe(JSON.stringify({ code: 200, result: await activityList(q), message: answers[k].body.message }))
    const infoAnswers = await Promise.all(queries.map((q) => h.api('GET', `/information/info/list?${qs(q)}`)))
    for (const [k, q] of queries.entries()) expect(infoAnswers[k].raw).toBe(JSON.stringify({ code: 200, result: await informationList(q), message: infoAnswers[k].body.message }))
  })

  it('pages that miss rows together share one read of them, each row read once', async () => {
    const pager = (h.app.services.activity as unknown as { pager: { rowReads: number } }).pager
    const repo = (h.app.services.activity as unknown as { repo: { servedRowsOf: (ids: number[]) => Promise<unknown> } }).repo
    const asked: number[][] = []
    const servedRowsOf = repo.servedRowsOf
    repo.servedRowsOf = (ids) => (asked.push(ids), servedRowsOf.call(repo, ids))
    try {
      // an item write: no row is in memory for the next pages
      const first = (await activityList({})).list[0]
      await h.db.updateTable('activities').set({ title_en: 'Shared rows read' }).where('id', '=', first.id).execute()
      // a page past the end moves the served rows on to the new version (rows found in the old ones would
      // be read into those first, then again)
      expect((await h.api('GET', '/activity/info/list?page=500')).body.result.list).toEqual([])
      const queries = Array.from({ length: 16 }, (_, i) => ({ page: 1 + (i % 4), pageSize: 4 + (i % 3) * 4 }))
      const reads = pager.rowReads
      const answers = await Promise.all(queries.map((q) => h.api('GET', `/activity/info/list?${qs(q)}`)))
      for (const [k, q] of queries.entries()) expect(answers[k].raw).toBe(JSON.stringify({ code: 200, result: await activityList(q), message: answers[k].body.message }))
      // one statement for the 16 pages (a page asking after it began would make a second)
      expect(pager.rowReads - reads).toBeLessThanOrEqual(2)
      expect(asked.length).toBe(pager.rowReads - reads)
      const ids = asked.flat()
      expect(ids.length).toBe(new Set(ids).size)
      // the pages' rows: pages 1–4 of up to 12 rows
      expect(ids.length).toBe(Math.min(48, (await activityList({ pageSize: 50 })).total))
    } finally {
      repo.servedRowsOf = servedRowsOf
    }
  })

  it('counters read with a row when it is first read are replaced once they move', async () => {
    for (const [table, list, url] of [
      ['activities', activityList, '/activity/info/list'],
      ['information', informationList, '/information/info/list'],
    ] as const) {
      const first = (await list({})).list[0]
      // an item write: every row is read again, its counters with it
      await h.db.updateTable(table).set({ summary_en: `Read again ${table}` }).where('id', '=', first.id).execute()
      let got = await expectSame(url, () => list({}), 'en')
      expect(got.list[0]).toMatchObject({ id: first.id, summaryEn: `Read again ${table}` })
      // then only the counter moves (straight in the database): the next page shows it
      await h.db.updateTable(table).set({ view_count: 9001 }).where('id', '=', first.id).execute()
      got = await expectSame(url, () => list({}), 'en')
      expect(got.list[0]).toMatchObject({ id: first.id, viewCount: 9001 })
    }
  })

  it('pages asked together share one versions read, and a write straight in the database shows on the next request', async () => {
    const pager = (h.app.services.activity as unknown as { pager: { versions: { reads: number } } }).pager
    const first = (await activityList({})).list[0]
    const reads = pager.versions.reads
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => h.api('GET', `/activity/info/list?page=${1 + (i % 2)}`)))
    expect(together.every((r) => r.body.code === 200)).toBe(true)
    // shared: far fewer statements than pages (one each would be 20)
    expect(pager.versions.reads - reads).toBeLessThan(20)
    await h.db.updateTable('activities').set({ enrolled_count: 41, title_en: 'Shared read check' }).where('id', '=', first.id).execute()
    const after = await Promise.all(Array.from({ length: 20 }, () => expectSame('/activity/info/list', () => activityList({}), 'en')))
    for (const got of after) expect(got.list[0]).toMatchObject({ id: first.id, enrolledCount: 41, titleEn: 'Shared read check' })
  })
})

describe('SharedRead', () => {
  /** a fake database: `value` is what a read that begins now answers; each read takes a few ms */
  function fakeDatabase() {
    const db = { value: 1, begun: 0 }
    const read = () => {
      db.begun++
      const seen = db.value
      return new Promise<number>((resolve) => setTimeout(() => resolve(seen), 5))
    }
    return { db, shared: new SharedRead(read) }
  }

  it('callers that ask before the read begins share it', async () => {
    const { db, shared } = fakeDatabase()
    const answers = await Promise.all([shared.get(), shared.get(), shared.get()])
    expect(answers).toEqual([1, 1, 1])
    expect(db.begun).toBe(1)
  })

  it('a read under way is not shared with a caller that asks after a write: it gets the next read', async () => {
    const { db, shared } = fakeDatabase()
    const early = shared.get()
    await new Promise((r) => setImmediate(r))
    expect(db.begun).toBe(1) // under way, not answered yet
    db.value = 2 // a write lands (another instance, or straight in the database)
    const late = shared.get()
    expect(await early).toBe(1)
    expect(await late).toBe(2)
    expect(db.begun).toBe(2)
    // and nothing is kept once answered: a later caller reads again
    db.value = 3
    expect(await shared.get()).toBe(3)
  })

  it('a failed read fails its callers only; the next caller reads again', async () => {
    let fail = true
    let n = 0
    const shared = new SharedRead(async () => {
      n++
      if (fail) throw new Error('down')
      return n
    })
    await expect(Promise.all([shared.get(), shared.get()])).rejects.toThrow('down')
    fail = false
    expect(await shared.get()).toBe(2)
  })
})
