/**
 * Enrolment on the real server with its seeded data, at 1280 px (zh) and 390 px (en):
 * a logged-out visitor tries to enrol → logs in → fills the form with every field type including an
 * attachment → sees "registered" and their answers; an approval-needed activity shows "waiting"; a full
 * activity shows "enrolment closed"; a promoter's share link attributes a visitor's enrolment (checked in
 * the database). Screenshots of the form and the registered state in both languages and layouts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp } from './support/api'
import { eventually, startHarness, type Harness } from './support/harness'
import { clickVisible, fillVisible, settle, vis, visText } from './support/browse'

let h: Harness
let pngFile: string
const ids = { allTypes: 0, needProcess: 0, full: 0, guest: 0 }
let promoterId = 0

/** a real 160×120 PNG (a two-colour "CV" card) so the thumbnail shows something */
function makePng(width: number, height: number): Buffer {
  const crc = (buf: Buffer) => {
    const out = Buffer.alloc(4)
    out.writeUInt32BE(zlib.crc32(buf) >>> 0)
    return out
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
    return Buffer.concat([len, td, crc(td)])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      const band = y < 30 || (y > 50 && y < 58 && x > 20 && x < 140) || (y > 70 && y < 78 && x > 20 && x < 110)
      row.set(band ? [215, 0, 15] : [246, 247, 249], 1 + x * 3)
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(h.server.dbFile, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

const OPEN = `status = 'published' and is_open = 1 and end_time > @now
  and (is_deadline_equal_end = 1 or enroll_deadline is null or enroll_deadline > @now)
  and (people_count = 0 or enrolled_count < people_count)`

beforeAll(async () => {
  h = await startHarness('enrollment')
  pngFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hj-e2e-')), 'cv.png')
  fs.writeFileSync(pngFile, makePng(160, 120))
  const now = new Date().toISOString()
  const first = (sql: string) => (query<{ id: number }>(sql, { now })[0] ?? { id: 0 }).id
  ids.allTypes = first(`select id from activities where ${OPEN} and is_need_login_enroll = 1 and enroll_form like '%"type":"attachment"%' order by id`)
  ids.needProcess = first(
    `select id from activities a where ${OPEN} and is_need_login_enroll = 1 and enroll_need_process = 1 and enroll_form not like '%attachment%'
     and not exists (select 1 from activity_enrollments e join users u on u.id = e.user_id where e.activity_id = a.id and u.email = '${DEMO.promoter}') order by id`,
  )
  ids.full = first(`select id from activities where status = 'published' and end_time > @now and people_count > 0 and enrolled_count >= people_count order by id`)
  ids.guest = first(`select id from activities where ${OPEN} and is_need_login_enroll = 0 and enroll_form like '%"type":"email"%' and enroll_form not like '%attachment%' order by id`)
  promoterId = query<{ id: number }>(`select id from users where email = ? and promoter_code = 'DEMO2026'`, DEMO.promoter)[0]?.id ?? 0
  expect(Object.values(ids).every((x) => x > 0)).toBe(true)
  expect(promoterId).toBeGreaterThan(0)
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

const open = (o: { width: number; height: number; mobile: boolean; locale: string }) => h.newPage(o)
async function snap(page: Page, step: string) {
  await settle(page)
  await h.shot(page, step)
}
const state = (page: Page) => vis(page, 'enroll-button').first().getAttribute('data-state')

/** the panel's scrolling body to its top or bottom, for screenshots of long forms */
async function scrollPanel(page: Page, where: 'top' | 'bottom') {
  await page.evaluate((w) => {
    const body = document.querySelector('.hj-ep__body')
    if (body) body.scrollTop = w === 'top' ? 0 : body.scrollHeight
  }, where)
  await page.waitForTimeout(200)
}

/** a dropdown's list sheet (H5): open it, take its first option */
async function pickFirstInSheet(page: Page, key: string) {
  await clickVisible(page, `enroll-picker-${key}`)
  const first = page.locator(`[data-testid="enroll-sheet-${key}"] .hj-esheet__opt:visible`).first()
  await first.waitFor({ state: 'visible' })
  await first.click()
  await page.locator(`[data-testid="enroll-sheet-${key}"]`).waitFor({ state: 'detached' })
}

/** Taro's H5 date picker: open it, take the shown value with the confirm button */
async function confirmPicker(page: Page, testId: string) {
  await clickVisible(page, testId)
  const action = page.locator('.taro-picker__overlay .taro-picker__action:visible').last()
  await action.waitFor({ state: 'visible' })
  await page.waitForTimeout(400) // the sheet slides up
  await action.click()
  await page.locator('.taro-picker__overlay').first().waitFor({ state: 'detached' }).catch(() => undefined)
}

async function fillAllTypes(page: Page, who: string) {
  await fillVisible(page, 'enroll-input-name', who === 'zh' ? '张晓明' : 'Alex Chen')
  await fillVisible(page, 'enroll-input-email', who === 'zh' ? 'user@haijiao.demo' : 'promoter@haijiao.demo')
  await fillVisible(page, 'enroll-input-intro', who === 'zh' ? '多伦多大学机器学习博士，现任研究员。' : 'PhD in machine learning, Toronto; now a research scientist.')
  await fillVisible(page, 'enroll-input-yearsAbroad', '8')
  await confirmPicker(page, 'enroll-picker-returnDate')
  await clickVisible(page, 'enroll-option-attend-onsite')
  await clickVisible(page, 'enroll-option-interests-policy')
  await clickVisible(page, 'enroll-option-interests-jobs')
  await pickFirstInSheet(page, 'degree')
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickVisible(page, 'enroll-upload-cv')])
  await chooser.setFiles(pngFile)
  await vis(page, 'enroll-file-cv').first().waitFor({ state: 'visible', timeout: 20_000 })
}

const VIEWS = [
  { name: 'desktop-zh', width: 1280, height: 800, mobile: false, locale: 'zh-CN', lang: 'zh' as const, account: DEMO.consumer, t: zh },
  { name: 'mobile-en', width: 390, height: 844, mobile: true, locale: 'en-US', lang: 'en' as const, account: DEMO.promoter, t: en },
]

describe.each(VIEWS)('$name', (v) => {
  test('logged out → login → every field type with an attachment → registered, answers shown', async () => {
    const page = await open(v)
    await page.goto(`/activityDetail?id=${ids.allTypes}`)
    await eventually('visitor state', () => state(page), (s) => s === 'register_now', 30_000)
    await clickVisible(page, 'enroll-button')
    // the activity needs a login: to /login and back to this detail page
    await page.waitForURL(/\/login/)
    expect(decodeURIComponent(page.url())).toContain(`redirect=/activityDetail?id=${ids.allTypes}`)
    await fillVisible(page, 'login-email', v.account)
    await fillVisible(page, 'login-password', DEMO_PASSWORD)
    await clickVisible(page, 'login-submit')
    await eventually('back on the detail page', async () => page.url(), (u) => u.includes(`/activityDetail?id=${ids.allTypes}`) && !u.includes('/login'), 20_000)
    await eventually('logged-in state', () => state(page), (s) => s === 'register_now', 20_000)

    await clickVisible(page, 'enroll-button')
    await vis(page, 'enroll-panel').first().waitFor({ state: 'visible' })
    // desktop: a dialog; mobile: a full-screen sheet
    expect(await vis(page, 'enroll-panel').first().getAttribute('class')).toContain(v.mobile ? 'is-mobile' : 'is-desktop')
    const box = await vis(page, 'enroll-panel').first().locator('.hj-ep').boundingBox()
    if (v.mobile) expect(box).toMatchObject({ x: 0, y: 0, width: v.width, height: v.height })
    else expect(box!.width).toBeLessThan(700)
    // the notes come before the form
    expect(await visText(vis(page, 'enroll-notes').first())).toContain(v.t.enrollment.notesTitle)
    for (const type of ['text', 'textarea', 'number', 'date', 'email', 'radio', 'checkbox', 'select', 'attachment']) {
      expect(await page.locator(`.hj-ep [data-type="${type}"]:visible`).count()).toBeGreaterThan(0)
    }
    await snap(page, `${v.name}-form-empty`)
    // submitting with required fields empty names them and sends nothing
    await fillVisible(page, 'enroll-input-name', '')
    await clickVisible(page, 'enroll-submit')
    expect(await visText(vis(page, 'enroll-error-name').first())).toBe(v.t.enrollment.err.required)
    await fillAllTypes(page, v.lang)
    await scrollPanel(page, 'bottom')
    await snap(page, `${v.name}-form-filled`)
    await clickVisible(page, 'enroll-submit')

    await eventually('registered', () => state(page), (s) => s === 'registered', 20_000)
    expect(await visText(vis(page, 'enroll-button').first())).toBe(v.t.activity.enroll.registered)
    expect(await vis(page, 'enroll-status').first().getAttribute('data-status')).toBe('approved')
    expect(await vis(page, 'enroll-panel').count()).toBe(0)
    // the calendar file link of an enrolled activity answers an .ics
    const href = await vis(page, 'enroll-ics').first().getAttribute('data-href')
    const ics = await fetch(new URL(href!, h.baseUrl))
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(await ics.text()).toMatch(/DTSTART:\d{8}T\d{6}Z/)
    await snap(page, `${v.name}-registered`)

    // "click to view": status and the answers
    await clickVisible(page, 'enroll-button')
    await vis(page, 'enroll-view').first().waitFor({ state: 'visible' })
    expect(await visText(vis(page, 'enroll-answer-yearsAbroad').first())).toContain('8')
    expect(await visText(vis(page, 'enroll-answer-interests').first())).toContain(v.lang === 'zh' ? '人才政策' : 'Talent policy')
    expect(await page.locator('[data-testid="enroll-answer-cv"]:visible img, [data-testid="enroll-answer-cv"]:visible .taro-img').count()).toBeGreaterThan(0)
    await snap(page, `${v.name}-registered-view`)

    // what the server stored, through the API
    const { token } = await loginAsConsumerApp(h.baseUrl, v.account)
    const f = await api(h.baseUrl, `/activity/enroll/form?activityId=${ids.allTypes}`, { token })
    const answers = f.body.result.myEnrollment.answers
    expect(Object.keys(answers).sort()).toEqual(['attend', 'cv', 'degree', 'email', 'interests', 'intro', 'name', 'returnDate', 'yearsAbroad'])
    expect(answers).toMatchObject({ yearsAbroad: 8, attend: 'onsite', interests: ['policy', 'jobs'], degree: 'bachelor' })
    expect(answers.returnDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(answers.cv).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
  })
})

test('mobile: an approval-needed activity shows "waiting for approval" after enrolling', async () => {
  const page = await open({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  const { token, userInfo } = await loginAsConsumerApp(h.baseUrl, DEMO.promoter)
  // log the browser in through its storage the way the app keeps it
  await page.goto('/')
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', JSON.stringify({ data: t }))
      localStorage.setItem('userInfo', JSON.stringify({ data: u }))
    },
    [token, userInfo] as const,
  )
  await page.goto(`/activityDetail?id=${ids.needProcess}`)
  await eventually('state', () => state(page), (s) => s === 'register_now', 30_000)
  await clickVisible(page, 'enroll-button')
  await vis(page, 'enroll-panel').first().waitFor({ state: 'visible' })
  await fillVisible(page, 'enroll-input-name', 'Alex Chen')
  await fillVisible(page, 'enroll-input-phone', '+44 7700 900123')
  if (await vis(page, 'enroll-picker-degree').count()) await pickFirstInSheet(page, 'degree')
  await clickVisible(page, 'enroll-submit')
  await eventually('registered', () => state(page), (s) => s === 'registered', 20_000)
  await eventually('waiting', () => vis(page, 'enroll-status').first().getAttribute('data-status'), (s) => s === 'pending')
  expect(await visText(vis(page, 'enroll-status').first())).toBe(en.enrollment.status.pending)
  expect(await vis(page, 'enroll-ics').count()).toBe(0)
  await snap(page, 'mobile-en-waiting')
})

test('desktop: a full activity shows "enrolment closed" and opens nothing', async () => {
  const page = await open({ width: 1280, height: 800, mobile: false, locale: 'zh-CN' })
  await page.goto(`/activityDetail?id=${ids.full}`)
  await eventually('full state', () => state(page), (s) => s === 'closed', 30_000)
  expect(await visText(vis(page, 'enroll-button').first())).toBe(zh.activity.enroll.closed)
  expect(await visText(vis(page, 'enroll-full').first())).toBe(zh.enrollment.full)
  await clickVisible(page, 'enroll-button')
  await page.waitForTimeout(500)
  expect(await vis(page, 'enroll-panel').count()).toBe(0)
  expect(new URL(page.url()).pathname).toBe('/activityDetail')
  await snap(page, 'desktop-zh-full')
})

test("a promoter's share link attributes a visitor's enrolment (no login needed there)", async () => {
  const page = await open({ width: 390, height: 844, mobile: true, locale: 'zh-CN' })
  await page.goto(`/activityDetail?id=${ids.guest}&promoter=DEMO2026`)
  await eventually('visitor state', () => state(page), (s) => s === 'register_now', 30_000)
  await clickVisible(page, 'enroll-button')
  await vis(page, 'enroll-panel').first().waitFor({ state: 'visible' })
  expect(new URL(page.url()).pathname).toBe('/activityDetail')
  expect(await visText(vis(page, 'enroll-form').first())).toContain(zh.enrollment.guestNote)
  await fillVisible(page, 'enroll-input-name', '王访客')
  await fillVisible(page, 'enroll-input-email', 'visitor.e2e@example.com')
  await fillVisible(page, 'enroll-input-phone', '+86 139 0000 0000')
  await snap(page, 'mobile-zh-guest-form')
  await clickVisible(page, 'enroll-submit')
  await eventually('registered', () => state(page), (s) => s === 'registered', 20_000)
  const rows = query<{ promoter_user_id: number | null; user_id: number | null; guest_email: string }>(
    'select promoter_user_id, user_id, guest_email from activity_enrollments where activity_id = ? and guest_email = ?',
    ids.guest,
    'visitor.e2e@example.com',
  )
  expect(rows).toEqual([{ promoter_user_id: promoterId, user_id: null, guest_email: 'visitor.e2e@example.com' }])
  // the visitor's enrolment survives a reload (guest token)
  await page.reload()
  await eventually('registered after reload', () => state(page), (s) => s === 'registered', 30_000)
  await snap(page, 'mobile-zh-guest-registered')
})
