/**
 * The home page lists the seeded activities from the server, with the mobile layout (bottom tab bar)
 * under 768 px and the desktop header at 1280 px.
 */
import type { Page } from 'playwright-core'
import type { Page as PageOf } from '@contracts/api'
import type { ActivitySummary } from '@contracts/activity'
import { api } from './support/api'
import { byTestId, eventually, startHarness, type Harness } from './support/harness'

let h: Harness
let published: ActivitySummary[]

// Taro's built-in H5 tab bar, or the app's own one if it marks it with a test id.
const TAB_BAR = '[data-testid="tab-bar"], .taro-tabbar__tabbar, .weui-tabbar'

beforeAll(async () => {
  h = await startHarness('home')
  const r = await api<PageOf<ActivitySummary>>(h.baseUrl, '/activity/info/list?page=1&pageSize=20')
  expect(r.body.code).toBe(200)
  published = r.body.result.list
  expect(published.length).toBeGreaterThan(0)
})

afterAll(async () => {
  await h?.stop()
})

async function activityCards(page: Page) {
  const cards = page.locator('[data-testid="home-activity"]')
  await cards.first().waitFor({ state: 'visible', timeout: 30_000 })
  return cards
}

test('mobile 390 px: activity cards from the server and the bottom tab bar', async () => {
  const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'zh-CN' })
  await page.goto('/')
  const cards = await activityCards(page)
  const texts = (await cards.allInnerTexts()).join('\n')
  // Cards carry real data: at least one seeded title (zh, or en if the app chose English) is shown.
  expect(published.some((a) => texts.includes(a.titleZh) || texts.includes(a.titleEn))).toBe(true)

  const tabBar = page.locator(TAB_BAR).first()
  await tabBar.waitFor({ state: 'visible', timeout: 15_000 })
  const box = await tabBar.boundingBox()
  expect(box).not.toBeNull()
  // "bottom" tab bar: its lower edge is at the bottom of the viewport.
  expect(Math.round(box!.y + box!.height)).toBeGreaterThanOrEqual(844 - 2)
  expect(box!.width).toBeGreaterThanOrEqual(380)
  await h.shot(page, 'mobile-390')
})

test('desktop 1280 px: header with language toggle and login/register, no tab bar', async () => {
  const page = await h.newPage({ width: 1280, height: 800, locale: 'zh-CN' })
  await page.goto('/')
  await activityCards(page)
  for (const id of ['header-lang', 'header-login', 'header-register']) {
    await byTestId(page, id).waitFor({ state: 'visible', timeout: 15_000 })
  }
  const header = await byTestId(page, 'header-lang').boundingBox()
  expect(header!.y).toBeLessThan(200)
  await eventually('no visible tab bar on desktop', () => page.locator(TAB_BAR).first().isVisible(), (v) => v === false, 5_000)
  await h.shot(page, 'desktop-1280')
})
