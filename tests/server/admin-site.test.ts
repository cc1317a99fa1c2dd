/**
 * Site admin area: banners and adverts with free time windows, rich content, videos, cases,
 * partners, platforms and roadshow settings — each written in the admin and read back through the
 * consumer API; validation (website, window, references) and sanitizing; non-operations callers refused.
 */
import { describeEachDb, type Harness } from './harness'
import { siteCrudApi, SITE_ADMIN_API, SITE_PUBLIC_API, type SiteCrudKey } from '@contracts/admin-site'

const HOUR = 3_600_000

describeEachDb('admin site content', (get) => {
  let h: Harness
  let ops: string
  const others: Record<string, string> = {}

  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
    others.organizer = await h.adminLogin('org@haijiao.demo')
    others.kefu = await h.adminLogin('kefu@haijiao.demo')
    others.consumer = await h.login('user@haijiao.demo')
  })
  afterEach(() => {
    h.clock.offsetMs = 0
  })

  const admin = (method: 'GET' | 'POST', url: string, body?: unknown, token = ops) => h.api(method, url, { token, body })
  const add = async (k: SiteCrudKey, body: Record<string, unknown>) => {
    const r = await admin('POST', siteCrudApi(k).add, body)
    expect(r.body).toMatchObject({ code: 200 })
    return r.body.result as Record<string, any>
  }
  const pub = (url: string) => h.api('GET', url).then((r) => r.body)
  const count = async (table: 'banners' | 'site_adverts' | 'site_cases' | 'site_partners' | 'videos' | 'platforms' | 'roadshow_projects' | 'roadshow_records') =>
    Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const dictCode = async (type: string) =>
    (await h.db.selectFrom('dict_items').select('code').where('type_code', '=', type).where('status', '=', 1).orderBy('sort').executeTakeFirstOrThrow()).code

  it('banners: the consumer list and home show a banner only inside its free time window; a bad window is refused', async () => {
    const now = h.clock.now().getTime()
    const iso = (ms: number) => new Date(now + ms).toISOString()
    const b = await add('banner', {
      titleZh: '限时横幅', titleEn: 'Timed banner', imageUrl: '/static/posters/t.svg', linkUrl: '/activity', position: 'home',
      sort: 0, startAt: iso(HOUR), endAt: iso(2 * HOUR), published: true,
    })
    const ids = async () => ((await pub('/content/banner/list?position=home')).result as { id: number }[]).map((x) => x.id)
    expect(await ids()).not.toContain(b.id) // before
    h.clock.offsetMs = 1.5 * HOUR
    expect(await ids()).toContain(b.id) // inside
    expect(((await pub('/content/home')).result.banners as { id: number }[]).map((x) => x.id)).toContain(b.id)
    h.clock.offsetMs = 2.5 * HOUR
    expect(await ids()).not.toContain(b.id) // after
    // open window, then unpublished
    expect((await admin('POST', siteCrudApi('banner').update, { ...b, startAt: null, endAt: null })).body.code).toBe(200)
    expect(await ids()).toContain(b.id)
    expect((await admin('POST', siteCrudApi('banner').status, { id: b.id, published: false })).body.code).toBe(200)
    expect(await ids()).not.toContain(b.id)
    // end before start: 301 endAt, nothing written
    const before = await count('banners')
    const bad = await admin('POST', siteCrudApi('banner').add, { titleZh: 'x', titleEn: 'x', imageUrl: '/static/posters/a.svg', position: 'home', startAt: iso(HOUR), endAt: iso(0) })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'endAt' } })
    const badLink = await admin('POST', siteCrudApi('banner').update, { ...b, linkUrl: 'javascript:alert(1)' })
    expect(badLink.body).toMatchObject({ code: 301, result: { field: 'linkUrl' } })
    expect(await count('banners')).toBe(before)
    // admin list: search, filter, sort, paging
    const list = await admin('GET', `${siteCrudApi('banner').list}?keyword=${encodeURIComponent('限时')}&position=home&sortField=sort&sortOrder=desc&page=1&pageSize=5`)
    expect(list.body.result).toMatchObject({ total: 1, page: 1, pageSize: 5 })
    expect(list.body.result.list[0]).toMatchObject({ id: b.id, published: false, linkUrl: '/activity' })
  })

  it('adverts: four areas, live ones only (window, status), ordered by sort', async () => {
    const now = h.clock.now().getTime()
    const a1 = await add('advert', { area: 'policy', titleZh: '广告一', titleEn: 'Ad one', imageUrl: '/static/posters/a1.svg', sort: 2, published: true })
    const a2 = await add('advert', {
      area: 'policy', titleZh: '广告二', titleEn: 'Ad two', imageUrl: '/static/posters/a2.svg', sort: 1, published: true,
      endAt: new Date(now + HOUR).toISOString(),
    })
    const live = async (area = 'policy') => ((await pub(`${SITE_PUBLIC_API.advertList}?area=${area}`)).result as { id: number }[]).map((x) => x.id)
    const ids = await live()
    expect(ids.indexOf(a2.id)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(a2.id)).toBeLessThan(ids.indexOf(a1.id))
    expect(await live('search')).not.toContain(a1.id)
    h.clock.offsetMs = 2 * HOUR
    expect(await live()).not.toContain(a2.id)
    await admin('POST', siteCrudApi('advert').sort, { id: a1.id, sort: 9 })
    await admin('POST', siteCrudApi('advert').status, { id: a1.id, published: false })
    expect(await live()).not.toContain(a1.id)
    expect((await pub(`${SITE_PUBLIC_API.advertList}?area=nowhere`)).code).toBe(301)
  })

  it('videos: created, edited and unpublished in the admin, seen so by /video/info/list', async () => {
    const v = await add('video', { titleZh: '新视频', titleEn: 'New video', videoUrl: 'https://cdn.example.com/v.mp4', category: 'about', durationSeconds: 90, published: true })
    const list = async () => (await pub('/video/info/list?category=about&pageSize=50')).result.list as { id: number; titleEn: string }[]
    expect((await list()).find((x) => x.id === v.id)).toMatchObject({ titleEn: 'New video' })
    expect((await pub('/content/website')).result.video.id).toBe(v.id) // newest about video
    await admin('POST', siteCrudApi('video').update, { ...v, titleEn: 'Renamed video' })
    expect((await list()).find((x) => x.id === v.id)).toMatchObject({ titleEn: 'Renamed video' })
    await admin('POST', siteCrudApi('video').status, { id: v.id, published: false })
    expect((await list()).find((x) => x.id === v.id)).toBeUndefined()
    const bad = await admin('POST', siteCrudApi('video').add, { titleZh: 'x', titleEn: 'x', videoUrl: 'ftp://x/v.mp4', category: 'about' })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'videoUrl' } })
  })

  it('platforms: website must be http(s) (301, nothing changed); content sanitized; publish toggles the consumer pages', async () => {
    const natureCode = await dictCode('platform_nature')
    const before = await count('platforms')
    const bad = await admin('POST', siteCrudApi('platform').add, { nameZh: '坏平台', nameEn: 'Bad', natureCode, website: 'www.example.com' })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'website' } })
    const badNature = await admin('POST', siteCrudApi('platform').add, { nameZh: '坏平台', nameEn: 'Bad', natureCode: 'no_such_nature' })
    expect(badNature.body).toMatchObject({ code: 301, result: { field: 'natureCode' } })
    expect(await count('platforms')).toBe(before)

    const p = await add('platform', {
      nameZh: '量子研究院', nameEn: 'Quantum Institute Zeta', natureCode, website: 'https://quantum.example.com',
      contentZh: '<p>介绍<script>alert(1)</script><img src="x" onerror="alert(2)"></p>', contentEn: '<a href="javascript:alert(3)">x</a>', published: true,
    })
    const list = await pub('/platform/info/list?keyword=Quantum%20Institute%20Zeta')
    expect(list.result.list.map((x: { id: number }) => x.id)).toContain(p.id)
    const detail = (await pub(`/platform/info/detail?id=${p.id}`)).result
    expect(detail.website).toBe('https://quantum.example.com')
    expect(detail.contentZh).not.toMatch(/script|onerror/i)
    expect(detail.contentEn).not.toMatch(/javascript/i)
    const unchanged = await admin('POST', siteCrudApi('platform').update, { ...p, website: 'javascript:alert(1)' })
    expect(unchanged.body).toMatchObject({ code: 301, result: { field: 'website' } })
    expect((await pub(`/platform/info/detail?id=${p.id}`)).result.website).toBe('https://quantum.example.com')
    await admin('POST', siteCrudApi('platform').status, { id: p.id, published: false })
    expect((await pub(`/platform/info/detail?id=${p.id}`)).code).toBe(302)
  })

  it('roadshow: a project connected to a competition and a BP video, published with records; refs checked', async () => {
    const fieldCode = await dictCode('professional_field')
    const comp = await h.db.selectFrom('competitions').select('id').executeTakeFirst()
    const video = await add('video', { titleZh: 'BP', titleEn: 'BP pitch', videoUrl: '/api/v1/file/bp.mp4', category: 'bp', published: true })
    const opts = (await admin('GET', SITE_ADMIN_API.roadshowOptions)).body.result
    expect(opts.videos.map((x: { id: number }) => x.id)).toContain(video.id)
    expect(opts.fields.length).toBeGreaterThan(0)

    const badRef = await admin('POST', siteCrudApi('roadshow').add, { kind: 'project', titleZh: 'x', titleEn: 'x', fieldCode, bpVideoId: 999999 })
    expect(badRef.body).toMatchObject({ code: 301, result: { field: 'bpVideoId' } })
    const p = await add('roadshow', {
      kind: 'project', titleZh: '路演项目新', titleEn: 'Roadshow Project Novo', fieldCode, summaryEn: 'Summary',
      competitionId: comp?.id ?? null, bpVideoId: video.id, contentEn: '<h2>Plan</h2><script>x()</script>',
    })
    expect(p.published).toBe(false)
    const inList = async () => ((await pub('/roadshow/project/list?pageSize=50&keyword=Roadshow%20Project')).result.list as { id: number }[]).some((x) => x.id === p.id)
    expect(await inList()).toBe(false) // draft
    const published = (await admin('POST', siteCrudApi('roadshow').status, { id: p.id, published: true })).body.result
    expect(published.publishedAt).toBeTruthy()
    expect(await inList()).toBe(true)
    const rec = await add('roadshowRecord', { projectId: p.id, titleZh: '第一场', titleEn: 'Session one', heldAt: '2026-10-01T09:00:00.000+08:00', cityEn: 'Suzhou' })
    expect(rec.heldAt).toBe('2026-10-01T01:00:00.000Z')
    const detail = (await pub(`/roadshow/project/detail?id=${p.id}`)).result
    expect(detail.bpVideo.id).toBe(video.id)
    expect(detail.contentEn).toBe('<h2>Plan</h2>')
    expect(detail.records.map((r: { id: number }) => r.id)).toEqual([rec.id])
    expect(((await pub(`/roadshow/record/list?projectId=${p.id}`)).result.list as { titleEn: string }[])[0].titleEn).toBe('Session one')
    const records = (await admin('GET', `${siteCrudApi('roadshowRecord').list}?projectId=${p.id}`)).body.result
    expect(records.total).toBe(1)
    expect((await admin('GET', `${siteCrudApi('roadshow').list}?keyword=Novo`)).body.result.list[0]).toMatchObject({ id: p.id, recordCount: 1 })
    const badProject = await admin('POST', siteCrudApi('roadshowRecord').add, { projectId: 999999, titleZh: 'x', titleEn: 'x', heldAt: '2026-10-01T00:00:00.000Z' })
    expect(badProject.body).toMatchObject({ code: 301, result: { field: 'projectId' } })
    await admin('POST', siteCrudApi('roadshow').update, { ...p, titleEn: 'Roadshow Project Nova' })
    expect((await pub(`/roadshow/project/detail?id=${p.id}`)).result.titleEn).toBe('Roadshow Project Nova')
    expect((await admin('POST', siteCrudApi('roadshow').delete, { id: p.id })).body.code).toBe(200)
    expect((await pub(`/roadshow/project/detail?id=${p.id}`)).code).toBe(302)
  })

  it('cases and partners: consumer reads follow the admin; rich content sanitized; partner website checked', async () => {
    const c = await add('case', { titleZh: '案例', titleEn: 'A case', contentEn: '<p onclick="x()">ok<iframe src="https://evil"></iframe></p>', published: true })
    const d = (await pub(`${SITE_PUBLIC_API.caseDetail}?id=${c.id}`)).result
    expect(d.contentEn).toBe('<p>ok</p>')
    expect((await pub(SITE_PUBLIC_API.caseList)).result.list.map((x: { id: number }) => x.id)).toContain(c.id)
    await admin('POST', siteCrudApi('case').status, { id: c.id, published: false })
    expect((await pub(`${SITE_PUBLIC_API.caseDetail}?id=${c.id}`)).code).toBe(302)

    const before = await count('site_partners')
    expect((await admin('POST', siteCrudApi('partner').add, { nameZh: '伙伴', nameEn: 'Partner', website: 'ftp://x.org' })).body).toMatchObject({ code: 301, result: { field: 'website' } })
    expect(await count('site_partners')).toBe(before)
    const p = await add('partner', { nameZh: '伙伴', nameEn: 'Partner X', website: 'http://partner.example.org', published: true })
    const names = async () => ((await pub(`${SITE_PUBLIC_API.partnerList}?pageSize=100`)).result.list as { nameEn: string }[]).map((x) => x.nameEn)
    expect(await names()).toContain('Partner X')
    await admin('POST', siteCrudApi('partner').delete, { id: p.id })
    expect(await names()).not.toContain('Partner X')
    expect((await admin('POST', siteCrudApi('partner').delete, { id: p.id })).body.code).toBe(302)
  })

  it('rich content: about page and returning-home services written back sanitized; a bad swiper image changes nothing', async () => {
    const doc = (await admin('GET', SITE_ADMIN_API.website)).body.result
    const save = await admin('POST', SITE_ADMIN_API.websiteUpdate, {
      ...doc,
      introEn: '<h2>About</h2><script>steal()</script><p style="x" onmouseover="y()">Hi</p>',
      timeline: [{ year: '2027', titleZh: '新里程碑', titleEn: '<b>Milestone</b>', textZh: '', textEn: 'Text' }, ...doc.timeline],
    })
    expect(save.body.code).toBe(200)
    const site = (await pub('/content/website')).result
    expect(site.introEn).toBe('<h2>About</h2><p>Hi</p>')
    expect(site.timeline[0]).toMatchObject({ year: '2027', titleEn: 'Milestone' })
    const bad = await admin('POST', SITE_ADMIN_API.websiteUpdate, { ...doc, introEn: 'changed', swiper: [{ imageUrl: 'javascript:alert(1)' }] })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'swiper.0.imageUrl' } })
    expect((await pub('/content/website')).result.introEn).toBe('<h2>About</h2><p>Hi</p>')

    const services = (await admin('GET', SITE_ADMIN_API.repatriation)).body.result as Array<Record<string, unknown>>
    expect(services.length).toBeGreaterThan(0)
    services[0] = { ...services[0], titleEn: 'Tech transfer', stepsEn: ['One', '<i>Two</i>'] }
    expect((await admin('POST', SITE_ADMIN_API.repatriationUpdate, { services })).body.code).toBe(200)
    expect((await pub('/content/repatriation')).result[0]).toMatchObject({ titleEn: 'Tech transfer', stepsEn: ['One', 'Two'] })
  })

  it('organizer, kefu and consumer are refused (HTTP 403, code 402) on every site admin route and nothing changes', async () => {
    const snapshot = async () => Promise.all((['banners', 'site_adverts', 'site_cases', 'site_partners', 'videos', 'platforms', 'roadshow_projects', 'roadshow_records'] as const).map(count))
    const before = await snapshot()
    const siteDoc = await pub('/content/website')
    const routes = h.app.routeAccess.filter((r) => typeof r.auth === 'object' && r.auth.menu.startsWith('cms/') && r.url.includes('/cms/') && /cms\/(banner|advert|rich|video|case|partner|platform|roadshow)/.test(r.auth.menu))
    expect(routes.length).toBeGreaterThanOrEqual(8 * 4)
    for (const r of routes) {
      for (const [who, token] of Object.entries(others)) {
        const res = await h.api(r.method as 'GET' | 'POST', r.url.replace(/^\/api\/v1/, ''), { token, body: r.method === 'POST' ? { id: 1, published: false, sort: 1, introEn: 'x', timeline: [], swiper: [], introZh: 'x' } : undefined })
        expect({ who, url: r.url, status: res.status, code: res.body.code }).toEqual({ who, url: r.url, status: 403, code: 402 })
      }
      // operations may call every one of them (a read answers 200; a write with a dummy body never 401/403)
      const res = await h.api(r.method as 'GET' | 'POST', r.url.replace(/^\/api\/v1/, ''), { token: ops, body: r.method === 'POST' ? {} : undefined })
      expect(res.status).toBe(200)
    }
    expect(await snapshot()).toEqual(before)
    expect((await pub('/content/website')).result).toEqual(siteDoc.result)
  })
})
