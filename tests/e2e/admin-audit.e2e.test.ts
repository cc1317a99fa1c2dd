/**
 * Audit log end to end (admin at 1440 px in Chinese, real server and build): an enrolment of an activity
 * that needs approval is approved by operations (the enrolment API, as the enrolment list's button does);
 * operations then open 系统管理 › 操作日志, search the enrolment's id and find the approval — who, the
 * action 审核通过, the target, the outcome — with the e-mail of the person nowhere in the row.
 */
import Database from 'better-sqlite3'
import { api, DEMO, loginAsAdminApp } from './support/api'
import { byTestId, clickTestId, eventually, startHarness, type Harness } from './support/harness'
import { adminLogin } from './support/admin-login'

let h: Harness

beforeAll(async () => {
  h = await startHarness('admin-audit', { builds: ['admin'] })
}, 120_000)

afterAll(async () => {
  await h?.stop()
})

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(h.server.dbFile, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

test('operations find an approval in the audit log (zh, 1440 px)', async () => {
  const ops = await loginAsAdminApp(h.server, DEMO.operations)
  const [enr] = query<{ id: number; email: string | null }>(
    `select e.id, u.email from activity_enrollments e join activities a on a.id = e.activity_id left join users u on u.id = e.user_id
     where a.enroll_need_process = 1 and e.status in ('pending', 'approved') order by e.id limit 1`,
  )
  expect(enr).toBeTruthy()
  // back to pending (if it was approved), then approved: the row this test looks for
  await api(h.baseUrl, '/activity/enroll/admin/status', { token: ops.token, body: { id: enr.id, status: 'pending' } })
  const approved = await api(h.baseUrl, '/activity/enroll/admin/status', { token: ops.token, body: { id: enr.id, status: 'approved' } })
  expect(approved.body.code).toBe(200)

  const page = await h.newPage({ width: 1440, height: 900, locale: 'zh-CN' })
  await adminLogin(h, page, DEMO.operations)
  await clickTestId(page, 'adm-menu-item-system-audit')
  await byTestId(page, 'audit-view').waitFor({ state: 'visible' })
  await page.locator('[data-testid="audit-target-id"] input').fill(String(enr.id))
  const listed = page.waitForResponse((r) => r.url().includes('/system/audit/list') && r.url().includes(`targetId=${enr.id}`))
  await page.locator('[data-testid="audit-target-id"] input').press('Enter')
  const body = await (await listed).json()
  expect(body.code).toBe(200)
  expect(body.result.list.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['approve']))
  const row = page.locator('.ant-table-row', { has: page.locator('[data-testid="audit-row-action-approve"]') }).first()
  await row.waitFor({ state: 'visible' })
  const text = await row.innerText()
  expect(text).toContain('审核通过')
  expect(text).toContain(DEMO.operations)
  expect(text).toContain(`#${enr.id}`)
  expect(text).toContain('成功')
  if (enr.email) expect(text).not.toContain(enr.email)
  await eventually('the card title in Chinese', () => page.locator('.ant-card-head-title').first().innerText(), (t) => t.includes('操作日志'))
  await h.shot(page, 'audit-approval-found')
})
