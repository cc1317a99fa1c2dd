/**
 * A newcomer on the H5 app: registers with the code from the e-mail the server really sent, is logged
 * in, sees the nickname in the header, switches to English and back (each survives a reload), logs out,
 * and logs in again with the password. Registration needs the User Agreement / Privacy Policy box ticked
 * (zh and en, 390 and 1280 px); after operations publish a new policy version the next sign-in shows the
 * re-consent sheet: agreeing goes on, disagreeing signs the person out.
 */
import type { Page } from 'playwright-core'
import { byTestId, clickTestId, eventually, fillField, readStorage, startHarness, textOf, type Harness } from './support/harness'
import { extractCode } from './support/smtp-sink'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { publishPolicyVersion } from './support/api'

let h: Harness
let page: Page

const stamp = Date.now().toString(36)
const email = `e2e-${stamp}@example.test`
const nickname = `E2E 测试 ${stamp}`
const password = 'Secret123'

beforeAll(async () => {
  h = await startHarness('consumer')
  page = await h.newPage({ width: 1280, height: 800, locale: 'zh-CN' })
})

afterAll(async () => {
  await h?.stop()
})

/** The logged-in header shows the nickname in header-user. */
async function expectLoggedInAs(p: Page, nick: string) {
  const user = byTestId(p, 'header-user')
  await user.waitFor({ state: 'visible', timeout: 20_000 })
  await eventually(`header-user shows "${nick}"`, async () => (await user.innerText()).replace(/\s+/g, ' '), (t) => t.includes(nick))
}

/** Chinese vs English is read both where the app keeps it (storage `lang`) and where a person sees it (header nav). */
async function currentLanguage(p: Page): Promise<{ stored: unknown; nav: 'zh' | 'en' | 'unknown'; toggle: string }> {
  const stored = await readStorage(p, 'lang')
  const body = await p.locator('body').innerText()
  const nav = /首页/.test(body) ? 'zh' : /\bHome\b/.test(body) ? 'en' : 'unknown'
  return { stored, nav, toggle: await textOf(p, 'header-lang') }
}

test('registration needs the agreement box ticked, with both texts linked (zh and en, 390 and 1280 px)', async () => {
  for (const [locale, width, texts] of [
    ['zh-CN', 390, zh],
    ['zh-CN', 1280, zh],
    ['en-US', 390, en],
    ['en-US', 1280, en],
  ] as const) {
    const p = await h.newPage({ width, height: width < 768 ? 844 : 800, locale, mobile: width < 768 })
    await p.goto('/register')
    const box = byTestId(p, 'register-agree')
    await box.waitFor({ state: 'visible' })
    expect((await box.innerText()).replace(/\s+/g, ' ')).toContain(texts.register.privacy)
    expect(await box.getAttribute('aria-checked')).toBe('false')
    await fillField(p, 'register-email', `agree-${width}-${locale}-${stamp}@example.test`)
    await fillField(p, 'register-code', '123456')
    await fillField(p, 'register-nickname', 'Agree')
    await fillField(p, 'register-password', password)
    await fillField(p, 'register-confirm', password)
    let sent = 0
    p.on('request', (r) => {
      if (r.url().includes('/api/v1/system/user/register')) sent++
    })
    await clickTestId(p, 'register-submit')
    await eventually('the agreement message', () => textOf(p, 'form-error'), (t) => t === texts.validate.agreeRequired)
    expect(sent).toBe(0)
    await h.shot(p, `register-unticked-${locale}-${width}`)
    await clickTestId(p, 'register-agree-box')
    expect(await box.getAttribute('aria-checked')).toBe('true')
    await eventually('message gone', () => textOf(p, 'form-error'), (t) => t === '')
    await h.shot(p, `register-ticked-${locale}-${width}`)
    // the link opens the text itself
    await clickTestId(p, 'register-agree-privacy')
    await p.waitForURL(/\/extend\?content=privacy_policy/, { timeout: 15_000 })
    await p.close()
  }
})

test('register with the e-mailed code, then the header shows the nickname', async () => {
  await page.goto('/register')
  await byTestId(page, 'register-email').waitFor({ state: 'attached' })
  await h.shot(page, 'register-empty')

  await fillField(page, 'register-email', email)
  const sentAt = Date.now()
  await clickTestId(page, 'register-send-code')
  const mail = await h.smtp.waitForMail(email, { since: sentAt - 1000, timeoutMs: 20_000 })
  const code = extractCode(mail)

  await fillField(page, 'register-code', code)
  await fillField(page, 'register-nickname', nickname)
  await fillField(page, 'register-password', password)
  await fillField(page, 'register-confirm', password)
  await clickTestId(page, 'register-agree-box')
  await h.shot(page, 'register-filled')

  const registered = page.waitForResponse((r) => r.url().includes('/api/v1/system/user/register'))
  await clickTestId(page, 'register-submit')
  const answer = await (await registered).json()
  expect(answer.code).toBe(200)
  expect(answer.result.userInfo.consentRequired).toBe(false)

  // "register → logged in": the app logs the new account in by itself.
  await expectLoggedInAs(page, nickname)
  await h.shot(page, 'registered-logged-in')
})

test('switch to English and back with header-lang; each choice survives a reload', async () => {
  await page.goto('/')
  await expectLoggedInAs(page, nickname)
  const zh = await currentLanguage(page)
  expect(zh.nav).toBe('zh')

  await clickTestId(page, 'header-lang')
  await eventually('page in en', () => currentLanguage(page), (l) => l.nav === 'en')
  const en = await currentLanguage(page)
  expect(String(en.stored)).toMatch(/^en/)
  expect(en.toggle).not.toBe(zh.toggle)
  await h.shot(page, 'english')

  await page.reload()
  await expectLoggedInAs(page, nickname)
  await eventually('page in en', () => currentLanguage(page), (l) => l.nav === 'en')
  await h.shot(page, 'english-after-reload')

  await clickTestId(page, 'header-lang')
  await eventually('page in zh', () => currentLanguage(page), (l) => l.nav === 'zh')
  expect(String(await readStorage(page, 'lang'))).toMatch(/^zh/)
  await page.reload()
  await expectLoggedInAs(page, nickname)
  await eventually('page in zh', () => currentLanguage(page), (l) => l.nav === 'zh')
  await h.shot(page, 'chinese-after-reload')
})

test('log out from the user menu, then log in again with the password', async () => {
  await clickTestId(page, 'header-user')
  await h.shot(page, 'user-menu-open')
  await clickTestId(page, 'header-logout')
  await byTestId(page, 'header-login').waitFor({ state: 'visible', timeout: 15_000 })
  expect(await byTestId(page, 'header-user').count()).toBe(0)
  expect(await readStorage(page, 'token')).toBeFalsy()
  await h.shot(page, 'logged-out')

  await clickTestId(page, 'header-login')
  await page.waitForURL(/\/login/, { timeout: 15_000 })
  await fillField(page, 'login-email', email)
  await fillField(page, 'login-password', password)
  // the fields' titles are real labels: each names the input filled through its test id, and a click on
  // it focuses that input (H5 keeps earlier pages mounted: only the visible one counts)
  const labelled = (text: string) => page.getByLabel(text, { exact: true }).and(page.locator(':visible'))
  expect(await labelled(zh.login.email).inputValue()).toBe(email)
  expect(await labelled(zh.login.password).inputValue()).toBe(password)
  await page.locator('label:visible', { hasText: zh.login.password }).click()
  expect(await labelled(zh.login.password).evaluate((el) => el === document.activeElement)).toBe(true)
  await h.shot(page, 'login-filled')
  await clickTestId(page, 'login-submit')
  await expectLoggedInAs(page, nickname)
  expect(await readStorage(page, 'token')).toBeTruthy()
  await h.shot(page, 'logged-in-again')
})

test('a new policy version: the next sign-in shows the re-consent sheet; agreeing goes on, disagreeing signs out', async () => {
  const signIn = async () => {
    await page.goto('/login')
    await fillField(page, 'login-email', email)
    await fillField(page, 'login-password', password)
    await clickTestId(page, 'login-submit')
  }
  const logOut = async () => {
    await clickTestId(page, 'header-user')
    await clickTestId(page, 'header-logout')
    await byTestId(page, 'header-login').waitFor({ state: 'visible', timeout: 15_000 })
  }
  await logOut()
  await publishPolicyVersion(h.server, 'privacy_policy')
  await signIn()
  const sheet = byTestId(page, 'consent-sheet')
  await sheet.waitFor({ state: 'visible', timeout: 20_000 })
  expect(await sheet.innerText()).toContain(zh.consent.title)
  await h.shot(page, 'reconsent-sheet-zh-1280')
  const agreed = page.waitForResponse((r) => r.url().includes('/api/v1/system/user/consent/agree'))
  await clickTestId(page, 'consent-agree')
  expect((await (await agreed).json()).code).toBe(200)
  await sheet.waitFor({ state: 'detached', timeout: 10_000 })
  await expectLoggedInAs(page, nickname)

  // another version, this time refused: signed out on the device and on the server
  await logOut()
  await publishPolicyVersion(h.server, 'user_agreement')
  await signIn()
  await byTestId(page, 'consent-sheet').waitFor({ state: 'visible', timeout: 20_000 })
  const token = String(await readStorage(page, 'token'))
  await clickTestId(page, 'consent-refuse')
  await byTestId(page, 'header-login').waitFor({ state: 'visible', timeout: 15_000 })
  expect(await readStorage(page, 'token')).toBeFalsy()
  await page.getByText(zh.consent.signedOut).first().waitFor({ state: 'visible', timeout: 10_000 })
  await h.shot(page, 'reconsent-refused-signed-out')
  const me = await fetch(`${h.baseUrl}/api/v1/system/user/current/user`, { headers: { Authorization: `Bearer ${token}` } })
  expect(me.status).toBe(401)
})
