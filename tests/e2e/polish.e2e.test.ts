/**
 * What a person sees, at 390 px and 1280 px in Chinese and English on the real server:
 * - a phone can log out from the personal centre (with a confirmation) and lands logged out on home;
 * - "My activities" opens on every enrolment with its state (the API's segment=all, same rows);
 * - the phone frame has a way to customer service that opens the chat (or the leave-a-message sheet);
 * - the desktop side menu's popovers open above the open leave-a-message card, one panel on top;
 * - a 404 has the frame and says "Page not found"; a missing item says so in its title and offers a way back;
 * - the English header search placeholder fits its box; frame icons are pictures with names, not characters.
 */
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp } from './support/api'
import { eventually, startHarness, type Harness } from './support/harness'
import { clickVisible, fillVisible, settle, vis, visText } from './support/browse'

let h: Harness
beforeAll(async () => {
  h = await startHarness('polish')
}, 120_000)
afterAll(async () => {
  await h?.stop()
})

const VIEWPORTS = [
  { name: 'm', width: 390, height: 844, mobile: true },
  { name: 'd', width: 1280, height: 800, mobile: false },
] as const
const LOCALES = [
  { name: 'zh', locale: 'zh-CN', dict: zh },
  { name: 'en', locale: 'en-US', dict: en },
] as const
const CASES = VIEWPORTS.flatMap((vp) => LOCALES.map((l) => ({ ...l, vp, label: `${vp.name}-${l.name}` })))
const open = (vp: (typeof VIEWPORTS)[number], locale: string) => h.newPage({ width: vp.width, height: vp.height, mobile: vp.mobile, locale })

async function logIn(page: Page, path: string) {
  await page.goto(path)
  await page.waitForURL(/\/login\?redirect=/, { timeout: 30_000 })
  await fillVisible(page, 'login-email', DEMO.consumer)
  await fillVisible(page, 'login-password', DEMO_PASSWORD)
  await clickVisible(page, 'login-submit')
  await eventually('left the login page', async () => new URL(page.url()).pathname, (p) => p !== '/login', 20_000)
}

describe.each(CASES)('$label', ({ vp, name: lang, locale, dict }) => {
  test('my activities open on every enrolment with its state; log out at the bottom of the centre asks first', async () => {
    const page = await open(vp, locale)
    await logIn(page, '/center')
    await vis(page, 'center-page').first().waitFor({ state: 'visible', timeout: 20_000 })
    const { token } = await loginAsConsumerApp(h.baseUrl, DEMO.consumer)
    const all = (await api(h.baseUrl, '/activity/enroll/my?segment=all&page=1&pageSize=5', { token })).body.result
    expect(all.total).toBeGreaterThan(0)
    const rows = vis(page, 'center-activity')
    await eventually('every enrolment listed', () => rows.count(), (n) => n === Math.min(5, all.list.length), 20_000)
    const now = Date.now()
    for (let i = 0; i < all.list.length; i++) {
      const e = all.list[i]
      const state = Date.parse(e.activity.endTime) <= now ? 'ended' : e.status
      expect(await visText(rows.nth(i))).toContain(dict.center.status[state as 'pending'])
    }
    const logout = vis(page, 'center-logout').first()
    await logout.scrollIntoViewIfNeeded()
    expect(await visText(logout)).toBe(dict.header.logout)
    await logout.click()
    expect(await visText(vis(page, 'center-logout-box').first())).toContain(dict.center.logoutAsk)
    await h.shot(page, `${vp.name}-${lang}-center-logout-ask`)
    await clickVisible(page, 'center-logout-cancel')
    // cancelled: still logged in, the centre stays
    await vis(page, 'center-logout').first().waitFor({ state: 'visible' })
    expect(await vis(page, 'center-nickname').count()).toBe(1)
    await clickVisible(page, 'center-logout')
    await clickVisible(page, 'center-logout-confirm')
    await eventually('on home', async () => new URL(page.url()).pathname, (p) => p === '/', 20_000)
    // logged out: the centre asks to log in again
    await page.goto('/center')
    await page.waitForURL(/\/login\?redirect=/, { timeout: 30_000 })
    await page.context().close()
  })

  test('customer service from every phone page; side-menu popovers above the leave-a-message card', async () => {
    const page = await open(vp, locale)
    await page.goto('/activity')
    await vis(page, 'activity-card').first().waitFor({ state: 'visible', timeout: 30_000 })
    await settle(page)
    if (vp.mobile) {
      // one search box on the phone activity list (the frame's), and it filters the list in place
      expect(await vis(page, 'mobile-search').count()).toBe(1)
      expect(await vis(page, 'filter-keyword').count()).toBe(0)
      const entry = vis(page, 'mobile-service').first()
      expect(await entry.getAttribute('aria-label')).toBe(dict.chat.title)
      const box = await entry.boundingBox()
      const bar = await vis(page, 'tab-bar').first().boundingBox()
      expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y) // above the tab bar, not over it
      await h.shot(page, `${vp.name}-${lang}-service-entry`)
      await entry.click()
      // no adviser online in the seed: the leave-a-message sheet (or the chat when one is)
      await eventually('chat or leave-message opened', async () => (await page.locator('.hj-mchat:visible, .hj-mleave:visible, [data-testid="chat-connecting"]:visible').count()) > 0, (v) => v, 20_000)
      await settle(page)
      await h.shot(page, `${vp.name}-${lang}-service-open`)
      // on a detail page too, and never on login
      const id = (await api(h.baseUrl, '/activity/info/list?page=1&pageSize=1')).body.result.list[0].id
      await page.goto(`/activityDetail?id=${id}`)
      await vis(page, 'activity-detail').first().waitFor({ state: 'visible', timeout: 30_000 })
      expect(await vis(page, 'mobile-service').count()).toBe(1)
      // one hero picture on the phone detail page
      expect(await page.locator('[data-testid="activity-banner"]:visible, [data-testid="activity-poster"]:visible').count()).toBe(1)
    } else {
      expect(await vis(page, 'mobile-service').count()).toBe(0)
      await clickVisible(page, 'side-service')
      const card = page.locator('.hj-chat:visible').first()
      await card.waitFor({ state: 'visible', timeout: 20_000 })
      for (const item of ['side-phone', 'side-wechat']) {
        await vis(page, item).first().hover()
        const pop = vis(page, item).first().locator('.hj-side__pop')
        await pop.waitFor({ state: 'visible' })
        // every corner of the popover is the popover's own, not the card's drawn over it
        const covered = await pop.evaluate((el) => {
          const r = el.getBoundingClientRect()
          const pts = [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]]
          return pts.filter(([x, y]) => !el.contains(document.elementFromPoint(x, y))).length
        })
        expect(covered).toBe(0)
        await h.shot(page, `${vp.name}-${lang}-${item}-over-chat`)
      }
      // the English header placeholder is not cut
      await page.goto('/')
      const input = vis(page, 'header-search').first().locator('input')
      await input.waitFor({ state: 'visible', timeout: 20_000 })
      const fits = await input.evaluate((el: HTMLInputElement) => {
        const c = document.createElement('canvas').getContext('2d')!
        const s = getComputedStyle(el)
        c.font = `${s.fontSize} ${s.fontFamily}`
        return c.measureText(el.placeholder).width <= el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
      })
      expect(fits).toBe(true)
      // frame icons are pictures with accessible names
      for (const id of ['side-subscribe', 'side-service', 'side-phone', 'side-wechat']) {
        const item = vis(page, id).first()
        expect(await item.getAttribute('aria-label')).toBeTruthy()
        expect(await item.locator('.hj-icon').count()).toBe(1)
      }
      expect(await page.locator('[data-testid^="footer-social-"] .hj-icon').count()).toBe(4)
    }
    await page.context().close()
  })

  test('404 in the frame says "page not found"; missing items say "not found" with a way back', async () => {
    const page = await open(vp, locale)
    await page.goto('/no-such-page')
    await vis(page, 'not-found').first().waitFor({ state: 'visible', timeout: 30_000 })
    expect(await visText(vis(page, 'not-found-title').first())).toBe(dict.notFound.title)
    await eventually('404 title', () => page.title(), (t) => t.startsWith(dict.router.notFound), 10_000)
    // the frame: the desktop header (language switch, search) or the phone's back bar
    expect(await page.locator(vp.mobile ? '.hj-mbar:visible' : '.hj-header:visible').count()).toBe(1)
    await h.shot(page, `${vp.name}-${lang}-404`)
    // /competition without an id is the 404 page, and the title says so
    await page.goto('/competition')
    await vis(page, 'not-found').first().waitFor({ state: 'visible', timeout: 30_000 })
    await eventually('competition 404 title', () => page.title(), (t) => t.startsWith(dict.router.notFound), 10_000)
    for (const [url, testid] of [
      ['/project', 'project-detail-missing'],
      ['/project?id=99999999', 'project-detail-missing'],
      ['/sponsor?id=99999999', 'sponsor-detail-missing'],
      ['/activityDetail?id=99999999', 'activity-not-found'],
    ] as const) {
      await page.goto(url)
      const state = vis(page, testid).first()
      await state.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await visText(state)).toContain(dict.notFound.itemTitle)
      await eventually(`${url} title`, () => page.title(), (t) => t.startsWith(dict.notFound.pageTitle), 10_000)
      expect(await vis(page, 'not-found-home').count()).toBe(1)
      expect(await vis(page, 'not-found-back').count()).toBe(1)
      await h.shot(page, `${vp.name}-${lang}-missing-${url.slice(1, 8).replace(/\W/g, '')}`)
    }
    await clickVisible(page, 'not-found-home')
    await eventually('home', async () => new URL(page.url()).pathname, (p) => p === '/', 20_000)
    await page.context().close()
  })
})
