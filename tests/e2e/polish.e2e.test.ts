/**
 * What a person sees, at 390 px and 1280 px in Chinese and English on the real server:
 * - a phone can log out from the personal centre (with a confirmation) and lands logged out on home;
 * - "My activities" opens on every enrolment with its state (the API's segment=all, same rows);
 * - the phone frame has a way to customer service that opens the chat (or the leave-a-message sheet);
 * - the desktop side menu's popovers open above the open leave-a-message card, one panel on top;
 * - a 404 has the frame and says "Page not found"; a missing item says so in its title and offers a way back;
 * - the English header search placeholder fits its box; frame icons are pictures with names, not characters;
 * - the search page's advert is an advert card of its slot's size (wordless art, the title and call to action
 *   in the page's language, nothing clipped);
 * - an enrolment dropdown opens a list sheet whose options start under its bar and all show; answering the
 *   field named by the "required" toast takes the toast away;
 * - leave-a-message shows each tel rule on the tel field (required, digits, at least 6), next to the e-mail's.
 */
import type { Page } from 'playwright-core'
import Database from 'better-sqlite3'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp } from './support/api'
import { SITE_PUBLIC_API } from '../../src/shared/contracts/admin-site'
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

  test('the search advert is a card of its slot with its title in the page language', async () => {
    const page = await open(vp, locale)
    const ads = (await api(h.baseUrl, `${SITE_PUBLIC_API.advertList}?area=search`)).body.result as { titleZh: string; titleEn: string }[]
    expect(ads.length).toBeGreaterThan(0)
    await page.goto(`/search?keywords=${encodeURIComponent(lang === 'zh' ? '人才' : 'talent')}`)
    const strip = vis(page, 'adverts-search').first()
    await strip.waitFor({ state: 'visible', timeout: 30_000 })
    const card = strip.locator('[data-testid="advert"]').first()
    const img = card.locator('img').first()
    await eventually('advert picture loaded', () => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), (w) => !!w, 20_000)
    expect(await visText(card.locator('[data-testid="advert-title"]'))).toBe(lang === 'zh' ? ads[0].titleZh : ads[0].titleEn)
    expect(await visText(card)).toContain(dict.common.learnMore)
    // the picture is drawn for the page's language and has no words of its own to cut
    const src = (await img.getAttribute('src')) || ''
    expect(src).toContain(`lang=${lang}`)
    expect((await fetch(new URL(src, h.baseUrl))).headers.get('x-poster-lang')).toBe('none')
    const geo = await card.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const i = el.querySelector('img')!.getBoundingClientRect()
      const title = el.querySelector('[data-testid="advert-title"]') as HTMLElement
      return { w: r.width, h: r.height, iw: i.width, ih: i.height, titleFits: title.scrollWidth <= title.clientWidth + 1, titleIn: title.getBoundingClientRect().bottom <= r.bottom }
    })
    // a slot-sized strip, not a poster: the picture fills the card, the card is wide and short
    expect(geo.h).toBeLessThanOrEqual(vp.mobile ? 100 : 120)
    expect(geo.w / geo.h).toBeGreaterThanOrEqual(3.5)
    expect(Math.abs(geo.iw - geo.w)).toBeLessThanOrEqual(1)
    expect(Math.abs(geo.ih - geo.h)).toBeLessThanOrEqual(1)
    expect(geo.titleFits && geo.titleIn).toBe(true)
    await strip.scrollIntoViewIfNeeded()
    await settle(page)
    await h.shot(page, `${vp.name}-${lang}-search-advert`)
    await page.context().close()
  })

  test('enrolment dropdown: a list sheet with every option under its bar; the required toast goes once answered', async () => {
    // an open activity with a dropdown that the demo consumer has not enrolled in
    const db = new Database(h.server.dbFile, { readonly: true, fileMustExist: true })
    const row = db
      .prepare(
        `select a.id, a.enroll_form f from activities a where a.status = 'published' and a.is_open = 1 and a.end_time > ? and a.enroll_form like '%"type":"select"%'
         and (a.people_count = 0 or a.enrolled_count < a.people_count) and (a.is_deadline_equal_end = 1 or a.enroll_deadline is null or a.enroll_deadline > ?)
         and not exists (select 1 from activity_enrollments e join users u on u.id = e.user_id where e.activity_id = a.id and u.email = ?) order by a.id`,
      )
      .get(new Date().toISOString(), new Date().toISOString(), DEMO.consumer) as { id: number; f: string }
    db.close()
    const fields = JSON.parse(row.f) as { key: string; type: string; required?: boolean; labelZh: string; labelEn: string; options?: { value: string; labelZh: string; labelEn: string }[] }[]
    const select = fields.find((f) => f.type === 'select')!
    const firstRequired = fields.find((f) => f.required)!
    const page = await open(vp, locale)
    // enrolling asks a visitor to log in first, then back to the activity
    await page.goto(`/activityDetail?id=${row.id}`)
    await clickVisible(page, 'enroll-button')
    await page.waitForURL(/\/login\?redirect=/, { timeout: 30_000 })
    await fillVisible(page, 'login-email', DEMO.consumer)
    await fillVisible(page, 'login-password', DEMO_PASSWORD)
    await clickVisible(page, 'login-submit')
    await eventually('left the login page', async () => new URL(page.url()).pathname, (p) => p !== '/login', 20_000)
    await page.goto(`/activityDetail?id=${row.id}`)
    await clickVisible(page, 'enroll-button')
    await vis(page, 'enroll-submit').first().waitFor({ state: 'visible', timeout: 20_000 })
    await settle(page)
    // submitting empty: the toast names the first required field; answering that field takes it away
    await clickVisible(page, 'enroll-submit')
    // (the toast host's wrapper has no box of its own: AtToast inside it is fixed)
    const toastBox = page.locator('[data-testid="toast"]').first()
    await toastBox.waitFor({ state: 'attached', timeout: 5_000 })
    expect(await toastBox.textContent()).toContain(dict.enrollment.err.required)
    await h.shot(page, `${vp.name}-${lang}-enroll-required-toast`)
    expect(firstRequired.type).not.toBe('select') // the seed's forms start with a typed field
    await fillVisible(page, `enroll-input-${firstRequired.key}`, lang === 'zh' ? '张晓明' : 'Alex Chen')
    await eventually('toast gone', () => page.locator('[data-testid="toast"]').count(), (n) => n === 0, 1_000)
    // the dropdown: a list sheet, options right under the bar, every one of them on screen
    await vis(page, `enroll-picker-${select.key}`).first().scrollIntoViewIfNeeded()
    await clickVisible(page, `enroll-picker-${select.key}`)
    const sheet = vis(page, `enroll-sheet-${select.key}`).first()
    await sheet.waitFor({ state: 'visible' })
    await page.waitForTimeout(400) // the sheet slides up
    expect(await page.locator('.taro-picker__overlay').count()).toBe(0)
    const geo = await sheet.evaluate((el) => {
      const head = el.querySelector('.hj-esheet__head')!.getBoundingClientRect()
      const opts = Array.from(el.querySelectorAll('.hj-esheet__opt')).map((o) => o.getBoundingClientRect())
      return { headBottom: head.bottom, firstTop: opts[0].top, lastBottom: opts[opts.length - 1].bottom, n: opts.length, vh: window.innerHeight }
    })
    expect(geo.n).toBe(select.options!.length)
    expect(geo.firstTop - geo.headBottom).toBeLessThanOrEqual(2)
    expect(geo.lastBottom).toBeLessThanOrEqual(geo.vh)
    expect(await visText(sheet.locator('.hj-esheet__head'))).toContain(dict.common.cancel)
    const labels = await sheet.locator('.hj-esheet__opt').allInnerTexts()
    expect(labels.map((l) => l.trim())).toEqual(select.options!.map((o) => (lang === 'zh' ? o.labelZh : o.labelEn)))
    await h.shot(page, `${vp.name}-${lang}-enroll-select-sheet`)
    const second = select.options![1]
    await clickVisible(page, `enroll-sheet-option-${select.key}-${second.value}`)
    await eventually('sheet closed', () => vis(page, `enroll-sheet-${select.key}`).count(), (n) => n === 0, 5_000)
    expect(await visText(vis(page, `enroll-picker-${select.key}`).first())).toContain(lang === 'zh' ? second.labelZh : second.labelEn)
    // Cancel closes without changing the answer
    await clickVisible(page, `enroll-picker-${select.key}`)
    await clickVisible(page, `enroll-sheet-cancel-${select.key}`)
    await eventually('sheet cancelled', () => vis(page, `enroll-sheet-${select.key}`).count(), (n) => n === 0, 5_000)
    expect(await visText(vis(page, `enroll-picker-${select.key}`).first())).toContain(lang === 'zh' ? second.labelZh : second.labelEn)
    await h.shot(page, `${vp.name}-${lang}-enroll-select-answered`)
    await page.context().close()
  })

  test('leave-a-message: each tel rule shows on the tel field, like the e-mail rule', async () => {
    const page = await open(vp, locale)
    await page.goto('/activity')
    await vis(page, 'activity-card').first().waitFor({ state: 'visible', timeout: 30_000 })
    await clickVisible(page, vp.mobile ? 'mobile-service' : 'side-service')
    // no adviser online in the seed: the leave-a-message form
    await vis(page, 'leave-submit').first().waitFor({ state: 'visible', timeout: 20_000 })
    const v = dict.chat.leave.validate
    const telError = () => visText(vis(page, 'leave-error-tel').first())
    await clickVisible(page, 'leave-submit')
    expect(await telError()).toBe(v.telEmpty)
    await fillVisible(page, 'leave-desc', lang === 'zh' ? '想咨询落户政策' : 'A question about residence permits')
    await fillVisible(page, 'leave-name', lang === 'zh' ? '王小明' : 'Ming Wang')
    await fillVisible(page, 'leave-tel', '123')
    await fillVisible(page, 'leave-email', 'wang@ex')
    await clickVisible(page, 'leave-submit')
    expect(await telError()).toBe(v.telShort)
    expect(await visText(vis(page, 'leave-error-email').first())).toBe(v.emailInvalid)
    // the message sits under the tel field, as the e-mail's sits under the e-mail field
    const under = async (field: string) => {
      const f = (await vis(page, `leave-${field}`).first().boundingBox())!
      const e = (await vis(page, `leave-error-${field}`).first().boundingBox())!
      return e.y >= f.y + f.height - 2 && e.y - (f.y + f.height) < 40 && Math.abs(e.x - f.x) < 40
    }
    expect(await under('tel')).toBe(true)
    expect(await under('email')).toBe(true)
    await h.shot(page, `${vp.name}-${lang}-leave-tel-short`)
    if (!vp.mobile) {
      // the desktop field takes any characters: the digits rule shows too
      await fillVisible(page, 'leave-tel', '138-0013')
      await clickVisible(page, 'leave-submit')
      expect(await telError()).toBe(v.telNumeric)
    }
    // nothing was sent; a real number and address go through
    await fillVisible(page, 'leave-tel', '13800138000')
    await fillVisible(page, 'leave-email', 'wang@ex.com')
    await clickVisible(page, 'leave-submit')
    await vis(page, 'leave-message-done').first().waitFor({ state: 'visible', timeout: 20_000 })
    await page.context().close()
  })
})
