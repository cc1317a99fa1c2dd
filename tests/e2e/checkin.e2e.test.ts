/**
 * From seat to door on the real server and builds:
 * - the organizer, on a 390 px phone, checks an approved enrollee in by the typed ticket code, then another
 *   by the camera — Chromium's fake camera plays a y4m file made here from the `qrcode` matrix of that
 *   person's ticket — sees the counter move, and sees "already checked in" when the same ticket comes
 *   again (the camera keeps seeing it); the enrolment list then shows the check-in time and who;
 * - the organizer finds people without their ticket — by name, e-mail or phone — and checks them in from
 *   the search; the list then says when and by whom, and the same person cannot be checked in twice;
 * - in zh (390 px) and en (1280 px): a consumer shows their ticket, cancels after the confirmation, and the
 *   first person on the waiting list finds the offer in their inbox and confirms it;
 * - a visitor (no account) on the waiting list sees their place on the activity page, and on another
 *   device through their link (/ticket?token=): the position, then the held seat in the activity's zone,
 *   and confirms it from there.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import adminZh from '../../src/admin/locales/ticket.zh-cn.json'
import { ADMIN_ACTIVITY_API } from '@contracts/admin-activity'
import { ADMIN_TICKET_API, CHECKIN_API, TICKET_API, WAITLIST_API } from '@contracts/ticket'
import { qrMatrix } from '../../src/components/ticket/qr-matrix'
import { api, DEMO, loginAsAdminApp, loginAsConsumerApp } from './support/api'
import { adminLogin } from './support/admin-login'
import { byTestId, eventually, startHarness, type Harness } from './support/harness'
import { clickVisible, fillVisible, settle, vis, visText } from './support/browse'

const Y4M = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hj-checkin-')), 'camera.y4m')

let h: Harness
let orgToken = ''
const people: Record<'consumer' | 'promoter', { token: string; userInfo: unknown }> = {} as never

/**
 * A y4m video (YUV4MPEG2: a text header, then frames of raw I420 — a luma plane and two quarter-size
 * chroma planes) showing the QR code of `text` black on white, 8 px a module with a quiet zone.
 */
function writeQrVideo(file: string, text: string): void {
  const m = qrMatrix(text)
  const scale = 8
  const side = (m.size + 8) * scale
  const w = side + (side % 2)
  const y = Buffer.alloc(w * w, 235)
  for (let r = 0; r < m.size; r++)
    for (let c = 0; c < m.size; c++)
      if (m.dark[r * m.size + c]) for (let dy = 0; dy < scale; dy++) y.fill(16, ((r + 4) * scale + dy) * w + (c + 4) * scale, ((r + 4) * scale + dy) * w + (c + 5) * scale)
  const chroma = Buffer.alloc((w / 2) * (w / 2), 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma])
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${w} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]))
}

/** an activity of the organizer, published through the admin API: no approval, `seats` seats, no form unless given */
async function publishActivity(title: string, seats: number, enrollForm: unknown[] = [], isNeedLoginEnroll = true): Promise<number> {
  const start = new Date(Date.now() + 10 * 86400_000)
  const draft = await api(h.baseUrl, ADMIN_ACTIVITY_API.add, { token: orgToken, body: { titleZh: `${title}（中）`, titleEn: title } })
  if (draft.body.code !== 200) throw new Error(`add: ${JSON.stringify(draft.body)}`)
  const r = await api(h.baseUrl, ADMIN_ACTIVITY_API.publish, {
    token: orgToken,
    body: {
      id: draft.body.result.id, titleZh: `${title}（中）`, titleEn: title, type: 'offline', categoryCodes: [], tagsZh: [], tagsEn: [], peopleCount: seats,
      startTime: start.toISOString(), endTime: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      addresses: [{ country: 'CN', timeZone: 'UTC+08:00', cityZh: '上海', cityEn: 'Shanghai', addressZh: '世纪大道 100 号', addressEn: '100 Century Avenue' }],
      enrollForm, summaryZh: '交流会', summaryEn: 'Meetup', detailZh: '<p>交流会</p>', detailEn: '<p>Meetup</p>', highlightsZh: [], highlightsEn: [],
      isOpen: true, isNeedLoginEnroll, signUpOnce: false, enrollNeedProcess: false, entrustHaijiaoProcess: false,
      enrollNotesZh: '', enrollNotesEn: '', enrollDeadline: null, isDeadlineEqualEnd: true, isSyncProject: false, liveUrl: null,
    },
  })
  if (r.body.code !== 200) throw new Error(`publish: ${JSON.stringify(r.body)}`)
  return r.body.result.id
}

async function enrol(who: 'consumer' | 'promoter', activityId: number, answers: Record<string, string> = {}): Promise<number> {
  const r = await api(h.baseUrl, '/activity/enroll/submit', { token: people[who].token, body: { activityId, answers } })
  if (r.body.code !== 200) throw new Error(`enrol ${who}: ${JSON.stringify(r.body)}`)
  return r.body.result.enrollmentId
}

async function ticketOf(who: 'consumer' | 'promoter', enrollmentId: number) {
  const r = await api(h.baseUrl, `${TICKET_API.my}?enrollmentId=${enrollmentId}`, { token: people[who].token })
  if (r.body.code !== 200) throw new Error(`ticket: ${JSON.stringify(r.body)}`)
  return r.body.result as { code: string; qrPayload: string; valid: boolean }
}

/** a consumer page logged in through the storage the app keeps */
async function consumerPage(who: 'consumer' | 'promoter', opts: { width: number; locale: string; mobile: boolean }): Promise<Page> {
  const page = await h.newPage({ width: opts.width, height: opts.mobile ? 844 : 900, locale: opts.locale, mobile: opts.mobile })
  await page.goto('/')
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', JSON.stringify({ data: t }))
      localStorage.setItem('userInfo', JSON.stringify({ data: u }))
    },
    [people[who].token, people[who].userInfo] as const,
  )
  return page
}

const counterOf = async (page: Page) => {
  const c = byTestId(page, 'checkin-counter')
  return `${await c.getAttribute('data-checked')}/${await c.getAttribute('data-expected')}`
}
const resultKind = (page: Page) => byTestId(page, 'checkin-result').getAttribute('data-kind')

beforeAll(async () => {
  h = await startHarness('checkin', {
    builds: ['h5', 'admin'],
    chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${Y4M}`],
  })
  orgToken = (await loginAsAdminApp(h.server, DEMO.organizer)).token
  people.consumer = await loginAsConsumerApp(h.baseUrl, DEMO.consumer)
  people.promoter = await loginAsConsumerApp(h.baseUrl, DEMO.promoter)
}, 180_000)

afterAll(async () => {
  await h?.stop()
})

describe('check-in at the door, 390 px', () => {
  test('typed code, then the camera: checked in, the counter moves, the same ticket again is "already"', async () => {
    const activityId = await publishActivity('Door check-in night', 10)
    const first = await ticketOf('consumer', await enrol('consumer', activityId))
    const second = await ticketOf('promoter', await enrol('promoter', activityId))
    expect(first.valid && second.valid).toBe(true)
    expect(first.code).toMatch(/^[0-9A-Z]{26}$/)
    // the camera will show the second person's ticket
    writeQrVideo(Y4M, second.qrPayload)

    // logged in at desk width (the login helper waits for the side menu), then the phone
    const page = await h.newPage({ width: 1280, height: 844, locale: 'zh-CN', mobile: true })
    await adminLogin(h, page, DEMO.organizer)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/admin/activity/checkin?activityId=${activityId}`)
    await byTestId(page, 'checkin-view').waitFor({ state: 'visible', timeout: 30_000 })
    await eventually('counter', () => counterOf(page), (c) => c === '0/2', 20_000)
    await h.shot(page, 'zh-390-ready')
    // the view fits the phone: nothing wider than the window
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && (e as HTMLElement).offsetParent !== null)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    )
    expect(wide).toEqual([])
    // the side menu is folded away on the phone: it opens from the header's button, Escape folds it again
    const menu = byTestId(page, 'adm-side-menu')
    expect(await menu.isVisible()).toBe(false)
    await byTestId(page, 'adm-menu-button').click()
    await menu.waitFor({ state: 'visible' })
    await eventually('the menu slid in', async () => (await menu.boundingBox())?.x ?? -1, (x) => x >= 0)
    await h.shot(page, 'zh-390-menu-open')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })

    // typed, with spaces and lower case as a person types it from a printout
    const typed = first.code.toLowerCase().replace(/(.{4})/g, '$1 ')
    await byTestId(page, 'checkin-code').fill(typed)
    await byTestId(page, 'checkin-submit').click()
    await eventually('checked in', () => resultKind(page), (k) => k === 'checked_in', 15_000)
    expect(await byTestId(page, 'checkin-result-title').innerText()).toBe(adminZh.adm.checkin.result.checked_in)
    await eventually('counter after typing', () => counterOf(page), (c) => c === '1/2')
    await h.shot(page, 'zh-390-typed-checked-in')

    // the same code typed again: already, at HH:MM by the organizer
    await byTestId(page, 'checkin-code').fill(first.code)
    await byTestId(page, 'checkin-submit').click()
    await eventually('already', () => resultKind(page), (k) => k === 'already', 15_000)
    expect(await byTestId(page, 'checkin-result-detail').innerText()).toMatch(/^已于 \d\d:\d\d 由 .+ 签到$/)
    await h.shot(page, 'zh-390-typed-already')

    // the camera (fake device playing the QR video): the second ticket checks in, then, seen again, is "already"
    // (this device's list, newest first, says which scan answered what: the camera may take a while to start)
    const cameraRows = (kind: string) => page.locator(`[data-testid="checkin-recent-item"][data-kind="${kind}"]`, { hasText: DEMO.promoter }).count()
    await byTestId(page, 'checkin-camera-toggle').click()
    await byTestId(page, 'checkin-camera').waitFor({ state: 'visible' })
    // what the camera did, for the failure message: its state, its error, this device's list
    const cameraSeen = async () => ({
      checkedIn: await cameraRows('checked_in'),
      state: await byTestId(page, 'checkin-camera').getAttribute('data-state'),
      error: (await page.locator('[data-testid="checkin-camera-error"]').allInnerTexts()).join(' '),
      video: await page.evaluate(() => {
        const v = document.querySelector('video')
        return v ? `${v.videoWidth}x${v.videoHeight} ready=${v.readyState} paused=${v.paused}` : 'none'
      }),
      recent: await page.locator('[data-testid="checkin-recent-item"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}: ${(e.textContent ?? '').slice(0, 60)}`)),
    })
    await eventually('camera checked in', cameraSeen, (s) => s.checkedIn === 1, 60_000)
    await eventually('counter after the camera', () => counterOf(page), (c) => c === '2/2')
    await h.shot(page, 'zh-390-camera-checked-in')
    await eventually('camera already', () => cameraRows('already'), (n) => n >= 1, 30_000)
    expect(await resultKind(page)).toBe('already')
    expect(await byTestId(page, 'checkin-result-person').innerText()).toContain(DEMO.promoter)
    await h.shot(page, 'zh-390-camera-already')
    await byTestId(page, 'checkin-camera-toggle').click()

    // the server counted each ticket once
    const counter = await api(h.baseUrl, `${CHECKIN_API.counter}?activityId=${activityId}`, { token: orgToken })
    expect(counter.body.result).toEqual({ activityId, checkedIn: 2, expected: 2 })
    const log = await api(h.baseUrl, `${CHECKIN_API.log}?activityId=${activityId}&pageSize=50`, { token: orgToken })
    expect(log.body.result.list.map((l: { kind: string }) => l.kind).sort()).toEqual(['already', 'already', 'checked_in', 'checked_in'])

    // the enrolment list shows the check-in
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`/admin/activity/enroll?activityId=${activityId}`)
    await eventually('checked-in cells', () => page.locator('[data-testid="adm-enroll-checkin"][data-checked="1"]').count(), (n) => n === 2, 30_000)
    await h.shot(page, 'zh-1280-enrolment-list-checked-in')
  })
})

describe('check-in from the search, 390 px', () => {
  test('found by name, e-mail and phone; checked in from the list; the list then says when and by whom', async () => {
    const form = [
      { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true, maxLength: 50 },
      { key: 'phone', type: 'text', labelZh: '手机', labelEn: 'Phone', required: true, maxLength: 30 },
    ]
    const activityId = await publishActivity('Door search night', 10, form)
    await enrol('consumer', activityId, { name: 'Qiao Anna', phone: '+86 139 2468 1357' })
    await enrol('promoter', activityId, { name: 'Bai Lin', phone: '+86 137 1111 2222' })

    const page = await h.newPage({ width: 1280, height: 844, locale: 'zh-CN', mobile: true })
    await adminLogin(h, page, DEMO.organizer)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/admin/activity/checkin?activityId=${activityId}`)
    await byTestId(page, 'checkin-view').waitFor({ state: 'visible', timeout: 30_000 })
    await eventually('counter', () => counterOf(page), (c) => c === '0/2', 20_000)
    await byTestId(page, 'checkin-tab-find').click()
    const box = byTestId(page, 'checkin-search').locator('input')
    await box.waitFor({ state: 'visible' })
    const search = async (keyword: string) => {
      await box.fill(keyword)
      await box.press('Enter')
    }
    const people = page.locator('[data-testid="checkin-person"]')

    // by name (the form's answer), in other case: one person, not checked in, with the check-in button
    await search('qiao')
    await eventually('found by name', () => people.count(), (n) => n === 1, 15_000)
    expect(await people.first().innerText()).toContain('Qiao Anna')
    expect(await people.first().getAttribute('data-checked')).toBe('')
    await h.shot(page, 'zh-390-search-found')
    await byTestId(page, 'checkin-person-in').click()
    await eventually('checked in from the search', () => resultKind(page), (k) => k === 'checked_in', 15_000)
    await eventually('counter after the search', () => counterOf(page), (c) => c === '1/2')
    // the list reads again: checked in, at HH:MM by the organizer; no second check-in button, undo instead
    await eventually('list says checked in', () => people.first().getAttribute('data-checked'), (v) => v === '1', 15_000)
    expect(await people.first().innerText()).toMatch(/\d\d:\d\d/)
    expect(await byTestId(page, 'checkin-person-in').count()).toBe(0)
    expect(await byTestId(page, 'checkin-person-undo').count()).toBe(1)
    await h.shot(page, 'zh-390-search-checked-in')

    // by e-mail (the account's), then check in
    await search(DEMO.promoter.slice(0, 8))
    await eventually('found by e-mail', async () => (await people.count()) === 1 && (await people.first().innerText()), (t) => typeof t === 'string' && t.includes('Bai Lin'), 15_000)
    await byTestId(page, 'checkin-person-in').click()
    await eventually('counter after the second', () => counterOf(page), (c) => c === '2/2', 15_000)

    // by phone (part of the number as typed on the form): the first person, already checked in
    await search('2468 1357')
    await eventually('found by phone', async () => (await people.count()) === 1 && (await people.first().innerText()), (t) => typeof t === 'string' && t.includes('Qiao Anna'), 15_000)
    expect(await people.first().getAttribute('data-checked')).toBe('1')
    await h.shot(page, 'zh-390-search-by-phone')

    const counter = await api(h.baseUrl, `${CHECKIN_API.counter}?activityId=${activityId}`, { token: orgToken })
    expect(counter.body.result).toEqual({ activityId, checkedIn: 2, expected: 2 })
  })
})

for (const lang of ['zh', 'en'] as const) {
  const L = lang === 'zh' ? zh : en
  const view = lang === 'zh' ? { width: 390, locale: 'zh-CN', mobile: true } : { width: 1280, locale: 'en-US', mobile: false }
  describe(`${lang}: cancel, and the first person waiting gets the seat`, () => {
    test(`${lang} ${view.width}px: ticket, cancel with confirmation, offer in the inbox, confirmed`, async () => {
      const activityId = await publishActivity(`Full house ${lang}`, 1)
      const saved = await api(h.baseUrl, ADMIN_TICKET_API.saveSettings, { token: orgToken, body: { activityId, cancelDeadline: null, waitlistEnabled: true, offerHours: 24 } })
      expect(saved.body.code).toBe(200)
      const enrollmentId = await enrol('consumer', activityId)
      // the promoter finds it full: the button joins the waiting list (same form, through the UI)
      const waiting = await consumerPage('promoter', view)
      await waiting.goto(`/activityDetail?id=${activityId}`)
      await eventually('join state', () => vis(waiting, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'join_waitlist', 30_000)
      expect(await visText(vis(waiting, 'enroll-button').first())).toBe(L.activity.enroll.join_waitlist)
      await clickVisible(waiting, 'enroll-button')
      await vis(waiting, 'enroll-panel').first().waitFor({ state: 'visible' })
      await clickVisible(waiting, 'enroll-submit')
      await eventually('on the list', () => vis(waiting, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'on_waitlist', 20_000)
      expect(await visText(vis(waiting, 'waitlist-position').first())).toBe(L.waitlist.position.replace('{{n}}', '1'))
      expect(await settle(waiting)).toBeLessThanOrEqual(0)
      await h.shot(waiting, `${lang}-${view.width}-on-waitlist`)

      // the enrolled consumer: ticket in My activities, then cancel from the activity page
      const holder = await consumerPage('consumer', view)
      await holder.goto('/center')
      await vis(holder, 'center-activity-ticket').first().waitFor({ state: 'visible', timeout: 30_000 })
      await clickVisible(holder, 'center-activity-ticket')
      await vis(holder, 'ticket-qr').first().waitFor({ state: 'visible', timeout: 30_000 })
      expect(await vis(holder, 'ticket-code').first().getAttribute('data-code')).toBe((await ticketOf('consumer', enrollmentId)).code)
      expect(await visText(vis(holder, 'ticket-title').first())).toBe(lang === 'zh' ? `Full house ${lang}（中）` : `Full house ${lang}`)
      expect(await settle(holder)).toBeLessThanOrEqual(0)
      await h.shot(holder, `${lang}-${view.width}-ticket`)

      await holder.goto(`/activityDetail?id=${activityId}`)
      await vis(holder, 'enroll-cancel').first().waitFor({ state: 'visible', timeout: 30_000 })
      await clickVisible(holder, 'enroll-cancel')
      await vis(holder, 'enroll-cancel-confirm').first().waitFor({ state: 'visible' })
      expect(await visText(vis(holder, 'enroll-cancel-confirm-ok').first())).toBe(L.ticket.cancelOk)
      expect(await settle(holder)).toBeLessThanOrEqual(0)
      await h.shot(holder, `${lang}-${view.width}-cancel-confirm`)
      await clickVisible(holder, 'enroll-cancel-confirm-ok')
      await eventually('no longer registered', () => vis(holder, 'enroll-button').first().getAttribute('data-state'), (s) => s !== 'registered', 20_000)
      const mine = await api(h.baseUrl, `${TICKET_API.my}?enrollmentId=${enrollmentId}`, { token: people.consumer.token })
      expect(mine.body.result).toMatchObject({ state: 'cancelled', valid: false })

      // the first person waiting: the offer in the inbox → the activity → confirm
      await waiting.goto('/center')
      const offerTitle = lang === 'zh' ? '候补到名额' : 'A seat is yours if you confirm'
      await eventually('offer in the inbox', async () => (await vis(waiting, 'inbox-item-title').allInnerTexts()).join('\n'), (t) => t.includes(offerTitle), 30_000)
      expect(await settle(waiting)).toBeLessThanOrEqual(0)
      await h.shot(waiting, `${lang}-${view.width}-inbox-offer`)
      await waiting.locator('[data-testid="inbox-item"]:visible', { hasText: offerTitle }).first().click()
      await eventually('offered', () => vis(waiting, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'offered', 30_000)
      expect(await visText(vis(waiting, 'enroll-button').first())).toBe(L.activity.enroll.offered)
      expect(await settle(waiting)).toBeLessThanOrEqual(0)
      await h.shot(waiting, `${lang}-${view.width}-offered`)
      await clickVisible(waiting, 'enroll-button')
      await eventually('confirmed', () => vis(waiting, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'registered', 20_000)
      await vis(waiting, 'enroll-ticket').first().waitFor({ state: 'visible' })
      expect(await settle(waiting)).toBeLessThanOrEqual(0)
      await h.shot(waiting, `${lang}-${view.width}-confirmed`)
      const entry = await api(h.baseUrl, `${WAITLIST_API.my}?activityId=${activityId}`, { token: people.promoter.token })
      expect(entry.body.result).toMatchObject({ state: 'confirmed' })
    })
  })
}

describe('a visitor on the waiting list, 390 px', () => {
  test('joins without an account, sees their place; on another device their link shows it, then the held seat, confirmed there', async () => {
    const form = [
      { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true, maxLength: 50 },
      { key: 'email', type: 'email', labelZh: '邮箱', labelEn: 'E-mail', required: true },
    ]
    const activityId = await publishActivity('Visitors wait too', 1, form, false)
    const saved = await api(h.baseUrl, ADMIN_TICKET_API.saveSettings, { token: orgToken, body: { activityId, cancelDeadline: null, waitlistEnabled: true, offerHours: 24 } })
    expect(saved.body.code).toBe(200)
    const enrollmentId = await enrol('consumer', activityId, { name: 'Seat Holder', email: DEMO.consumer })

    // a visitor joins the list through the page (no login)
    const visitor = await h.newPage({ width: 390, height: 844, locale: 'zh-CN', mobile: true })
    await visitor.goto(`/activityDetail?id=${activityId}`)
    await eventually('join state', () => vis(visitor, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'join_waitlist', 30_000)
    await clickVisible(visitor, 'enroll-button')
    await vis(visitor, 'enroll-panel').first().waitFor({ state: 'visible' })
    await fillVisible(visitor, 'enroll-input-name', 'Walk-in Wang')
    await fillVisible(visitor, 'enroll-input-email', 'walk.in.wang@example.com')
    await clickVisible(visitor, 'enroll-submit')
    await eventually('visitor on the list', () => vis(visitor, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'on_waitlist', 20_000)
    expect(await visText(vis(visitor, 'waitlist-position').first())).toBe(zh.waitlist.position.replace('{{n}}', '1'))
    expect(await settle(visitor)).toBeLessThanOrEqual(0)
    await h.shot(visitor, 'zh-390-visitor-on-waitlist')
    const token = await visitor.evaluate((id) => {
      const raw = localStorage.getItem(`waitlistGuest:${id}`)
      return raw ? (JSON.parse(raw) as { data: string }).data : ''
    }, activityId)
    expect(token).toMatch(/^[0-9a-f]{48}$/)

    // another device: the link shows the place
    const other = await h.newPage({ width: 390, height: 844, locale: 'zh-CN', mobile: true })
    await other.goto(`/ticket?token=${token}`)
    await vis(other, 'ticket-waitlist').first().waitFor({ state: 'visible', timeout: 30_000 })
    expect(await visText(vis(other, 'ticket-waitlist-place').first())).toBe(zh.waitlist.position.replace('{{n}}', '1'))
    expect(await visText(vis(other, 'ticket-title').first())).toBe('Visitors wait too（中）')
    await h.shot(other, 'zh-390-visitor-link-position')

    // the holder cancels: the seat is held for the visitor, until a time on the activity's clock (UTC+08:00)
    const cancelled = await api(h.baseUrl, TICKET_API.cancel, { token: people.consumer.token, body: { enrollmentId } })
    expect(cancelled.body.code).toBe(200)
    const place = await api(h.baseUrl, `${WAITLIST_API.my}?guestToken=${token}`)
    expect(place.body.result).toMatchObject({ state: 'offered', timeZone: 'UTC+08:00' })
    const until = new Date(Date.parse(place.body.result.offerExpiresAt) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
    await other.reload()
    await eventually('held seat on the link', () => vis(other, 'ticket-waitlist').first().getAttribute('data-state'), (s) => s === 'offered', 30_000)
    expect(await visText(vis(other, 'ticket-waitlist-place').first())).toBe(zh.waitlist.offered.replace('{{time}}', `${until} (UTC+08:00)`))
    await h.shot(other, 'zh-390-visitor-link-offered')
    // from the link to the activity (the token comes along), confirmed there
    await clickVisible(other, 'ticket-activity')
    await eventually('offered on the activity', () => vis(other, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'offered', 30_000)
    await clickVisible(other, 'enroll-button')
    await eventually('visitor registered', () => vis(other, 'enroll-button').first().getAttribute('data-state'), (s) => s === 'registered', 20_000)
    expect(await settle(other)).toBeLessThanOrEqual(0)
    await h.shot(other, 'zh-390-visitor-confirmed')
    // the same link is now the ticket
    const ticket = await api(h.baseUrl, `${TICKET_API.guest}?token=${token}`)
    expect(ticket.body.result).toMatchObject({ valid: true, holderName: 'Walk-in Wang' })
  })
})
