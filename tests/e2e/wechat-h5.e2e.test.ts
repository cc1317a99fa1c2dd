/**
 * H5 inside WeChat, end to end: the real server talks to a local fake of WeChat's API
 * (tests/support/fake-wechat.ts, passed through the server's environment), Chromium presents WeChat's
 * user agent.
 * - a page opened with ?code= (WeChat's OAuth redirect) signs the visitor in and drops the code from the URL;
 * - the login page's WeChat button goes through WeChat's consent page and lands on the redirect target;
 * - a bad code leaves the visitor logged out on the page without the code.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { byTestId, clickTestId, eventually, readStorage, startHarness, type Harness } from './support/harness'
import { FakeWeChat } from '../support/fake-wechat'

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

let h: Harness
const fake = new FakeWeChat()
const contexts: BrowserContext[] = []
let activityId = 0

beforeAll(async () => {
  await fake.start()
  // the server child process inherits this environment (tests/e2e/support/server.ts)
  Object.assign(process.env, fake.env())
  h = await startHarness('wechat')
  const list = await (await fetch(`${h.baseUrl}/api/v1/activity/info/list?page=1&pageSize=1`)).json()
  activityId = list.result.list[0].id
})

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined)
  await h?.stop()
  await fake.close()
})

async function wechatPage(o: { width: number; height: number; mobile: boolean; locale?: string; cpuSlowdown?: number }): Promise<Page> {
  const ctx = await h.browser!.newContext({
    baseURL: h.baseUrl,
    viewport: { width: o.width, height: o.height },
    locale: o.locale ?? 'zh-CN',
    userAgent: WECHAT_UA,
    isMobile: o.mobile,
    hasTouch: o.mobile,
    deviceScaleFactor: 1,
  })
  contexts.push(ctx)
  const page = await ctx.newPage()
  page.setDefaultTimeout(20_000)
  page.setDefaultNavigationTimeout(45_000)
  page.on('pageerror', (e) => console.warn(`[wechat] page error: ${e.message}`))
  if (o.cpuSlowdown) await (await ctx.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: o.cpuSlowdown })
  return page
}

const query = (page: Page) => new URL(page.url()).searchParams

test('a page opened with ?code= (and the agreement ticked before WeChat) signs the visitor in and the URL loses both (desktop, zh, slow CPU)', async () => {
  fake.addCode('TESTCODE', { openid: 'e2e-open-1', unionid: 'e2e-union-1', nickname: '微信小海', headimgurl: `${fake.baseUrl}/mmhead/1/132` })
  // a slow CPU: the sign-in's redirect lands while the page's first render (a transition) is still
  // under way, which once threw Taro's "page instance not found" in the commit and blanked the app
  const page = await wechatPage({ width: 1280, height: 800, mobile: false, cpuSlowdown: 8 })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`/activityDetail?id=${activityId}&agree=1&code=TESTCODE&state=hjwx`)

  await page.waitForURL((u) => !u.searchParams.has('code'), { timeout: 30_000 })
  expect(query(page).has('agree')).toBe(false)
  expect(new URL(page.url()).pathname).toBe('/activityDetail')
  expect(query(page).get('id')).toBe(String(activityId))
  expect(query(page).has('state')).toBe(false)

  const user = byTestId(page, 'header-user')
  await user.waitFor({ state: 'visible', timeout: 20_000 })
  await eventually('header shows the WeChat nickname', async () => (await user.innerText()).trim(), (t) => t.includes('微信小海'))
  expect(String(await readStorage(page, 'token'))).toMatch(/^ey/)
  expect(await readStorage(page, 'wxUserInfo')).toEqual({ nickname: '微信小海', headimgurl: `${fake.baseUrl}/mmhead/1/132` })
  const info = (await readStorage(page, 'userInfo')) as { nickName: string; avatarUrl: string; cuserId: number }
  expect(info).toMatchObject({ nickName: '微信小海', avatarUrl: `${fake.baseUrl}/mmhead/1/132` })
  expect(info.cuserId).toEqual(expect.any(Number))
  await h.shot(page, 'desktop-zh-code-signed-in')

  // the code worked once: a reload of the clean URL keeps the session and calls WeChat no more
  const exchanges = fake.calls.filter((c) => c.path === '/sns/oauth2/access_token').length
  await page.reload()
  await byTestId(page, 'header-user').waitFor({ state: 'visible' })
  expect(fake.calls.filter((c) => c.path === '/sns/oauth2/access_token').length).toBe(exchanges)
  expect(errors).toEqual([])
})

test('the login page button goes through WeChat and lands on the redirect target (mobile 390 px, en)', async () => {
  fake.autoConsent = { openid: 'e2e-open-2', unionid: 'e2e-union-2', nickname: 'Hai WeChat', headimgurl: `${fake.baseUrl}/mmhead/2/132` }
  const page = await wechatPage({ width: 390, height: 844, mobile: true, locale: 'en-US' })
  const target = `/activityDetail?id=${activityId}`
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`)
  const button = byTestId(page, 'wechat-sign-in')
  await button.waitFor({ state: 'visible' })
  expect((await button.innerText()).trim()).toBe('Sign in with WeChat')
  await h.shot(page, 'mobile-en-login-wechat-button')

  // a first sign-in creates the account: the agreement box first (nothing happens without it)
  await clickTestId(page, 'wechat-sign-in')
  await page.getByText('Please read and tick to agree to the User Agreement and the Privacy Policy').first().waitFor({ state: 'visible', timeout: 10_000 })
  expect(new URL(page.url()).pathname).toBe('/login')
  await clickTestId(page, 'wechat-agree-box')
  await clickTestId(page, 'wechat-sign-in')
  await page.waitForURL((u) => u.pathname === '/activityDetail' && !u.searchParams.has('code'), { timeout: 30_000 })
  expect(query(page).get('id')).toBe(String(activityId))
  await eventually('token stored', () => readStorage(page, 'token'), (t) => typeof t === 'string' && t.length > 20)
  expect(await readStorage(page, 'userInfo')).toMatchObject({ nickName: 'Hai WeChat' })
  // WeChat was asked with the official-account app id and sent back to our login page
  const consent = fake.calls.find((c) => c.path === '/connect/oauth2/authorize')
  expect(consent?.query).toMatchObject({ appid: fake.env().WECHAT_MP_APP_ID, scope: 'snsapi_userinfo', state: 'hjwx' })
  expect(consent?.query.redirect_uri).toBe(`${h.baseUrl}/login?redirect=${encodeURIComponent(target)}&agree=1`)
  expect(consent?.query.secret).toBeUndefined()
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await h.shot(page, 'mobile-en-after-wechat-sign-in')
})

test('a bad code: still logged out, on the same page without the code', async () => {
  const page = await wechatPage({ width: 390, height: 844, mobile: true })
  await page.goto(`/activityDetail?id=${activityId}&code=NOT-A-CODE&state=hjwx`)
  await page.waitForURL((u) => !u.searchParams.has('code'), { timeout: 30_000 })
  expect(new URL(page.url()).pathname).toBe('/activityDetail')
  expect(query(page).get('id')).toBe(String(activityId))
  expect(await readStorage(page, 'token')).toBeNull()
  // the refusal is shown to the person (catalogue 301 in Chinese)
  await page.getByText('参数错误').first().waitFor({ state: 'visible', timeout: 10_000 })
  await h.shot(page, 'mobile-zh-bad-code')
})

test('an ordinary browser sees no WeChat button on the login page', async () => {
  const page = await h.newPage({ width: 1280, height: 800 })
  await page.goto('/login')
  await byTestId(page, 'login-submit').waitFor({ state: 'visible' })
  expect(await page.locator('[data-testid="wechat-sign-in"]').count()).toBe(0)
})
