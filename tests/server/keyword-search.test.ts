/**
 * Search: SQLite FTS5 trigram / PostgreSQL pg_trgm + ILIKE for 3+ characters, LIKE/ILIKE fallback
 * below 3 characters; GET /search/all and the keyword filter of the lists answer the same rows.
 */
import { sql } from 'kysely'
import { describeEachDb, type Harness } from './harness'

describeEachDb('keyword search', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })
  const search = async (keywords: string, module = 'all', extra = '') =>
    (await h.api('GET', `/search/all?keywords=${encodeURIComponent(keywords)}&module=${module}${extra}`)).body

  /** the truth, computed independently: substring match on the four columns, case-insensitive */
  const expected = async (table: 'activities' | 'topics' | 'information' | 'policies', kw: string) => {
    const rows = await h.db
      .selectFrom(table as 'topics')
      .select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en'])
      .where('status', '=', 'published')
      .execute()
    const k = kw.toLowerCase()
    return rows.filter((r) => [r.title_zh, r.title_en, r.summary_zh, r.summary_en].some((c) => c.toLowerCase().includes(k))).map((r) => r.id).sort((a, b) => a - b)
  }
  const allIds = async (url: string) => {
    const out: number[] = []
    for (let page = 1; ; page++) {
      const r = (await h.api('GET', `${url}&pageSize=50&page=${page}`)).body.result
      out.push(...r.list.map((x: any) => x.id))
      if (out.length >= r.total || !r.list.length) break
    }
    return out.sort((a, b) => a - b)
  }

  it('the search index exists for the database kind', async () => {
    if (h.target === 'sqlite') {
      const r = await sql<{ name: string }>`select name from sqlite_master where name = 'activities_fts'`.execute(h.db)
      expect(r.rows).toHaveLength(1)
    } else {
      const r = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname = 'activities_title_zh_trgm_idx'`.execute(h.db)
      expect(r.rows.length).toBeGreaterThanOrEqual(1)
    }
  })

  it('a two-character Chinese word (人才) finds its items in every module, exactly the substring matches', async () => {
    const r = await search('人才')
    expect(r.code).toBe(200)
    expect(r.result.keywords).toBe('人才')
    for (const m of ['activity', 'topic', 'information', 'policy', 'sponsor']) {
      expect([m, r.result[m].total > 0]).toEqual([m, true])
    }
    expect(await allIds(`/activity/info/list?keyword=${encodeURIComponent('人才')}`)).toEqual(await expected('activities', '人才'))
    expect(await allIds(`/topic/info/list?keyword=${encodeURIComponent('人才')}`)).toEqual(await expected('topics', '人才'))
    expect(await allIds(`/policy/info/list?keyword=${encodeURIComponent('人才')}`)).toEqual(await expected('policies', '人才'))
    // 路演 (2 chars) and 创业 (2 chars)
    expect(await allIds(`/activity/info/list?keyword=${encodeURIComponent('路演')}`)).toEqual(await expected('activities', '路演'))
    expect(await allIds(`/information/info/list?keyword=${encodeURIComponent('创业')}`)).toEqual(await expected('information', '创业'))
  })

  it('longer Chinese keywords use the index and answer the same rows', async () => {
    for (const kw of ['人工智能', '落户政策', '海归创业项目路演', '生物医药']) {
      expect([kw, await allIds(`/activity/info/list?keyword=${encodeURIComponent(kw)}`)]).toEqual([kw, await expected('activities', kw)])
      expect([kw, await allIds(`/policy/info/list?keyword=${encodeURIComponent(kw)}`)]).toEqual([kw, await expected('policies', kw)])
    }
    const r = await search('生物医药', 'topic')
    expect(r.result.topic.list.map((t: any) => t.titleZh)).toContain('生物医药产业高地巡礼')
    expect(r.result.activity).toBeUndefined()
  })

  it('English keywords are case-insensitive; short ones fall back; no match is an empty page', async () => {
    const lower = await allIds('/activity/info/list?keyword=shenzhen')
    const upper = await allIds('/activity/info/list?keyword=SHENZHEN')
    expect(lower.length).toBeGreaterThan(1)
    expect(upper).toEqual(lower)
    expect(lower).toEqual(await expected('activities', 'shenzhen'))
    expect(await allIds('/activity/info/list?keyword=AI')).toEqual(await expected('activities', 'ai'))
    expect(await allIds('/activity/info/list?keyword=' + encodeURIComponent('talent exchange'))).toEqual(await expected('activities', 'talent exchange'))
    const sponsor = await search('Science Park', 'sponsor')
    expect(sponsor.result.sponsor.list.map((s: any) => s.nameEn)).toContain('Shenzhen Bay Science Park')
    const none = await search('zzqqxx')
    expect(none.result.activity).toEqual({ list: [], total: 0, page: 1, pageSize: 20 })
    // LIKE wildcards and FTS syntax are literal text
    expect((await search('%')).result.activity.total).toBe(0)
    expect((await search('_')).result.topic.total).toBe(0)
    expect((await search('"AND OR*')).result.activity.total).toBe(0)
  })

  it('search pages per module; keyword and filters combine; new rows are searchable at once (triggers)', async () => {
    const p1 = await search('人才', 'activity', '&pageSize=3&page=1')
    const p2 = await search('人才', 'activity', '&pageSize=3&page=2')
    expect(p1.result.activity.list).toHaveLength(3)
    expect(p2.result.activity.page).toBe(2)
    expect(p1.result.activity.list.map((a: any) => a.id)).not.toEqual(p2.result.activity.list.map((a: any) => a.id))
    const online = (await h.api('GET', `/activity/info/list?keyword=${encodeURIComponent('人才')}&type=online&pageSize=50`)).body.result
    expect(online.list.every((a: any) => a.type === 'online')).toBe(true)

    const ts = new Date().toISOString()
    const row = await h.db
      .insertInto('information')
      .values({ title_zh: '量子计算人才专访', title_en: 'Interview: Quantum Computing Talent', summary_zh: '测试', summary_en: 'test', status: 'published', published_at: ts, created_at: ts, updated_at: ts })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await search('量子计算', 'information')).result.information.list.map((i: any) => i.id)).toEqual([row.id])
    expect((await search('quantum', 'information')).result.information.list.map((i: any) => i.id)).toEqual([row.id])
    await h.db.updateTable('information').set({ title_zh: '超导研究专访', title_en: 'Interview: Superconductivity' }).where('id', '=', row.id).execute()
    expect((await search('量子计算', 'information')).result.information.total).toBe(0)
    expect((await search('超导研究', 'information')).result.information.list.map((i: any) => i.id)).toEqual([row.id])
    await h.db.deleteFrom('information').where('id', '=', row.id).execute()
    expect((await search('超导研究', 'information')).result.information.total).toBe(0)
  })
})
