/**
 * Home and an activity's page arrive with their first screen drawn by the server (server/src/plugins/first-screen.ts):
 * on a phone the poster and title show before the app has started, in the page's language; the app then
 * takes over in one frame (the server's drawing is gone, the app's page works: the language switch, the
 * favourite button asks for a login) and nothing shifts. A bad id and the desktop layout draw as before.
 */
import type { Page } from 'playwright-core'
import type { Page as PageOf } from '@contracts/api'
import type { ActivityListItem } from '@contracts/activity'
import { api } from './support/api'
import { byTestId, startHarness, type Harness } from './support/harness'

let h: Harness
let item: ActivityListItem

beforeAll(async () => {
  h = await startHarness('first-screen')
  const r = await api<PageOf<ActivityListItem>>(h.baseUrl, '/activity/info/list?page=1&pageSize=12')
  expect(r.body.code).toBe(200)
  item = r.body.result.list.find((a) => a.posterUrl) as ActivityListItem
  expect(item).toBeTruthy()
})

afterAll(async () => {
  await h?.stop()
})

/** layout shifts from the start of the load, summed as the page's CLS counts them */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    ;(window as unknown as { __shift: number }).__shift = 0
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

for (const [locale, lang] of [
  ['en-US', 'en'],
  ['zh-CN', 'zh'],
] as const) {
  test(`phone, ${lang}: the server's first screen, then the app's page in its place without a shift`, async () => {
    const title = lang === 'zh' ? item.titleZh || item.titleEn : item.titleEn || item.titleZh
    const html = await (await fetch(`${h.baseUrl}/activityDetail?id=${item.id}`, { headers: { 'accept-language': locale } })).text()
    expect(html).toContain('<div id="hj-first" data-path="/activityDetail">')

    // what a phone shows before any script has run: the server's drawing, in the page's language
    const still = await h.newPage({ width: 390, height: 844, mobile: true, locale })
    await still.route(/\.js(\?|$)/, (route) => route.abort())
    await still.goto(`/activityDetail?id=${item.id}`)
    await still.locator('#hj-first .hj-ad__title').waitFor({ state: 'visible' })
    expect(await still.locator('#hj-first .hj-ad__title').innerText()).toBe(title)
    const drawn = await still.locator('#hj-first .hj-ad__poster').boundingBox()
    expect(drawn).not.toBeNull()
    await still.context().close()

    const page = await h.newPage({ width: 390, height: 844, mobile: true, locale })
    await watchShifts(page)
    await page.goto(`/activityDetail?id=${item.id}`)
    await byTestId(page, 'activity-title').waitFor({ state: 'visible', timeout: 30_000 })
    // taken over: one page, the app's, with the poster where the server drew it
    expect(await page.locator('#hj-first').count()).toBe(0)
    expect(await byTestId(page, 'activity-title').innerText()).toBe(title)
    const poster = await byTestId(page, 'activity-poster').boundingBox()
    expect(poster && drawn && [poster.x, poster.y, poster.width, poster.height].map(Math.round)).toEqual(drawn && [drawn.x, drawn.y, drawn.width, drawn.height].map(Math.round))
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01)
    // and it works: the favourite button of a visitor leads to the login, the language switch redraws
    await byTestId(page, 'header-lang').click()
    const other = lang === 'zh' ? item.titleEn || item.titleZh : item.titleZh || item.titleEn
    await page.waitForFunction((t) => document.querySelector('[data-testid="activity-title"]')?.textContent === t, other)
    await byTestId(page, 'favorite-button').click()
    await page.waitForURL(/\/login/)
    await h.shot(page, `phone-${lang}`)
  })
}

test("phone: the home page's bar and first banner from the server, then the app's in their place without a shift", async () => {
  const still = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await still.route(/\.js(\?|$)/, (route) => route.abort())
  await still.goto('/')
  await still.locator('#hj-first .hj-banner__img img').waitFor({ state: 'visible' })
  const drawn = await still.locator('#hj-first .hj-banner').boundingBox()
  await still.context().close()

  const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await watchShifts(page)
  await page.goto('/')
  await page.locator('[data-testid="home-activity"]').first().waitFor({ state: 'visible', timeout: 30_000 })
  expect(await page.locator('#hj-first').count()).toBe(0)
  const banner = await byTestId(page, 'home-banners').boundingBox()
  expect(banner && [banner.x, banner.y, banner.width, banner.height].map(Math.round)).toEqual(drawn && [drawn.x, drawn.y, drawn.width, drawn.height].map(Math.round))
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01)
  // the app's search box works after the takeover
  await page.locator('[data-testid="mobile-search"] input').fill('policy')
  await byTestId(page, 'mobile-search-btn').click()
  await page.waitForURL(/\/search/)
})

test("phone, zh: the activity list's filters, count and first cards from the server, then the app's in their place without a shift", async () => {
  const first = await api<PageOf<ActivityListItem>>(h.baseUrl, '/activity/info/list?page=1&pageSize=12')
  const top = first.body.result.list[0]
  const title = top.titleZh || top.titleEn
  const still = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'zh-CN' })
  await still.route(/\.js(\?|$)/, (route) => route.abort())
  await still.goto('/activity')
  await still.locator('#hj-first .hj-acard__title').first().waitFor({ state: 'visible' })
  expect(await still.locator('#hj-first .hj-acard__title').first().innerText()).toBe(title)
  expect(await still.locator('#hj-first .hj-alist__count').innerText()).toBe(`共 ${first.body.result.total} 场活动`)
  expect(await still.locator('#hj-first .hj-filter__row').count()).toBeGreaterThanOrEqual(2)
  const drawn = await still.locator('#hj-first .hj-acard').first().boundingBox()
  await still.context().close()

  const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'zh-CN' })
  await watchShifts(page)
  await page.goto('/activity')
  await byTestId(page, 'activity-card').first().waitFor({ state: 'visible', timeout: 30_000 })
  expect(await page.locator('#hj-first').count()).toBe(0)
  expect(await byTestId(page, 'activity-card').first().locator('.hj-acard__title').innerText()).toBe(title)
  const card = await byTestId(page, 'activity-card').first().boundingBox()
  expect(card && [card.x, card.y, card.width, card.height].map(Math.round)).toEqual(drawn && [drawn.x, drawn.y, drawn.width, drawn.height].map(Math.round))
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01)
  // the app's filters work after the takeover
  await byTestId(page, 'filter-type-online').click()
  await page.waitForURL(/type=online/)
  await h.shot(page, 'phone-activity-list-zh')
})

test('an unknown activity draws the not-found state (no first screen from the server); a desktop draws as before', async () => {
  const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await page.goto('/activityDetail?id=999999')
  await byTestId(page, 'activity-not-found').waitFor({ state: 'visible', timeout: 30_000 })
  expect(await page.locator('#hj-first').count()).toBe(0)

  const desktop = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  await desktop.goto(`/activityDetail?id=${item.id}`)
  await byTestId(desktop, 'activity-title').waitFor({ state: 'visible', timeout: 30_000 })
  expect(await desktop.locator('#hj-first').count()).toBe(0)
})

test("phone: the app starts once the first screen's picture is on the screen; a picture that never arrives holds it back no more than a second", async () => {
  // when the page saw the first screen's picture painted, and when the app's main script was added
  const watchStart = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { __picture?: number; __app?: number }
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as { element: Element | null; startTime: number }[]) {
          if (e.element?.tagName === 'IMG' && e.element.closest('#hj-first')) w.__picture ??= e.startTime
        }
      }).observe({ type: 'element', buffered: true })
      new MutationObserver(() => {
        if (w.__app == null && document.querySelector('script[src*="/js/app."]')) w.__app = performance.now()
      }).observe(document, { childList: true, subtree: true })
    })
  const times = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __picture?: number; __app?: number }
      return { picture: w.__picture ?? null, app: w.__app ?? null }
    })

  const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await watchStart(page)
  await page.goto('/')
  await page.locator('[data-testid="home-activity"]').first().waitFor({ state: 'visible', timeout: 30_000 })
  const seen = await times(page)
  expect(seen.picture).toBeGreaterThan(0)
  expect(seen.app).toBeGreaterThan(seen.picture as number)

  // a browser without Element Timing (Safari, iOS WeChat): the app starts in the frame after the picture has loaded
  const plain = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await plain.addInitScript(() => {
    const w = window as unknown as { __loaded?: number }
    Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['paint', 'navigation', 'resource'] })
    document.addEventListener('load', (e) => { if ((e.target as Element).closest?.('#hj-first')) w.__loaded ??= performance.now() }, true)
  })
  await watchStart(plain)
  await plain.goto('/')
  await plain.locator('[data-testid="home-activity"]').first().waitFor({ state: 'visible', timeout: 30_000 })
  expect(await plain.locator('#hj-first').count()).toBe(0)
  const loaded = await plain.evaluate(() => (window as unknown as { __loaded?: number }).__loaded ?? null)
  expect(loaded).toBeGreaterThan(0)
  expect((await times(plain)).app).toBeGreaterThan(loaded as number)

  // the banner's picture never answers: the app starts anyway and takes over
  const held = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await watchStart(held)
  await held.route(/\/static\/posters\/banner-home-[^/]*\.svg/, () => {
    /* never answered */
  })
  await held.goto('/', { waitUntil: 'commit' })
  await held.locator('[data-testid="home-activity"]').first().waitFor({ state: 'visible', timeout: 30_000 })
  expect(await held.locator('#hj-first').count()).toBe(0)
  const late = await times(held)
  expect(late.picture).toBeNull()
  expect(late.app).toBeGreaterThan(0)
})
