/**
 * Helpdesk routing in the browser on the real server and builds: two agents in
 * the Chinese console at 1440 px — kefu@ (job hunting) and ops@ (technology transfer, set in the
 * database as that category's service agent) — go online; an English visitor on a phone (390 px) asks
 * about technology transfer from the services page and gets ops, a desktop visitor opens the chat from
 * the footer's "job hunting" entrance and gets kefu; kefu goes away and the next job-hunting visitor goes
 * to the only online agent (ops), while kefu keeps its conversation.
 */
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { DEMO } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, textOf, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'
import { TYPING_INTERVAL_MS } from '@contracts/helpdesk'

let h: Harness

beforeAll(async () => {
  h = await startHarness('helpdesk', { builds: ['h5', 'admin'] })
  // technology transfer (and its sub-topics) is answered by ops@; the seed gives every category to kefu@
  const db = new Database(h.server.dbFile, { fileMustExist: true })
  try {
    const ops = db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.operations) as { id: number }
    const tech = db.prepare("SELECT category_id AS id FROM service_category_links WHERE biz_code = 'achievement_transform'").get() as { id: number }
    db.prepare('UPDATE service_categories SET agent_user_id = ? WHERE id = ? OR pid = ?').run(ops.id, tech.id, tech.id)
  } finally {
    db.close()
  }
}, 120_000)
afterAll(async () => {
  await h?.stop()
})

async function console_(email: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, page, email)
  await page.goto('/admin/advisor')
  await byTestId(page, 'advisor-view').waitFor({ state: 'visible', timeout: 30_000 })
  await eventually('status enabled', () => page.locator('[data-testid="advisor-status"] .ant-segmented-item-disabled').count(), (n) => n === 0, 15_000)
  return page
}

async function setStatus(page: Page, status: 'online' | 'away' | 'offline') {
  await clickTestId(page, `advisor-status-${status}`)
  await eventually(`agent ${status}`, () => byTestId(page, 'advisor-status').getAttribute('data-status'), (v) => v === status, 10_000)
}

test('entrances route to their category agent; an away agent gets no new visitor', async () => {
  const kefu = await console_(DEMO.kefu)
  const ops = await console_(DEMO.operations)
  await setStatus(kefu, 'online')
  await setStatus(ops, 'online')

  // a desktop visitor, from the footer's job-hunting entrance → kefu (least busy alone would pick ops:
  // both hold nothing and ops has the lower id)
  const desk = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  await desk.goto('/')
  await clickTestId(desk, 'footer-entrance-job')
  await byTestId(desk, 'chat-window').waitFor({ state: 'visible' })
  expect(await textOf(desk, 'chat-kefu-name')).toBe('客服小海 Service Agent')
  await fillField(desk, 'chat-input', 'Looking for a university position')
  await clickTestId(desk, 'chat-send')
  await kefu.locator('[data-testid="advisor-customer"]', { hasText: 'Looking for a university position' }).waitFor({ state: 'visible' })
  await h.shot(desk, 'visitor-job-desktop-en')

  // a phone, in English: technology transfer from the services page → ops (least busy alone would pick kefu now)
  const phone = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await phone.goto('/repatriationService')
  await clickTestId(phone, 'service-consult-achievement_transform')
  await byTestId(phone, 'chat-mobile').waitFor({ state: 'visible' })
  expect(await textOf(phone, 'chat-kefu-name')).toBe('运营小王 Operations')
  await fillField(phone, 'chat-input', 'Can you assess my patent?')
  await clickTestId(phone, 'chat-send')
  await phone.locator('[data-testid="chat-message"]', { hasText: 'Can you assess my patent?' }).waitFor()
  const techCard = ops.locator('[data-testid="advisor-customer"]', { hasText: 'Can you assess my patent?' })
  await techCard.waitFor({ state: 'visible' })
  await techCard.click()
  await fillField(ops, 'advisor-input', 'Sure — which field is it in?')
  await clickTestId(ops, 'advisor-send')
  await phone.locator('[data-testid="chat-message"]', { hasText: 'Sure — which field is it in?' }).waitFor()
  await h.shot(phone, 'visitor-tech-mobile-en')
  await h.shot(ops, 'console-ops-tech')
  // kefu was not told of it
  expect(await kefu.locator('[data-testid="advisor-customer"]', { hasText: 'Can you assess my patent?' }).count()).toBe(0)

  // kefu goes away: the next job-hunting visitor goes to ops (the only online agent); kefu keeps its visitor
  await setStatus(kefu, 'away')
  // the segmented control's thumb slides over
  await kefu.waitForTimeout(500)
  await h.shot(kefu, 'console-kefu-away')
  const next = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  await next.goto('/')
  await clickTestId(next, 'footer-entrance-job')
  await byTestId(next, 'chat-window').waitFor({ state: 'visible' })
  expect(await textOf(next, 'chat-kefu-name')).toBe('运营小王 Operations')
  expect(await kefu.locator('[data-testid="advisor-customer"]', { hasText: 'Looking for a university position' }).count()).toBe(1)
  expect(await textOf(desk, 'chat-kefu-name')).toBe('客服小海 Service Agent')

  // an away agent still closes what it holds: the desktop visitor is asked to rate, inside the 360 px card
  await kefu.locator('[data-testid="advisor-customer"]', { hasText: 'Looking for a university position' }).click()
  await clickTestId(kefu, 'advisor-close')
  await clickTestId(kefu, 'advisor-close-ok')
  await byTestId(desk, 'chat-rate').waitFor({ state: 'visible', timeout: 10_000 })
  await clickTestId(desk, 'chat-rate-4')
  await h.shot(desk, 'visitor-rate-desktop-en')
  await clickTestId(desk, 'chat-rate-skip')
  await byTestId(desk, 'chat-rate').waitFor({ state: 'hidden' })
})

test('a phone visitor picks technology transfer; the agent hands over to job hunting with a private note; the history shows who handled it', async () => {
  const ops = await console_(DEMO.operations)
  const kefu = await console_(DEMO.kefu)
  await setStatus(ops, 'online')
  await setStatus(kefu, 'online')

  // a tourist on a phone, in English, opens the chat from the service button and names the topic
  const phone = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await phone.goto('/')
  await clickTestId(phone, 'mobile-service')
  await byTestId(phone, 'chat-mobile').waitFor({ state: 'visible' })
  await byTestId(phone, 'chat-topics').waitFor({ state: 'visible' })
  await h.shot(phone, 'visitor-topics-mobile-en')
  await clickTestId(phone, 'chat-topic-tech')
  // the re-announcement routes it to technology transfer's agent
  await eventually('routed to ops', () => textOf(phone, 'chat-kefu-name'), (v) => v === '运营小王 Operations', 10_000)
  await fillField(phone, 'chat-input', 'I would like to license my battery patent')
  await clickTestId(phone, 'chat-send')
  const card = ops.locator('[data-testid="advisor-customer"]', { hasText: 'license my battery patent' })
  await card.waitFor({ state: 'visible' })
  const customerId = await card.getAttribute('data-customer')
  await card.click()
  await fillField(ops, 'advisor-input', '好的，我们先看看专利情况。')
  await clickTestId(ops, 'advisor-send')
  await phone.locator('[data-testid="chat-message"]', { hasText: '我们先看看专利情况' }).waitFor()

  // ops transfers to the job-hunting category with a note the visitor never sees
  const note = '访客也在找工作，请用英文回复'
  await clickTestId(ops, 'advisor-transfer')
  await byTestId(ops, 'advisor-transfer-dialog').waitFor({ state: 'visible' })
  await clickTestId(ops, 'advisor-transfer-to-category')
  await clickTestId(ops, 'advisor-transfer-category-job')
  await fillField(ops, 'advisor-transfer-note', note)
  await h.shot(ops, 'console-transfer-dialog-zh')
  await clickTestId(ops, 'advisor-transfer-ok')
  await byTestId(ops, 'advisor-transfer-dialog').waitFor({ state: 'hidden' })
  await eventually('gone from ops', () => card.count(), (n) => n === 0, 10_000)

  // kefu gets it with the note; the visitor sees the new agent's name but not the note
  // (its card shows the last message, ops' reply)
  const moved = kefu.locator(`[data-testid="advisor-customer"][data-customer="${customerId}"]`)
  await moved.waitFor({ state: 'visible' })
  await moved.click()
  expect(await textOf(kefu, 'advisor-transfer-note-received')).toContain(note)
  await eventually('visitor sees kefu', () => textOf(phone, 'chat-kefu-name'), (v) => v === '客服小海 Service Agent', 10_000)
  expect(await phone.locator('body').innerText()).not.toContain(note)

  // the handling history: routed to ops, then ops → kefu with the note
  await clickTestId(kefu, 'advisor-history-open')
  await eventually('history events', () => kefu.locator('[data-testid="advisor-history-event"][data-kind="transferred"]').count(), (n) => n === 1, 10_000)
  const transferred = await kefu.locator('[data-testid="advisor-history-event"][data-kind="transferred"]').innerText()
  expect(transferred).toContain('运营小王 Operations')
  expect(transferred).toContain('客服小海 Service Agent')
  expect(transferred).toContain(note)
  await h.shot(kefu, 'console-handling-history-zh')
  await kefu.keyboard.press('Escape')

  await fillField(kefu, 'advisor-input', 'Hello, I can help with job hunting as well.')
  await clickTestId(kefu, 'advisor-send')
  await phone.locator('[data-testid="chat-message"]', { hasText: 'job hunting as well' }).waitFor()
  await h.shot(phone, 'visitor-after-transfer-mobile-en')
})

test('technology transfer from a phone in English: a canned reply in English, typing, transfer, close and a 5-star rating; the ratings report; outside business hours the return time in the visitor zone', async () => {
  const ops = await console_(DEMO.operations)
  const kefu = await console_(DEMO.kefu)
  await setStatus(ops, 'online')
  await setStatus(kefu, 'online')

  // ops keeps a canned reply in both languages
  await clickTestId(ops, 'advisor-canned-manage')
  await clickTestId(ops, 'canned-add')
  await byTestId(ops, 'canned-form').waitFor({ state: 'visible' })
  await fillField(ops, 'canned-code', 'patent')
  await fillField(ops, 'canned-text-zh', '您好，请发来专利号，技术转移顾问会为您评估。')
  await fillField(ops, 'canned-text-en', 'Hello, please send us the patent number and a technology transfer adviser will assess it.')
  await clickTestId(ops, 'canned-save')
  await ops.locator('[data-testid="canned-manager"] td', { hasText: '/patent' }).waitFor({ state: 'visible' })
  await h.shot(ops, 'console-canned-manager-zh')
  await ops.locator('.ant-drawer-close:visible').click()
  await ops.locator('.ant-drawer-mask').first().waitFor({ state: 'hidden' })

  const phone = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US', timezoneId: 'Europe/London' })
  await phone.goto('/')
  await clickTestId(phone, 'mobile-service')
  await clickTestId(phone, 'chat-topic-tech')
  await eventually('routed to ops', () => textOf(phone, 'chat-kefu-name'), (v) => v === '运营小王 Operations', 10_000)
  await fillField(phone, 'chat-input', 'What does a patent assessment cost?')
  await clickTestId(phone, 'chat-send')
  const card = ops.locator('[data-testid="advisor-customer"]', { hasText: 'patent assessment cost' })
  await card.waitFor({ state: 'visible' })
  const customerId = await card.getAttribute('data-customer')
  await card.click()

  // "/pat" offers the reply; picking it puts the English text in the box (the visitor's language)
  await byTestId(ops, 'advisor-input').fill('/pat')
  await byTestId(ops, 'advisor-canned-picker').waitFor({ state: 'visible' })
  await h.shot(ops, 'console-canned-picker-zh')
  await clickTestId(ops, 'advisor-canned-patent')
  expect(await byTestId(ops, 'advisor-input').inputValue()).toBe('Hello, please send us the patent number and a technology transfer adviser will assess it.')
  await clickTestId(ops, 'advisor-send')
  await phone.locator('[data-testid="chat-message"]', { hasText: 'a technology transfer adviser will assess it' }).waitFor()

  // typing shows on the other side (at most one typing frame per interval: the first message's typing was just now)
  await phone.waitForTimeout(TYPING_INTERVAL_MS + 200)
  await byTestId(phone, 'chat-input').locator('input').pressSequentially('CN2026', { delay: 30 })
  await byTestId(ops, 'advisor-typing').waitFor({ state: 'visible', timeout: 10_000 })
  await clickTestId(phone, 'chat-send')
  await ops.locator('[data-testid="advisor-message"]', { hasText: 'CN2026' }).waitFor()
  await byTestId(ops, 'advisor-input').fill('稍等')
  await byTestId(phone, 'chat-typing').waitFor({ state: 'visible', timeout: 10_000 })
  await byTestId(ops, 'advisor-input').fill('')

  // ops hands it to kefu by name
  await clickTestId(ops, 'advisor-transfer')
  await clickTestId(ops, 'advisor-transfer-to-agent')
  await byTestId(ops, 'advisor-transfer-agent').click()
  await ops.locator('.ant-select-item-option', { hasText: '客服小海' }).click()
  await fillField(ops, 'advisor-transfer-note', '已发专利号，请报价')
  await clickTestId(ops, 'advisor-transfer-ok')
  await byTestId(ops, 'advisor-transfer-dialog').waitFor({ state: 'hidden' })
  const moved = kefu.locator(`[data-testid="advisor-customer"][data-customer="${customerId}"]`)
  await moved.waitFor({ state: 'visible' })
  await moved.click()
  await eventually('visitor sees kefu', () => textOf(phone, 'chat-kefu-name'), (v) => v === '客服小海 Service Agent', 10_000)

  // kefu closes; the visitor is asked once to rate
  await clickTestId(kefu, 'advisor-close')
  await clickTestId(kefu, 'advisor-close-ok')
  await byTestId(kefu, 'advisor-closed-tag').waitFor({ state: 'visible' })
  await byTestId(phone, 'chat-rate').waitFor({ state: 'visible', timeout: 10_000 })
  await clickTestId(phone, 'chat-rate-5')
  await fillField(phone, 'chat-rate-comment', 'Clear and fast')
  await h.shot(phone, 'visitor-rate-mobile-en')
  await clickTestId(phone, 'chat-rate-submit')
  await byTestId(phone, 'chat-rated').waitFor({ state: 'visible' })
  await h.shot(kefu, 'console-closed-rated-zh')

  // the transcript by e-mail (a tourist gives the address)
  await clickTestId(phone, 'chat-transcript')
  await fillField(phone, 'chat-transcript-email', 'visitor@example.com')
  await clickTestId(phone, 'chat-transcript-send')
  await byTestId(phone, 'chat-transcript-form').waitFor({ state: 'hidden' })
  await clickTestId(phone, 'chat-close')

  // kefu finds it again by a word of the visitor's and reads it back
  await clickTestId(kefu, 'advisor-search-open')
  await fillField(kefu, 'advisor-search-keyword', 'assessment')
  await clickTestId(kefu, 'advisor-search-run')
  const hit = kefu.locator(`[data-testid="advisor-search-hit"][data-customer="${customerId}"]`)
  await hit.waitFor({ state: 'visible', timeout: 10_000 })
  expect(await hit.innerText()).toContain('客服小海 Service Agent')
  await hit.locator('.hj-adv__hit-head').click()
  await kefu.locator('[data-testid="advisor-search-transcript"]', { hasText: 'CN2026' }).waitFor({ state: 'visible' })
  await h.shot(kefu, 'console-search-zh')
  await kefu.locator('.ant-drawer-close:visible').click()

  // operations: the rating per agent and per category; then business hours that are closed today
  const settings = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, settings, DEMO.operations)
  await settings.goto('/admin/system/setting')
  await byTestId(settings, 'helpdesk-ratings').waitFor({ state: 'visible' })
  await eventually('kefu rated', () => settings.locator('[data-testid="helpdesk-ratings-agents"] tr', { hasText: '客服小海' }).innerText().catch(() => ''), (v) => /5\.0/.test(v), 10_000)
  await byTestId(settings, 'helpdesk-ratings').scrollIntoViewIfNeeded()
  await h.shot(settings, 'admin-ratings-zh')

  await byTestId(settings, 'helpdesk-settings-form').waitFor({ state: 'visible' })
  await eventually('settings loaded', () => byTestId(settings, 'helpdesk-always-open').getAttribute('aria-checked'), (v) => v === 'true', 10_000)
  await clickTestId(settings, 'helpdesk-always-open')
  await clickTestId(settings, 'helpdesk-span-workweek')
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
  await byTestId(settings, 'helpdesk-holiday-add').click()
  await settings.keyboard.type(today)
  await settings.keyboard.press('Enter')
  await settings.locator('[data-testid="helpdesk-holidays"] .ant-tag', { hasText: today }).waitFor({ state: 'visible' })
  await byTestId(settings, 'helpdesk-settings').scrollIntoViewIfNeeded()
  await h.shot(settings, 'admin-helpdesk-settings-zh')
  await clickTestId(settings, 'helpdesk-settings-save')
  await settings.locator('.ant-message', { hasText: '在线客服设置已保存' }).waitFor({ state: 'visible' })

  // a visitor in London: the card says when advisers are back in London time and Beijing time, with the form
  const later = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US', timezoneId: 'Europe/London' })
  await later.goto('/repatriationService')
  await clickTestId(later, 'service-consult-achievement_transform')
  await byTestId(later, 'chat-hours-back').waitFor({ state: 'visible' })
  const back = await textOf(later, 'chat-hours-back')
  expect(back).toMatch(/^They are back on \w{3} \d{1,2} \w{3} 01:00 your time \(Europe\/London\) — \w{3} \d{1,2} \w{3} 09:00 Beijing time\.$/)
  await byTestId(later, 'leave-desc').waitFor({ state: 'visible' })
  await h.shot(later, 'visitor-after-hours-mobile-en')
  const desk = await h.newPage({ width: 1280, height: 800, locale: 'en-US', timezoneId: 'America/New_York' })
  await desk.goto('/')
  await clickTestId(desk, 'footer-entrance-tech')
  await byTestId(desk, 'chat-hours-back').waitFor({ state: 'visible' })
  expect(await textOf(desk, 'chat-hours-back')).toMatch(/20:00 your time \(America\/New_York\) — \w{3} \d{1,2} \w{3} 09:00 Beijing time/)
  await h.shot(desk, 'visitor-after-hours-desktop-en')
})
