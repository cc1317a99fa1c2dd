/**
 * The real mini-program in WeChat DevTools, driven by miniprogram-automator (support/session.ts starts
 * the server, builds dist/weapp for it and launches DevTools): each tab shows the server's content, an
 * activity detail opens from the list, the language switch changes the page and the tab labels, the
 * WeChat button logs in (wx.login → POST /system/user/wx/mini/login against the fake WeChat), the user
 * enrols in an activity, and the chat opens.
 *
 * Where DevTools is not installed (Linux CI) the file says so in one line and every spec is skipped —
 * no pass without assertions, no failure for a missing tool. How to run it: tests/README.md.
 */
import type Page from 'miniprogram-automator/out/Page'
import { devtoolsProblem } from './support/devtools'
import type { Session } from './support/session'

// a global of the mini-program's app service: functions given to mockWxMethod / evaluate run there
declare const getApp: () => Record<string, any>

const problem = devtoolsProblem()
if (problem) console.log(`automator: skipped — ${problem}`)
const suite = problem ? describe.skip : describe
// signing in needs the fake WeChat of the suite's own server: not on a server given by AUTOMATOR_SERVER_URL
const ownServerTest = process.env.AUTOMATOR_SERVER_URL ? test.skip : test

const TIMEOUT = 20000

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = TIMEOUT): Promise<T> {
  const deadline = Date.now() + ms
  let last: unknown = null
  for (;;) {
    try {
      const v = await probe()
      if (v) return v
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

async function texts(page: Page, selector: string): Promise<string[]> {
  const els = (await page.$$(selector)) as { text(): Promise<string> }[]
  return Promise.all(els.map((e) => e.text()))
}

async function pageText(page: Page): Promise<string> {
  return (await texts(page, '.hj-page')).join('\n')
}

suite('the mini-program in WeChat DevTools', () => {
  let s: Session
  let api: <T = any>(path: string, token?: string) => Promise<T>

  beforeAll(async () => {
    // loaded here, not at the top: a skipped run does not compile the server
    const { startSession } = await import('./support/session')
    s = await startSession()
    api = async (p, token) => {
      const res = await fetch(`${s.serverUrl}/api/v1${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      const body = (await res.json()) as { code: number; result: any }
      if (body.code !== 200) throw new Error(`${p}: ${JSON.stringify(body)}`)
      return body.result
    }
  }, 600000)

  afterAll(async () => {
    await s?.close()
  })

  test('every tab page shows content from the server', async () => {
    const home = await api('/content/home')
    const titles: string[] = home.hotActivities.map((a: any) => a.titleZh)
    const page = (await s.mp.reLaunch('/pages/index/index'))!
    await until('home activity cards', async () => (await texts(page, '.hj-acard')).some((t) => titles.some((title) => t.includes(title))))

    const list = await api('/activity/info/list?page=1&pageSize=12')
    const activity = (await s.mp.switchTab('/pages/activity/index'))!
    await until('activity list cards', async () => (await texts(activity, '.hj-acard')).some((t) => t.includes(list.list[0].titleZh)))

    const projects = await api('/roadshow/project/list?page=1&pageSize=12').catch(() => null)
    const roadshow = (await s.mp.switchTab('/pages/roadshow/index'))!
    await until('roadshow content', async () => {
      const text = await pageText(roadshow)
      return projects?.list?.length ? projects.list.some((p: any) => text.includes(p.nameZh || p.titleZh || '\u0000')) : text.length > 20
    })

    const match = (await s.mp.switchTab('/pages/match/index'))!
    await until('policy match page', async () => (await pageText(match)).length > 20)

    const center = (await s.mp.switchTab('/pages/center/index'))!
    await until('personal centre (login prompt for a visitor)', async () => /登录/.test(await pageText(center)))
  })

  test('an activity detail opens from the list with the tapped title', async () => {
    const activity = (await s.mp.switchTab('/pages/activity/index'))!
    const card = await until('a card', () => activity.$('.hj-acard'))
    const cardText = await card.text()
    await card.tap()
    const detail = await until('the detail page', async () => {
      const p = await s.mp.currentPage()
      return p && p.path === 'pages/activity-detail/index' ? p : null
    })
    await until('the detail title', async () => {
      const text = await pageText(detail)
      return text.length > 0 && cardText.split('\n').some((line) => line.length > 6 && text.includes(line.trim()))
    })
  })

  test('the language switch changes the page and the tab labels, and back', async () => {
    // record what the app asks of the native tab bar
    await s.mp.mockWxMethod('setTabBarItem', function (this: unknown, options: { index: number; text: string }) {
      const app = getApp()
      app.tabTexts = app.tabTexts || []
      app.tabTexts[options.index] = options.text
      return { errMsg: 'setTabBarItem:ok' }
    })
    const home = (await s.mp.reLaunch('/pages/index/index'))!
    await until('the home page', async () => /热门活动/.test(await pageText(home)))
    const toggle = await until('the language toggle', () => home.$('.hj-lang'))
    await toggle.tap()
    await until('English on the page', async () => /Hot activities/.test(await pageText(home)))
    const tabs = await until('English tab labels', async () => {
      const t = (await s.mp.evaluate(() => (getApp() as { tabTexts?: string[] }).tabTexts)) as string[] | undefined
      return t && t.length === 5 && t.every((x) => /^[A-Za-z ]+$/.test(x)) ? t : null
    })
    expect(tabs).toHaveLength(5)
    await (await until('the language toggle', () => home.$('.hj-lang'))).tap()
    await until('Chinese again', async () => /热门活动/.test(await pageText(home)))
    await s.mp.restoreWxMethod('setTabBarItem')
  })

  ownServerTest('the WeChat button logs in through wx.login and the server (fake WeChat)', async () => {
    if (!s.fake) throw new Error('the suite did not start its own server (is something else listening on its port?)')
    s.fake.addCode('AUTOMATOR-MINI-1', { openid: 'automator-openid', unionid: 'automator-union' }, 'mini')
    await s.mp.mockWxMethod('login', { code: 'AUTOMATOR-MINI-1', errMsg: 'login:ok' })
    await s.mp.callWxMethod('clearStorageSync')
    const login = (await s.mp.reLaunch('/pages/login/index'))!
    await (await until('the WeChat button', () => login.$('.hj-btn--wechat'))).tap()
    const token = await until('a token in storage', async () => (await s.mp.callWxMethod('getStorageSync', 'token')) as string)
    expect(typeof token).toBe('string')
    expect(s.fake.calls.some((c) => c.path === '/sns/jscode2session' && c.query.js_code === 'AUTOMATOR-MINI-1')).toBe(true)
    const me = await api('/system/user/current/user', token)
    expect(me.cuserId).toBeTruthy()
    await s.mp.restoreWxMethod('login')
  })

  ownServerTest('a signed-in user enrols in an activity', async () => {
    const token = (await s.mp.callWxMethod('getStorageSync', 'token')) as string
    expect(token).toBeTruthy()
    const list = await api('/activity/info/list?page=1&pageSize=24')
    const open: any[] = []
    for (const item of list.list) {
      const d = await api(`/activity/info/detail?id=${item.id}`, token)
      if (d.enrollState === 'register_now') open.push(d)
    }
    expect(open.length).toBeGreaterThan(0)
    const target = open[0]
    const page = (await s.mp.reLaunch(`/pages/activity-detail/index?id=${target.id}`))!
    await (await until('the enrol button', () => page.$('.hj-enroll'))).tap()
    const submit = await until('the enrolment form', () => page.$('.hj-ep__submit'))
    // fill every text box of the form (name, phone, e-mail ... ; an e-mail box gets an address)
    for (const input of ((await page.$$('.hj-ep input')) as { attribute(n: string): Promise<string>; input(v: string): Promise<void> }[])) {
      const hint = `${(await input.attribute('placeholder')) || ''}${(await input.attribute('type')) || ''}`
      await input.input(/mail|邮箱/i.test(hint) ? 'automator@example.com' : /phone|电话|手机|number|数字/i.test(hint) ? '13800000000' : 'Automator')
    }
    await submit.tap()
    await until('the enrolment on the server', async () => (await api(`/activity/info/detail?id=${target.id}`, token)).myEnrollment)
  })

  test('the chat opens from a consultation button', async () => {
    const page = (await s.mp.reLaunch('/pages/repatriation-service/index'))!
    await (await until('a consult button', () => page.$('.hj-c-btn'))).tap()
    await until('the chat window', () => page.$('.hj-chat--window'))
  })
})
