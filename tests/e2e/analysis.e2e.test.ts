/**
 * Analysis at 1440 px on the real server and admin build: operations (Chinese) sees the admin home's
 * figures, opens Analysis, changes the range (the per-day chart redraws with 7 points instead of 30),
 * exports the per-day card and reads the CSV back, switches to English; the organizer (English) sees
 * only its organisation's activities in the top 10 and no organisation filter.
 */
import fs from 'node:fs'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { ADMIN_ANALYSIS_API } from '@contracts/analysis'
import { API } from '@contracts/api'
import { api, DEMO, loginAsAdminApp } from './support/api'
import { byTestId, clickTestId, eventually, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness

beforeAll(async () => {
  h = await startHarness('analysis', { builds: ['admin'] })
  // a few detail views so the views series has something (the tally is written every 5 s)
  const list = await api(h.baseUrl, `${API.activityList}?page=1&pageSize=3`)
  for (const a of list.body.result.list) await api(h.baseUrl, `${API.activityDetail}?id=${a.id}`)
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

/** the per-day card's summary ("… in N days") once the cards answered */
async function daySummary(page: Page): Promise<string> {
  return eventually('day summary', async () => (await byTestId(page, 'analysis-day-summary').innerText()).trim(), (t) => /\d/.test(t))
}

describe('analysis (1440 px)', () => {
  let ops: Page

  test('operations: the home shows today’s figures; Analysis draws the cards; a 7-day range redraws the chart', async () => {
    ops = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, ops)
    await ops.goto('/admin/home')
    const figures = byTestId(ops, 'home-figures')
    await figures.waitFor({ state: 'visible', timeout: 30_000 })
    const { token } = await loginAsAdminApp(h.server, DEMO.operations)
    const home = await api(h.baseUrl, ADMIN_ANALYSIS_API.home, { token })
    expect(home.body.code).toBe(200)
    expect(await byTestId(ops, 'home-pendingApprovals').innerText()).toContain(String(home.body.result.pendingApprovals))
    expect(await figures.innerText()).toContain('今日新报名')
    await h.shot(ops, 'home-figures-zh')

    await clickTestId(ops, 'home-trend')
    await byTestId(ops, 'analysis-view').waitFor({ state: 'visible', timeout: 30_000 })
    expect(ops.url()).toContain('/admin/analysis')
    expect(await daySummary(ops)).toMatch(/30 天/)
    await byTestId(ops, 'analysis-day-chart').locator('canvas').first().waitFor({ state: 'visible' })
    await eventually('top 10 rows', async () => ops.locator('[data-testid="analysis-top"] tbody tr[data-row-key]').count(), (n) => n > 0)
    await ops.waitForTimeout(600) // the charts' 300 ms animation
    await h.shot(ops, 'analysis-30-days-zh')
    await byTestId(ops, 'analysis-top').scrollIntoViewIfNeeded()
    await ops.waitForTimeout(600)
    await h.shot(ops, 'analysis-country-enrolment-top-zh')
    await ops.evaluate(() => window.scrollTo(0, 0))

    await clickTestId(ops, 'analysis-preset-7')
    await eventually('7-day summary', () => daySummary(ops), (t) => /7 天/.test(t))
    await ops.waitForTimeout(600)
    expect(ops.url()).toMatch(/from=\d{4}-\d{2}-\d{2}/)
    await h.shot(ops, 'analysis-7-days-zh')
  })

  test('operations exports the per-day card; the CSV holds one row per day', async () => {
    const [download] = await Promise.all([ops.waitForEvent('download'), clickTestId(ops, 'analysis-export-day')])
    expect(download.suggestedFilename()).toMatch(/^analysis-day-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = text.trim().split(/\r\n/)
    expect(lines[0]).toBe('日期,报名数,浏览量')
    expect(lines).toHaveLength(8)
    expect(lines.slice(1).every((l) => /^\d{4}-\d{2}-\d{2},\d+,\d+$/.test(l))).toBe(true)
  })

  test('in English the cards follow the language', async () => {
    await clickTestId(ops, 'adm-lang')
    await eventually('English total card', async () => byTestId(ops, 'analysis-total').innerText(), (t) => t.includes('Enrolments') && t.includes('Detail page views'))
    await ops.waitForTimeout(600)
    await h.shot(ops, 'analysis-7-days-en')
  })

  test("the organizer sees only its organisation's activities and no organisation filter", async () => {
    const page = await h.newPage({ width: 1440, height: 900, locale: 'en-US' })
    await adminLogin(h, page, DEMO.organizer)
    await page.goto('/admin/analysis')
    await byTestId(page, 'analysis-view').waitFor({ state: 'visible', timeout: 30_000 })
    await daySummary(page)
    const rows = page.locator('[data-testid="analysis-top"] tbody tr[data-row-key]')
    const ids = (await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-key'))))).filter((n) => n > 0)
    const db = new Database(h.server.dbFile, { readonly: true })
    try {
      const org = db.prepare("select a.organization_id as id from user_accounts a join users u on u.id = a.user_id where u.email = ? and a.kind = 'ouser'").get(DEMO.organizer) as { id: number }
      for (const id of ids) expect((db.prepare('select organization_id from activities where id = ?').get(id) as { organization_id: number }).organization_id).toBe(org.id)
    } finally {
      db.close()
    }
    expect(await page.locator('[data-testid="analysis-org"]').count()).toBe(0)
    await page.waitForTimeout(600)
    await h.shot(page, 'analysis-organizer-en')
  })
})
