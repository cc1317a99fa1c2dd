/**
 * The activity flow end to end on the real server and builds: the organizer (org@haijiao.demo,
 * admin at 1440 px, Chinese) publishes an activity with a bilingual custom form (text, checkbox with
 * three options, radio) that needs approval through the publish steps; a consumer (user@haijiao.demo,
 * H5 at 390 px, English) enrols filling that form; the organizer opens the enrolment list from the
 * manager list (the checkbox answer spans sub-rows), approves, switches the admin to English and exports
 * the list — the downloaded .xlsx is opened with exceljs and its answers checked. The consumer hears
 * of the approval at once: the unread badge and the message in the centre (390 px English, 1280 px Chinese).
 * HAIJIAO_E2E_PUBLISH=api publishes through the publish API instead of its UI (a fallback while that UI moves).
 */
import fs from 'node:fs'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import type { EnrollFormField } from '@contracts/enrollment'
import { ADMIN_ACTIVITY_API } from '@contracts/admin-activity'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp, readCaptcha } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, type Harness } from './support/harness'
import { clickVisible, fillVisible, vis, visText } from './support/browse'
import { adminLogin } from './support/admin-login'

let h: Harness
const STAMP = Date.now().toString(36).slice(-5)
const TITLE_ZH = `海归人才交流会 ${STAMP}`
const TITLE_EN = `Returnee Talent Meetup ${STAMP}`
const TOPICS = [
  { value: 'ai', labelZh: '人工智能', labelEn: 'AI' },
  { value: 'bio', labelZh: '生物医药', labelEn: 'Biotech' },
  { value: 'chip', labelZh: '集成电路', labelEn: 'Chips' },
]
const ATTEND = [
  { value: 'onsite', labelZh: '现场参加', labelEn: 'On site' },
  { value: 'online', labelZh: '线上观看', labelEn: 'Online' },
]
const FORM: EnrollFormField[] = [
  { key: 'fullname', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true },
  { key: 'topics', type: 'checkbox', labelZh: '感兴趣的方向', labelEn: 'Topics', required: true, options: TOPICS },
  { key: 'attend', type: 'radio', labelZh: '参加方式', labelEn: 'Attendance', required: true, options: ATTEND },
]

beforeAll(async () => {
  h = await startHarness('admin-activity-flow', { builds: ['h5', 'admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

/** antd DatePicker with time: type the value and confirm */
async function pickDate(page: Page, id: string, value: string) {
  const host = byTestId(page, id)
  const input = (await host.evaluate((el) => el.tagName.toLowerCase())) === 'input' ? host : host.locator('input').first()
  await input.click()
  await input.fill(value)
  await input.press('Enter')
  await page.keyboard.press('Escape').catch(() => undefined)
}

async function switchOn(page: Page, id: string) {
  const el = byTestId(page, id)
  await el.waitFor({ state: 'visible' })
  if ((await el.getAttribute('aria-checked')) !== 'true') await el.click()
  expect(await el.getAttribute('aria-checked')).toBe('true')
}

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

async function publishThroughUi(page: Page): Promise<number> {
  await page.goto('/admin/activity/publish')
  await byTestId(page, 'act-pub').waitFor({ state: 'visible', timeout: 30_000 })
  // basic
  await fillField(page, 'act-pub-title-zh', TITLE_ZH)
  await fillField(page, 'act-pub-title-en', TITLE_EN)
  await clickTestId(page, 'act-pub-type-offline')
  const category = page.locator('[data-testid^="act-pub-category-"]').first()
  if (await category.count()) await category.click()
  await fillField(page, 'act-pub-people', '50')
  await h.shot(page, 'publish-basic')
  // address: two weeks ahead, 14:00–17:00 Beijing time
  await clickTestId(page, 'act-pub-step-address')
  const day = ymd(new Date(Date.now() + 14 * 86400_000))
  await pickDate(page, 'act-pub-start', `${day} 14:00`)
  await pickDate(page, 'act-pub-end', `${day} 17:00`)
  await fillField(page, 'act-pub-address-0-city-zh', '上海')
  await fillField(page, 'act-pub-address-0-city-en', 'Shanghai')
  await fillField(page, 'act-pub-address-0-addr-zh', '浦东新区世纪大道 100 号')
  await fillField(page, 'act-pub-address-0-addr-en', '100 Century Avenue, Pudong')
  await h.shot(page, 'publish-address')
  // the application form, both languages
  await clickTestId(page, 'act-pub-step-form')
  for (const [i, f] of FORM.entries()) {
    await clickTestId(page, `act-pub-field-add-${f.type}`)
    await fillField(page, `act-pub-field-${i}-key`, f.key)
    await fillField(page, `act-pub-field-${i}-label-zh`, f.labelZh)
    await fillField(page, `act-pub-field-${i}-label-en`, f.labelEn)
    await switchOn(page, `act-pub-field-${i}-required`)
    for (const [j, o] of (f.options ?? []).entries()) {
      if (!(await byTestId(page, `act-pub-field-${i}-option-${j}-value`).count())) await clickTestId(page, `act-pub-field-${i}-option-add`)
      await fillField(page, `act-pub-field-${i}-option-${j}-value`, o.value)
      await fillField(page, `act-pub-field-${i}-option-${j}-label-zh`, o.labelZh)
      await fillField(page, `act-pub-field-${i}-option-${j}-label-en`, o.labelEn)
    }
  }
  await byTestId(page, 'act-pub-preview').scrollIntoViewIfNeeded()
  await h.shot(page, 'publish-form-builder')
  // content
  await clickTestId(page, 'act-pub-step-content')
  await fillField(page, 'act-pub-summary-zh', '与归国人才面对面交流。')
  await fillField(page, 'act-pub-summary-en', 'Meet returnee talent in person.')
  // publish settings: needs approval
  await clickTestId(page, 'act-pub-step-settings')
  await switchOn(page, 'act-pub-is-open')
  await switchOn(page, 'act-pub-need-process')
  await h.shot(page, 'publish-settings')
  const published = page.waitForResponse((r) => r.url().includes(`/api/v1${ADMIN_ACTIVITY_API.publish}`))
  await clickTestId(page, 'act-pub-publish')
  const answer = await (await published).json()
  expect(answer.code).toBe(200)
  return answer.result.id as number
}

async function publishThroughApi(): Promise<number> {
  const { token } = await (async () => {
    const r = await api(h.baseUrl, '/system/user/code/verification')
    const code = readCaptcha(h.server.dbFile, r.body.result.codeKey)
    const login = await api(h.baseUrl, '/system/user/ouser/login', { basic: 'admin', body: { email: DEMO.organizer, password: DEMO_PASSWORD, code, codeKey: r.body.result.codeKey } })
    return login.body.result
  })()
  const start = new Date(Date.now() + 14 * 86400_000)
  const draft = await api(h.baseUrl, ADMIN_ACTIVITY_API.add, { token, body: { titleZh: TITLE_ZH, titleEn: TITLE_EN } })
  if (draft.body.code !== 200) throw new Error(`add API: ${JSON.stringify(draft.body)}`)
  const r = await api(h.baseUrl, ADMIN_ACTIVITY_API.publish, {
    token,
    body: {
      id: draft.body.result.id,
      titleZh: TITLE_ZH, titleEn: TITLE_EN, type: 'offline', categoryCodes: [], tagsZh: [], tagsEn: [], peopleCount: 50,
      startTime: start.toISOString(), endTime: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      addresses: [{ country: 'CN', timeZone: 'UTC+08:00', cityZh: '上海', cityEn: 'Shanghai', addressZh: '世纪大道 100 号', addressEn: '100 Century Avenue' }],
      enrollForm: FORM, summaryZh: '交流会', summaryEn: 'Meetup', detailZh: '<p>交流会</p>', detailEn: '<p>Meetup</p>', highlightsZh: [], highlightsEn: [],
      isOpen: true, isNeedLoginEnroll: true, signUpOnce: false, enrollNeedProcess: true, entrustHaijiaoProcess: false,
      enrollNotesZh: '', enrollNotesEn: '', enrollDeadline: null, isDeadlineEqualEnd: true, isSyncProject: false, liveUrl: null,
    },
  })
  if (r.body.code !== 200) throw new Error(`publish API: ${JSON.stringify(r.body)}`)
  return r.body.result.id
}

describe('organizer publishes, consumer enrols, organizer approves and exports', () => {
  let admin: Page
  let activityId = 0

  test('the organizer publishes an activity with a bilingual custom form that needs approval', async () => {
    admin = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, admin, DEMO.organizer)
    activityId = process.env.HAIJIAO_E2E_PUBLISH === 'api' ? await publishThroughApi() : await publishThroughUi(admin)
    expect(activityId).toBeGreaterThan(0)
    const form = await api(h.baseUrl, `/activity/enroll/form?activityId=${activityId}`)
    expect(form.body.result).toMatchObject({ titleZh: TITLE_ZH, titleEn: TITLE_EN, enrollNeedProcess: true })
    expect(form.body.result.fields.map((f: EnrollFormField) => [f.key, f.type, f.labelZh, f.labelEn])).toEqual(FORM.map((f) => [f.key, f.type, f.labelZh, f.labelEn]))
    expect(form.body.result.fields[1].options.map((o: { labelEn: string }) => o.labelEn)).toEqual(['AI', 'Biotech', 'Chips'])
  })

  test('a consumer enrols in H5 (English, 390 px) filling the custom form', async () => {
    expect(activityId).toBeGreaterThan(0)
    const page = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
    await page.goto(`/activityDetail?id=${activityId}`)
    const state = () => vis(page, 'enroll-button').first().getAttribute('data-state')
    await eventually('enrol button', state, (s) => s === 'register_now', 30_000)
    // the activity needs a login: to /login and back to this page
    await clickVisible(page, 'enroll-button')
    await page.waitForURL(/\/login/)
    await fillVisible(page, 'login-email', DEMO.consumer)
    await fillVisible(page, 'login-password', DEMO_PASSWORD)
    await clickVisible(page, 'login-submit')
    await eventually('back on the detail page', async () => page.url(), (u) => u.includes(`/activityDetail?id=${activityId}`) && !u.includes('/login'), 20_000)
    await eventually('logged-in state', state, (s) => s === 'register_now', 20_000)
    await clickVisible(page, 'enroll-button')
    await vis(page, 'enroll-panel').first().waitFor({ state: 'visible' })
    const panel = await visText(vis(page, 'enroll-panel').first())
    for (const label of ['Full name', 'Topics', 'Attendance', 'AI', 'Biotech', 'Chips', 'On site']) expect(panel).toContain(label)
    await fillVisible(page, 'enroll-input-fullname', 'Alex Chen 陈')
    await clickVisible(page, 'enroll-option-topics-ai')
    await clickVisible(page, 'enroll-option-topics-chip')
    await clickVisible(page, 'enroll-option-attend-onsite')
    await h.shot(page, 'h5-form-filled-en')
    await clickVisible(page, 'enroll-submit')
    await eventually('enrolled, waiting for approval', async () => (await vis(page, 'enroll-status').count()) ? vis(page, 'enroll-status').first().getAttribute('data-status') : null, (s) => s === 'pending', 20_000)
    await h.shot(page, 'h5-enrolled-pending')
  })

  test('the organizer opens the enrolment list from the manager, sees the spanned answers and approves', async () => {
    expect(activityId).toBeGreaterThan(0)
    await admin.goto('/admin/activity/manager')
    await byTestId(admin, 'act-mgr').waitFor({ state: 'visible', timeout: 30_000 })
    await fillField(admin, 'act-mgr-search', STAMP)
    await byTestId(admin, 'act-mgr-search').locator('input').first().press('Enter').catch(() => undefined)
    await clickTestId(admin, `act-mgr-enroll-${activityId}`)
    await admin.waitForURL((u) => u.pathname.endsWith('/admin/activity/enroll'), { timeout: 15_000 })
    await eventually('activity in the URL', async () => admin.url(), (u) => u.includes(`activityId=${activityId}`))
    const table = byTestId(admin, 'adm-enroll-table')
    await eventually('the enrolment row', async () => (await table.innerText()).replace(/\s+/g, ' '), (t) => t.includes('Alex Chen 陈'), 20_000)
    expect(await byTestId(admin, 'adm-enroll-activity-title').innerText()).toContain(TITLE_ZH)
    const head = (await table.locator('thead').innerText()).replace(/\s+/g, ' ')
    for (const label of ['姓名', '感兴趣的方向', '参加方式', '推广人']) expect(head).toContain(label)
    // two topics → two sub-rows; the name cell spans them
    expect(await table.locator('td', { hasText: 'Alex Chen 陈' }).first().getAttribute('rowspan')).toBe('2')
    const body = (await table.locator('tbody').innerText()).replace(/\s+/g, ' ')
    for (const v of ['人工智能', '集成电路', '现场参加', '待审核']) expect(body).toContain(v)
    await h.shot(admin, 'enroll-list-pending-zh')

    const approved = admin.waitForResponse((r) => r.url().includes('/api/v1/activity/enroll/admin/status'))
    await clickTestId(admin, 'adm-enroll-approve')
    expect((await (await approved).json()).code).toBe(200)
    await eventually('approved', async () => (await table.locator('tbody').innerText()).replace(/\s+/g, ' '), (t) => t.includes('已通过'))
    await h.shot(admin, 'enroll-list-approved-zh')
    // the custom input (remark) and the talent detail
    await clickTestId(admin, 'adm-enroll-remark')
    await fillField(admin, 'adm-enroll-remark-input', 'VIP 嘉宾，安排前排')
    const remarked = admin.waitForResponse((r) => r.url().includes('/api/v1/activity/enroll/admin/remark'))
    await clickTestId(admin, 'adm-enroll-remark-ok')
    expect((await (await remarked).json()).code).toBe(200)
    await eventually('remark shown', async () => (await table.locator('tbody').innerText()).replace(/\s+/g, ' '), (t) => t.includes('VIP 嘉宾'))
    await clickTestId(admin, 'adm-enroll-talent-btn')
    const drawer = byTestId(admin, 'adm-enroll-talent')
    await eventually('talent detail', async () => (await drawer.innerText()).replace(/\s+/g, ' '), (t) => t.includes(DEMO.consumer) && t.includes(TITLE_ZH) && t.includes('集成电路'))
    await admin.waitForTimeout(500) // the drawer slides in
    await h.shot(admin, 'enroll-talent-detail-zh')
    await admin.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' }).catch(() => undefined)
    const { token } = await loginAsConsumerApp(h.baseUrl, DEMO.consumer)
    const mine = await api(h.baseUrl, `/activity/enroll/form?activityId=${activityId}`, { token })
    expect(mine.body.result.myEnrollment.status).toBe('approved')
  })

  test('the approved consumer sees it at once: the unread badge and the message in the centre, 390 px in English and 1280 px in Chinese', async () => {
    expect(activityId).toBeGreaterThan(0)
    let firstVisit = true
    for (const [vp, locale, badge, approved, title] of [
      [{ width: 390, height: 844, mobile: true }, 'en-US', 'inbox-unread-badge', 'Enrolment approved', TITLE_EN],
      [{ width: 1280, height: 800, mobile: false }, 'zh-CN', 'header-unread-badge', '报名已通过', TITLE_ZH],
    ] as const) {
      const page = await h.newPage({ ...vp, locale })
      await page.goto('/center')
      await page.waitForURL(/\/login/, { timeout: 30_000 })
      await fillVisible(page, 'login-email', DEMO.consumer)
      await fillVisible(page, 'login-password', DEMO_PASSWORD)
      await clickVisible(page, 'login-submit')
      await eventually('back in the centre', async () => new URL(page.url()).pathname, (p) => p === '/center', 20_000)
      const count = await eventually('unread badge', async () => ((await vis(page, badge).count()) ? Number(await vis(page, badge).first().innerText()) : 0), (n) => n >= 1, 20_000)
      const first = vis(page, 'inbox-item').first()
      await first.waitFor({ state: 'visible', timeout: 20_000 })
      const text = await visText(first)
      expect(text).toContain(approved)
      expect(text).toContain(title)
      await h.shot(page, `centre-inbox-approved-${locale}`)
      // opening it (unread the first time) marks it read and leads to the activity
      await vis(page, 'inbox-item-title').first().click()
      await eventually('the activity page', async () => page.url(), (u) => u.includes(`/activityDetail?id=${activityId}`), 20_000)
      const left = await api(h.baseUrl, '/notification/my/unread', { token: (await loginAsConsumerApp(h.baseUrl, DEMO.consumer)).token })
      expect(left.body.result.count).toBe(firstVisit ? count - 1 : count)
      firstVisit = false
      await page.close()
    }
  })

  test('in English the organizer exports the list; the .xlsx holds the answers', async () => {
    expect(activityId).toBeGreaterThan(0)
    await clickTestId(admin, 'adm-lang')
    const table = byTestId(admin, 'adm-enroll-table')
    await eventually('English headers', async () => (await table.locator('thead').innerText()).replace(/\s+/g, ' '), (t) => t.includes('Topics') && t.includes('Attendance'))
    await eventually('English answers', async () => (await table.locator('tbody').innerText()).replace(/\s+/g, ' '), (t) => t.includes('Chips') && t.includes('Approved'))
    await h.shot(admin, 'enroll-list-approved-en')

    const [download] = await Promise.all([admin.waitForEvent('download'), clickTestId(admin, 'adm-enroll-export')])
    expect(download.suggestedFilename()).toBe(`${TITLE_EN}-enrolments.xlsx`)
    const file = await download.path()
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1)
    expect(row(1)).toEqual(['#', 'Full name', 'Topics', 'Attendance', 'Status', 'Enrolled at', 'Promoter', 'Account', 'Remark', 'Checked in at', 'Checked in by'])
    expect(ws.rowCount).toBe(2)
    expect(row(2).slice(0, 5)).toEqual([1, 'Alex Chen 陈', 'AI, Chips', 'On site', 'Approved'])
    expect(String(row(2)[7])).toContain(DEMO.consumer)
    expect(row(2)[8]).toBe('VIP 嘉宾，安排前排')
    await h.shot(admin, 'enroll-exported-en')
  })

  test('my talent activity: the seeded promoter’s people and their detail', async () => {
    await admin.goto('/admin/activity/talent')
    const first = byTestId(admin, 'adm-talent-activity')
    await first.waitFor({ state: 'visible', timeout: 30_000 })
    await first.click()
    await byTestId(admin, 'adm-talent-detail').waitFor({ state: 'visible' })
    expect((await byTestId(admin, 'adm-talent').innerText()).replace(/\s+/g, ' ')).toContain('DEMO2026')
    await h.shot(admin, 'talent-view-en')
    await clickTestId(admin, 'adm-talent-detail')
    await eventually('talent drawer', async () => (await byTestId(admin, 'adm-enroll-talent').innerText()).replace(/\s+/g, ' '), (t) => t.includes('DEMO2026'))
    await admin.waitForTimeout(500)
    await h.shot(admin, 'talent-detail-en')
  })
})
