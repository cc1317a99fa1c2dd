/**
 * Live chat in the browser on the real server and builds:
 * 1. a tourist opens "contact service" with no agent online → the leave-message card (spec messages) →
 *    submits → the message is in the admin feedback inbox (checked through its API);
 *    the mobile services page opens the separate mobile leave-message sheet;
 * 2. the agent kefu@ logs into the admin, opens the adviser console and goes online → a logged-in
 *    user opens the chat window (the agent's name) → both see each other's messages live, including an
 *    image each way.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { api, DEMO, loginAsConsumerApp, loginAsAdminApp } from './support/api'
import { byTestId, clickTestId, eventually, fillField, startHarness, textOf, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness
// a 48×48 red square
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OMQ0AAAgDsDnAvzLszAXhaFIBzWZeiZCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJDQnQKkuBZ5dxRLpQAAAABJRU5ErkJggg==', 'base64')
let pngFile = ''

beforeAll(async () => {
  h = await startHarness('chat', { builds: ['h5', 'admin'] })
  pngFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-e2e-')), 'photo.png')
  fs.writeFileSync(pngFile, PNG)
}, 120_000)
afterAll(async () => {
  await h?.stop()
})

async function consumerPage(opts: { width: number; height: number; mobile?: boolean; locale?: string; loginAs?: string }): Promise<Page> {
  const page = await h.newPage({ width: opts.width, height: opts.height, mobile: opts.mobile, locale: opts.locale ?? 'zh-CN' })
  if (opts.loginAs) {
    const { token, userInfo } = await loginAsConsumerApp(h.baseUrl, opts.loginAs)
    // Taro H5 storage keeps { data: value } under each key
    await page.addInitScript(
      ([t, u]) => {
        window.localStorage.setItem('token', JSON.stringify({ data: t }))
        window.localStorage.setItem('userInfo', JSON.stringify({ data: u }))
        window.localStorage.setItem('tokenRefreshedAt', JSON.stringify({ data: Date.now() }))
      },
      [token, userInfo] as const,
    )
  }
  return page
}

describe('chat with nobody online', () => {
  test('a tourist leaves a message from the floating menu (desktop, English) and it reaches the feedback inbox', async () => {
    const page = await consumerPage({ width: 1280, height: 800, locale: 'en-US' })
    await page.goto('/')
    await clickTestId(page, 'side-service')
    const card = byTestId(page, 'leave-message-card')
    await card.waitFor({ state: 'visible' })
    expect(await card.innerText()).toContain(en.chat.noBody)
    // the tourist id is kept in session storage
    expect(await page.evaluate(() => window.sessionStorage.getItem('touristId'))).toMatch(/t[0-9a-f]{16}\./)
    await clickTestId(page, 'leave-submit')
    expect(await textOf(page, 'leave-error-desc')).toBe('Please fill in the problem description')
    await fillField(page, 'leave-email', 'not-an-email')
    await clickTestId(page, 'leave-submit')
    expect(await textOf(page, 'leave-error-email')).toBe('Incorrect email format')
    await h.shot(page, 'leave-message-errors-en')

    const desc = `E2E tourist question ${Date.now()}: how do I register my start-up in Shanghai?`
    await fillField(page, 'leave-desc', desc)
    await fillField(page, 'leave-name', 'Tourist Tester')
    await fillField(page, 'leave-tel', '13800138000')
    await fillField(page, 'leave-email', 'tt@haijiao.cn')
    const sent = page.waitForResponse((r) => r.url().includes('/messageFeedback/add/db_message_feedback'))
    await clickTestId(page, 'leave-submit')
    expect((await (await sent).json()).code).toBe(200)
    await byTestId(page, 'leave-message-done').waitFor({ state: 'visible' })
    await h.shot(page, 'leave-message-done-en')

    // "leave another message" clears the form
    await clickTestId(page, 'leave-message-again')
    const descField = byTestId(page, 'leave-desc')
    await descField.waitFor({ state: 'visible' })
    expect(await descField.evaluate((el) => ((el as HTMLTextAreaElement).value ?? (el.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? ''))).toBe('')

    // the admin feedback inbox lists it
    const ops = await loginAsAdminApp(h.server, DEMO.operations)
    const inbox = await api(h.baseUrl, `/message/messageFeedback/list/db_message_feedback?keyword=${encodeURIComponent('E2E tourist question')}`, { token: ops.token })
    expect(inbox.body.code).toBe(200)
    expect(inbox.body.result.list.map((f: any) => f.desc)).toContain(desc)

    // closing resets and closes the card
    await clickTestId(page, 'chat-close')
    await card.waitFor({ state: 'detached' })
  })

  test('the mobile services page opens the separate mobile leave-message sheet (Chinese)', async () => {
    const page = await consumerPage({ width: 390, height: 844, mobile: true })
    await page.goto('/repatriationService')
    await byTestId(page, 'service-item').waitFor({ state: 'visible' })
    const consult = page.locator('[data-testid^="service-consult-"]').first()
    await consult.click()
    const sheet = byTestId(page, 'leave-message-mobile')
    await sheet.waitFor({ state: 'visible' })
    expect(await sheet.innerText()).toContain(zh.chat.noBody)
    await clickTestId(page, 'leave-submit')
    expect(await textOf(page, 'leave-error-desc')).toBe(zh.chat.leave.validate.descEmpty)
    await h.shot(page, 'leave-message-mobile-zh')
  })
})

describe('chat with an agent online', () => {
  test('the agent goes online in the admin; a logged-in user chats with them live, images both ways', async () => {
    const admin = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
    await adminLogin(h, admin, DEMO.kefu)
    await admin.goto('/admin/advisor')
    await byTestId(admin, 'advisor-view').waitFor({ state: 'visible', timeout: 30_000 })
    // availability: online / away / offline (enabled once the console's socket is connected)
    const status = byTestId(admin, 'advisor-status')
    await eventually('status enabled', () => admin.locator('[data-testid="advisor-status"] .ant-segmented-item-disabled').count(), (n) => n === 0, 15_000)
    await clickTestId(admin, 'advisor-status-online')
    await eventually('agent online', () => status.getAttribute('data-status'), (v) => v === 'online', 10_000)
    await h.shot(admin, 'advisor-online')

    const user = await consumerPage({ width: 1280, height: 800, loginAs: DEMO.consumer })
    await user.goto('/')
    await clickTestId(user, 'side-service')
    await byTestId(user, 'chat-window').waitFor({ state: 'visible' })
    expect(await textOf(user, 'chat-kefu-name')).toBe('客服小海 Service Agent')
    const box = await byTestId(user, 'chat-window').boundingBox()
    expect(Math.round(box!.height)).toBe(360)

    await fillField(user, 'chat-input', '你好，我想咨询回国创业政策')
    await clickTestId(user, 'chat-send')
    await user.locator('[data-testid="chat-message"]', { hasText: '你好，我想咨询回国创业政策' }).waitFor()

    // the agent sees the customer card with tags and the message
    const card = admin.locator('[data-testid="advisor-customer"]').first()
    await card.waitFor({ state: 'visible' })
    expect(await card.innerText()).toContain('示例用户 Demo User')
    await card.click()
    await admin.locator('[data-testid="advisor-message"]', { hasText: '你好，我想咨询回国创业政策' }).waitFor()
    await fillField(admin, 'advisor-input', '您好！请问您计划在哪个城市创业？')
    await clickTestId(admin, 'advisor-send')
    await user.locator('[data-testid="chat-message"]', { hasText: '您好！请问您计划在哪个城市创业？' }).waitFor()

    // an image from the agent …
    await admin.locator('[data-testid="advisor-dialog"] input[type=file]').setInputFiles(pngFile)
    await user.locator('[data-testid="chat-image"]').first().waitFor({ state: 'visible' })
    // … and one from the user
    const chooser = user.waitForEvent('filechooser')
    await clickTestId(user, 'chat-file-button')
    await (await chooser).setFiles(pngFile)
    await eventually('both images in the dialog', () => admin.locator('[data-testid="advisor-image"]').count(), (n) => n === 2, 15_000)
    await user.waitForTimeout(500)
    await h.shot(user, 'chat-window-user')
    await h.shot(admin, 'advisor-dialog')

    // a tourist on a phone gets the separate mobile chat with the same agent
    const phone = await consumerPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
    await phone.goto('/repatriationService')
    await phone.locator('[data-testid^="service-consult-"]').first().click()
    await byTestId(phone, 'chat-mobile').waitFor({ state: 'visible' })
    expect(await textOf(phone, 'chat-kefu-name')).toBe('客服小海 Service Agent')
    await fillField(phone, 'chat-input', 'Hi from my phone')
    await clickTestId(phone, 'chat-send')
    await phone.locator('[data-testid="chat-message"]', { hasText: 'Hi from my phone' }).waitFor()
    const visitor = admin.locator('[data-testid="advisor-customer"]', { hasText: 'Hi from my phone' })
    await visitor.waitFor({ state: 'visible' })
    await visitor.click()
    await fillField(admin, 'advisor-input', 'Welcome, visitor!')
    await clickTestId(admin, 'advisor-send')
    await phone.locator('[data-testid="chat-message"]', { hasText: 'Welcome, visitor!' }).waitFor()
    await h.shot(phone, 'chat-mobile-en')

    // the agent goes offline: the user's card turns into the leave-message card
    await clickTestId(admin, 'advisor-status-offline')
    await byTestId(user, 'leave-message-card').waitFor({ state: 'visible' })
    expect(await byTestId(user, 'leave-message-card').innerText()).toContain(zh.chat.kefuDown)
  })
})
