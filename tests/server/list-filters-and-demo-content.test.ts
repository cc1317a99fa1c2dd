/**
 * List filters and demo content on SQLite and PostgreSQL: the filter endpoints of the list pages (policy
 * categories, roadshow fields, platform job zones), seeded bodies that do not repeat their summaries,
 * the repair of databases seeded by the older generator, the demo video file, and the generated images.
 */
import { sql } from 'kysely'
import { describeEachDb, type Harness } from './harness'
import { REPAIR_MARK, repairEmptyVideos, repairGeneratedContent, withoutRepeatedSummary } from '../../server/src/db/seed/content-repairs'
import { posterDrawing, posterKind, posterSvg, slugLabel, wrapLabel } from '../../server/src/modules/asset/poster'
import { COLLEGE_PLATFORM_NATURES } from '@contracts/platform'

const stripTags = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()

describeEachDb('list filters and demo content', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })
  const ok = async (url: string) => {
    const r = await h.api('GET', url)
    expect(r.body.code).toBe(200)
    return r.body.result
  }
  const allPages = async (url: string) => {
    const out: any[] = []
    for (let p = 1; p < 30; p++) {
      const r = await ok(`${url}${url.includes('?') ? '&' : '?'}page=${p}&pageSize=50`)
      out.push(...r.list)
      if (out.length >= r.total || !r.list.length) break
    }
    return out
  }

  it('GET /policy/category/list answers the dictionary categories, and each filters the policy list to its policies', async () => {
    const cats = await ok('/policy/category/list')
    expect(cats.length).toBeGreaterThanOrEqual(3)
    for (const c of cats) expect(c).toEqual({ code: expect.any(String), nameZh: expect.stringMatching(/[\u4e00-\u9fff]/), nameEn: expect.stringMatching(/[A-Za-z]/) })
    const all = await allPages('/policy/info/list')
    let covered = 0
    for (const c of cats) {
      const list = await allPages(`/policy/info/list?categoryCode=${c.code}`)
      expect(list.map((p) => p.id).sort()).toEqual(all.filter((p) => p.category?.code === c.code).map((p) => p.id).sort())
      covered += list.length
    }
    // every seeded policy belongs to a listed category: the chips reach them all
    expect(covered).toBe(all.length)
  })

  it('GET /roadshow/field/list answers the fields the published projects use, per kind, and each filters the projects', async () => {
    const dict = (await ok('/policy/match/options')).professionalFields as { code: string }[]
    for (const kind of ['project', 'resource']) {
      const fields = await ok(`/roadshow/field/list?kind=${kind}`)
      const projects = await allPages(`/roadshow/project/list?kind=${kind}`)
      const used = new Set(projects.map((p) => p.field?.code).filter(Boolean))
      expect(new Set(fields.map((f: any) => f.code))).toEqual(used)
      // in dictionary order
      const order = dict.map((d) => d.code).filter((c) => used.has(c))
      expect(fields.map((f: any) => f.code)).toEqual(order)
      for (const f of fields) {
        expect(f.nameZh).toBeTruthy()
        expect(f.nameEn).toBeTruthy()
        const list = await allPages(`/roadshow/project/list?kind=${kind}&fieldCode=${f.code}`)
        expect(list.length).toBeGreaterThan(0)
        expect(list.every((p) => p.field.code === f.code && p.kind === kind)).toBe(true)
      }
    }
    const both = await ok('/roadshow/field/list')
    expect(both.length).toBeGreaterThanOrEqual((await ok('/roadshow/field/list?kind=project')).length)
    const bad = await h.api('GET', '/roadshow/field/list?kind=nonsense')
    expect(bad.body.code).not.toBe(200)
  })

  it('GET /platform/info/list?kind= splits the platforms into the college and enterprise job zones', async () => {
    const all = await allPages('/platform/info/list')
    const college = await allPages('/platform/info/list?kind=college')
    const enterprise = await allPages('/platform/info/list?kind=enterprise')
    expect(college.length).toBeGreaterThan(0)
    expect(enterprise.length).toBeGreaterThan(0)
    expect(college.every((p) => (COLLEGE_PLATFORM_NATURES as readonly string[]).includes(p.nature.code))).toBe(true)
    expect(enterprise.every((p) => !(COLLEGE_PLATFORM_NATURES as readonly string[]).includes(p.nature.code))).toBe(true)
    expect([...college, ...enterprise].map((p) => p.id).sort()).toEqual(all.map((p) => p.id).sort())
    // the zone's platforms are the ones whose jobs are in that zone
    for (const p of college) if (p.jobCount > 0) expect((await ok(`/job/info/list?platformId=${p.id}`)).list.every((j: any) => j.kind === 'college')).toBe(true)
    for (const p of enterprise) if (p.jobCount > 0) expect((await ok(`/job/info/list?platformId=${p.id}`)).list.every((j: any) => j.kind === 'enterprise')).toBe(true)
    const r = await h.api('GET', '/platform/info/list?kind=hospital')
    expect(r.body.code).not.toBe(200)
  })

  it('no seeded detail body repeats its summary', async () => {
    const checks: Array<[string, (id: number) => string, string, string]> = [
      ['/activity/info/list', (id) => `/activity/info/detail?id=${id}`, 'summary', 'detail'],
      ['/topic/info/list', (id) => `/topic/info/detail?id=${id}`, 'summary', 'content'],
      ['/information/info/list', (id) => `/information/info/detail?id=${id}`, 'summary', 'content'],
      ['/policy/info/list', (id) => `/policy/info/detail?id=${id}`, 'summary', 'content'],
      ['/roadshow/project/list', (id) => `/roadshow/project/detail?id=${id}`, 'summary', 'content'],
      ['/project/org/list', (id) => `/project/org/detail?id=${id}`, 'summary', 'content'],
      ['/platform/info/list', (id) => `/platform/info/detail?id=${id}`, 'intro', 'content'],
    ]
    let n = 0
    for (const [listUrl, detailUrl, s, b] of checks) {
      const items = (await ok(`${listUrl}?page=1&pageSize=12`)).list
      expect(items.length).toBeGreaterThan(0)
      for (const it of items) {
        const d = await ok(detailUrl(it.id))
        for (const lang of ['Zh', 'En']) {
          const summary = (d[`${s}${lang}`] || '').trim()
          const body = stripTags(d[`${b}${lang}`] || '')
          expect(body.length).toBeGreaterThan(20)
          if (summary) expect({ url: detailUrl(it.id), lang, repeats: body.includes(summary) }).toEqual({ url: detailUrl(it.id), lang, repeats: false })
          n++
        }
      }
    }
    expect(n).toBeGreaterThan(100)
  })

  it('the repair strips a summary the older generator put at the head of a body, once', async () => {
    const row = await h.db.selectFrom('information').select(['id', 'summary_zh', 'content_zh', 'summary_en', 'content_en']).orderBy('id').executeTakeFirstOrThrow()
    const old = `<p>${row.summary_zh}</p>${row.content_zh}`
    await h.db.updateTable('information').set({ content_zh: old, content_en: `${row.summary_en}\n\n${row.content_en}` }).where('id', '=', row.id).execute()
    const counts: Record<string, number> = {}
    const bump = (k: string) => (counts[k] = (counts[k] ?? 0) + 1)
    // the seed at start marked this database as repaired: nothing is rewritten at a restart…
    await repairGeneratedContent(h.db, bump)
    expect(counts).toEqual({})
    expect((await h.db.selectFrom('information').select('content_zh').where('id', '=', row.id).executeTakeFirstOrThrow()).content_zh).toBe(old)
    // …while a database from before the repair (no mark) is repaired once
    await h.db.deleteFrom('seed_marks').where('name', '=', REPAIR_MARK).execute()
    await repairGeneratedContent(h.db, bump)
    expect(counts.bodiesWithoutSummary).toBe(2)
    const after = await h.db.selectFrom('information').select(['content_zh', 'content_en']).where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(after).toEqual({ content_zh: row.content_zh, content_en: row.content_en })
    await h.db.updateTable('information').set({ content_zh: old }).where('id', '=', row.id).execute()
    const again: Record<string, number> = {}
    await repairGeneratedContent(h.db, (k) => (again[k] = (again[k] ?? 0) + 1))
    expect(again).toEqual({})
    expect((await h.db.selectFrom('information').select('content_zh').where('id', '=', row.id).executeTakeFirstOrThrow()).content_zh).toBe(old)
    expect(withoutRepeatedSummary('abc', '<p>abc</p><h3>x</h3>')).toBe('<h3>x</h3>')
    expect(withoutRepeatedSummary('abc', '<p>abcd</p>')).toBeNull()
  })

  it('the about video is a real WebM file served with range support; every seeded video plays it', async () => {
    const videos = (await ok('/video/info/list?pageSize=50')).list
    const about = videos.filter((v: any) => v.category === 'about')
    expect(about).toHaveLength(1)
    expect(about[0].videoUrl).toBe('/static/videos/haijiao-intro.webm')
    const file = await h.app.inject({ method: 'GET', url: about[0].videoUrl })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('video/webm')
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3') // EBML magic
    expect(file.rawPayload.length).toBeGreaterThan(20_000)
    // it declares its duration (Segment Info > Duration, float64 ms): players show 0:10, not NaN
    const at = file.rawPayload.indexOf(Buffer.from([0x44, 0x89, 0x88]))
    expect(at).toBeGreaterThan(0)
    expect(file.rawPayload.readDoubleBE(at + 3)).toBe(10_000)
    const part = await h.app.inject({ method: 'GET', url: about[0].videoUrl, headers: { range: 'bytes=0-99' } })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload.length).toBe(100)
    // every seeded video plays the demo clip, with its real duration (no "video coming soon")
    for (const v of videos) expect([v.titleEn, v.videoUrl, v.durationSeconds]).toEqual([v.titleEn, '/static/videos/haijiao-intro.webm', 10])
    // an old seed's URL is repaired
    await sql`update videos set video_url = '/static/videos/bp-1.mp4' where title_en = 'BP: AI Diagnostic Chip'`.execute(h.db)
    await h.db.deleteFrom('seed_marks').where('name', '=', REPAIR_MARK).execute()
    await repairGeneratedContent(h.db, () => undefined)
    const bp = (await ok('/video/info/list?pageSize=50&category=bp')).list.find((v: any) => v.titleEn === 'BP: AI Diagnostic Chip')
    expect(bp.videoUrl).toBe('/static/videos/haijiao-intro.webm')
    // a database seeded while BP videos had no file gets the clip once
    await sql`update videos set video_url = '', duration_seconds = 420 where title_en = 'BP: AI Diagnostic Chip'`.execute(h.db)
    await h.db.deleteFrom('seed_marks').where('name', '=', 'demo-videos-play-v1').execute()
    await repairEmptyVideos(h.db, () => undefined)
    const again = (await ok('/video/info/list?pageSize=50&category=bp')).list.find((v: any) => v.titleEn === 'BP: AI Diagnostic Chip')
    expect([again.videoUrl, again.durationSeconds]).toEqual(['/static/videos/haijiao-intro.webm', 10])
    expect((await h.app.inject({ method: 'GET', url: '/static/videos/../../package.json' })).statusCode).toBe(404)
  })

  it('generated images: each kind is drawn for its box, with text kept in the safe area', async () => {
    expect(posterKind('banner-ai-talent-shanghai')).toBe('banner')
    expect(posterKind('logo-innovation')).toBe('logo')
    expect(posterKind('platform-zju')).toBe('logo')
    expect(posterKind('live-qr-3')).toBe('qr')
    expect(posterKind('wechat-group-3')).toBe('qr')
    expect(posterKind('talent-chen-yu')).toBe('avatar')
    expect(posterKind('ai-talent-shanghai')).toBe('poster')
    expect(slugLabel('ai-talent-shanghai')).toBe('AI Talent Shanghai')
    expect(slugLabel('banner-activity-12')).toBe('Haijiao Events')
    expect(wrapLabel('Entrepreneurship Camp Melbourne Australia Extra Words', 18)).toHaveLength(2)
    const size = (svg: string) => /width="(\d+)" height="(\d+)"/.exec(svg)!.slice(1).map(Number)
    expect(size(posterSvg('banner-x'))).toEqual([1600, 400])
    expect(size(posterSvg('logo-x'))).toEqual([360, 240])
    expect(size(posterSvg('x'))).toEqual([750, 420])
    // poster text is centred and below the corner badges; banner text inside the centre band
    const poster = posterSvg('ai-talent-shanghai')
    for (const m of poster.matchAll(/<text x="(\d+)" y="(\d+)"[^>]*text-anchor="middle"/g)) {
      expect(Number(m[1])).toBe(375)
      expect(Number(m[2])).toBeGreaterThan(120)
      expect(Number(m[2])).toBeLessThan(330)
    }
    const banner = posterSvg('banner-ai-talent-shanghai')
    const ys = [...banner.matchAll(/<text x="800" y="(\d+)"/g)].map((m) => Number(m[1]))
    expect(ys.length).toBe(2)
    expect([...posterSvg('banner-activity-3', '深圳湾科技成果转化路演', 'Shenzhen Bay Technology Transfer Roadshow').matchAll(/<text x="800" y="(\d+)"/g)].length).toBe(3)
    for (const y of ys) expect(y > 60 && y < 340).toBe(true)
    expect(posterSvg('x', '<script>')).not.toContain('<script>')
    const r = await h.app.inject({ method: 'GET', url: '/static/posters/banner-ai-talent-shanghai.svg' })
    expect(r.statusCode).toBe(200)
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(r.body).toContain('AI Talent Shanghai')
    // an activity's banner shows its own titles
    const a = (await ok('/activity/info/list?page=1&pageSize=1')).list[0]
    const d = await ok(`/activity/info/detail?id=${a.id}`)
    expect(d.bannerUrl).toBe(`/static/posters/banner-activity-${a.id}.svg`)
    const svg = await h.app.inject({ method: 'GET', url: d.bannerUrl })
    expect(svg.statusCode).toBe(200)
    expect(svg.body).toContain(`>${d.titleZh}<`)
    expect(svg.body).toContain(d.titleEn.replace(/&/g, '&amp;'))
    expect((await h.app.inject({ method: 'GET', url: '/static/posters/banner-activity-999999.svg' })).body).toContain('Haijiao Events')

    // drawn per language: an English page's banner has the English title only, a Chinese page's the Chinese one
    const en = await h.app.inject({ method: 'GET', url: `${d.bannerUrl}?lang=en` })
    expect(en.headers['x-poster-lang']).toBe('en')
    expect(en.body).toContain(d.titleEn.replace(/&/g, '&amp;'))
    expect(en.body).not.toMatch(/[\u4e00-\u9fff]/)
    const zh = await h.app.inject({ method: 'GET', url: `${d.bannerUrl}?lang=zh` })
    expect(zh.headers['x-poster-lang']).toBe('zh')
    expect(zh.body).toContain(`>${d.titleZh}<`)
    expect(zh.body).not.toContain(d.titleEn.replace(/&/g, '&amp;'))
    expect(svg.headers['x-poster-lang']).toBe('mixed')
    // a seeded activity poster: English words on the English picture, none of them on the Chinese one
    const pe = await h.app.inject({ method: 'GET', url: `${a.posterUrl}?lang=en` })
    const pz = await h.app.inject({ method: 'GET', url: `${a.posterUrl}?lang=zh` })
    expect([pe.headers['x-poster-lang'], pz.headers['x-poster-lang']]).toEqual(['en', 'zh'])
    const words = (s: string) => [...s.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])
    expect(words(pe.body).join(' ')).not.toMatch(/[\u4e00-\u9fff]/)
    expect(words(pz.body).join(' ')).not.toMatch(/[A-Za-z]/)
    expect(words(pz.body)).toEqual(['海交'])
    // logos and QR codes carry their own mark; avatars only initials; an unknown lang draws the default
    expect(posterDrawing('logo-x', undefined, undefined, 'zh').lang).toBe('brand')
    expect(posterDrawing('live-qr-1', undefined, undefined, 'en').lang).toBe('brand')
    expect(posterDrawing('talent-chen-yu', undefined, undefined, 'zh').lang).toBe('none')
    // an advert slot's art: a wide strip without words (the slot writes the title in the page's language)
    const advert = posterDrawing('advert-search', undefined, undefined, 'en')
    expect(advert.lang).toBe('none')
    expect(advert.svg).toContain('viewBox="0 0 1200 200"')
    expect(advert.svg).not.toContain('<text')
    expect(posterDrawing('x', '深圳路演', undefined, 'en').lang).toBe('mixed')
    expect((await h.app.inject({ method: 'GET', url: `${a.posterUrl}?lang=fr` })).headers['x-poster-lang']).toBe('mixed')
    // the seeded posters differ in design, not only in colour: several motifs among the first activities
    const posters = (await ok('/activity/info/list?page=1&pageSize=12')).list.map((x: { posterUrl: string }) => x.posterUrl)
    const shapes = new Set<string>()
    for (const url of posters) {
      const body = (await h.app.inject({ method: 'GET', url })).body
      shapes.add(body.includes('rotate(35') ? 'bands' : body.includes('<path d="M0') ? 'hills' : body.includes('rx="14"') ? 'tiles' : 'discs')
    }
    expect(shapes.size).toBeGreaterThanOrEqual(3)
  })
})
