/**
 * The admin as operations staff see it at 1440 px, in both languages:
 * - counts that add up (item 14): an activity's "Enrolled N / M" in the enrolment list's header equals
 *   the list's pending and approved rows (its total less the rejected), and the consumer API says the same N;
 * - the enrolment table (item 15): the status shows without scrolling, clear of the fixed actions
 *   column; approving, rejecting and a remark each confirm with a message naming the person;
 * - the tab strip (item 16): after opening twenty views it is one row, the newest tag in sight and the
 *   oldest ones closed;
 * - the home (item 17): entry cards show names, never raw routes;
 * - site settings (item 12): operations change the contact phone; the site's public settings follow.
 */
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { api } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness

beforeAll(async () => {
  h = await startHarness('admin-what-a-person-sees', { builds: ['admin'] })
})

afterAll(async () => {
  await h?.stop()
})

const LANGS = [
  { lang: 'zh', locale: 'zh-CN' },
  { lang: 'en', locale: 'en-US' },
] as const

type Row = { id: number; enrolled_count: number; people_count: number; enroll_need_process: number }
function activities(): { busy: Row[]; process: Row } {
  const db = new Database(h.server.dbFile, { readonly: true, fileMustExist: true })
  try {
    const busy = db.prepare("SELECT id, enrolled_count, people_count, enroll_need_process FROM activities WHERE status = 'published' AND enrolled_count > 20 ORDER BY id LIMIT 2").all() as Row[]
    const process = db
      .prepare(
        "SELECT a.id, a.enrolled_count, a.people_count, a.enroll_need_process FROM activities a WHERE a.enroll_need_process = 1 AND a.entrust_haijiao_process = 0 AND EXISTS (SELECT 1 FROM activity_enrollments e WHERE e.activity_id = a.id AND e.status = 'pending') ORDER BY a.id LIMIT 1",
      )
      .get() as Row
    return { busy, process }
  } finally {
    db.close()
  }
}

async function useLang(page: Page, lang: 'zh' | 'en') {
  const label = await byTestId(page, 'adm-lang').innerText()
  // the switch names the language it switches to: "EN" on Chinese pages
  const offersEn = /^EN$/i.test(label.trim())
  if ((lang === 'en') === offersEn) await clickTestId(page, 'adm-lang')
}

const number = (s: string) => Number((/\d+/.exec(s) ?? ['NaN'])[0])
const tableTotal = async (page: Page) => number(await page.locator('[data-testid="adm-enroll-list"] .ant-pagination-total-text').innerText())
const settled = (page: Page) => page.locator('[data-testid="adm-enroll-table"] .ant-spin-spinning').waitFor({ state: 'detached' })

/**
 * Picks a status in the filter and resolves with the rows it shows: the list's answer for that status,
 * once the table's own total says the same. Waiting for that answer,
 * not for the spinner, matters: on a slow machine the spinner may not have appeared yet when the pick
 * returns, and the table would still show the previous filter's total.
 */
async function pickStatus(page: Page, status: 'rejected' | 'approved' | 'pending' | 'all', lang: 'zh' | 'en'): Promise<number> {
  const labels = { zh: { rejected: '已拒绝', approved: '已通过', pending: '待审核', all: '全部状态' }, en: { rejected: 'Rejected', approved: 'Approved', pending: 'Pending', all: 'All statuses' } }
  const wanted = status === 'all' ? null : status
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url())
    return url.pathname.endsWith('/activity/enroll/admin/list') && url.searchParams.get('status') === wanted
  })
  await byTestId(page, 'adm-enroll-status').click()
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: labels[lang][status] }).first().click()
  const total = ((await (await answered).json()) as { result: { total: number } }).result.total
  await settled(page)
  await eventually(`${status} total shown (answered ${total})`, () => tableTotal(page), (n) => n === total)
  return total
}

describe.each(LANGS)('admin at 1440 px ($lang)', ({ lang, locale }) => {
  test('every activity count equals its list; the status shows without scrolling; each action confirms', async () => {
    const page = await h.newPage({ width: 1440, height: 900, locale })
    await adminLogin(h, page)
    await useLang(page, lang)
    const { busy, process } = activities()
    expect(busy.length).toBe(2)
    for (const a of [...busy, process]) {
      await page.goto(`/admin/activity/enroll?activityId=${a.id}`)
      await byTestId(page, 'adm-enroll-seats').waitFor({ state: 'visible' })
      await settled(page)
      const shown = number(await byTestId(page, 'adm-enroll-seats').innerText())
      const total = await tableTotal(page)
      const rejected = await pickStatus(page, 'rejected', lang)
      // "Enrolled N" counts the seats held: every row but the rejected ones
      expect([a.id, shown]).toEqual([a.id, total - rejected])
      expect(shown).toBe(a.enrolled_count)
      const consumer = (await api(h.baseUrl, `/activity/info/detail?id=${a.id}`)).body.result
      expect(consumer.enrolledCount).toBe(shown)
    }
    await h.shot(page, `enrol-counts-${lang}`)

    // item 15: the status of the first row is on screen and not under the fixed actions column
    await page.goto(`/admin/activity/enroll?activityId=${process.id}`)
    await settled(page)
    await pickStatus(page, 'pending', lang)
    const firstRow = page.locator('[data-testid="adm-enroll-table"] tr.ant-table-row').first()
    await firstRow.waitFor({ state: 'visible' })
    const status = firstRow.locator('[data-testid^="adm-enroll-status-"]').first()
    const actions = page.locator('[data-testid="adm-enroll-table"] th.ant-table-cell-fix-end, [data-testid="adm-enroll-table"] th.ant-table-cell-fix-right').last()
    const [s, act] = [await status.boundingBox(), await actions.boundingBox()]
    expect(s && act).toBeTruthy()
    expect(s!.x).toBeGreaterThanOrEqual(0)
    expect(s!.x + s!.width).toBeLessThanOrEqual(act!.x)
    expect(s!.x + s!.width).toBeLessThanOrEqual(1440)
    await h.shot(page, `enrol-table-${lang}`)

    // approving confirms with a message naming the person; so do a remark and a rejection
    const name = (await firstRow.locator('td').nth(1).innerText()).split('\n')[0].trim()
    await firstRow.locator('[data-testid="adm-enroll-approve"]').click()
    const msg = page.locator('.ant-message-notice').last()
    await eventually('approve message', () => msg.innerText(), (t) => t.includes(lang === 'zh' ? '已通过' : 'Approved'))
    await h.shot(page, `enrol-approved-${lang}`)
    await settled(page)
    const row = page.locator('[data-testid="adm-enroll-table"] tr.ant-table-row').first()
    await row.locator('[data-testid="adm-enroll-remark"]').click()
    await fillField(page, 'adm-enroll-remark-input', lang === 'zh' ? '已电话确认' : 'Confirmed by phone')
    await clickTestId(page, 'adm-enroll-remark-ok')
    await eventually('remark message', () => page.locator('.ant-message-notice').last().innerText(), (t) => t.includes(lang === 'zh' ? '备注' : 'Remark'))
    expect(name.length).toBeGreaterThan(0)
    await h.shot(page, `enrol-remark-${lang}`)
    await page.close()
  })

  test('the tab strip stays one row; the home shows names, not routes', async () => {
    const page = await h.newPage({ width: 1440, height: 900, locale })
    await adminLogin(h, page)
    await useLang(page, lang)
    // item 17: the home's entry cards
    const entries = page.locator('[data-testid^="home-entry-"]')
    await entries.first().waitFor({ state: 'visible' })
    expect(await entries.count()).toBeGreaterThan(10)
    const texts = await entries.allInnerTexts()
    expect(texts.filter((t) => /\/admin\/|^\//m.test(t))).toEqual([])
    if (lang === 'en') expect(texts.filter((t) => /[\u4e00-\u9fa5]/.test(t))).toEqual([])
    await h.shot(page, `home-${lang}`)

    // item 16: open twenty views through the side menu
    const items = await page.$$eval('[data-testid^="adm-menu-item-"]', (els) => els.map((el) => el.getAttribute('data-testid') as string))
    const strip = byTestId(page, 'adm-tag-views')
    const top0 = (await page.locator('.adm-layout__content').boundingBox())!.y
    const opened = items.slice(0, 20)
    expect(opened.length).toBe(20)
    for (const id of opened) await clickTestId(page, id)
    const box = (await strip.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(40)
    expect((await page.locator('.adm-layout__content').boundingBox())!.y).toBe(top0)
    const tags = strip.locator('.adm-tag')
    expect(await tags.count()).toBeLessThanOrEqual(11) // home + the ten newest
    const tops = await tags.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    // the strip scrolls the active tag into view after the click's render: wait for it, then check both edges
    const active = await eventually(
      'the active tag inside the strip',
      async () => (await strip.locator('.adm-tag--active').boundingBox())!,
      (b) => b.x >= box.x && b.x + b.width <= box.x + box.width + 1,
    )
    expect(active.x).toBeGreaterThanOrEqual(box.x)
    expect(active.x + active.width).toBeLessThanOrEqual(box.x + box.width + 1)
    await h.shot(page, `tabs-${lang}`)
    await page.close()
  })
})

test('operations change the site settings in the admin; the site follows; a bad phone is refused under its field', async () => {
  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, page)
  await page.goto('/admin/system/setting')
  await byTestId(page, 'site-settings-form').waitFor({ state: 'visible' })
  await eventually('settings loaded', async () => (await byTestId(page, 'settings-icp').locator('input').first().inputValue().catch(() => byTestId(page, 'settings-icp').inputValue())), (v) => /ICP/.test(v))
  await h.shot(page, 'settings-zh')
  await fillField(page, 'settings-phone', '12')
  await clickTestId(page, 'settings-save')
  await page.locator('.ant-form-item-explain-error').first().waitFor({ state: 'visible' })
  await h.shot(page, 'settings-bad-phone')
  await fillField(page, 'settings-phone', '+86 21 6888 0101')
  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/system/setting/site/update'))
  await clickTestId(page, 'settings-save')
  expect((await (await saved).json()).code).toBe(200)
  await eventually('saved message', () => page.locator('.ant-message-notice').last().innerText(), (t) => t.includes('已保存'))
  expect((await api(h.baseUrl, '/system/setting/site')).body.result.phone).toBe('+86 21 6888 0101')
  await clickTestId(page, 'adm-lang')
  await byTestId(page, 'site-settings').getByText('Site settings').first().waitFor({ state: 'visible' })
  await h.shot(page, 'settings-en')
  await page.close()
})
