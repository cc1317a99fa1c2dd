/**
 * Raffles end to end on the real server and builds: the organizer (admin, 1440 px, Chinese) creates a
 * raffle for one of its activities with three gifts (the gift list shows each gift's chance), a consumer
 * who enrolled in that activity opens it from the activity page in H5 at 390 px (English), draws until the
 * draws run out (every draw wins: no "no prize" weight), and sees the prizes under "My prizes"; the
 * organizer marks a prize claimed (who and when) and exports the winners — the .xlsx is opened with exceljs.
 */
import fs from 'node:fs'
import Database from 'better-sqlite3'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { api, DEMO, DEMO_PASSWORD } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, type Harness } from './support/harness'
import { clickVisible, fillVisible, vis, visText } from './support/browse'
import { adminLogin } from './support/admin-login'

let h: Harness
const STAMP = Date.now().toString(36).slice(-5)
const NAME_ZH = `年会抽奖 ${STAMP}`
const NAME_EN = `Gala lucky draw ${STAMP}`
const GIFTS = [
  { zh: '蓝牙耳机', en: 'Earbuds', stock: '5', weight: '10' },
  { zh: '纪念徽章', en: 'Pin badge', stock: '50', weight: '60' },
  { zh: '咖啡券', en: 'Coffee voucher', stock: '30', weight: '30' },
]
const DRAWS = 2

beforeAll(async () => {
  h = await startHarness('raffle', { builds: ['h5', 'admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

/** an activity of the organizer's organization in which the demo consumer is enrolled (seeded) */
function enrolledActivity(): { id: number; titleZh: string } {
  const db = new Database(h.server.dbFile, { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare(
        `select a.id as id, a.title_zh as titleZh from activity_enrollments e
           join activities a on a.id = e.activity_id
           join users u on u.id = e.user_id
          where u.email = ? and e.status != 'rejected'
            and a.organization_id = (select ua.organization_id from user_accounts ua join users o on o.id = ua.user_id where o.email = ? and ua.kind = 'ouser')
          order by a.id limit 1`,
      )
      .get(DEMO.consumer, DEMO.organizer) as { id: number; titleZh: string } | undefined
    if (!row) throw new Error('no seeded enrolment of the consumer in an organizer activity')
    return row
  } finally {
    db.close()
  }
}

async function pickDate(page: Page, id: string, value: string) {
  const host = byTestId(page, id)
  const input = (await host.evaluate((el) => el.tagName.toLowerCase())) === 'input' ? host : host.locator('input').first()
  await input.click()
  await input.fill(value)
  // the picker's OK button (Enter would submit the form, Escape close the drawer around it); the open
  // dropdown is the last one in the page
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').last().click()
  // wait until it has closed: a dropdown still animating out would be the one the next pick clicks
  await page.waitForFunction(() => !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'))
}

async function answer(page: Page, urlPart: string, action: () => Promise<unknown>): Promise<any> {
  const res = page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() !== 'OPTIONS')
  await action()
  return (await res).json()
}

const ymdHm = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:00`

describe('organizer creates a raffle, an enrolled consumer draws, the organizer claims and exports', () => {
  let admin: Page
  let raffleId = 0
  const activity = { id: 0, titleZh: '' }

  test('the organizer creates a raffle with three gifts for its activity', async () => {
    Object.assign(activity, enrolledActivity())
    admin = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, admin, DEMO.organizer)
    await admin.goto('/admin/activity/raffle')
    await byTestId(admin, 'raffle-list').waitFor({ state: 'visible', timeout: 30_000 })
    await clickTestId(admin, 'raffle-add')
    await fillField(admin, 'raffle-name-zh', NAME_ZH)
    await fillField(admin, 'raffle-name-en', NAME_EN)
    await byTestId(admin, 'raffle-activity').click()
    await admin.keyboard.type(activity.titleZh.slice(0, 6))
    await admin.locator('.ant-select-item-option', { hasText: activity.titleZh }).first().click()
    // the window in UTC+08:00 wall time: from an hour ago (there) to in two days
    const now = new Date(Date.now() + (8 * 60 + new Date().getTimezoneOffset()) * 60_000)
    await pickDate(admin, 'raffle-start', ymdHm(new Date(now.getTime() - 3600_000)))
    await pickDate(admin, 'raffle-end', ymdHm(new Date(now.getTime() + 2 * 86400_000)))
    await fillField(admin, 'raffle-default-times', String(DRAWS))
    await fillField(admin, 'raffle-no-prize', '0')
    await h.shot(admin, 'raffle-form-zh')
    const created = await answer(admin, '/raffle/admin/add', () => clickTestId(admin, 'raffle-save'))
    expect(created.code).toBe(200)
    expect(created.result).toMatchObject({ nameZh: NAME_ZH, nameEn: NAME_EN, activityId: activity.id, eligibility: 'enrolled', defaultTimes: DRAWS, noPrizeWeight: 0 })
    raffleId = created.result.id

    const row = admin.locator('tr', { hasText: NAME_ZH })
    await row.waitFor({ state: 'visible' })
    await row.locator('[data-testid="raffle-gifts"]').click()
    for (const g of GIFTS) {
      await clickTestId(admin, 'raffle-gift-add')
      await fillField(admin, 'raffle-gift-name-zh', g.zh)
      await fillField(admin, 'raffle-gift-name-en', g.en)
      await fillField(admin, 'raffle-gift-stock', g.stock)
      await fillField(admin, 'raffle-gift-weight', g.weight)
      const saved = await answer(admin, '/raffle/admin/gift/add', () => clickTestId(admin, 'raffle-gift-save'))
      expect(saved.code).toBe(200)
      await eventually('gift listed', async () => (await byTestId(admin, 'raffle-gift-table').innerText()).replace(/\s+/g, ' '), (t) => t.includes(g.zh))
    }
    // weights 10 / 60 / 30 of 100 with no "no prize" weight
    const chances = await admin.locator('[data-testid="raffle-gift-p"]').allInnerTexts()
    expect(chances).toEqual(['10.00%', '60.00%', '30.00%'])
    await admin.waitForTimeout(400)
    await h.shot(admin, 'raffle-gifts-zh')
    await admin.keyboard.press('Escape')
  })

  test('the enrolled consumer opens it from the activity page (390 px, English), logs in, draws until no draws are left', async () => {
    expect(raffleId).toBeGreaterThan(0)
    const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
    await page.goto(`/activityDetail?id=${activity.id}`)
    const entry = vis(page, 'activity-raffle-entry').filter({ hasText: NAME_EN })
    await entry.first().waitFor({ state: 'visible', timeout: 30_000 })
    await entry.first().click()
    await eventually('on the raffle page', async () => page.url(), (u) => u.includes(`/raffle?id=${raffleId}`), 20_000)
    await vis(page, 'raffle-page').first().waitFor({ state: 'visible' })
    expect(await visText(vis(page, 'raffle-name').first())).toContain(NAME_EN)
    const gifts = await visText(vis(page, 'raffle-gifts').first())
    for (const g of GIFTS) expect(gifts).toContain(g.en)
    await page.waitForTimeout(600) // the page slides in
    await h.shot(page, 'h5-raffle-visitor-en')

    // a visitor is asked to log in, and comes back here
    await clickVisible(page, 'raffle-login')
    await page.waitForURL(/\/login/)
    await fillVisible(page, 'login-email', DEMO.consumer)
    await fillVisible(page, 'login-password', DEMO_PASSWORD)
    await clickVisible(page, 'login-submit')
    await eventually('back on the raffle', async () => page.url(), (u) => u.includes(`/raffle?id=${raffleId}`) && !u.includes('/login'), 20_000)
    const remaining = () => vis(page, 'raffle-remaining').first().getAttribute('data-n')
    await eventually('draws shown', remaining, (n) => n === String(DRAWS), 20_000)

    const won: string[] = []
    for (let i = 0; i < DRAWS; i++) {
      const drawn = await answer(page, '/raffle/draw', () => clickVisible(page, 'raffle-draw'))
      expect(drawn.code).toBe(200)
      expect(drawn.result.gift).not.toBeNull()
      won.push(drawn.result.gift.nameEn)
      if (i === 0) {
        await page.waitForTimeout(300)
        await h.shot(page, 'h5-raffle-spinning-en')
      }
      const title = vis(page, 'raffle-result-title').first()
      await title.waitFor({ state: 'visible', timeout: 15_000 })
      expect(await title.innerText()).toContain(drawn.result.gift.nameEn)
      if (i === 0) await h.shot(page, 'h5-raffle-won-en')
      await clickVisible(page, 'raffle-result-ok')
    }
    await eventually('no draws left', remaining, (n) => n === '0')
    expect(await visText(vis(page, 'raffle-status').first())).toContain('used all your draws')
    // the button is off now; the server refuses another draw too (server tests cover 644)
    expect(await vis(page, 'raffle-draw').first().getAttribute('class')).toContain('is-disabled')
    await h.shot(page, 'h5-raffle-used-up-en')

    await page.goto('/center')
    const prizes = vis(page, 'center-prizes').first()
    await prizes.waitFor({ state: 'visible', timeout: 30_000 })
    await eventually('my prizes', async () => (await prizes.innerText()).replace(/\s+/g, ' '), (t) => won.every((w) => t.includes(w)) && t.includes(NAME_EN), 20_000)
    await prizes.scrollIntoViewIfNeeded()
    await h.shot(page, 'h5-center-my-prizes-en')

    // desktop, Chinese, logged out: the same raffle with its gifts
    const desk = await h.newPage({ width: 1280, height: 800, locale: 'zh-CN' })
    await desk.goto(`/raffle?id=${raffleId}`)
    await vis(desk, 'raffle-page').first().waitFor({ state: 'visible', timeout: 30_000 })
    expect(await visText(vis(desk, 'raffle-name').first())).toContain(NAME_ZH)
    expect(await visText(vis(desk, 'raffle-gifts').first())).toContain(GIFTS[0].zh)
    await desk.waitForTimeout(600)
    await h.shot(desk, 'desktop-raffle-visitor-zh')
  })

  test('the organizer marks a prize claimed and exports the winners (the .xlsx holds them)', async () => {
    expect(raffleId).toBeGreaterThan(0)
    await admin.goto('/admin/activity/raffle')
    const row = admin.locator('tr', { hasText: NAME_ZH })
    await row.waitFor({ state: 'visible', timeout: 30_000 })
    // one extra draw for the consumer, with a reason: default + extra + used
    await row.locator('[data-testid="raffle-times"]').click()
    await byTestId(admin, 'raffle-grant-person').click()
    await admin.keyboard.type(DEMO.consumer)
    await admin.locator('.ant-select-item-option', { hasText: DEMO.consumer }).first().click()
    await fillField(admin, 'raffle-grant-reason', '现场问答奖励')
    const granted = await answer(admin, '/raffle/admin/times/grant', () => clickTestId(admin, 'raffle-grant-save'))
    expect(granted.code).toBe(200)
    expect(granted.result).toMatchObject({ email: DEMO.consumer, defaultTimes: DRAWS, extraTimes: 1, usedTimes: DRAWS, remaining: 1, lastReason: '现场问答奖励' })
    const timesTable = byTestId(admin, 'raffle-times-table')
    await eventually('times row', async () => (await timesTable.innerText()).replace(/\s+/g, ' '), (t) => t.includes(DEMO.consumer) && t.includes('现场问答奖励'))
    await admin.waitForTimeout(400)
    await h.shot(admin, 'raffle-times-zh')
    await admin.keyboard.press('Escape')
    await byTestId(admin, 'raffle-times-drawer').waitFor({ state: 'hidden' }).catch(() => undefined)

    await row.locator('[data-testid="raffle-winners"]').click()
    const table = byTestId(admin, 'raffle-winners-table')
    await eventually('two winners', async () => table.locator('tbody tr.ant-table-row').count(), (n) => n === DRAWS, 20_000)
    const claimed = await answer(admin, '/raffle/admin/winner/claim', () => clickTestId(admin, 'raffle-claim'))
    expect(claimed.code).toBe(200)
    expect(claimed.result.claimedAt).toBeTruthy()
    await eventually('claimed with who', async () => (await table.innerText()).replace(/\s+/g, ' '), (t) => t.includes('已领取') && t.includes('Organizer'))
    await admin.waitForTimeout(400)
    await h.shot(admin, 'raffle-winners-claimed-zh')

    // the drawer covers the header: close it, switch to English, open the winners again
    await admin.keyboard.press('Escape')
    await byTestId(admin, 'raffle-winners-drawer').waitFor({ state: 'hidden' }).catch(() => undefined)
    await clickTestId(admin, 'adm-lang')
    const rowEn = admin.locator('tr', { hasText: NAME_EN })
    await rowEn.waitFor({ state: 'visible' })
    await rowEn.locator('[data-testid="raffle-winners"]').click()
    await eventually('English labels', async () => (await byTestId(admin, 'raffle-winners-drawer').innerText()).replace(/\s+/g, ' '), (t) => t.includes('Claimed') && t.includes('Export to Excel'))
    const [download] = await Promise.all([admin.waitForEvent('download'), clickTestId(admin, 'raffle-winners-export')])
    expect(download.suggestedFilename()).toBe(`${NAME_EN}-winners.xlsx`)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]
    const row1 = (n: number) => (ws.getRow(n).values as unknown[]).slice(1)
    expect(row1(1)).toEqual(['#', 'Gift', 'Nick name', 'E-mail', 'Won at', 'Claim status', 'Claimed with', 'Claimed at'])
    expect(ws.rowCount).toBe(1 + DRAWS)
    const rows = [2, 3].map(row1)
    expect(rows.every((r) => r[3] === DEMO.consumer)).toBe(true)
    expect(rows.map((r) => r[5]).sort()).toEqual(['Claimed', 'Unclaimed'])
    expect(rows.every((r) => GIFTS.some((g) => g.en === r[1]))).toBe(true)
    await h.shot(admin, 'raffle-exported-en')

    // the same answer through the API: one claimed, one not
    const list = await api(h.baseUrl, `/raffle/info?id=${raffleId}`)
    expect(list.body.result.gifts.reduce((n: number, g: { remaining: number }) => n + g.remaining, 0)).toBe(85 - DRAWS)
  })
})
