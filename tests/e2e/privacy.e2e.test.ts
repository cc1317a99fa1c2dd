/**
 * Account deletion and "download my data" in the browser, on the real server: a consumer asks for a copy
 * of their data (desktop, Chinese), sees the request listed, waits for it to be ready and downloads the
 * zip; a consumer who enrolled in an organizer's activity deletes their account on a phone (390 px) in
 * English and is signed out to the home page; once the erasure runs (the server's erase command instead
 * of 7 days), the organizer's enrolment list names them "Deleted user"; a consumer who asked for deletion
 * and signs in again is told that the deletion was cancelled. Screenshots in both languages at 390 and
 * 1280 px.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { PRIVACY_API, DELETED_USER_NAME } from '@contracts/privacy'
import { ADMIN_ACTIVITY_API } from '@contracts/admin-activity'
import { api, DEMO, DEMO_PASSWORD, readCaptcha } from './support/api'
import { byTestId, clickTestId, eventually, fillField, readStorage, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'
import { extractCode } from './support/smtp-sink'
import { clickVisible, fillVisible, settle, vis, visText } from './support/browse'
import { ROOT } from './support/server'

let h: Harness

const MOBILE = { width: 390, height: 844, mobile: true } as const
const DESKTOP = { width: 1280, height: 800, mobile: false } as const
type Viewport = typeof MOBILE | typeof DESKTOP

beforeAll(async () => {
  h = await startHarness('privacy', { builds: ['h5', 'admin'] })
}, 120_000)

afterAll(async () => {
  if (overflows.length) console.warn(`[privacy] horizontal overflow:\n  ${overflows.join('\n  ')}`)
  await h?.stop()
})

const overflows: string[] = []
async function snap(page: Page, step: string) {
  const over = await settle(page)
  if (over > 0) overflows.push(`${step}: ${over} px wider than the window (${new URL(page.url()).pathname})`)
  await h.shot(page, step)
}

/** A fresh personal account through the real registration (code from the SMTP sink). */
async function registerFresh(tag: string, nickName: string): Promise<{ email: string; password: string }> {
  const email = `${tag}-${crypto.randomBytes(3).toString('hex')}@example.com`
  const password = 'secret12'
  const since = Date.now()
  const sent = await api(h.baseUrl, `/system/user/send/verify/code?email=${encodeURIComponent(email)}&type=register`)
  expect(sent.body.code).toBe(200)
  const code = extractCode(await h.smtp.waitForMail(email, { since: since - 1000, timeoutMs: 20_000 }))
  const r = await api(h.baseUrl, '/system/user/register', { body: { email, code, nickName, password, confirmPassword: password, agree: true } })
  expect(r.body.code).toBe(200)
  return { email, password }
}

/** Opens `path` (a signed-in page), logs in on the login page it sends to, and waits to be back. */
async function openSignedIn(vp: Viewport, locale: 'zh-CN' | 'en-US', email: string, password: string, path: string): Promise<Page> {
  const page = await h.newPage({ ...vp, locale })
  await page.goto(path)
  await page.waitForURL(/\/login\?redirect=/, { timeout: 30_000 })
  await fillVisible(page, 'login-email', email)
  await fillVisible(page, 'login-password', password)
  await clickVisible(page, 'login-submit')
  await eventually('back from the login page', async () => new URL(page.url()).pathname, (p) => p === path, 20_000)
  return page
}

/** The organizer publishes an activity with a one-field form (name) through the admin API. */
async function publishActivity(title: string): Promise<number> {
  const cap = await api(h.baseUrl, '/system/user/code/verification')
  const code = readCaptcha(h.server.dbFile, cap.body.result.codeKey)
  const login = await api(h.baseUrl, '/system/user/ouser/login', { basic: 'admin', body: { email: DEMO.organizer, password: DEMO_PASSWORD, code, codeKey: cap.body.result.codeKey } })
  const token = login.body.result.token as string
  const start = new Date(Date.now() + 14 * 86400_000)
  const draft = await api(h.baseUrl, ADMIN_ACTIVITY_API.add, { token, body: { titleZh: title, titleEn: title } })
  expect(draft.body.code).toBe(200)
  const r = await api(h.baseUrl, ADMIN_ACTIVITY_API.publish, {
    token,
    body: {
      id: draft.body.result.id,
      titleZh: title, titleEn: title, type: 'offline', categoryCodes: [], tagsZh: [], tagsEn: [], peopleCount: 50,
      startTime: start.toISOString(), endTime: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      addresses: [{ country: 'CN', timeZone: 'UTC+08:00', cityZh: '上海', cityEn: 'Shanghai', addressZh: '世纪大道 100 号', addressEn: '100 Century Avenue' }],
      enrollForm: [{ key: 'fullname', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true }],
      summaryZh: '交流会', summaryEn: 'Meetup', detailZh: '<p>交流会</p>', detailEn: '<p>Meetup</p>', highlightsZh: [], highlightsEn: [],
      isOpen: true, isNeedLoginEnroll: true, signUpOnce: false, enrollNeedProcess: false, entrustHaijiaoProcess: false,
      enrollNotesZh: '', enrollNotesEn: '', enrollDeadline: null, isDeadlineEqualEnd: true, isSyncProject: false, liveUrl: null,
    },
  })
  expect(r.body.code).toBe(200)
  return r.body.result.id as number
}

/** the toast's text (its wrapper holds AtToast's fixed box, so it has no size of its own to be "visible") */
const toastText = (page: Page): Promise<string> =>
  page.evaluate(() => Array.from(document.querySelectorAll('[data-testid="toast"]')).map((el) => (el.textContent || '').trim()).join(' | '))

/** the server's erase hook: erases a pending account now instead of after the cooling-off period */
function eraseNow(email: string): string {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/privacy-cli.ts', 'erase-now', email], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: h.server.dataDir, DATABASE_URL: '', REDIS_URL: '', JWT_SECRET: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 90_000,
  })
  if (run.status !== 0) throw new Error(`erase-now failed (${run.status}): ${run.stderr}`)
  return run.stdout
}

test('download my data (desktop, Chinese): ask, see it listed, wait until ready, download the zip; a second request waits for tomorrow', async () => {
  const me = await registerFresh('pv-data', '数据测试')
  const page = await openSignedIn(DESKTOP, 'zh-CN', me.email, me.password, '/center/data')
  await vis(page, 'data-list-empty').first().waitFor({ state: 'visible' })
  expect(await visText(vis(page, 'data-email').first())).toBe(me.email)
  await snap(page, 'data-empty-desktop-zh')

  const asked = page.waitForResponse((r) => r.url().includes(`/api/v1${PRIVACY_API.exportRequest}`) && r.request().method() === 'POST')
  await clickVisible(page, 'data-request')
  expect((await (await asked).json()).code).toBe(200)
  const state = page.locator('[data-testid$="-state"][data-state]:visible').first()
  await state.waitFor({ state: 'visible' })
  expect(await visText(state)).toBe(zh.dataExport.state.pending)
  // the button now says why it is disabled
  expect(await visText(vis(page, 'data-message').first())).toBe(zh.dataExport.limit)
  expect(await vis(page, 'data-request').first().getAttribute('class')).toMatch(/is-disabled/)
  await snap(page, 'data-requested-desktop-zh')

  // the job builds it in the background; the list is read again every 10 s while one is being prepared
  await eventually('the request is ready', async () => state.getAttribute('data-state'), (s) => s === 'ready', 60_000)
  expect(await visText(state)).toMatch(/^可下载，至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
  await snap(page, 'data-ready-desktop-zh')

  const button = page.locator('[data-testid$="-download"]:visible').first()
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()])
  expect(download.suggestedFilename()).toMatch(/\.zip$/)
  const file = await download.path()
  expect(file).toBeTruthy()
  const head = fs.readFileSync(file!).subarray(0, 2).toString('latin1')
  expect(head).toBe('PK')

  // the server agrees: a second request today is refused with 674
  const again = await api(h.baseUrl, PRIVACY_API.exportRequest, { token: (await api(h.baseUrl, '/system/user/login', { basic: 'h5', body: me })).body.result.token, body: {} })
  expect(again.body.code).toBe(674)
  await page.close()
}, 180_000)

test('the same page at 390 px in English, and the centre\'s entries in both languages', async () => {
  const me = await registerFresh('pv-look', 'Look Tester')
  const page = await openSignedIn(MOBILE, 'en-US', me.email, me.password, '/center/data')
  await vis(page, 'data-list-empty').first().waitFor({ state: 'visible' })
  expect(await visText(vis(page, 'data-list-empty').first())).toBe(en.dataExport.empty)
  await snap(page, 'data-empty-mobile-en')
  await clickVisible(page, 'data-back')
  await eventually('on the centre', async () => new URL(page.url()).pathname, (p) => p === '/center', 20_000)
  await vis(page, 'center-account-data').first().scrollIntoViewIfNeeded()
  expect(await visText(vis(page, 'center-to-deletion').first())).toContain(en.center.toDeletion)
  await snap(page, 'centre-entries-mobile-en')
  await page.close()

  const desk = await openSignedIn(DESKTOP, 'zh-CN', me.email, me.password, '/center')
  await vis(desk, 'center-account-data').first().scrollIntoViewIfNeeded()
  expect(await visText(vis(desk, 'center-to-data').first())).toContain(zh.center.toData)
  await snap(desk, 'centre-entries-desktop-zh')
  await clickVisible(desk, 'center-to-deletion')
  await eventually('on the deletion page', async () => new URL(desk.url()).pathname, (p) => p === '/center/deletion', 20_000)
  await vis(desk, 'deletion-erased-list').first().waitFor({ state: 'visible' })
  expect(await visText(vis(desk, 'deletion-cooling-text').first())).toContain('7 天内重新登录即可撤销注销')
  await snap(desk, 'deletion-desktop-zh')
  await clickVisible(desk, 'deletion-way-code')
  expect(await visText(vis(desk, 'deletion-code-to').first())).toContain(me.email)
  await snap(desk, 'deletion-code-desktop-zh')
  await desk.close()

  // and the other language at each width
  const deskEn = await openSignedIn(DESKTOP, 'en-US', me.email, me.password, '/center/deletion')
  await vis(deskEn, 'deletion-erased-list').first().waitFor({ state: 'visible' })
  expect(await visText(vis(deskEn, 'deletion-submit').first())).toBe(en.deletion.submit)
  await snap(deskEn, 'deletion-desktop-en')
  await deskEn.close()
  const phoneZh = await openSignedIn(MOBILE, 'zh-CN', me.email, me.password, '/center/data')
  await vis(phoneZh, 'data-list-empty').first().waitFor({ state: 'visible' })
  expect(await visText(vis(phoneZh, 'data-request').first())).toBe(zh.dataExport.request)
  await snap(phoneZh, 'data-empty-mobile-zh')
  await phoneZh.close()
}, 180_000)

test('a consumer deletes their account at 390 px in English and is signed out; after the erasure the organizer\'s list says "Deleted user"', async () => {
  const stamp = crypto.randomBytes(3).toString('hex')
  const activityId = await publishActivity(`Privacy salon ${stamp}`)
  const me = await registerFresh('pv-del', `Erin ${stamp}`)
  const token = (await api(h.baseUrl, '/system/user/login', { basic: 'h5', body: me })).body.result.token
  const enrolled = await api(h.baseUrl, '/activity/enroll/submit', { token, body: { activityId, answers: { fullname: `Erin Zhao ${stamp}` } } })
  expect(enrolled.body.code).toBe(200)

  const page = await openSignedIn(MOBILE, 'en-US', me.email, me.password, '/center/deletion')
  await vis(page, 'deletion-erased-list').first().waitFor({ state: 'visible' })
  const erased = await visText(vis(page, 'deletion-erased-list').first())
  for (const k of ['profile', 'uploads', 'lists', 'promoter', 'inbox', 'signIns', 'answers', 'chat'] as const) expect(erased).toContain(en.deletion.erased[k])
  const kept = await visText(vis(page, 'deletion-kept-list').first())
  for (const k of ['counts', 'seats', 'prizes'] as const) expect(kept).toContain(en.deletion.kept[k])
  expect(await visText(vis(page, 'deletion-cooling-text').first())).toContain('sign in again within 7 days to cancel')
  await snap(page, 'deletion-mobile-en')

  // a wrong password: the server's own message, still signed in
  await fillVisible(page, 'deletion-password', 'not-my-password')
  await clickVisible(page, 'deletion-submit')
  await clickVisible(page, 'deletion-confirm-ok')
  await eventually('the refusal', async () => visText(vis(page, 'deletion-error').first()), (t) => t.length > 0, 20_000)
  expect(await readStorage(page, 'token')).toBeTruthy()
  await snap(page, 'deletion-wrong-password-mobile-en')

  await fillVisible(page, 'deletion-password', me.password)
  await clickVisible(page, 'deletion-submit')
  await vis(page, 'deletion-confirm').first().waitFor({ state: 'visible' })
  expect(await visText(vis(page, 'deletion-confirm').first())).toContain(en.deletion.confirmTitle)
  await snap(page, 'deletion-confirm-mobile-en')
  await clickVisible(page, 'deletion-confirm-ok')
  await eventually('home', async () => new URL(page.url()).pathname, (p) => p === '/', 20_000)
  await eventually('the message', () => toastText(page), (t) => t.includes('deleted in 7 days'), 10_000)
  expect(await readStorage(page, 'token')).toBeFalsy()
  await snap(page, 'deletion-done-home-mobile-en')
  // every token was revoked: the old one no longer opens the person's data
  expect((await api(h.baseUrl, '/system/user/current/user', { token })).status).toBe(401)
  await page.close()

  expect(eraseNow(me.email)).toMatch(/erased account \d+/)

  const admin = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, admin, DEMO.organizer)
  await admin.goto('/admin/activity/manager')
  await byTestId(admin, 'act-mgr').waitFor({ state: 'visible', timeout: 30_000 })
  await fillField(admin, 'act-mgr-search', `Privacy salon ${stamp}`)
  await byTestId(admin, 'act-mgr-search').locator('input').first().press('Enter').catch(() => undefined)
  await clickTestId(admin, `act-mgr-enroll-${activityId}`)
  await admin.waitForURL((u) => u.pathname.endsWith('/admin/activity/enroll'), { timeout: 15_000 })
  const table = byTestId(admin, 'adm-enroll-table')
  const body = await eventually('the erased enrolment', async () => (await table.locator('tbody').innerText()).replace(/\s+/g, ' '), (t) => t.includes(DELETED_USER_NAME.en), 20_000)
  expect(body).toContain(DELETED_USER_NAME.zh)
  expect(body).not.toContain(`Erin Zhao ${stamp}`)
  expect(body).not.toContain(me.email)
  await h.shot(admin, 'admin-enrolments-deleted-user')
  await admin.close()
}, 240_000)

test('signing in again within the cooling-off period cancels the deletion and says so (390 px, Chinese)', async () => {
  const me = await registerFresh('pv-back', '回来了')
  const token = (await api(h.baseUrl, '/system/user/login', { basic: 'h5', body: me })).body.result.token
  expect((await api(h.baseUrl, PRIVACY_API.deletionRequest, { token, body: { password: me.password } })).body.code).toBe(200)
  const page = await openSignedIn(MOBILE, 'zh-CN', me.email, me.password, '/center')
  await eventually('the notice', () => toastText(page), (t) => t.includes(zh.deletion.cancelled), 10_000)
  await snap(page, 'deletion-cancelled-notice-mobile-zh')
  const fresh = (await api(h.baseUrl, '/system/user/login', { basic: 'h5', body: me })).body.result.token
  expect((await api(h.baseUrl, PRIVACY_API.deletionStatus, { token: fresh })).body.result.state).toBe('none')
  await page.close()
}, 120_000)
