/**
 * Personal centre on the real server with its seeded data, at 390 px and 1280 px, in
 * Chinese and English: a visitor opening /center is sent to login and comes back; a favourite made on a
 * detail page (after the login it asks for) shows up in the centre and can be removed there; following
 * an organizer shows in the sponsor section; profile edits (nickname, avatar, phone, e-mail with a code
 * sent to the new address) persist across a reload; a new promoter gets a code; the seeded promoter sees
 * the code and the people attributed to them on /center/talent, and a non-promoter is sent back.
 */
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import zh from '../../src/shared/i18n/locales/zh-cn.json'
import en from '../../src/shared/i18n/locales/en.json'
import { ERROR_CATALOGUE } from '@contracts/error-codes'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp } from './support/api'
import { eventually, startHarness, type Harness } from './support/harness'
import { extractCode } from './support/smtp-sink'
import { clickVisible, fillVisible, settle, vis, visText, visTexts } from './support/browse'

let h: Harness

const MOBILE = { name: 'mobile', width: 390, height: 844, mobile: true } as const
const DESKTOP = { name: 'desktop', width: 1280, height: 800, mobile: false } as const
type Viewport = typeof MOBILE | typeof DESKTOP

/** a real 1×1 PNG (the avatar upload sniffs the image bytes) */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

beforeAll(async () => {
  h = await startHarness('center')
}, 120_000)

afterAll(async () => {
  if (overflows.length) console.warn(`[center] horizontal overflow:\n  ${overflows.join('\n  ')}`)
  await h?.stop()
})

const open = (vp: Viewport, locale: 'zh-CN' | 'en-US' = 'zh-CN') => h.newPage({ width: vp.width, height: vp.height, mobile: vp.mobile, locale })

const overflows: string[] = []
async function snap(page: Page, step: string) {
  const over = await settle(page)
  if (over > 0) overflows.push(`${step}: ${over} px wider than the window (${new URL(page.url()).pathname})`)
  await h.shot(page, step)
}

/** A fresh personal account through the real registration (code from the SMTP sink). */
async function registerFresh(tag: string): Promise<{ email: string; password: string }> {
  const email = `${tag}-${crypto.randomBytes(3).toString('hex')}@example.com`
  const password = 'secret12'
  const since = Date.now()
  const sent = await api(h.baseUrl, `/system/user/send/verify/code?email=${encodeURIComponent(email)}&type=register`)
  expect(sent.body.code).toBe(200)
  const code = extractCode(await h.smtp.waitForMail(email, { since: since - 1000, timeoutMs: 20_000 }))
  const r = await api(h.baseUrl, '/system/user/register', { body: { email, code, nickName: `Tester ${tag}`, password, confirmPassword: password, agree: true } })
  expect(r.body.code).toBe(200)
  return { email, password }
}

/** On /login (already there): fill the form and wait until the app left the login page. */
async function logInHere(page: Page, email: string, password = DEMO_PASSWORD) {
  await fillVisible(page, 'login-email', email)
  await fillVisible(page, 'login-password', password)
  await clickVisible(page, 'login-submit')
  await eventually('left the login page', async () => new URL(page.url()).pathname, (p) => p !== '/login', 20_000)
}

async function openLoggedIn(vp: Viewport, email: string, password = DEMO_PASSWORD, locale: 'zh-CN' | 'en-US' = 'zh-CN', path = '/center') {
  const page = await open(vp, locale)
  await page.goto(path)
  await page.waitForURL(/\/login\?redirect=/, { timeout: 30_000 })
  await logInHere(page, email, password)
  return page
}

const favoriteTitles = async (page: Page) => visTexts(page, 'center-favorite-title')

test('a visitor opening /center logs in and comes back to the centre with the seeded favourites and follows (desktop, zh)', async () => {
  const page = await open(DESKTOP)
  await page.goto('/center')
  await page.waitForURL(/\/login\?redirect=%2Fcenter/, { timeout: 30_000 })
  await logInHere(page, DEMO.consumer)
  await eventually('back on /center', async () => new URL(page.url()).pathname, (p) => p === '/center', 20_000)
  await vis(page, 'center-page').first().waitFor({ state: 'visible', timeout: 20_000 })
  expect(await visText(vis(page, 'center-nickname').first())).toBe('示例用户 Demo User')

  const { token } = await loginAsConsumerApp(h.baseUrl, DEMO.consumer)
  const favs = (await api(h.baseUrl, '/favorite/info/list/my?type=activity&pageSize=5', { token })).body.result
  expect(favs.total).toBeGreaterThan(0)
  await eventually('seeded activity favourites listed', () => favoriteTitles(page), (t) => t.length === Math.min(5, favs.total) && t[0] === favs.list[0].activity.titleZh, 20_000)

  const all = (await api(h.baseUrl, '/activity/enroll/my?segment=all&pageSize=5', { token })).body.result
  await eventually('all enrolments listed', async () => (await vis(page, 'center-activity').all()).length, (n) => n === Math.min(5, all.total), 20_000)
  await clickVisible(page, 'center-activities-tab-enrolled')
  const enrolled = (await api(h.baseUrl, '/activity/enroll/my?segment=enrolled&pageSize=5', { token })).body.result
  await eventually('enrolled activities listed', async () => (await vis(page, 'center-activity').all()).length, (n) => n === Math.min(5, enrolled.total), 20_000)
  await clickVisible(page, 'center-activities-tab-past')
  const past = (await api(h.baseUrl, '/activity/enroll/my?segment=past&pageSize=5', { token })).body.result
  await eventually('past activities listed', async () => (await vis(page, 'center-activity').all()).length, (n) => n === Math.min(5, past.total), 20_000)

  await eventually('seeded follows listed', async () => visTexts(page, 'center-follow-title'), (t) => t.includes('全球留学生联合会') && t.includes('深圳湾科技园'), 20_000)
  await clickVisible(page, 'center-favorites-tab-topic')
  const topics = (await api(h.baseUrl, '/favorite/info/list/my?type=topic&pageSize=5', { token })).body.result
  await eventually('topic favourites listed', () => favoriteTitles(page), (t) => t[0] === topics.list[0].topic.titleZh, 20_000)
  await snap(page, 'desktop-zh-center')

  // the detail page of a seeded favourite shows it as one
  await page.goto(`/activityDetail?id=${favs.list[0].itemId}`)
  await eventually('detail shows the favourite', () => vis(page, 'favorite-button').first().getAttribute('data-favorite'), (v) => v === 'true', 30_000)
  expect(await visText(vis(page, 'favorite-button').first())).toContain(zh.engage.favorited)
  await snap(page, 'desktop-zh-detail-favorite')
})

test('a favourite made on a detail page (after the login it asks for) appears in the centre and is removed there (mobile, zh)', async () => {
  const user = await registerFresh('fav')
  const activity = (await api(h.baseUrl, '/activity/info/list?pageSize=1&status=upcoming')).body.result.list[0]
  const page = await open(MOBILE)
  await page.goto(`/activityDetail?id=${activity.id}`)
  await vis(page, 'favorite-button').first().waitFor({ state: 'visible', timeout: 30_000 })
  expect(await vis(page, 'favorite-button').first().getAttribute('data-favorite')).toBe('false')
  await clickVisible(page, 'favorite-button')
  await page.waitForURL(/\/login\?redirect=/, { timeout: 20_000 })
  await logInHere(page, user.email, user.password)
  await eventually('back on the detail page', async () => page.url(), (u) => u.includes(`/activityDetail?id=${activity.id}`), 20_000)
  await clickVisible(page, 'favorite-button')
  await eventually('favourited', () => vis(page, 'favorite-button').first().getAttribute('data-favorite'), (v) => v === 'true')
  expect(await visText(vis(page, 'favorite-button').first())).toContain(zh.engage.favorited)
  await snap(page, 'mobile-zh-detail-favorited')

  // a topic as well
  const topic = (await api(h.baseUrl, '/topic/info/list?pageSize=1')).body.result.list[0]
  await page.goto(`/topicDetail?id=${topic.id}`)
  await clickVisible(page, 'favorite-button')
  await eventually('topic favourited', () => vis(page, 'favorite-button').first().getAttribute('data-favorite'), (v) => v === 'true', 20_000)

  await page.goto('/center')
  await vis(page, 'center-page').first().waitFor({ state: 'visible', timeout: 30_000 })
  await eventually('the favourite is in the centre', () => favoriteTitles(page), (t) => t.length === 1 && t[0] === activity.titleZh, 20_000)
  await snap(page, 'mobile-zh-center')
  await clickVisible(page, 'center-favorites-tab-topic')
  await eventually('the topic favourite is in the centre', () => favoriteTitles(page), (t) => t.length === 1 && t[0] === topic.titleZh, 20_000)
  await clickVisible(page, 'center-favorite-remove')
  await eventually('removed from the centre', async () => (await vis(page, 'center-favorite').all()).length, (n) => n === 0, 20_000)
  const { token } = await loginAsConsumerApp(h.baseUrl, user.email, user.password)
  expect((await api(h.baseUrl, '/favorite/info/list/my?type=topic', { token })).body.result.total).toBe(0)
  expect((await api(h.baseUrl, '/favorite/info/list/my?type=activity', { token })).body.result.total).toBe(1)
})

test('following an organizer shows it in the sponsor section; unfollowing there removes it (desktop, en)', async () => {
  const user = await registerFresh('follow')
  const org = (await api(h.baseUrl, '/sponsor/info/list?kind=organizer&pageSize=1')).body.result.list[0]
  const page = await open(DESKTOP, 'en-US')
  await page.goto(`/sponsor?id=${org.id}`)
  // logged out: follow asks for a login and comes back to this organizer
  await clickVisible(page, 'sponsor-follow')
  await page.waitForURL(/\/login\?redirect=/, { timeout: 20_000 })
  await logInHere(page, user.email, user.password)
  await eventually('back on the organizer', async () => page.url(), (u) => u.includes(`/sponsor?id=${org.id}`), 20_000)
  await eventually('not followed yet', () => vis(page, 'sponsor-follow').first().getAttribute('data-followed'), (v) => v === 'false', 20_000)
  await clickVisible(page, 'sponsor-follow')
  await eventually('followed', () => vis(page, 'sponsor-follow').first().getAttribute('data-followed'), (v) => v === 'true')
  expect(await visText(vis(page, 'sponsor-follow').first())).toContain(en.engage.following)
  await eventually('follower count moved', () => visText(vis(page, 'sponsor-followers').first()), (t) => t === String(org.followerCount + 1))
  await snap(page, 'desktop-en-sponsor-following')

  await page.goto('/center')
  await vis(page, 'center-page').first().waitFor({ state: 'visible', timeout: 30_000 })
  await eventually('the organizer is listed', async () => visTexts(page, 'center-follow-title'), (t) => t.length === 1 && t[0] === (org.nameEn || org.nameZh), 20_000)
  expect(await visText(vis(page, 'center-activities').first())).toContain(en.center.myActivities)
  await snap(page, 'desktop-en-center')
  await clickVisible(page, 'center-unfollow')
  await eventually('unfollowed', async () => (await vis(page, 'center-follow').all()).length, (n) => n === 0, 20_000)
})

test('profile edits persist: nickname, avatar, phone and the e-mail changed with a code sent to the new address', async () => {
  for (const [vp, locale] of [[DESKTOP, 'zh-CN'], [MOBILE, 'en-US']] as const) {
    const user = await registerFresh(`profile-${vp.name}`)
    const page = await openLoggedIn(vp, user.email, user.password, locale, '/center/userinfo')
    await eventually('on /center/userinfo', async () => new URL(page.url()).pathname, (p) => p === '/center/userinfo', 20_000)
    await vis(page, 'userinfo-page').first().waitFor({ state: 'visible', timeout: 20_000 })

    const nick = `新昵称${vp.name}`
    await fillVisible(page, 'userinfo-nickname', nick)
    await clickVisible(page, 'userinfo-nickname-save')
    await fillVisible(page, 'userinfo-phone-input', '+86 138-0013-8000')
    await eventually('nickname saved', async () => (await api(h.baseUrl, '/system/user/current/user', { token: (await loginAsConsumerApp(h.baseUrl, user.email, user.password)).token })).body.result.nickName, (n) => n === nick, 20_000)
    await clickVisible(page, 'userinfo-phone-save')

    // avatar: the picker's file input receives a small PNG
    const chooser = page.waitForEvent('filechooser', { timeout: 15_000 })
    await clickVisible(page, 'userinfo-avatar-change')
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await eventually('avatar shown', async () => vis(page, 'userinfo-avatar').first().locator('img').count(), (n) => n === 1, 20_000)

    // e-mail: the code goes to the NEW address
    const next = `moved-${crypto.randomBytes(3).toString('hex')}@example.com`
    await fillVisible(page, 'userinfo-new-email', next)
    const since = Date.now()
    await clickVisible(page, 'userinfo-send-code')
    const code = extractCode(await h.smtp.waitForMail(next, { since: since - 1000, timeoutMs: 20_000 }))
    expect(h.smtp.mails.filter((m) => m.to.includes(user.email) && m.receivedAt >= since - 1000)).toHaveLength(0)
    await fillVisible(page, 'userinfo-code', code === '000000' ? '111111' : '000000')
    await clickVisible(page, 'userinfo-email-save')
    const wrongText = ERROR_CATALOGUE[410][locale === 'en-US' ? 'en' : 'zh']
    await eventually('410 shown', () => page.locator('body').innerText(), (t) => t.includes(wrongText), 10_000)
    expect(await visText(vis(page, 'userinfo-current-email').first())).toBe(user.email)
    await fillVisible(page, 'userinfo-code', code)
    await clickVisible(page, 'userinfo-email-save')
    await eventually('current e-mail switched', () => visText(vis(page, 'userinfo-current-email').first()), (t) => t === next, 20_000)
    await snap(page, `${vp.name}-${locale === 'en-US' ? 'en' : 'zh'}-userinfo`)

    // a reload reads everything back from the server
    await page.reload()
    await vis(page, 'userinfo-page').first().waitFor({ state: 'visible', timeout: 30_000 })
    // the test ids sit on the fields' wrappers (ui/field: AtInput passes no data-* through)
    expect(await vis(page, 'userinfo-nickname').first().locator('input').inputValue()).toBe(nick)
    expect(await vis(page, 'userinfo-phone-input').first().locator('input').inputValue()).toBe('+86 138-0013-8000')
    expect(await visText(vis(page, 'userinfo-current-email').first())).toBe(next)
    expect(await vis(page, 'userinfo-avatar').first().locator('img').getAttribute('src')).toMatch(/\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    await page.goto('/center')
    await eventually('the centre shows the new nickname', () => visText(vis(page, 'center-nickname').first()), (t) => t === nick, 30_000)
    expect(await visText(vis(page, 'center-email').first())).toBe(next)
    await expect(loginAsConsumerApp(h.baseUrl, next, user.password)).resolves.toBeTruthy()
  }
})

test('the seeded promoter sees the share code and the people attributed to them, in both languages and layouts', async () => {
  const { token } = await loginAsConsumerApp(h.baseUrl, DEMO.promoter)
  const talent = (await api(h.baseUrl, '/system/user/promoter/talent/list?pageSize=10', { token })).body.result
  expect(talent.total).toBeGreaterThan(0)
  for (const [vp, locale] of [[MOBILE, 'en-US'], [DESKTOP, 'zh-CN']] as const) {
    const page = await openLoggedIn(vp, DEMO.promoter, DEMO_PASSWORD, locale)
    await vis(page, 'center-page').first().waitFor({ state: 'visible', timeout: 30_000 })
    await eventually('share code', () => visText(vis(page, 'promoter-code').first()), (t) => t === 'DEMO2026', 20_000)
    await eventually('share link', () => visText(vis(page, 'promoter-share-link').first()), (t) => /^\/activityDetail\?id=\d+&promoter=DEMO2026$/.test(t), 20_000)
    expect(await visText(vis(page, 'promoter-talent-count').first())).toContain(String(talent.total))
    const lang = locale === 'en-US' ? 'en' : 'zh'
    await snap(page, `${vp.name}-${lang}-center-promoter`)
    await clickVisible(page, 'promoter-talent-link')
    await eventually('on /center/talent', async () => new URL(page.url()).pathname, (p) => p === '/center/talent', 20_000)
    await eventually('attributed people listed', async () => (await vis(page, 'talent-item').all()).length, (n) => n === talent.list.length, 20_000)
    const names = await visTexts(page, 'talent-name')
    expect(names).toContain('示例用户 Demo User')
    const activityTitles = await visTexts(page, 'talent-activity')
    expect(activityTitles[0]).toBe(lang === 'en' ? talent.list[0].activity.titleEn || talent.list[0].activity.titleZh : talent.list[0].activity.titleZh)
    expect(await visText(vis(page, 'talent-answers').first())).toContain('示例用户')
    await snap(page, `${vp.name}-${lang}-talent`)
  }
})

test('a new promoter: real name and e-mail, then a share code; /center/talent is for promoters only (mobile, zh)', async () => {
  const user = await registerFresh('promo')
  const page = await openLoggedIn(MOBILE, user.email, user.password, 'zh-CN', '/center/talent')
  // not a promoter yet: sent to the centre
  await eventually('sent to /center', async () => new URL(page.url()).pathname, (p) => p === '/center', 30_000)
  await vis(page, 'center-promoter').first().waitFor({ state: 'visible', timeout: 20_000 })
  // arrived through two redirects during page transitions: still the phone frame
  expect(await page.locator('.hj-page--mobile:visible').count()).toBe(1)
  expect(await page.locator('.hj-page--desktop:visible').count()).toBe(0)
  await clickVisible(page, 'promoter-submit')
  expect(await visText(vis(page, 'promoter-error').first())).toBe(zh.center.realNameEmpty)
  await fillVisible(page, 'promoter-real-name', '王五')
  await clickVisible(page, 'promoter-submit')
  const code = await eventually('a share code', () => visText(vis(page, 'promoter-code').first()), (t) => /^[A-Z2-9]{8}$/.test(t), 20_000)
  expect(await visText(vis(page, 'promoter-talent-count').first())).toContain('0')
  await snap(page, 'mobile-zh-center-new-promoter')
  await clickVisible(page, 'promoter-talent-link')
  await eventually('on /center/talent', async () => new URL(page.url()).pathname, (p) => p === '/center/talent', 20_000)
  await vis(page, 'talent-empty').first().waitFor({ state: 'visible', timeout: 20_000 })
  const { token } = await loginAsConsumerApp(h.baseUrl, user.email, user.password)
  expect((await api(h.baseUrl, '/system/user/promoter/info', { token })).body.result).toMatchObject({ isPromoter: true, promoterCode: code, realName: '王五' })
})
