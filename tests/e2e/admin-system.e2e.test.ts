/**
 * System area end to end (admin at 1440 px, real server and build): operations staff create a
 * role that may only see and edit Topics in the roles UI (permission tree), create an admin user with it
 * in the admin users UI, log out; the new user logs in, sees only the Topics menu and its table, and a
 * direct call to another admin endpoint with that user's token is refused (HTTP 403, code 402).
 */
import type { Page } from 'playwright-core'
import type { Envelope, MenuEntry } from '@contracts/api'
import { api, DEMO, DEMO_PASSWORD, loginAsAdminApp } from './support/api'
import { byTestId, clickTestId, eventually, fillField, readStorage, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness
const STAMP = Date.now().toString(36).slice(-5)
const ROLE_CODE = `topics_${STAMP}`
const EDITOR_EMAIL = `topics.${STAMP}@haijiao.test`
const EDITOR_PASSWORD = 'Topics2026'

beforeAll(async () => {
  h = await startHarness('admin-system', { builds: ['admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

/** Waits for the API answer of a click and returns its envelope. */
async function answerOf(page: Page, urlPart: string, action: () => Promise<void>): Promise<Envelope<any>> {
  const wait = page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() !== 'OPTIONS')
  await action()
  return (await wait).json()
}

test('ops creates a Topics-only role and a user with it; that user sees only Topics and is refused elsewhere', async () => {
  // the Topics menu and its 'edit' button as the server stores them (seeded by the CMS area)
  const ops = await loginAsAdminApp(h.server, DEMO.operations)
  const tree = (await api<MenuEntry[]>(h.baseUrl, '/system/menu/tree', { token: ops.token })).body.result
  const flat: MenuEntry[] = []
  const walk = (l: MenuEntry[]) => l.forEach((m) => (flat.push(m), m.children && walk(m.children)))
  walk(tree)
  const topics = flat.find((m) => m.component === 'cms/topic/list')
  expect(topics).toBeTruthy()
  const editButton = topics!.buttonList.find((b) => b.name === 'edit')!
  expect(editButton).toBeTruthy()

  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, page, DEMO.operations, DEMO_PASSWORD)

  // ---- roles: create the role, then grant Topics + its edit button in the permission tree
  await clickTestId(page, 'adm-menu-item-system-role')
  await byTestId(page, 'sys-role-row-operations').waitFor({ state: 'visible' })
  await clickTestId(page, 'sys-role-add')
  await fillField(page, 'sys-role-name-zh', `专题编辑 ${STAMP}`)
  await fillField(page, 'sys-role-name-en', `Topic editor ${STAMP}`)
  await fillField(page, 'sys-role-code', ROLE_CODE)
  const added = await answerOf(page, '/system/role/add', () => clickTestId(page, 'sys-role-save'))
  expect(added.code).toBe(200)
  await byTestId(page, `sys-role-row-${ROLE_CODE}`).waitFor({ state: 'visible' })
  await h.shot(page, 'roles-list')

  await clickTestId(page, `sys-role-perm-${ROLE_CODE}`)
  await clickTestId(page, `sys-perm-b-b${editButton.id}`)
  // checking the button checked its menu too
  await eventually(
    'topics menu checked with its edit button',
    () => page.locator(`.ant-tree-treenode:has([data-testid="sys-perm-m-cms/topic/list"]) .ant-tree-checkbox-checked`).count(),
    (n) => n > 0,
  )
  await h.shot(page, 'role-permission-tree')
  const saved = await answerOf(page, '/system/role/update', () => clickTestId(page, 'sys-perm-save'))
  expect(saved.code).toBe(200)

  // ---- menu editor and organisation users (with the invitation link), as a person sees them
  await clickTestId(page, 'adm-menu-item-system-menu')
  await byTestId(page, 'sys-menu-row-cmsTopic').waitFor({ state: 'visible' })
  await h.shot(page, 'menu-editor')
  const orgs = (await api(h.baseUrl, '/system/organization/page?keyword=%E5%88%9B%E6%96%B0', { token: ops.token })).body.result.list
  const ric = orgs.find((o: { nameZh: string }) => o.nameZh === '海归创新中心')
  await clickTestId(page, 'adm-menu-item-system-ouser')
  await byTestId(page, `sys-ouser-row-${ric.id}`).waitFor({ state: 'visible' })
  const invite = await answerOf(page, '/system/organization/invite', () => clickTestId(page, `sys-ouser-invite-${ric.id}`))
  expect(invite.code).toBe(200)
  expect(await byTestId(page, 'sys-ouser-invite-link').innerText()).toContain('/admin/admRegister?noReg=true&invite=')
  await page.waitForTimeout(500) // let the dialog finish its opening animation for the screenshot
  await h.shot(page, 'organisation-invite')
  await page.keyboard.press('Escape')
  await clickTestId(page, `sys-ouser-edit-${ric.id}`)
  await byTestId(page, 'sys-ouser-name-zh').waitFor({ state: 'visible' })
  await page.waitForTimeout(500)
  await h.shot(page, 'organisation-edit')
  await page.keyboard.press('Escape')

  // ---- admin users: create the account with that role
  await clickTestId(page, 'adm-menu-item-system-user')
  await clickTestId(page, 'sys-user-add')
  await fillField(page, 'sys-user-email', EDITOR_EMAIL)
  await fillField(page, 'sys-user-nick', `Topic Editor ${STAMP}`)
  await fillField(page, 'sys-user-password', EDITOR_PASSWORD)
  const roleSelect = byTestId(page, 'sys-user-role')
  await roleSelect.click()
  await page.keyboard.type(ROLE_CODE)
  await page.locator('.ant-select-item-option', { hasText: ROLE_CODE }).first().click()
  await h.shot(page, 'user-form')
  const created = await answerOf(page, '/system/user/add/auser', () => clickTestId(page, 'sys-user-save'))
  expect(created.code).toBe(200)
  await byTestId(page, `sys-user-row-${EDITOR_EMAIL}`).waitFor({ state: 'visible' })
  await h.shot(page, 'user-list')

  // English labels of the same view
  await clickTestId(page, 'adm-lang')
  await eventually('English admin users view', async () => (await page.locator('.ant-card-head-title').first().innerText()).trim(), (t) => t === 'Admin users')
  await h.shot(page, 'user-list-en')

  // ---- log out, log in as the new user
  await clickTestId(page, 'adm-logout')
  await page.waitForURL((u) => !u.pathname.startsWith('/admin/system'), { timeout: 15_000 })
  await adminLogin(h, page, EDITOR_EMAIL, EDITOR_PASSWORD)
  const items = await eventually(
    'side menu of the new user',
    () => page.locator('[data-testid="adm-side-menu"] [data-testid^="adm-menu-item"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    (ids) => ids.length > 0,
  )
  expect(items).toEqual(['adm-menu-item-cms-topic'])
  // the only view opens and its table renders
  await clickTestId(page, 'adm-menu-item-cms-topic')
  await page.waitForURL((u) => u.pathname.startsWith('/admin/cms/topic'), { timeout: 15_000 })
  await page.locator('.adm-layout__content .ant-table').first().waitFor({ state: 'visible', timeout: 20_000 })
  await h.shot(page, 'topics-only-user')

  // the user's own token: any other admin endpoint is refused
  const token = String(await readStorage(page, 'token'))
  expect(token.length).toBeGreaterThan(20)
  for (const path of ['/system/role/list', '/system/user/list/auser?page=1&pageSize=20', '/system/menu/tree']) {
    const r = await api(h.baseUrl, path, { token })
    expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 403, code: 402 })
  }
  const own = await api(h.baseUrl, '/system/menu/current/menu', { token })
  expect(own.body.result.buttonList.map((b: { name: string }) => b.name)).toEqual(['edit'])
}, 90_000)
