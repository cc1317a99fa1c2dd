/**
 * Organizer registration page (admin, 1440 px, real server and build): the agreement tick box with its
 * links to the two policy texts on the consumer /extend page, in Chinese and English; submitting without
 * the tick shows the reason and sends nothing; ticked, the request carries `agree: true`.
 */
import { byTestId, clickTestId, fillField, startHarness, type Harness } from './support/harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness('admin-register', { builds: ['admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

test('the register page asks for the agreement, links both texts, and sends agree: true only when ticked', async () => {
  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/system/user/ouser/register') && r.method() === 'POST') posts.push(r.postData() ?? '')
  })
  await page.goto('/admin/admRegister?noReg=true')
  await byTestId(page, 'adm-register-agree').waitFor({ state: 'visible' })
  expect(await byTestId(page, 'adm-register-agreement').getAttribute('href')).toBe('/extend?content=user_agreement')
  expect(await byTestId(page, 'adm-register-privacy').getAttribute('href')).toBe('/extend?content=privacy_policy')
  expect(await byTestId(page, 'adm-register-agreement').innerText()).toContain('用户协议')

  await fillField(page, 'adm-register-email', 'agree.e2e@haijiao.test')
  await fillField(page, 'adm-register-code', '123456')
  await fillField(page, 'adm-register-nickname', 'Agree')
  await fillField(page, 'adm-register-organization', '同意测试机构')
  await fillField(page, 'adm-register-password', 'Agree2026')
  await fillField(page, 'adm-register-confirm', 'Agree2026')
  await clickTestId(page, 'adm-register-submit')
  await page.getByText('请阅读并同意《用户协议》和《隐私政策》').first().waitFor({ state: 'visible' })
  await h.shot(page, 'agreement-required')
  expect(posts).toEqual([])

  // ticked: the form goes out with the agreement (the made-up code is refused by the server, 410)
  await clickTestId(page, 'adm-register-agree')
  const answer = page.waitForResponse((r) => r.url().includes('/system/user/ouser/register') && r.request().method() === 'POST')
  await clickTestId(page, 'adm-register-submit')
  await answer
  expect(posts).toHaveLength(1)
  expect(JSON.parse(posts[0])).toMatchObject({ agree: true, email: 'agree.e2e@haijiao.test' })

  // English
  await clickTestId(page, 'adm-lang')
  await page.getByText('I have read and agree to the').first().waitFor({ state: 'visible' })
  expect(await byTestId(page, 'adm-register-privacy').innerText()).toBe('Privacy Policy')
  await h.shot(page, 'agreement-en')
})
