/**
 * Every public list (filters, paging, order) and detail (and 302 when missing).
 */
import { describeEachDb, type Harness } from './harness'
import { SITE_SETTINGS } from '../../server/src/db/seed/base-data'

const ids = (r: any) => r.body.result.list.map((x: any) => x.id)

describeEachDb('public lists and details', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })
  const list = async (url: string) => {
    const r = await h.api('GET', url)
    expect(r.body.code).toBe(200)
    return r.body.result
  }

  it('the seed is rich: 60+ published activities over 8+ countries and 5+ time zones, all types, past/running/upcoming', async () => {
    const all = await list('/activity/info/list?pageSize=50')
    expect(all.total).toBeGreaterThanOrEqual(60)
    const p2 = await list('/activity/info/list?pageSize=50&page=2')
    const items = [...all.list, ...p2.list]
    expect(items).toHaveLength(all.total)
    expect(new Set(items.map((a: any) => a.country)).size).toBeGreaterThanOrEqual(8)
    expect(new Set(items.map((a: any) => a.timeZone)).size).toBeGreaterThanOrEqual(8)
    expect(new Set(items.map((a: any) => a.type))).toEqual(new Set(['online', 'offline', 'both']))
    expect(new Set(items.map((a: any) => a.status))).toEqual(new Set(['upcoming', 'running', 'ended']))
    expect(items.every((a: any) => /^[A-Z]{2}$/.test(a.country))).toBe(true)
    expect(items.filter((a: any) => a.isHot).length).toBeGreaterThanOrEqual(5)
    expect((await list('/topic/info/list')).total).toBeGreaterThanOrEqual(20)
    expect((await list('/information/info/list')).total).toBeGreaterThanOrEqual(20)
    expect((await list('/policy/info/list')).total).toBeGreaterThanOrEqual(20)
    expect((await list('/sponsor/info/list')).total).toBeGreaterThanOrEqual(10)
    expect((await list('/platform/info/list')).total).toBeGreaterThanOrEqual(8)
    expect((await list('/job/info/list')).total).toBeGreaterThanOrEqual(30)
    expect((await list('/roadshow/project/list')).total).toBeGreaterThanOrEqual(12)
    expect((await list('/competition/info/list')).total).toBe(3)
    expect((await list('/talent/info/list')).total).toBeGreaterThanOrEqual(8)
    expect((await list('/project/org/list')).total).toBeGreaterThanOrEqual(6)
  })

  it('activity list: default order is not-ended soonest first, then ended latest first; pages are consistent', async () => {
    const now = h.clock.now().toISOString()
    const a = await list('/activity/info/list?pageSize=50')
    const b = await list('/activity/info/list?pageSize=50&page=2')
    const items = [...a.list, ...b.list]
    const open = items.filter((x: any) => x.endTime > now)
    const ended = items.filter((x: any) => x.endTime <= now)
    expect(items.slice(0, open.length)).toEqual(open)
    expect(open.map((x: any) => x.startTime)).toEqual(open.map((x: any) => x.startTime).sort())
    expect(ended.map((x: any) => x.startTime)).toEqual(ended.map((x: any) => x.startTime).sort().reverse())
    // a page that straddles the open/ended boundary
    const p = Math.floor(open.length / 7) + 1
    const straddle = await list(`/activity/info/list?pageSize=7&page=${p}`)
    expect(straddle.list.map((x: any) => x.id)).toEqual(items.slice((p - 1) * 7, p * 7).map((x: any) => x.id))
    expect(straddle).toMatchObject({ page: p, pageSize: 7, total: items.length })
    const beyond = await list('/activity/info/list?pageSize=20&page=50')
    expect(beyond.list).toEqual([])
  })

  it('activity list filters: status (computed from the clock), type, country, category, organizer, hot, keyword', async () => {
    const now = h.clock.now().toISOString()
    const up = await list('/activity/info/list?status=upcoming&pageSize=50')
    expect(up.total).toBeGreaterThan(10)
    expect(up.list.every((x: any) => x.startTime > now && x.status === 'upcoming')).toBe(true)
    expect(up.list.map((x: any) => x.startTime)).toEqual(up.list.map((x: any) => x.startTime).sort())
    const running = await list('/activity/info/list?status=running')
    expect(running.total).toBeGreaterThanOrEqual(3)
    expect(running.list.every((x: any) => x.startTime <= now && x.endTime > now && x.status === 'running')).toBe(true)
    const ended = await list('/activity/info/list?status=ended&pageSize=50')
    expect(ended.list.every((x: any) => x.endTime <= now && x.status === 'ended')).toBe(true)
    expect(ended.list.map((x: any) => x.startTime)).toEqual(ended.list.map((x: any) => x.startTime).sort().reverse())
    const all = await list('/activity/info/list?pageSize=1')
    expect(up.total + running.total + ended.total).toBe(all.total)

    for (const type of ['online', 'offline', 'both']) {
      const r = await list(`/activity/info/list?type=${type}&pageSize=50`)
      expect(r.total).toBeGreaterThan(0)
      expect(r.list.every((x: any) => x.type === type)).toBe(true)
    }
    const us = await list('/activity/info/list?country=US&pageSize=50')
    expect(us.total).toBeGreaterThanOrEqual(3)
    expect(us.list.every((x: any) => x.country === 'US')).toBe(true)
    const cat = await list('/activity/info/list?categoryCode=roadshow&pageSize=50')
    expect(cat.total).toBeGreaterThan(0)
    expect(cat.list.every((x: any) => x.categories.some((c: any) => c.code === 'roadshow' && c.nameZh === '项目路演'))).toBe(true)
    const org = cat.list[0].organizerId
    const byOrg = await list(`/activity/info/list?organizerId=${org}&pageSize=50`)
    expect(byOrg.list.every((x: any) => x.organizerId === org)).toBe(true)
    const hot = await list('/activity/info/list?isHot=true&pageSize=50')
    expect(hot.total).toBeGreaterThan(0)
    expect(hot.list.every((x: any) => x.isHot)).toBe(true)
    const combined = await list('/activity/info/list?status=upcoming&type=online&country=CN')
    expect(combined.list.every((x: any) => x.status === 'upcoming' && x.type === 'online' && x.country === 'CN')).toBe(true)
    const kw = await list('/activity/info/list?keyword=Melbourne&pageSize=50')
    expect(kw.total).toBeGreaterThan(0)
    expect(kw.list.every((x: any) => `${x.titleEn} ${x.summaryEn}`.includes('Melbourne'))).toBe(true)

    // moving the clock moves the computed status
    const first = up.list[0]
    h.clock.advance(Date.parse(first.endTime) - Date.now() + 60_000)
    try {
      const later = await list('/activity/info/list?status=ended&pageSize=50')
      expect(later.total).toBeGreaterThan(ended.total)
      expect(later.list.some((x: any) => x.id === first.id)).toBe(true)
    } finally {
      h.clock.offsetMs = 0
    }
  })

  it('bad list input is 301 naming the field', async () => {
    for (const [url, field] of [
      ['/activity/info/list?pageSize=51', 'pageSize'],
      ['/activity/info/list?status=soon', 'status'],
      ['/activity/info/list?type=video', 'type'],
      ['/activity/info/list?organizerId=x', 'organizerId'],
      ['/policy/info/list?level=galactic', 'level'],
      ['/sponsor/info/list?kind=person', 'kind'],
      ['/job/info/list?kind=gig', 'kind'],
      ['/search/all', 'keywords'],
      ['/search/all?keywords=a&module=people', 'module'],
    ]) {
      const r = await h.api('GET', url)
      expect([url, r.body.code, r.body.result]).toEqual([url, 301, { field }])
    }
  })

  it('activity detail: every field, categories, addresses, view count; 302 for missing and draft', async () => {
    const one = (await list('/activity/info/list?type=both&status=upcoming&pageSize=50')).list[0]
    const r = await h.api('GET', `/activity/info/detail?id=${one.id}`)
    const d = r.body.result
    expect(d).toMatchObject({ ...one, viewCount: one.viewCount + 1 })
    expect(d.liveUrl).toMatch(/^https:\/\//)
    expect(d.liveQrUrl).toMatch(/^\/static\/posters\/.+\.svg$/)
    expect(d.wechatGroupQrUrl).toMatch(/^\/static\/posters\/.+\.svg$/)
    expect(d.bannerUrl).toMatch(/\.svg$/)
    expect(d.highlightsZh.length).toBeGreaterThan(0)
    expect(d.highlightsEn).toHaveLength(d.highlightsZh.length)
    expect(d.detailZh).toContain('<p>')
    expect(d.addresses[0]).toMatchObject({ country: one.country, timeZone: one.timeZone, countryNameZh: expect.any(String), countryNameEn: expect.any(String) })
    expect(d.addresses[0].countryNameEn).not.toBe(one.country)
    expect(typeof d.isOpen).toBe('boolean')
    expect(d.enrollState).toBeDefined()
    const again = await h.api('GET', `/activity/info/detail?id=${one.id}`)
    expect(again.body.result.viewCount).toBe(d.viewCount + 1)
    // the foundation's activities were enriched too
    const foundation = await h.db.selectFrom('activities').select('id').where('title_zh', '=', '深圳湾科技成果转化路演').executeTakeFirstOrThrow()
    const f = (await h.api('GET', `/activity/info/detail?id=${foundation.id}`)).body.result
    expect(f.country).toBe('CN')
    expect(f.categories.length).toBeGreaterThan(0)
    expect(f.addresses).toHaveLength(1)
    const draft = await h.db.selectFrom('activities').select('id').where('status', '=', 'draft').executeTakeFirstOrThrow()
    expect((await h.api('GET', `/activity/info/detail?id=${draft.id}`)).body.code).toBe(302)
    expect((await h.api('GET', '/activity/info/detail?id=999999')).body.code).toBe(302)
    expect((await h.api('GET', '/activity/category/list')).body.result.length).toBe(8)
    const countries = (await h.api('GET', '/activity/country/list')).body.result
    expect(countries.length).toBeGreaterThanOrEqual(8)
    expect(countries.find((c: any) => c.code === 'JP')).toEqual({ code: 'JP', nameZh: '日本', nameEn: 'Japan' })
  })

  it('topics: newest first, paging, keyword; detail with linked activities and information', async () => {
    const all = await list('/topic/info/list?pageSize=50')
    expect(all.list.map((t: any) => t.publishedAt)).toEqual(all.list.map((t: any) => t.publishedAt).sort().reverse())
    const p2 = await list('/topic/info/list?pageSize=5&page=2')
    expect(p2.list.map((t: any) => t.id)).toEqual(all.list.slice(5, 10).map((t: any) => t.id))
    const kw = await list('/topic/info/list?keyword=' + encodeURIComponent('大湾区'))
    expect(kw.list.map((t: any) => t.titleZh)).toContain('粤港澳大湾区人才机遇')
    const d = (await h.api('GET', `/topic/info/detail?id=${all.list[0].id}`)).body.result
    expect(d).toMatchObject({ id: all.list[0].id, contentZh: expect.stringContaining('<p>'), viewCount: all.list[0].viewCount + 1 })
    expect(d.activities.length).toBeGreaterThan(0)
    expect(d.information.length).toBe(3)
    expect(d.activities[0]).toHaveProperty('categories')
    expect((await h.api('GET', '/topic/info/detail?id=99999')).body.code).toBe(302)
  })

  it('information: category filter, keyword, detail', async () => {
    const news = await list('/information/info/list?categoryCode=news&pageSize=50')
    expect(news.total).toBeGreaterThan(2)
    expect(news.list.every((i: any) => i.category?.code === 'news' && i.category.nameEn === 'News')).toBe(true)
    const cats = (await h.api('GET', '/information/category/list')).body.result
    expect(cats.map((c: any) => c.code)).toEqual(['news', 'policy_reading', 'career', 'startup', 'study_abroad'])
    let sum = 0
    for (const c of cats) sum += (await list(`/information/info/list?categoryCode=${c.code}`)).total
    expect(sum).toBe((await list('/information/info/list')).total)
    const d = (await h.api('GET', `/information/info/detail?id=${news.list[0].id}`)).body.result
    expect(d).toMatchObject({ sourceZh: expect.any(String), sourceEn: expect.any(String), contentEn: expect.stringContaining('<p>') })
    expect((await h.api('GET', '/information/info/detail?id=99999')).body.code).toBe(302)
  })

  it('policies: level and category filters, detail with rules; match options', async () => {
    const national = await list('/policy/info/list?level=national&pageSize=50')
    expect(national.total).toBeGreaterThan(2)
    expect(national.list.every((p: any) => p.level === 'national')).toBe(true)
    const housing = await list('/policy/info/list?categoryCode=housing&pageSize=50')
    expect(housing.list.every((p: any) => p.category.code === 'housing')).toBe(true)
    const d = (await h.api('GET', `/policy/info/detail?id=${housing.list[0].id}`)).body.result
    expect(d.rules.length).toBeGreaterThan(0)
    expect(d.rules[0]).toMatchObject({ policyId: d.id, cities: expect.any(Array), foreignDescent: expect.stringMatching(/any|chinese_only|foreign_descent_allowed/) })
    expect((await h.api('GET', '/policy/info/detail?id=99999')).body.code).toBe(302)
    const o = (await h.api('GET', '/policy/match/options')).body.result
    expect(o.degrees.map((x: any) => x.code)).toEqual(['bachelor', 'master', 'doctor'])
    expect(o.cities.length).toBeGreaterThanOrEqual(10)
    expect(o.titles.length).toBe(5)
    expect(o.platformNatures.length).toBe(6)
    expect(o.professionalFields.length).toBe(10)
  })

  it('sponsors: kind and premium filters, activity counts; detail with activities and followed', async () => {
    const places = await list('/sponsor/info/list?kind=place&pageSize=50')
    expect(places.total).toBeGreaterThanOrEqual(5)
    expect(places.list.every((s: any) => s.kind === 'place')).toBe(true)
    const premium = await list('/sponsor/info/list?kind=place&premium=true&pageSize=50')
    expect(premium.total).toBeGreaterThanOrEqual(3)
    expect(premium.total).toBeLessThan(places.total)
    expect(premium.list.every((s: any) => s.isPremium)).toBe(true)
    const organizers = await list('/sponsor/info/list?kind=organizer&pageSize=50')
    expect(organizers.list.every((s: any) => s.kind === 'organizer')).toBe(true)
    expect(organizers.list.some((s: any) => s.nameZh === '活动运营部')).toBe(false) // departments are not sponsors
    const busy = organizers.list.find((s: any) => s.activityCount > 0)
    const d = (await h.api('GET', `/sponsor/info/detail?id=${busy.id}`)).body.result
    expect(d.activities.length).toBe(Math.min(20, busy.activityCount))
    expect(d.activities.every((a: any) => a.organizerId === busy.id)).toBe(true)
    expect(d.followed).toBe(false)
    const token = await h.login('user@haijiao.demo')
    const user = await h.db.selectFrom('users').select('id').where('email', '=', 'user@haijiao.demo').executeTakeFirstOrThrow()
    await h.db.insertInto('organizer_follows').values({ user_id: user.id, organization_id: busy.id, created_at: new Date().toISOString() }).execute()
    expect((await h.api('GET', `/sponsor/info/detail?id=${busy.id}`, { token })).body.result.followed).toBe(true)
    expect((await h.api('GET', `/sponsor/info/detail?id=${busy.id}`)).body.result.followed).toBe(false)
    const dept = await h.db.selectFrom('organizations').select('id').where('pid', '!=', 0).executeTakeFirstOrThrow()
    expect((await h.api('GET', `/sponsor/info/detail?id=${dept.id}`)).body.code).toBe(302)
  })

  it('platforms and jobs: nature, kind, platform and city filters; detail with jobs', async () => {
    const unis = await list('/platform/info/list?natureCode=university')
    expect(unis.total).toBe(3)
    expect(unis.list.every((p: any) => p.nature.code === 'university' && p.jobCount === 4)).toBe(true)
    const d = (await h.api('GET', `/platform/info/detail?id=${unis.list[0].id}`)).body.result
    expect(d.jobs).toHaveLength(4)
    expect(d.jobs.every((j: any) => j.kind === 'college' && j.platformId === d.id)).toBe(true)
    const college = await list('/job/info/list?kind=college&pageSize=50')
    const enterprise = await list('/job/info/list?kind=enterprise&pageSize=50')
    expect(college.total).toBeGreaterThan(0)
    expect(enterprise.total).toBeGreaterThan(0)
    expect(college.total + enterprise.total).toBe((await list('/job/info/list')).total)
    expect(enterprise.list.every((j: any) => j.kind === 'enterprise')).toBe(true)
    const sh = await list('/job/info/list?city=Shanghai&pageSize=50')
    expect(sh.total).toBeGreaterThan(0)
    expect(sh.list.every((j: any) => j.cityEn === 'Shanghai')).toBe(true)
    const byPlatform = await list(`/job/info/list?platformId=${d.id}`)
    expect(ids({ body: { result: byPlatform } }).sort()).toEqual(d.jobs.map((j: any) => j.id).sort())
    expect((await h.api('GET', '/platform/info/detail?id=99999')).body.code).toBe(302)
  })

  it('roadshows: projects/resources, field filter, detail with BP video and records; records and videos lists', async () => {
    const projects = await list('/roadshow/project/list?kind=project&pageSize=50')
    const resources = await list('/roadshow/project/list?kind=resource&pageSize=50')
    expect(projects.total).toBeGreaterThanOrEqual(8)
    expect(resources.total).toBeGreaterThanOrEqual(4)
    expect(resources.list.every((p: any) => p.kind === 'resource')).toBe(true)
    const bio = await list('/roadshow/project/list?fieldCode=biomed')
    expect(bio.list.every((p: any) => p.field.code === 'biomed' && p.field.nameZh === '生物医药')).toBe(true)
    const d = (await h.api('GET', `/roadshow/project/detail?id=${projects.list[0].id}`)).body.result
    expect(d.bpVideo).toMatchObject({ category: 'bp', videoUrl: expect.any(String) })
    expect(d.records.length).toBe(2)
    expect(d.records.every((r: any) => r.projectId === d.id)).toBe(true)
    const records = await list(`/roadshow/record/list?projectId=${d.id}`)
    expect(records.total).toBe(2)
    const all = await list('/roadshow/record/list?pageSize=50')
    expect(all.list.map((r: any) => r.heldAt)).toEqual(all.list.map((r: any) => r.heldAt).sort().reverse())
    const bp = await list('/video/info/list?category=bp')
    expect(bp.total).toBe(6)
    expect((await list('/video/info/list?category=about')).total).toBe(1)
    expect((await h.api('GET', '/roadshow/project/detail?id=99999')).body.code).toBe(302)
  })

  it('competitions, talents, organisation projects', async () => {
    const comps = await list('/competition/info/list')
    const c = (await h.api('GET', `/competition/info/detail?id=${comps.list[0].id}`)).body.result
    expect(c.banners).toHaveLength(3)
    expect(c.activities.length).toBe(2)
    expect(Array.isArray(c.projects)).toBe(true)
    const withProjects = await Promise.all(comps.list.map((x: any) => h.api('GET', `/competition/info/detail?id=${x.id}`)))
    expect(withProjects.some((r) => r.body.result.projects.length > 0)).toBe(true)
    expect((await h.api('GET', '/competition/info/detail?id=99999')).body.code).toBe(302)

    const talents = await list('/talent/info/list?pageSize=50')
    expect(talents.list[0]).toMatchObject({ field: { code: expect.any(String) }, countryNameEn: expect.any(String), degree: expect.any(String) })
    const ai = await list('/talent/info/list?fieldCode=ai')
    expect(ai.list.every((t: any) => t.field.code === 'ai')).toBe(true)
    const t = (await h.api('GET', `/talent/info/detail?id=${talents.list[0].id}`)).body.result
    expect(t.achievementsZh.length).toBeGreaterThan(0)
    expect((await h.api('GET', '/talent/info/detail?id=99999')).body.code).toBe(302)

    const projects = await list('/project/org/list?pageSize=50')
    const org = projects.list[0].organizationId
    const mine = await list(`/project/org/list?organizationId=${org}`)
    expect(mine.list.every((p: any) => p.organizationId === org)).toBe(true)
    const p = (await h.api('GET', `/project/org/detail?id=${projects.list[0].id}`)).body.result
    expect(p.requirements.length).toBeGreaterThanOrEqual(2)
    expect((await h.api('GET', '/project/org/detail?id=99999')).body.code).toBe(302)
  })

  it('home, banners, website, repatriation, site settings; hot search points at real items', async () => {
    const home = (await h.api('GET', '/content/home')).body.result
    for (const k of ['banners', 'hotActivities', 'upcomingActivities', 'topics', 'information', 'policies', 'places']) {
      expect([k, home[k].length > 0]).toEqual([k, true])
    }
    expect(home.hotActivities.every((a: any) => a.isHot)).toBe(true)
    expect(home.upcomingActivities.every((a: any) => a.status === 'upcoming')).toBe(true)
    expect(home.places.every((s: any) => s.kind === 'place')).toBe(true)
    const banners = (await h.api('GET', '/content/banner/list?position=roadshow')).body.result
    expect(banners.length).toBe(2)
    expect(banners.every((b: any) => b.position === 'roadshow')).toBe(true)
    const site = (await h.api('GET', '/content/website')).body.result
    expect(site.timeline.length).toBeGreaterThanOrEqual(6)
    expect(site.swiper.length).toBeGreaterThan(0)
    expect(site.video).toMatchObject({ category: 'about' })
    const services = (await h.api('GET', '/content/repatriation')).body.result
    expect(services.map((s: any) => s.code)).toEqual(['achievement_transform', 'apply_job', 'entrepreneurship'])
    const settings = (await h.api('GET', '/system/setting/site')).body.result
    expect(settings).toMatchObject({ phone: SITE_SETTINGS.phone, icpUrl: expect.stringMatching(/^https:/), wechatQrUrl: expect.any(String) })
    expect(settings.social.map((s: any) => s.code)).toEqual(['wechat', 'weibo', 'linkedin', 'douyin'])

    const hot = (await h.api('GET', '/system/search/list/index/hot_search')).body.result
    for (const item of hot) {
      const url = { topic: '/topic/info/detail', policy: '/policy/info/detail', place: '/sponsor/info/detail' }[item.searchModuleCode as 'topic']
      const d = await h.api('GET', `${url}?id=${item.relationId}`)
      expect([item.title, d.body.code]).toEqual([item.title, 200])
      const name = d.body.result.titleZh ?? d.body.result.nameZh
      expect(item.title.startsWith(name)).toBe(true)
      if (item.searchModuleCode === 'place') expect(d.body.result.kind).toBe('place')
    }
  })
})
