/**
 * Keyword lists are paged from the in-memory list index (activity-list-index.ts): the keyword's matching
 * ids, ordered with the filters and sliced. Whatever the path, a keyword list must keep the list order
 * (running and upcoming soonest first, then ended latest first), agree with the per-status lists, and
 * page without gaps or repeats — checked here on a match set that spans many pages.
 */
import { describeEachDb, type Harness } from './harness'

const KEYWORD = 'Orderprobe'
const ROWS = 1200 // a large match set: more pages than any default list

describeEachDb('keyword list order on a large match set', (get) => {
  let h: Harness
  let nowIso: string
  beforeAll(async () => {
    h = get()
    const db = h.app.ctx.db
    const org = await db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()
    const now = h.app.ctx.clock.now().getTime()
    nowIso = new Date(now).toISOString()
    const ts = nowIso
    const rows = Array.from({ length: ROWS }, (_, i) => {
      // spread over ±400 days with repeated start times (ties are ordered by id); every 10th runs now
      const start = i % 10 === 0 ? now - 3600_000 : now + (((i * 7919) % 800) - 400) * 86400_000
      return {
        title_zh: `排序探针 ${KEYWORD} ${i}`,
        title_en: `${KEYWORD} ${i}`,
        summary_zh: '',
        summary_en: '',
        detail_zh: '',
        detail_en: '',
        type: 'online' as const,
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 2 * 3600_000).toISOString(),
        time_zone: 'UTC+08:00',
        country: 'CN',
        city_zh: '北京',
        city_en: 'Beijing',
        organization_id: org.id,
        people_count: 100,
        enrolled_count: 0,
        status: 'published' as const,
        is_hot: 0,
        published_at: ts,
        created_at: ts,
        updated_at: ts,
        tags_zh: '[]',
        tags_en: '[]',
      }
    })
    for (let i = 0; i < rows.length; i += 100) await db.insertInto('activities').values(rows.slice(i, i + 100) as never).execute()
  })

  const all = async (query: string) => {
    const out: any[] = []
    let total = 0
    for (let page = 1; ; page++) {
      const r = await h.api('GET', `/activity/info/list?keyword=${KEYWORD}&pageSize=50&page=${page}${query}`)
      expect(r.body.code).toBe(200)
      total = r.body.result.total
      out.push(...r.body.result.list)
      if (r.body.result.list.length < 50) break
    }
    expect(out).toHaveLength(total)
    return out
  }

  it('pages the whole match set in list order, each row once, as running + upcoming + ended', async () => {
    const items = await all('')
    expect(items).toHaveLength(ROWS)
    expect(new Set(items.map((a) => a.id)).size).toBe(ROWS)
    const rank = (s: string) => ({ running: 0, upcoming: 1, ended: 2 })[s as 'running']
    for (let i = 1; i < items.length; i++) {
      const [p, c] = [items[i - 1], items[i]]
      expect(rank(p.status)).toBeLessThanOrEqual(rank(c.status))
      if (p.status !== c.status) continue
      const asc = c.status !== 'ended'
      const cmp = p.startTime === c.startTime ? p.id - c.id : p.startTime < c.startTime ? -1 : 1
      expect(asc ? cmp < 0 : cmp > 0).toBe(true)
    }
    const bySegment = [...(await all('&status=running')), ...(await all('&status=upcoming')), ...(await all('&status=ended'))]
    expect(bySegment.map((a) => a.id)).toEqual(items.map((a) => a.id))
    expect(items.every((a) => a.titleEn.startsWith(KEYWORD))).toBe(true)
  })

  it('combines the keyword with other filters and answers the same as search', async () => {
    const online = await h.api('GET', `/activity/info/list?keyword=${KEYWORD}&type=offline`)
    expect(online.body.result.total).toBe(0)
    const search = await h.api('GET', `/search/all?module=activity&keywords=${KEYWORD.toLowerCase()}&pageSize=20&page=3`)
    const list = await h.api('GET', `/activity/info/list?keyword=${KEYWORD}&pageSize=20&page=3`)
    expect(search.body.result.activity.total).toBe(ROWS)
    expect(search.body.result.activity.list.map((a: any) => a.id)).toEqual(list.body.result.list.map((a: any) => a.id))
  })
})
