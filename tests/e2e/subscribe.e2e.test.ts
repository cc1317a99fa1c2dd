/**
 * Subscriptions in the browser against the real server and a real SMTP sink: a visitor subscribes from
 * the desktop footer (e-mail validated, then the 600 px dialog that the backdrop does not close asks for
 * categories), confirms from the link of the received mail, then unsubscribes from the mail's
 * unsubscribe link; the floating widget asks the e-mail inside the dialog; the /unsubscribe page at
 * 390 px in English; operations find the subscriber in the admin list, blacklist it, and see the
 * notice composer refuse a fixed time without a time and the feedback inbox.
 */
import type { Page } from 'playwright-core'
import { byTestId, clickTestId, eventually, fillField, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'
import { clickVisible, fillVisible, settle, vis, visText } from './support/browse'

let h: Harness
beforeAll(async () => {
  h = await startHarness('subscribe', { builds: ['h5', 'admin'] })
}, 120_000)
afterAll(async () => {
  await h?.stop()
})

const linkIn = (text: string, kind: 'confirm' | 'cancel') => {
  const re = kind === 'confirm' ? /(http:\/\/\S+\/unsubscribe\?action=confirm&token=[\w.-]+)/ : /(http:\/\/\S+\/unsubscribe\?token=[\w.-]+)/
  const m = re.exec(text)
  if (!m) throw new Error(`no ${kind} link in mail:\n${text}`)
  return m[1]
}

const unsubscribed: string[] = []

async function scrollToFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await vis(page, 'footer-subscribe-btn').first().waitFor({ state: 'visible' })
}

test('a visitor subscribes from the footer, confirms from the mail and unsubscribes', async () => {
  const page = await h.newPage({ width: 1280, height: 800 })
  await page.goto('/')
  await scrollToFooter(page)

  // the footer's own validation first
  await clickVisible(page, 'footer-subscribe-btn')
  expect(await visText(vis(page, 'footer-subscribe-error').first())).toBe('请填写您的常用邮箱')
  await fillVisible(page, 'footer-subscribe-email', 'not-an-email')
  await clickVisible(page, 'footer-subscribe-btn')
  expect(await visText(vis(page, 'footer-subscribe-error').first())).toBe('邮箱格式不正确')
  expect(await vis(page, 'subscribe-dialog').count()).toBe(0)

  const email = `visitor.${Date.now()}@example.com`
  await fillVisible(page, 'footer-subscribe-email', email)
  await clickVisible(page, 'footer-subscribe-btn')
  const dialog = vis(page, 'subscribe-dialog').first()
  await dialog.waitFor({ state: 'visible' })
  const box = await page.locator('[data-testid="subscribe-dialog"]:visible .hj-sub').first().boundingBox()
  expect(Math.round(box!.width)).toBe(600)
  expect(await dialog.evaluate((el) => getComputedStyle(el).zIndex)).toBe('2000')
  expect(await visText(vis(page, 'subscribe-who').first())).toContain(email)
  await h.shot(page, 'desktop-footer-dialog')

  // the backdrop does not close it; submitting without a category is refused in place
  await page.mouse.click(20, 20)
  await expect(dialog.isVisible()).resolves.toBe(true)
  await clickVisible(page, 'subscribe-submit')
  expect(await visText(vis(page, 'subscribe-cat-error').first())).toBe('请至少选择一个领域')

  await clickVisible(page, 'subscribe-cat-ai')
  await clickVisible(page, 'subscribe-cat-ic')
  const since = Date.now()
  await clickVisible(page, 'subscribe-submit')
  await dialog.waitFor({ state: 'detached' })
  await page.getByText('还差一步').first().waitFor({ state: 'visible' })
  expect(await page.getByText('还差一步').first().innerText()).toContain('请查收邮件并确认订阅')
  await h.shot(page, 'desktop-subscribed-toast')

  const mail = await h.smtp.waitForMail(email, { since })
  expect(mail.subject).toContain('确认订阅')
  await page.goto(linkIn(mail.text, 'confirm').replace(/^http:\/\/[^/]+/, ''))
  await vis(page, 'unsubscribe-confirmed').first().waitFor({ state: 'visible' })
  expect(await visText(vis(page, 'unsubscribe-categories').first())).toContain('人工智能')
  await h.shot(page, 'desktop-confirmed')

  await page.goto(linkIn(mail.text, 'cancel').replace(/^http:\/\/[^/]+/, ''))
  await clickVisible(page, 'unsubscribe-confirm')
  await vis(page, 'unsubscribe-done').first().waitFor({ state: 'visible' })
  expect(await visText(vis(page, 'unsubscribe-page').first())).toContain('您已成功退订')
  await h.shot(page, 'desktop-unsubscribed')

  // a second visit of the link shows the finished state, the subscription stays cancelled
  await page.reload()
  await vis(page, 'unsubscribe-done').first().waitFor({ state: 'visible' })
  unsubscribed.push(email)
})

test('from the floating widget the dialog asks for the e-mail (English)', async () => {
  const page = await h.newPage({ width: 1280, height: 800, locale: 'en-US' })
  await page.goto('/')
  await clickVisible(page, 'side-subscribe')
  await vis(page, 'subscribe-dialog').first().waitFor({ state: 'visible' })
  await clickVisible(page, 'subscribe-cat-biomed')
  await clickVisible(page, 'subscribe-submit')
  expect(await visText(vis(page, 'subscribe-email-error').first())).toBe('Please fill in your usual email')
  await fillVisible(page, 'subscribe-email', 'bad@')
  await clickVisible(page, 'subscribe-submit')
  expect(await visText(vis(page, 'subscribe-email-error').first())).toBe('Incorrect email format')
  const email = `widget.${Date.now()}@example.com`
  await fillVisible(page, 'subscribe-email', email)
  await h.shot(page, 'desktop-widget-dialog-en')
  const since = Date.now()
  await clickVisible(page, 'subscribe-submit')
  await vis(page, 'subscribe-dialog').first().waitFor({ state: 'detached' })
  const mail = await h.smtp.waitForMail(email, { since })
  expect(mail.subject).toMatch(/confirm your subscription/i)

  // the unsubscribe page on a phone, in English
  const phone = await h.newPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  await phone.goto(linkIn(mail.text, 'cancel').replace(/^http:\/\/[^/]+/, ''))
  await vis(phone, 'unsubscribe-confirm').first().waitFor({ state: 'visible' })
  expect(await settle(phone)).toBe(0)
  await h.shot(phone, 'mobile-unsubscribe-en')
  await clickVisible(phone, 'unsubscribe-confirm')
  await vis(phone, 'unsubscribe-done').first().waitFor({ state: 'visible' })
  expect(await visText(vis(phone, 'unsubscribe-page').first())).toContain('You have unsubscribed')
  await h.shot(phone, 'mobile-unsubscribed-en')

  // a broken link says so
  await phone.goto('/unsubscribe?token=1.1.u.AAAAAAAAAAAAAAAAAAAAAA')
  await vis(phone, 'unsubscribe-invalid').first().waitFor({ state: 'visible' })
})

test('operations: subscriber list, blacklist, notice composer and feedback inbox', async () => {
  const email = unsubscribed[0] ?? 'reader@example.com'
  const page = await h.newPage({ width: 1440, height: 900 })
  await adminLogin(h, page)

  await page.goto('/admin/message/subscribe')
  const list = byTestId(page, 'adm-subscribers')
  await list.waitFor({ state: 'visible' })
  await fillField(page, 'adm-sub-search', email)
  await page.keyboard.press('Enter')
  const row = page.locator('.ant-table-row', { hasText: email }).first()
  await row.waitFor({ state: 'visible' })
  expect(await row.innerText()).toContain(unsubscribed.length ? '已退订' : '已确认')
  await row.locator('[data-testid="adm-sub-black"]').click()
  await page.locator('.ant-popconfirm .ant-btn-primary').first().click()
  await eventually('row shows the blacklist tag', () => row.innerText(), (t) => t.includes('黑名单') && t.includes('移出黑名单'))
  await h.shot(page, 'admin-subscribers')

  await page.goto('/admin/message/notice')
  await byTestId(page, 'adm-notices').waitFor({ state: 'visible' })
  await clickTestId(page, 'adm-notice-new')
  const composer = page.locator('.ant-modal', { has: byTestId(page, 'adm-notice-form') })
  await composer.waitFor({ state: 'visible' })
  // The time field appears only once the radio's change has reached the form: sending before that would
  // validate the "now" form, which has no time to miss.
  await composer.getByText('定时发送').click()
  await byTestId(page, 'adm-notice-sendat').waitFor({ state: 'visible' })
  await clickTestId(page, 'adm-notice-send')
  await page.getByText('通知发送时间不能为空').first().waitFor({ state: 'visible' })
  await h.shot(page, 'admin-notice-compose')
  await page.locator('.ant-modal-footer .ant-btn').first().click()

  await page.goto('/admin/message/feedback')
  await byTestId(page, 'adm-feedback').waitFor({ state: 'visible' })
  await page.locator('.ant-table-row').first().waitFor({ state: 'visible' })
  expect(await page.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(2)
  await h.shot(page, 'admin-feedback')
})
