import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describeEachDb, type Harness } from './harness'
import { localizedPreload, pageLang, pageLangOf, preloadableUrl, withPreloads } from '../../server/src/plugins/static'
import { withAppAfterFirstPaint } from '../../server/src/plugins/first-screen'
import { LANG_COOKIE } from '@contracts/api'
import type { ActivityListItem } from '@contracts/activity'
import { localizedPicture } from '../../src/shared/api/asset-url'

// A fake repository root whose build is compressed by the real build step (scripts/precompress.mjs),
// so the test does not depend on a real build existing.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-assets-'))
const h5 = path.join(root, 'dist/h5')
fs.mkdirSync(path.join(h5, 'js'), { recursive: true })
fs.mkdirSync(path.join(h5, 'css'), { recursive: true })
fs.mkdirSync(path.join(root, 'dist/admin/js'), { recursive: true })
fs.mkdirSync(path.join(root, 'src/shared/i18n/locales'), { recursive: true })
// the app's texts, which the first screens the server draws are written in
for (const file of ['en.json', 'zh-cn.json']) fs.copyFileSync(path.join(__dirname, '../../src/shared/i18n/locales', file), path.join(root, 'src/shared/i18n/locales', file))
const script = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${JSON.stringify('x'.repeat(i % 17))};`).join('\n')
const style = Array.from({ length: 120 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}}`).join('\n')
// the build's own scripts, as Taro's HTML names them
const buildScripts = '<script defer="defer" src="/js/tiny.5e6f7a8b.js"></script><script defer="defer" src="/js/app.1a2b3c4d.js"></script>'
const html = `<!doctype html><html><head><title>app</title>${buildScripts}</head><body>${'<p>consumer app</p>'.repeat(80)}<div id="app"></div></body></html>`
fs.writeFileSync(path.join(h5, 'index.html'), html)
fs.writeFileSync(path.join(h5, 'js/app.1a2b3c4d.js'), script)
fs.writeFileSync(path.join(h5, 'js/tiny.5e6f7a8b.js'), 'console.log(1)')
fs.writeFileSync(path.join(h5, 'css/app.0123456789abcdef0123.css'), style)
fs.writeFileSync(path.join(h5, 'version.json'), '{"version":"h5-1"}')
// what the build writes for the pages' own files (config/index.ts PageChunksManifestPlugin)
fs.writeFileSync(path.join(h5, 'page-chunks.json'), JSON.stringify({ '/policy': ['js/policy.0a1b2c3d.js', 'css/policy.0123456789abcdef0123.css', 'img/x.png'], '/competition': ['js/competition.4e5f6a7b.js'], '/activityDetail': ['js/detail.2b3c4d5e.js', 'css/detail.3c4d5e6f7a8b9c0d1e2f.css'], '#texts-zh': ['js/texts-zh.1c2d3e4f.js'], '#texts-en': ['js/texts-en.5a6b7c8d.js'] }))
fs.writeFileSync(path.join(root, 'dist/admin/index.html'), html.replace('consumer', 'admin'))
fs.writeFileSync(path.join(root, 'dist/admin/js/shell.9f8e7d6c.js'), script)
const precompress = spawnSync(process.execPath, [path.resolve(__dirname, '../../scripts/precompress.mjs'), h5, path.join(root, 'dist/admin')], {
  encoding: 'utf8',
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body)
  if (encoding === 'gzip') return zlib.gunzipSync(body)
  return body
}

describeEachDb(
  'static assets: compression and caching',
  (get) => {
    let h: Harness
    const get_ = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers })
    beforeAll(() => {
      h = get()
    })

    it('the build step writes brotli and gzip copies of text files over 1 KB, not of tiny ones', () => {
      expect(precompress.status).toBe(0)
      for (const f of ['js/app.1a2b3c4d.js', 'css/app.0123456789abcdef0123.css', 'index.html']) {
        const original = fs.readFileSync(path.join(h5, f))
        expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(h5, `${f}.br`))).equals(original)).toBe(true)
        expect(zlib.gunzipSync(fs.readFileSync(path.join(h5, `${f}.gz`))).equals(original)).toBe(true)
      }
      expect(fs.existsSync(path.join(h5, 'js/tiny.5e6f7a8b.js.br'))).toBe(false)
    })

    it('a hashed asset answers brotli (or gzip) when accepted, cached for a year, the same bytes once decoded', async () => {
      for (const [url, file, type] of [
        ['/js/app.1a2b3c4d.js', 'js/app.1a2b3c4d.js', 'javascript'],
        ['/css/app.0123456789abcdef0123.css', 'css/app.0123456789abcdef0123.css', 'text/css'],
      ]) {
        const original = fs.readFileSync(path.join(h5, file))
        for (const [accept, expected] of [
          ['gzip, deflate, br', 'br'],
          ['gzip', 'gzip'],
          ['br;q=0, gzip', 'gzip'],
        ]) {
          const r = await get_(url, { 'accept-encoding': accept })
          expect({ url, accept, status: r.statusCode, encoding: r.headers['content-encoding'] }).toEqual({ url, accept, status: 200, encoding: expected })
          expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable')
          expect(String(r.headers.vary)).toMatch(/accept-encoding/i)
          expect(r.headers['content-type']).toContain(type)
          expect(decode(expected, r.rawPayload).equals(original)).toBe(true)
          expect(r.rawPayload.length).toBeLessThan(original.length)
        }
        const plain = await get_(url)
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(plain.rawPayload.equals(original)).toBe(true)
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      }
      const admin = await get_('/admin/js/shell.9f8e7d6c.js', { 'accept-encoding': 'br' })
      expect(admin.headers['content-encoding']).toBe('br')
      expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(decode('br', admin.rawPayload).toString()).toBe(script)
    })

    it('index.html, version.json and the locale files are revalidated, never cached long', async () => {
      for (const url of ['/', '/activity', '/activityDetail?id=1', '/admin/', '/admin/admLogin']) {
        const r = await get_(url, { 'accept-encoding': 'br, gzip' })
        expect({ url, status: r.statusCode, cache: r.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'no-cache' })
        expect(r.headers['content-encoding']).toBe('br')
        expect(decode('br', r.rawPayload).toString()).toContain(url.startsWith('/admin') ? 'admin app' : 'consumer app')
        const plain = await get_(url)
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(plain.body).toContain('</html>')
      }
      for (const url of ['/version.json', '/admin/version.json', '/locales/en.json', '/locales/zh-cn.json']) {
        const r = await get_(url)
        expect({ url, cache: r.headers['cache-control'] }).toEqual({ url, cache: expect.stringMatching(/^no-(cache|store)$/) })
      }
      expect((await get_('/version.json')).json()).toEqual({ version: 'h5-1' })
      // a file without a precompressed copy is still the file, whatever the answer's encoding
      const tiny = await get_('/js/tiny.5e6f7a8b.js', { 'accept-encoding': 'br' })
      expect(decode(tiny.headers['content-encoding'] as string | undefined, tiny.rawPayload).toString()).toBe('console.log(1)')
    })

    it('the home page announces its first banner picture (the largest paint) in its head; other pages do not', async () => {
      const home = await get_('/api/v1/content/home')
      const first = home.json().result.banners[0]?.imageUrl as string
      expect(first).toBeTruthy()
      const r = await get_('/', { 'accept-encoding': 'br' })
      const page = decode(r.headers['content-encoding'] as string, r.rawPayload).toString()
      const head = page.slice(0, page.indexOf('</head>'))
      const link = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(head)
      // as the app's <img> asks for it: a first visit without a stored language draws in the browser's
      expect(link?.[1]).toBe(localizedPicture(preloadableUrl(first), 'en'))
      const zh = await get_('/', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })
      expect(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(zh.body)?.[1]).toBe(localizedPicture(preloadableUrl(first), 'zh'))
      expect(zh.headers.vary).toMatch(/accept-language/)
      // the policy lets the browser fetch it (same origin, or https for a stored picture)
      expect(String(r.headers['content-security-policy'])).toMatch(/img-src 'self'[^;]* https:/)
      // and its content, which the app fetches first, as the same CORS request the app makes
      expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/content/home">')
      const plain = await get_('/')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toContain(link?.[0])
      for (const url of ['/activity?type=online', '/activityDetail?id=999999', '/activityDetail?id=x', '/information', '/index.html']) {
        const other = await get_(url)
        expect({ url, preload: /rel="preload" as="(image|fetch)"/.test(other.body) }).toEqual({ url, preload: false })
      }
    })

    it('the activity list announces its first page and first poster; an activity its banner or poster, not its answer', async () => {
      const firstPage = '/api/v1/activity/info/list?page=1&pageSize=12'
      const list = (await get_(firstPage)).json().result.list as { id: number; posterUrl: string | null }[]
      expect(list.length).toBeGreaterThan(0)
      const page = (await get_('/activity')).body
      const head = page.slice(0, page.indexOf('</head>'))
      expect(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(head)?.[1]).toBe(localizedPicture(preloadableUrl(list[0].posterUrl), 'en'))
      expect(head).toContain(`<link rel="preload" as="fetch" crossorigin href="${firstPage.replace(/&/g, '&amp;')}">`)
      // and its filter rows' options, at the addresses the page asks for (both public, both answering)
      for (const options of ['/api/v1/activity/category/list', '/api/v1/activity/country/list']) {
        expect(head).toContain(`<link rel="preload" as="fetch" crossorigin href="${options}">`)
        expect((await get_(options)).json().result.length).toBeGreaterThan(0)
      }

      const detail = (await get_(`/api/v1/activity/info/detail?id=${list[0].id}`)).json().result as { bannerUrl: string | null; posterUrl: string | null }
      const own = (await get_(`/activityDetail?id=${list[0].id}`)).body
      const ownHead = own.slice(0, own.indexOf('</head>'))
      const links = [...ownHead.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)"(?: media="([^"]+)")?>/g)].map((m) => [m[1], m[2]])
      // a phone paints the poster largest, a desktop the banner
      expect(links).toEqual(
        detail.bannerUrl && detail.posterUrl
          ? [
              [localizedPicture(preloadableUrl(detail.posterUrl), 'en'), '(max-width: 767.98px)'],
              [localizedPicture(preloadableUrl(detail.bannerUrl), 'en'), '(min-width: 768px)'],
            ]
          : [[localizedPicture(preloadableUrl(detail.posterUrl || detail.bannerUrl), 'en'), undefined]],
      )
      // the answer holds the caller's own enrolment: never preloaded without the caller's credentials
      expect(ownHead).not.toContain('as="fetch"')
    })

    it("an activity's page carries its first screen drawn by the server, in the page's language; a bad or absent id does not", async () => {
      const list = (await get_('/api/v1/activity/info/list?page=1&pageSize=12')).json().result.list as ActivityListItem[]
      const item = list.find((a) => a.posterUrl) as ActivityListItem
      expect(item).toBeTruthy()
      const firstScreen = (body: string) => /<div id="hj-first" data-path="\/activityDetail">[\s\S]*?<div id="app">/.exec(body)?.[0] ?? null
      const cases: Array<[Record<string, string>, 'zh' | 'en']> = [
        [{}, 'en'],
        [{ 'accept-language': 'zh-CN,zh;q=0.9' }, 'zh'],
        [{ 'accept-language': 'zh-CN,zh;q=0.9', cookie: `${LANG_COOKIE}=en` }, 'en'],
        [{ 'accept-language': 'en-US', cookie: `${LANG_COOKIE}=zh` }, 'zh'],
      ]
      for (const [headers, lang] of cases) {
        const r = await get_(`/activityDetail?id=${item.id}`, headers)
        const shown = firstScreen(r.body)
        expect({ headers, drawn: !!shown }).toEqual({ headers, drawn: true })
        const title = lang === 'zh' ? item.titleZh || item.titleEn : item.titleEn || item.titleZh
        const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
        // the app's markup: the poster at the address the page's <img> asks for, the badges and title in the page's language
        expect(shown).toContain(`<span class="taro-text hj-ad__title">${esc(title)}</span>`)
        expect(shown).toContain(`<img class="taro-img__mode-aspectfill" src="${esc(String(localizedPicture(preloadableUrl(item.posterUrl), lang)))}" alt="${esc(title)}"`)
        const typeText = { zh: { online: '线上', offline: '线下', both: '线上+线下' }, en: { online: 'Online', offline: 'Offline', both: 'Online + offline' } }[lang][item.type]
        expect(shown).toContain(`hj-acard__type--${item.type}">${typeText}</span>`)
        expect(shown).toContain(lang === 'zh' ? '‹ 返回' : '‹ Back')
        expect(String(r.headers.vary)).toMatch(/cookie/)
        // no script of its own (the policy allows none inline); the route's styles apply before the first paint
        expect(shown).not.toMatch(/<script/i)
        expect(r.body).toContain('<link rel="stylesheet" href="/css/detail.3c4d5e6f7a8b9c0d1e2f.css">')
        expect(r.body).toContain('<link rel="preload" as="script" fetchpriority="low" href="/js/detail.2b3c4d5e.js">')
      }
      // nothing the visitor alone sees: no enrolment, favourite or view count
      const plain = firstScreen((await get_(`/activityDetail?id=${item.id}`)).body) as string
      expect(plain).not.toMatch(/hj-enroll|hj-engage|views/)
      // viewing the page's HTML counts no view
      const views = async () => ((await get_(`/api/v1/activity/info/list?page=1&pageSize=12`)).json().result.list as ActivityListItem[]).find((a) => a.id === item.id)?.viewCount
      const before = await views()
      await get_(`/activityDetail?id=${item.id}`)
      expect(await views()).toBe(before)
      for (const url of ['/activityDetail?id=999999', '/activityDetail?id=x', '/activityDetail?id=-1', '/activityDetail', '/activity?type=online', '/policy']) {
        const r = await get_(url)
        expect({ url, drawn: r.body.includes('hj-first'), status: r.statusCode }).toEqual({ url, drawn: false, status: 200 })
        // without a first screen the route's styles stay preloads
        expect(r.body).not.toContain('rel="stylesheet" href="/css/detail')
      }
    })

    it("the home page carries its bar, search box and first banner drawn by the server, in the page's language", async () => {
      const banners = (await get_('/api/v1/content/home')).json().result.banners as { titleZh: string; titleEn: string; imageUrl: string }[]
      expect(banners.length).toBeGreaterThan(1)
      for (const [headers, lang] of [
        [{}, 'en'],
        [{ 'accept-language': 'zh-CN,zh;q=0.9' }, 'zh'],
        [{ 'accept-language': 'zh-CN', cookie: `${LANG_COOKIE}=en` }, 'en'],
      ] as Array<[Record<string, string>, 'zh' | 'en']>) {
        const r = await get_('/', headers)
        const shown = /<div id="hj-first" data-path="\/">[\s\S]*?<div id="app">/.exec(r.body)?.[0] ?? ''
        expect({ headers, drawn: !!shown }).toEqual({ headers, drawn: true })
        const title = lang === 'zh' ? banners[0].titleZh || banners[0].titleEn : banners[0].titleEn || banners[0].titleZh
        expect(shown).toContain(`<span class="taro-text hj-banner__title">${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</span>`)
        expect(shown).toContain(`src="${localizedPicture(preloadableUrl(banners[0].imageUrl), lang)}"`)
        // one dot per banner, the first active; the search box in the page's language
        expect(shown.match(/hj-carousel__dot\b/g)?.length).toBe(banners.length)
        expect(shown).toContain(lang === 'zh' ? 'aria-label="搜索活动、专题、政策"' : 'aria-label="Search activities, topics, policies"')
        expect(shown).not.toMatch(/<script/i)
        expect(String(r.headers.vary)).toMatch(/cookie/)
      }
    })

    it("the activity list without filters carries its filter rows, count and first cards drawn by the server, in the page's language", async () => {
      const first = (await get_('/api/v1/activity/info/list?page=1&pageSize=12')).json().result as { total: number; list: ActivityListItem[] }
      const categories = (await get_('/api/v1/activity/category/list')).json().result as { nameZh: string; nameEn: string }[]
      expect(first.list.length).toBeGreaterThan(3)
      for (const [headers, lang] of [
        [{}, 'en'],
        [{ 'accept-language': 'zh-CN,zh;q=0.9' }, 'zh'],
      ] as Array<[Record<string, string>, 'zh' | 'en']>) {
        const r = await get_('/activity', headers)
        const shown = /<div id="hj-first" data-path="\/activity">[\s\S]*?<div id="app">/.exec(r.body)?.[0] ?? ''
        expect({ headers, drawn: !!shown }).toEqual({ headers, drawn: true })
        const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
        // the first four cards, in the list's order, titles and pictures in the page's language
        const titles = [...shown.matchAll(/<span class="taro-text hj-acard__title"><span class="taro-text">([^<]*)<\/span>/g)].map((m) => m[1])
        expect(titles).toEqual(first.list.slice(0, 4).map((a) => esc(lang === 'zh' ? a.titleZh || a.titleEn : a.titleEn || a.titleZh)))
        expect(shown).toContain(`src="${esc(String(localizedPicture(preloadableUrl(first.list[0].posterUrl), lang)))}"`)
        // the count and the filter rows: format and status, then the categories in use
        expect(shown).toContain(lang === 'zh' ? `共 ${first.total} 场活动` : `${first.total} activities`)
        expect(shown).toContain(lang === 'zh' ? '活动形式' : 'Format')
        expect(shown).toContain(esc(lang === 'zh' ? categories[0].nameZh : categories[0].nameEn))
        expect(shown).not.toMatch(/<script/i)
        expect(String(r.headers.vary)).toMatch(/cookie/)
      }
    })

    it("a page drawn by the server starts the build's scripts once its picture is on the screen: preloaded at low priority, started in their order by a script file of its own, cached for a year; other pages keep them", async () => {
      const list = (await get_('/api/v1/activity/info/list?page=1&pageSize=12')).json().result.list as ActivityListItem[]
      for (const url of ['/', '/activity', `/activityDetail?id=${list.find((a) => a.posterUrl)!.id}`]) {
        const body = (await get_(url)).body
        const head = body.slice(0, body.indexOf('</head>'))
        expect({ url, drawn: body.includes('<div id="hj-first"') }).toEqual({ url, drawn: true })
        expect({ url, deferred: /<script defer="defer"/.test(body) }).toEqual({ url, deferred: false })
        for (const src of ['/js/tiny.5e6f7a8b.js', '/js/app.1a2b3c4d.js']) expect(head).toContain(`<link rel="preload" as="script" fetchpriority="low" href="${src}">`)
        const start = /<script defer src="(\/js\/first-paint\.[0-9a-f]{8}\.js)" data-app="([^"]*)"><\/script>/.exec(head)
        expect(start?.[2]).toBe('/js/tiny.5e6f7a8b.js /js/app.1a2b3c4d.js')
        const file = await get_(start![1])
        expect(file.statusCode).toBe(200)
        expect(file.headers['content-type']).toMatch(/^text\/javascript/)
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        // named by its content: a changed script is a new address
        expect(start![1]).toBe(`/js/first-paint.${createHash('sha256').update(file.body).digest('hex').slice(0, 8)}.js`)
        expect(file.body).toContain("getElementById('hj-first')")
      }
      for (const url of ['/policy', '/activity?type=online', '/activityDetail?id=999999', '/index.html']) {
        const body = (await get_(url)).body
        expect({ url, kept: body.includes(buildScripts), start: body.includes('first-paint.') }).toEqual({ url, kept: true, start: false })
      }
      expect(withAppAfterFirstPaint('<html><head></head><body></body></html>', '/js/s.js')).toBe('<html><head></head><body></body></html>')
    })

    it("a page's own script and style files are announced at the end of its head, for the router's spellings of its path", async () => {
      const links = (body: string) => [...body.slice(0, body.indexOf('</head>')).matchAll(/<link rel="preload" as="(script|style)" fetchpriority="low" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`)
      const policy = ['script /js/policy.0a1b2c3d.js', 'style /css/policy.0123456789abcdef0123.css']
      for (const url of ['/policy', '/policy/', '/policy?categoryCode=x']) expect({ url, links: links((await get_(url)).body) }).toEqual({ url, links: policy })
      expect(links((await get_('/competition/12')).body)).toEqual(['script /js/competition.4e5f6a7b.js'])
      for (const url of ['/information', '/admin/', '/index.html']) expect({ url, links: links((await get_(url)).body) }).toEqual({ url, links: [] })
      // built per answer, so compressed by the API's compressor rather than sent from the copies
      const br = await get_('/policy', { 'accept-encoding': 'br' })
      expect(links(decode(br.headers['content-encoding'] as string, br.rawPayload).toString())).toEqual(policy)
    })

    it('every page announces the texts of the language it will draw in: the stored choice (cookie), else the browser’s', async () => {
      const textsLink = (body: string) => /<link rel="preload" as="script" href="(\/js\/texts-[^"]+)">/.exec(body)?.[1]
      const cases: Array<[Record<string, string>, string]> = [
        [{}, '/js/texts-en.5a6b7c8d.js'],
        [{ 'accept-language': 'zh-CN,zh;q=0.9' }, '/js/texts-zh.1c2d3e4f.js'],
        [{ 'accept-language': 'zh-CN,zh;q=0.9', cookie: `theme=x; ${LANG_COOKIE}=en` }, '/js/texts-en.5a6b7c8d.js'],
        [{ 'accept-language': 'en-US', cookie: `${LANG_COOKIE}=zh` }, '/js/texts-zh.1c2d3e4f.js'],
        // an unknown value is no choice
        [{ 'accept-language': 'en-US', cookie: `${LANG_COOKIE}=fr` }, '/js/texts-en.5a6b7c8d.js'],
      ]
      for (const url of ['/', '/information', '/activityDetail?id=1']) {
        for (const [headers, want] of cases) {
          const r = await get_(url, headers)
          expect({ url, headers, link: textsLink(r.body), vary: String(r.headers.vary) }).toEqual({ url, headers, link: want, vary: expect.stringMatching(/cookie/) })
          // early in the head: the app's start waits for it
          expect(r.body.indexOf(want)).toBeLessThan(r.body.indexOf('</head>'))
        }
      }
      expect(pageLang({ cookie: `${LANG_COOKIE}=zh`, 'accept-language': 'en' })).toBe('zh')
      expect(pageLang({ cookie: `x${LANG_COOKIE}=zh`, 'accept-language': 'en' })).toBe('en')
    })

    it("a preloaded picture is the address the page's <img> asks for, in the language a first visit draws in", () => {
      expect([pageLangOf('zh-CN,zh;q=0.9'), pageLangOf('zh-TW'), pageLangOf('en-US,zh;q=0.5'), pageLangOf(undefined), pageLangOf('')]).toEqual(['zh', 'zh', 'en', 'en', 'en'])
      for (const href of ['/static/posters/a.svg', '/static/posters/a.svg?t=1', '/static/posters/a.svg?lang=zh', '/uploads/b.png', 'https://cdn.example/c.jpg']) {
        for (const lang of ['zh', 'en'] as const) expect({ href, lang, url: localizedPreload(href, lang) }).toEqual({ href, lang, url: localizedPicture(href, lang) })
      }
    })

    it('the preload link is inserted after the charset, with the address escaped as an attribute', () => {
      const page = '<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body></body></html>'
      expect(withPreloads(page, [{ href: '/u/a.png?x=1&y="2"' }])).toBe(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="preload" as="image" fetchpriority="high" href="/u/a.png?x=1&amp;y=&quot;2&quot;"><title>t</title></head><body></body></html>',
      )
      expect(withPreloads('<p>no head</p>', [{ href: '/a.png' }])).toBe('<p>no head</p>')
      expect(withPreloads(page, [{ href: '/p.png', media: '(min-width: 768px)' }])).toContain('<link rel="preload" as="image" fetchpriority="high" href="/p.png" media="(min-width: 768px)">')
      expect(withPreloads(page, [], ['/api/v1/x?a=1&b=2'])).toBe(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="preload" as="fetch" crossorigin href="/api/v1/x?a=1&amp;b=2"><title>t</title></head><body></body></html>',
      )
      expect(withPreloads(page, [])).toBe(page)
      // chunks go last in the head, at low priority; one the page already names is not announced twice
      const named = page.replace('</head>', '<script defer src="/js/app.1.js"></script></head>')
      expect(withPreloads(named, [], [], ['js/app.1.js', 'js/p.2.js', 'css/p.3.css'])).toBe(
        named.replace('</head>', '<link rel="preload" as="script" fetchpriority="low" href="/js/p.2.js"><link rel="preload" as="style" fetchpriority="low" href="/css/p.3.css"></head>'),
      )
      expect([preloadableUrl('//cdn.example/b.jpg'), preloadableUrl('uploads/c.png'), preloadableUrl('data:image/png;base64,AA'), preloadableUrl(null)]).toEqual([
        'https://cdn.example/b.jpg',
        '/uploads/c.png',
        null,
        null,
      ])
    })

    it('API answers over 1 KB are compressed when accepted; small ones and refusing clients get plain JSON', async () => {
      const url = '/api/v1/activity/info/list?pageSize=20'
      const plain = await get_(url)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.rawPayload.length).toBeGreaterThan(1024)
      for (const encoding of ['br', 'gzip']) {
        const r = await get_(url, { 'accept-encoding': encoding })
        expect(r.headers['content-encoding']).toBe(encoding)
        expect(String(r.headers.vary)).toMatch(/accept-encoding/i)
        const body = JSON.parse(decode(encoding, r.rawPayload).toString())
        expect(body.code).toBe(200)
        expect(body.result.list.map((a: { id: number }) => a.id)).toEqual(plain.json().result.list.map((a: { id: number }) => a.id))
      }
      const small = await get_('/api/v1/health', { 'accept-encoding': 'br, gzip' })
      expect(small.statusCode).toBe(200)
      expect(small.headers['content-encoding']).toBeUndefined()
    })
  },
  { rootDir: root },
)
