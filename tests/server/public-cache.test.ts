/**
 * The micro-cache of public reads (plugins/public-cache.ts): hot list/search/home answers come from a
 * short-lived copy per URL and language; a successful write clears it so the writer reads fresh data;
 * per-caller routes (details) and failed answers are never cached.
 */
import { describeEachDb, DEMO_PASSWORD, type Harness } from './harness'

describeEachDb(
  'public micro-cache',
  (get) => {
    let h: Harness
    beforeAll(() => {
      h = get()
    })
    const LIST = '/activity/info/list?status=upcoming&pageSize=5'

    it('serves a repeated list read from the cache, byte for byte, per language', async () => {
      const first = await h.api('GET', LIST)
      expect(first.headers['x-cache']).toBe('miss')
      const second = await h.api('GET', LIST)
      expect(second.headers['x-cache']).toBe('hit')
      expect(second.raw).toBe(first.raw)
      expect(second.headers['content-type']).toMatch(/^application\/json/)

      const en = await h.api('GET', LIST, { headers: { lang: 'en' } })
      expect(en.headers['x-cache']).toBe('miss')
      expect(en.body.message).not.toBe(first.body.message)
      expect((await h.api('GET', LIST, { headers: { lang: 'en' } })).body.message).toBe(en.body.message)
    })

    it('keeps serving the copy after a direct database change, and drops it after a successful API write', async () => {
      const before = await h.api('GET', LIST)
      const id = before.body.result.list[0].id
      await h.app.ctx.db.updateTable('activities').set({ title_zh: '缓存测试标题' }).where('id', '=', id).execute()
      const cached = await h.api('GET', LIST)
      expect(cached.headers['x-cache']).toBe('hit')
      expect(cached.body.result.list[0].titleZh).not.toBe('缓存测试标题')

      // any successful write (here: a login) clears the cache of this instance before its answer leaves
      const login = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'user@haijiao.demo', password: DEMO_PASSWORD } })
      expect(login.body.code).toBe(200)
      const fresh = await h.api('GET', LIST)
      expect(fresh.headers['x-cache']).toBe('miss')
      expect(fresh.body.result.list[0].titleZh).toBe('缓存测试标题')
    })

    it('caches search and home, but never details or failed answers', async () => {
      const search = '/search/all?module=activity&keywords=' + encodeURIComponent('人才')
      await h.api('GET', search)
      expect((await h.api('GET', search)).headers['x-cache']).toBe('hit')
      await h.api('GET', '/content/home')
      expect((await h.api('GET', '/content/home')).headers['x-cache']).toBe('hit')

      const id = (await h.api('GET', LIST)).body.result.list[0].id
      await h.api('GET', `/activity/info/detail?id=${id}`)
      expect((await h.api('GET', `/activity/info/detail?id=${id}`)).headers['x-cache']).toBeUndefined()

      const bad = '/activity/info/list?status=later'
      expect((await h.api('GET', bad)).body.code).toBe(301)
      const again = await h.api('GET', bad)
      expect(again.body.code).toBe(301)
      expect(again.headers['x-cache']).toBeUndefined()
    })
  },
  { env: { PUBLIC_CACHE_MS: '60000' } },
)

describeEachDb('public micro-cache under NODE_ENV=test defaults', (get) => {
  it('is off, so tests read their own writes at once', async () => {
    const h = get()
    expect(h.app.publicCache.enabled).toBe(false)
    await h.api('GET', '/content/home')
    expect((await h.api('GET', '/content/home')).headers['x-cache']).toBeUndefined()
  })
})
