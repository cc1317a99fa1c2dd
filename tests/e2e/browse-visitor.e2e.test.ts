/**
 * A visitor browsing on the real server with its seeded bilingual data, at 390 px and at 1280 px:
 * home → activity list → type / status / country filters → detail; search with a Chinese and an English
 * keyword; hot search (desktop); the policy match against a seeded rule; the language switch on a detail
 * page; and the seeded demo user's "registered" enrolment state after a login through /login.
 */
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp } from './support/api'
import { eventually, startHarness, type Harness } from './support/harness'
import { activityDetail, allActivities, apiTotal, clickVisible, countIn, fillVisible, planMatch, settle, vis, visText, type MatchPlan } from './support/browse'

let h: Harness
let byId: Map<number, any>
let plan: MatchPlan
let registeredId: number

const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844, mobile: true },
  { name: 'desktop', width: 1280, height: 800, mobile: false },
] as const
type Viewport = (typeof VIEWPORTS)[number]

beforeAll(async () => {
  h = await startHarness('browse')
  const all = await allActivities(h.baseUrl)
  expect(all.length).toBeGreaterThanOrEqual(60)
  byId = new Map(all.map((a) => [a.id, a]))
  plan = await planMatch(h.baseUrl)
  // an activity the demo user is enrolled in, as the API says for that user
  const { token } = await loginAsConsumerApp(h.baseUrl, DEMO.consumer)
  let found = 0
  for (const a of all) {
    if (a.status === 'ended') continue
    const d = await activityDetail(h.baseUrl, a.id, token)
    if (d.enrollState === 'registered') {
      found = a.id
      break
    }
  }
  expect(found).toBeGreaterThan(0)
  registeredId = found
}, 120_000)

afterAll(async () => {
  if (overflows.length) console.warn(`[browse] horizontal overflow:\n  ${overflows.join('\n  ')}`)
  await h?.stop()
})

const open = (vp: Viewport, locale = 'zh-CN') => h.newPage({ width: vp.width, height: vp.height, mobile: vp.mobile, locale })

/** Screenshot once the page transition is over; a page wider than the window is reported. */
const overflows: string[] = []
async function snap(page: Page, step: string) {
  const over = await settle(page)
  if (over > 0) overflows.push(`${step}: ${over} px wider than the window (${new URL(page.url()).pathname})`)
  await h.shot(page, step)
}

async function activityCount(page: Page): Promise<number> {
  return countIn(await visText(vis(page, 'activity-count').first()))
}

/** Every visible card belongs to `expected` (ids of the API's answer for the same filters) and shows the badges. */
async function expectCards(page: Page, expected: Set<number>, f: { type?: string; status?: string; country?: string }) {
  const cards = vis(page, 'activity-card')
  await cards.first().waitFor({ state: 'visible' })
  const n = await cards.count()
  expect(n).toBeGreaterThan(0)
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i)
    const id = Number(await card.getAttribute('data-id'))
    expect(expected.has(id)).toBe(true)
    const a = byId.get(id)
    if (f.type) {
      expect(a.type).toBe(f.type)
      expect(await visText(card.locator(`.hj-acard__type--${f.type}`))).toBe((zh.activity.type as any)[f.type])
    }
    if (f.status) {
      expect(a.status).toBe(f.status)
      expect(await visText(card.locator(`.hj-acard__status--${f.status}`))).toBe((zh.activity.status as any)[f.status])
    }
    if (f.country) expect(a.country).toBe(f.country)
  }
  return n
}

describe.each(VIEWPORTS)('$name $width px', (vp) => {
  test('home → activity list → type, status and country filters → detail', async () => {
    const page = await open(vp)
    await page.goto('/')
    await vis(page, 'home-activity').first().waitFor({ state: 'visible', timeout: 30_000 })
    await snap(page, `${vp.name}-home`)
    await clickVisible(page, vp.mobile ? 'tab-activity' : 'header-nav-activity')
    await page.waitForURL(/\/activity(\?|$)/)
    const total = await apiTotal(h.baseUrl, '/activity/info/list?page=1&pageSize=1')
    await eventually('unfiltered count', () => activityCount(page), (n) => n === total)

    // type
    await clickVisible(page, 'filter-type-offline')
    const tTotal = await apiTotal(h.baseUrl, '/activity/info/list?page=1&pageSize=1&type=offline')
    expect(tTotal).toBeLessThan(total)
    await eventually('count after type filter', () => activityCount(page), (n) => n === tTotal)
    await expectCards(page, new Set((await allActivities(h.baseUrl, 'type=offline')).map((a) => a.id)), { type: 'offline' })

    // status
    await clickVisible(page, 'filter-status-upcoming')
    const sQuery = 'type=offline&status=upcoming'
    const sList = await allActivities(h.baseUrl, sQuery)
    expect(sList.length).toBeLessThan(tTotal)
    await eventually('count after status filter', () => activityCount(page), (n) => n === sList.length)
    await expectCards(page, new Set(sList.map((a) => a.id)), { type: 'offline', status: 'upcoming' })

    // country: the first country chip that still has results under type + status
    const countries = (await api(h.baseUrl, '/activity/country/list')).body.result as { code: string }[]
    let country = ''
    let cList: any[] = []
    for (const c of countries) {
      const l = await allActivities(h.baseUrl, `${sQuery}&country=${c.code}`)
      if (l.length > 0 && l.length < sList.length) {
        country = c.code
        cList = l
        break
      }
    }
    expect(country).not.toBe('')
    await clickVisible(page, `filter-country-${country}`)
    await eventually('count after country filter', () => activityCount(page), (n) => n === cList.length)
    await eventually('url keeps the filters', async () => page.url(), (u) => u.includes('type=offline') && u.includes('status=upcoming') && u.includes(`country=${country}`))
    const shown = await expectCards(page, new Set(cList.map((a) => a.id)), { type: 'offline', status: 'upcoming', country })
    expect(shown).toBe(Math.min(cList.length, 12))
    await snap(page, `${vp.name}-activity-filtered`)

    // detail of the first card
    const card = vis(page, 'activity-card').first()
    const id = Number(await card.getAttribute('data-id'))
    const cardTitle = await visText(card.locator('.hj-acard__title'))
    await card.click()
    await page.waitForURL(new RegExp(`/activityDetail\\?id=${id}`))
    await eventually('detail title', () => visText(vis(page, 'activity-title').first()), (t) => t === cardTitle, 15_000)
    expect(cardTitle).toBe(byId.get(id).titleZh)
    for (const line of ['activity-time-own', 'activity-time-viewer']) {
      expect(await visText(vis(page, line).first())).toMatch(/\d{2}:\d{2}/)
    }
    const d = await activityDetail(h.baseUrl, id)
    const state = await vis(page, 'enroll-button').first().getAttribute('data-state')
    expect(state).toBe(d.enrollState)
    // upcoming activity for a visitor: never "ended", and "closed" only when enrolment is closed
    expect(['register_now', 'closed']).toContain(state)
    if (!d.isOpen || (d.enrollDeadline && Date.parse(d.enrollDeadline) < Date.now())) expect(state).toBe('closed')
    expect(await visText(vis(page, 'enroll-button').first())).toBe((zh.activity.enroll as any)[state!])
    await snap(page, `${vp.name}-activity-detail`)

    // an ended activity shows "ended"
    const ended = [...byId.values()].find((a) => a.status === 'ended')
    await page.goto(`/activityDetail?id=${ended.id}`)
    await eventually('ended state', () => vis(page, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'ended', 15_000)
  })

  test('search: a two-character Chinese keyword and an English one, highlighted', async () => {
    const page = await open(vp)
    await page.goto('/')
    await vis(page, 'home-activity').first().waitFor({ state: 'visible', timeout: 30_000 })
    const box = vp.mobile ? 'mobile-search' : 'header-search'
    const btn = vp.mobile ? 'mobile-search-btn' : 'header-search-btn'

    await fillVisible(page, box, '人才')
    await clickVisible(page, btn)
    await page.waitForURL(/\/search\?/)
    expect(decodeURIComponent(page.url())).toContain('keywords=人才')
    await vis(page, 'search-result').first().waitFor({ state: 'visible', timeout: 15_000 })
    const hls = vis(page, 'hl')
    await eventually('highlights', () => hls.count(), (n) => n > 0)
    for (const t of await hls.allInnerTexts()) expect(t.trim()).toBe('人才')
    const apiAll = (await api(h.baseUrl, `/search/all?keywords=${encodeURIComponent('人才')}`)).body.result
    const apiTotal = ['activity', 'topic', 'information', 'policy', 'sponsor'].reduce((n, m) => n + (apiAll[m]?.total || 0), 0)
    expect(apiTotal).toBeGreaterThan(0)
    expect(countIn(await visText(vis(page, 'search-count').first()))).toBe(apiTotal)
    await snap(page, `${vp.name}-search-zh`)

    // English keyword, from the search page's own box, in the English interface
    await clickVisible(page, 'header-lang')
    await eventually('english ui', () => visText(vis(page, 'search-tab-all').first()), (t) => /^[A-Za-z ]+$/.test(t))
    await fillVisible(page, box, 'Forum')
    await clickVisible(page, btn)
    await eventually('url has Forum', async () => page.url(), (u) => u.includes('keywords=Forum'))
    await eventually(
      'english highlights',
      () => vis(page, 'hl').allInnerTexts(),
      (l) => l.length > 0 && l.every((t) => t.trim().toLowerCase() === 'forum'),
      15_000,
    )
    const results = await vis(page, 'search-result').count()
    expect(results).toBeGreaterThan(0)
    await snap(page, `${vp.name}-search-en`)
  })

  test('policy match: a seeded rule answered on its boundaries matches fully, one year too old does not', async () => {
    const page = await open(vp)
    await page.goto('/match')
    await vis(page, 'match-form').first().waitFor({ state: 'visible', timeout: 30_000 })
    const a = plan.answers
    const answer = async (age: number) => {
      await clickVisible(page, `match-degree-${a.degree}`)
      await fillVisible(page, 'match-age', String(age))
      await fillVisible(page, 'match-overseasYears', String(a.overseasYears))
      await fillVisible(page, 'match-returnYears', String(a.returnYears))
      await clickVisible(page, `match-city-${a.city}`)
      await clickVisible(page, `match-title-${a.title}`)
      await clickVisible(page, `match-platformNature-${a.platformNature}`)
      await clickVisible(page, `match-professionalField-${a.professionalField}`)
      await clickVisible(page, a.foreignNationality ? 'match-foreignNationality-yes' : 'match-foreignNationality-no')
      await clickVisible(page, 'match-submit')
    }
    await answer(a.age)
    const card = page.locator(`[data-testid="match-result"][data-policy-id="${plan.policyId}"]:visible`)
    await card.first().waitFor({ state: 'visible', timeout: 15_000 })
    expect(await card.first().getAttribute('data-matched')).toBe('true')
    const conds = card.first().locator('[data-testid="match-cond"]')
    expect(await conds.count()).toBeGreaterThanOrEqual(5)
    for (const c of await conds.all()) {
      expect(await c.getAttribute('data-ok')).toBe('true')
      expect((await c.innerText()).trim().startsWith('✓')).toBe(true)
    }
    expect(await visText(card.first().locator('[data-testid="match-result-title"]'))).toBe(plan.titleZh)
    // other policies show what failed
    const failed = vis(page, 'match-cond').and(page.locator('[data-ok="false"]'))
    expect(await failed.count()).toBeGreaterThan(0)
    expect((await failed.first().innerText()).trim().startsWith('✗')).toBe(true)
    await card.first().scrollIntoViewIfNeeded()
    await snap(page, `${vp.name}-match`)

    // the same answers with an age outside the rule: that policy no longer matches, on "age"
    const r = plan.rule
    if (r.maxAge != null || r.minAge != null) {
      const bad = r.maxAge != null ? r.maxAge + 1 : r.minAge - 1
      await answer(bad)
      await eventually('policy no longer fully matched', () => card.first().getAttribute('data-matched').catch(() => 'gone'), (v) => v === 'false' || v === 'gone', 15_000)
      if ((await card.count()) > 0) {
        expect(await card.first().locator('[data-testid="match-cond"][data-cond="age"]').getAttribute('data-ok')).toBe('false')
      }
    }
  })

  test('language switch on a detail page changes the title and document.title', async () => {
    const page = await open(vp)
    const a = [...byId.values()].find((x) => x.status !== 'ended' && x.titleZh !== x.titleEn)
    await page.goto(`/activityDetail?id=${a.id}`)
    await eventually('zh title', () => visText(vis(page, 'activity-title').first()), (t) => t === a.titleZh, 30_000)
    await eventually('zh document.title', () => page.title(), (t) => t.startsWith(a.titleZh))
    await clickVisible(page, 'header-lang')
    await eventually('en title', () => visText(vis(page, 'activity-title').first()), (t) => t === a.titleEn)
    await eventually('en document.title', () => page.title(), (t) => t.startsWith(a.titleEn))
    await snap(page, `${vp.name}-detail-en`)

    // a policy detail as well (content pages share detail-title)
    const p = (await api(h.baseUrl, `/policy/info/detail?id=${plan.policyId}`)).body.result
    await page.goto(`/policyDetail?id=${p.id}`)
    await eventually('policy en title', () => visText(vis(page, 'detail-title').first()), (t) => t === p.titleEn, 30_000)
    await eventually('policy en document.title', () => page.title(), (t) => t.startsWith(p.titleEn))
    await clickVisible(page, 'header-lang')
    await eventually('policy zh title', () => visText(vis(page, 'detail-title').first()), (t) => t === p.titleZh)
    await eventually('policy zh document.title', () => page.title(), (t) => t.startsWith(p.titleZh))
    await snap(page, `${vp.name}-policy-detail`)
  })

  test('the demo user logged in through /login sees "registered"', async () => {
    const page = await open(vp)
    await page.goto(`/activityDetail?id=${registeredId}`)
    await eventually('visitor state', () => vis(page, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'register_now' || s === 'closed', 30_000)
    await clickVisible(page, vp.mobile ? 'mobile-login' : 'header-login')
    await page.waitForURL(/\/login/)
    await fillVisible(page, 'login-email', DEMO.consumer)
    await fillVisible(page, 'login-password', DEMO_PASSWORD)
    await clickVisible(page, 'login-submit')
    await eventually('left the login page', async () => new URL(page.url()).pathname, (p) => p !== '/login', 20_000)
    // login returns to the detail page it was opened from, id included
    await eventually('back on the detail page', async () => page.url(), (u) => u.includes(`/activityDetail?id=${registeredId}`), 20_000)
    await eventually('registered state', () => vis(page, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'registered', 20_000)
    expect(await visText(vis(page, 'enroll-button').first())).toBe(zh.activity.enroll.registered)
    await snap(page, `${vp.name}-registered`)
  })
})

test('desktop: hot search groups topic / policy / place, each item opens its detail with a title', async () => {
  const page = await open(VIEWPORTS[1])
  const detail: Record<string, [RegExp, (id: number) => string, string]> = {
    topic: [/\/topicDetail\?id=(\d+)/, (id) => `/topic/info/detail?id=${id}`, 'titleZh'],
    policy: [/\/policyDetail\?id=(\d+)/, (id) => `/policy/info/detail?id=${id}`, 'titleZh'],
    place: [/\/sponsor\?id=(\d+)/, (id) => `/sponsor/info/detail?id=${id}`, 'nameZh'],
  }
  for (const group of ['topic', 'policy', 'place']) {
    await page.goto('/')
    await vis(page, 'header-search').first().waitFor({ state: 'visible', timeout: 30_000 })
    // the test id is on our wrapper of taro-ui's AtSearchBar: focus its input
    await vis(page, 'header-search').first().locator('input').focus()
    await vis(page, 'hot-search').first().waitFor({ state: 'visible' })
    for (const g of ['topic', 'policy', 'place']) await vis(page, `hot-search-group-${g}`).first().waitFor({ state: 'visible' })
    if (group === 'topic') await snap(page, 'desktop-hot-search')
    const item = vis(page, 'hot-search-item').and(page.locator(`[data-type="${group}"]`)).first()
    await item.click()
    const [re, apiPath, field] = detail[group]
    await page.waitForURL(re)
    const id = Number(re.exec(page.url())![1])
    const d = (await api(h.baseUrl, apiPath(id))).body.result
    expect(d?.[field]).toBeTruthy()
    await eventually(`${group} detail title`, () => visText(vis(page, 'detail-title').first()), (t) => t === d[field], 15_000)
    await eventually(`${group} document.title`, () => page.title(), (t) => t.startsWith(d[field]))
    await snap(page, `desktop-hot-${group}`)
  }
})
