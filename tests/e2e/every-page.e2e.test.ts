/**
 * Walks every consumer page at 390 px and 1280 px in Chinese and English on the real server with its
 * seeded data, saves a screenshot of each (tests/e2e/screenshots/every-page-*.png)
 * and checks what a person would call broken: a page wider than the window, a visible i18n key instead
 * of a text, a page left on "loading", a picture without alt text, a character drawn as an icon (✉ 微 …,
 * see ICON_GLYPHS), a generated picture whose words are in the other language (the poster endpoint's
 * X-Poster-Lang). Then specific layout and media checks:
 * - the mobile activity filters leave room for results in the first screen (390 × 844);
 * - a search keyword is highlighted whatever the case, also when it matched the other language's text;
 * - policy categories show as filter chips and filter the list; the roadshow field chips filter projects;
 * - sponsor logos are shown whole (contain) in a box of sensible size;
 * - the about video plays (a real file); the seeded BP videos have a file too (no "video coming soon").
 */
import type { Page } from 'playwright-core'
import { api } from './support/api'
import { eventually, startHarness, type Harness } from './support/harness'
import { clickVisible, countIn, settle, vis, visText } from './support/browse'

let h: Harness
const ids: Record<string, number> = {}

const VIEWPORTS = [
  { name: 'm', width: 390, height: 844, mobile: true },
  { name: 'd', width: 1280, height: 800, mobile: false },
] as const
type Viewport = (typeof VIEWPORTS)[number]
const LOCALES = [
  { name: 'zh', locale: 'zh-CN' },
  { name: 'en', locale: 'en-US' },
] as const

async function firstId(path: string): Promise<number> {
  const r = await api(h.baseUrl, path)
  const list = r.body.result?.list ?? r.body.result
  if (!Array.isArray(list) || !list.length) throw new Error(`${path}: no item (${JSON.stringify(r.body).slice(0, 200)})`)
  return list[0].id
}

beforeAll(async () => {
  h = await startHarness('every-page')
  ids.activity = await firstId('/activity/info/list?page=1&pageSize=1&status=upcoming')
  ids.topic = await firstId('/topic/info/list?page=1&pageSize=1')
  ids.information = await firstId('/information/info/list?page=1&pageSize=1')
  ids.policy = await firstId('/policy/info/list?page=1&pageSize=1')
  ids.roadshow = await firstId('/roadshow/project/list?page=1&pageSize=1&kind=project')
  ids.sponsor = await firstId('/sponsor/info/list?page=1&pageSize=1&kind=organizer')
  ids.talent = await firstId('/talent/info/list?page=1&pageSize=1')
  ids.platform = await firstId('/platform/info/list?page=1&pageSize=1')
  ids.orgProject = await firstId('/project/org/list?page=1&pageSize=1')
  const org = (await api(h.baseUrl, `/project/org/detail?id=${ids.orgProject}`)).body.result
  ids.org = org.organizationId
}, 120_000)

const problems: string[] = []
afterAll(async () => {
  if (problems.length) console.warn(`[every-page] problems:\n  ${problems.join('\n  ')}`)
  await h?.stop()
})

const open = (vp: Viewport, locale: string) => h.newPage({ width: vp.width, height: vp.height, mobile: vp.mobile, locale })

function pages(): Array<[string, string]> {
  return [
    ['home', '/'],
    ['activity', '/activity'],
    ['activityDetail', `/activityDetail?id=${ids.activity}`],
    ['roadshow', '/roadshow'],
    ['roadshowDetail', `/roadshowDetail?id=${ids.roadshow}`],
    ['topic', '/topic'],
    ['topicDetail', `/topicDetail?id=${ids.topic}`],
    ['information', '/information'],
    ['informationDetail', `/informationDetail?id=${ids.information}`],
    ['policy', '/policy'],
    ['policyDetail', `/policyDetail?id=${ids.policy}`],
    ['match', '/match'],
    ['search', '/search?path=all&keywords=AI'],
    ['repatriation', '/repatriationService'],
    ['sponsor', `/sponsor?id=${ids.sponsor}`],
    ['talentDetail', `/talentDetail?id=${ids.talent}`],
    ['premiumPlace', '/premiumPlace'],
    ['platformDetail', `/platformDetail?id=${ids.platform}`],
    ['job', '/job'],
    ['website', '/website'],
    ['extend', '/extend?content=privacy_policy'],
    ['orgProject', `/orgProject?organizationId=${ids.org}`],
    ['project', `/project?id=${ids.orgProject}`],
    ['notFound', '/no-such-page'],
  ]
}

/** Characters once used as icons: a visible element whose whole text is one of them is an icon drawn as text. */
const ICON_GLYPHS = ['✉', '☏', '✆', '☎', '微', '博', '抖', 'in', '⌂', '◷', '⇄', '☺', '▲', '✔', '◎', '¥', '∅']

async function glyphIcons(page: Page): Promise<string[]> {
  return page.evaluate((glyphs) => {
    const out: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const e = el as HTMLElement
      if (!e.offsetParent || e.children.length) continue
      const text = (e.textContent || '').trim()
      if (glyphs.includes(text)) out.push(`${text} (${e.className || e.tagName})`)
    }
    return out
  }, ICON_GLYPHS)
}

/** the language the server drew each generated picture's words in, by URL (fetched once) */
const drawnLang = new Map<string, string>()
async function wrongLanguagePictures(page: Page, lang: 'zh' | 'en'): Promise<string[]> {
  const srcs: string[] = await page.evaluate(() =>
    Array.from(document.querySelectorAll('img'))
      .filter((i) => (i as HTMLElement).offsetParent && /\/static\/posters\//.test(i.getAttribute('src') || ''))
      .map((i) => i.getAttribute('src') || ''),
  )
  const out: string[] = []
  for (const src of new Set(srcs)) {
    if (!drawnLang.has(src)) drawnLang.set(src, (await fetch(new URL(src, h.baseUrl))).headers.get('x-poster-lang') || '?')
    const drawn = drawnLang.get(src)!
    if (drawn !== lang && drawn !== 'none' && drawn !== 'brand') out.push(`${src} drawn in ${drawn}`)
  }
  return out
}

/** Visible texts that look like i18n keys ("activity.filter.type") or raw placeholders ("{{k}}"). */
async function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent || '').trim()
      const el = n.parentElement
      if (!text || !el || !el.offsetParent) continue
      if (/^[a-z][A-Za-z]+(\.[a-zA-Z_]+)+$/.test(text) || /\{\{\w+\}\}/.test(text)) out.push(text)
    }
    return out
  })
}

describe.each(VIEWPORTS)('every consumer page at $width px', (vp) => {
  test.each(LOCALES)('$name', async ({ name: lang, locale }) => {
    const page = await open(vp, locale)
    const found: string[] = []
    for (const [name, url] of pages()) {
      await page.goto(url)
      // content has arrived when no "loading" text is visible any more (or after 8 s, reported below)
      const loaded = await page
        .waitForFunction(
          () => !Array.from(document.querySelectorAll('.hj-empty, .hj-c-muted, .hj-c-state')).some((e) => (e as HTMLElement).offsetParent && /加载中|Loading/.test(e.textContent || '')),
          undefined,
          { timeout: 8000 },
        )
        .then(() => true)
        .catch(() => false)
      await page.waitForLoadState('networkidle').catch(() => undefined)
      const over = await settle(page)
      await h.shot(page, `${vp.name}-${lang}-${name}`)
      if (over > 0) found.push(`${vp.name}-${lang} ${name}: ${over} px wider than the window`)
      if (!loaded) found.push(`${vp.name}-${lang} ${name}: still loading after 8 s`)
      if (!(await page.locator('.taro_page').count())) found.push(`${vp.name}-${lang} ${name}: the app did not render (${(await page.title()) || 'no title'})`)
      const keys = await rawKeys(page)
      if (keys.length) found.push(`${vp.name}-${lang} ${name}: raw i18n keys ${keys.slice(0, 5).join(', ')}`)
      // every picture says what it shows, or alt="" for decoration (screen readers skip those)
      const noAlt = await page.evaluate(() => Array.from(document.querySelectorAll('img:not([alt])')).map((i) => (i as HTMLImageElement).getAttribute('src') || '?'))
      if (noAlt.length) found.push(`${vp.name}-${lang} ${name}: ${noAlt.length} image(s) without alt, e.g. ${noAlt.slice(0, 3).join(', ')}`)
      const glyphs = await glyphIcons(page)
      if (glyphs.length) found.push(`${vp.name}-${lang} ${name}: characters drawn as icons ${glyphs.slice(0, 5).join(', ')}`)
      const wrong = await wrongLanguagePictures(page, lang)
      if (wrong.length) found.push(`${vp.name}-${lang} ${name}: pictures in another language ${wrong.slice(0, 3).join(', ')}`)
      if (lang === 'en') {
        // an English page shows no untranslated Chinese UI text outside user content
        const chrome = await page.evaluate(() =>
          Array.from(document.querySelectorAll('.hj-c-section__title, .hj-c-head__title, .hj-chip, .hj-c-chip, .hj-c-tab, .hj-filter__label, .hj-c-btn, .hj-tabbar__label'))
            .filter((e) => (e as HTMLElement).offsetParent && /[\u4e00-\u9fff]/.test(e.textContent || ''))
            .map((e) => (e.textContent || '').trim()),
        )
        if (chrome.length) found.push(`${vp.name}-en ${name}: Chinese UI text ${chrome.slice(0, 5).join(', ')}`)
      }
    }
    problems.push(...found)
    expect(found).toEqual([])
  })
})

describe('specific defects', () => {
  test('mobile activity filters take one line each and leave the first result in the first screen', async () => {
    const page = await open(VIEWPORTS[0], 'zh-CN')
    await page.goto('/activity')
    const card = vis(page, 'activity-card').first()
    await card.waitFor({ state: 'visible', timeout: 30_000 })
    await settle(page)
    const box = await vis(page, 'activity-filters').first().boundingBox()
    expect(box!.height).toBeLessThanOrEqual(230)
    const cardBox = await card.boundingBox()
    expect(cardBox!.y + 60).toBeLessThan(844 - 60) // the first card's title is above the tab bar
    // each filter is one line; the country chips scroll sideways inside it, the page does not
    for (const row of ['type', 'status', 'category', 'country']) {
      const r = await vis(page, `filter-${row}`).first().boundingBox()
      expect(r!.height).toBeLessThanOrEqual(40)
    }
    const scroll = await vis(page, 'filter-country').first().locator('.hj-filter__chips').evaluate((el) => [el.scrollWidth, el.clientWidth])
    expect(scroll[0]).toBeGreaterThan(scroll[1])
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await h.shot(page, 'm-zh-activity-filters')
    // a chip scrolled out of sight is still reachable and filters
    const countries = (await api(h.baseUrl, '/activity/country/list')).body.result as { code: string }[]
    const last = countries[countries.length - 1].code
    await clickVisible(page, `filter-country-${last}`)
    const n = (await api(h.baseUrl, `/activity/info/list?page=1&pageSize=1&country=${last}`)).body.result.total
    await eventually('count after country', async () => countIn(await visText(vis(page, 'activity-count').first())), (c) => c === n)
  })

  test('search highlights a keyword whatever its case, also where only the other language matched', async () => {
    for (const [locale, kw, vp] of [
      ['zh-CN', 'ai', VIEWPORTS[1]],
      ['en-US', '人工智能', VIEWPORTS[1]],
      ['zh-CN', 'ai', VIEWPORTS[0]],
      ['en-US', 'AI', VIEWPORTS[0]],
    ] as const) {
      const page = await open(vp, locale)
      await page.goto(`/search?path=all&keywords=${encodeURIComponent(kw)}`)
      const results = vis(page, 'search-result')
      await results.first().waitFor({ state: 'visible', timeout: 30_000 })
      await settle(page)
      const n = await results.count()
      expect(n).toBeGreaterThan(0)
      for (let i = 0; i < n; i++) {
        const hits = results.nth(i).locator('[data-testid="hl"]:visible')
        expect(await hits.count()).toBeGreaterThan(0)
        const text = (await hits.first().innerText()).toLowerCase()
        expect(text).toBe(kw.toLowerCase())
        // not cut off by a clamped (two-line) summary
        const inside = await hits.first().evaluate((el) => {
          const box = el.closest('.hj-acard__summary, .hj-hl-alt__text, .hj-srow__summary, .hj-acard__title, .hj-srow__title')
          if (!box) return true
          const a = el.getBoundingClientRect()
          const b = box.getBoundingClientRect()
          return a.top >= b.top - 1 && a.bottom <= b.bottom + 1
        })
        expect(inside).toBe(true)
      }
      await h.shot(page, `${vp.name}-${locale}-search-highlight`)
    }
  })

  test('policy categories filter the policy list; roadshow fields filter projects', async () => {
    const cats = (await api(h.baseUrl, '/policy/category/list')).body.result as { code: string; nameZh: string }[]
    expect(cats.length).toBeGreaterThan(2)
    const page = await open(VIEWPORTS[1], 'zh-CN')
    await page.goto('/policy')
    await vis(page, 'policy-item').first().waitFor({ state: 'visible', timeout: 30_000 })
    const chips = vis(page, 'policy-category')
    await chips.first().waitFor({ state: 'visible' })
    expect(await visText(chips.first())).toContain(cats[0].nameZh)
    const total = (await api(h.baseUrl, `/policy/info/list?page=1&pageSize=50&categoryCode=${cats[0].code}`)).body.result
    await chips.first().getByText(cats[0].nameZh, { exact: true }).click()
    await eventually('policy items of the category', () => vis(page, 'policy-item').count(), (c) => c === Math.min(total.total, total.pageSize))
    await h.shot(page, 'd-zh-policy-category')

    const fields = (await api(h.baseUrl, '/roadshow/field/list?kind=project')).body.result as { code: string; nameZh: string }[]
    expect(fields.length).toBeGreaterThan(1)
    await page.goto('/roadshow')
    await vis(page, 'roadshow-item').first().waitFor({ state: 'visible', timeout: 30_000 })
    const f = fields[0]
    const expected = (await api(h.baseUrl, `/roadshow/project/list?page=1&pageSize=50&kind=project&fieldCode=${f.code}`)).body.result.total
    await vis(page, 'roadshow-field').first().getByText(f.nameZh, { exact: true }).click()
    await eventually('projects of the field', () => vis(page, 'roadshow-item').count(), (c) => c === expected)
    await h.shot(page, 'd-zh-roadshow-field')
  })

  test('sponsor logos are shown whole in a box of readable size', async () => {
    for (const vp of VIEWPORTS) {
      const page = await open(vp, 'zh-CN')
      await page.goto(`/sponsor?id=${ids.sponsor}`)
      const logo = page.locator('.hj-logo:visible').first()
      await logo.waitFor({ state: 'visible', timeout: 30_000 })
      const box = await logo.boundingBox()
      expect(box!.width).toBeGreaterThanOrEqual(96)
      expect(box!.height).toBeGreaterThanOrEqual(40)
      const fit = await logo.evaluate((el) => {
        const img = el.querySelector('img')
        return img ? getComputedStyle(img).objectFit : ''
      })
      expect(fit).toBe('contain')
    }
  })

  test('the about and BP videos are real files, or there is no player', async () => {
    const videos = (await api(h.baseUrl, '/video/info/list?page=1&pageSize=50')).body.result.list as { videoUrl: string }[]
    expect(videos.filter((v) => v.videoUrl).length).toBeGreaterThan(0)
    for (const v of videos.filter((x) => x.videoUrl)) {
      const res = await fetch(new URL(v.videoUrl, h.baseUrl))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^video\//)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    }
    const page = await open(VIEWPORTS[1], 'en-US')
    await page.goto('/website')
    await clickVisible(page, 'website-video-card-play')
    const video = page.locator('video:visible').first()
    await video.waitFor({ state: 'attached', timeout: 30_000 })
    // the browser can read the file: metadata loads and it has a duration
    const duration = await eventually(
      'video metadata',
      () => video.evaluate((el: HTMLVideoElement) => (el.readyState >= 1 ? el.duration : 0)),
      (d) => d > 0,
      15_000,
    )
    // a finite duration (the player shows 0:10, not NaN:NaN)
    expect(duration).toBeGreaterThan(5)
    expect(duration).toBeLessThan(60)
    await h.shot(page, 'd-en-website-video')
    // BP videos: the seeded ones have a file (no "video coming soon" placeholder on seeded pages)
    await page.goto('/roadshow')
    await clickVisible(page, 'roadshow-tab-video')
    await vis(page, 'roadshow-item').first().waitFor({ state: 'visible', timeout: 20_000 })
    expect(await vis(page, 'roadshow-item-coming').count()).toBe(0)
    await h.shot(page, 'd-en-roadshow-videos')
  })
})
