/**
 * Against the real running server (no browser): admin endpoints refuse a consumer token (HTTP 403,
 * code 402) and serve an operations token; the admin login's captcha is read from the DB and is one-use.
 */
import type { CaptchaResult } from '@contracts/api'
import { api, DEMO, DEMO_PASSWORD, loginAsConsumerApp, readCaptcha, loginAsAdminApp } from './support/api'
import { startHarness, type Harness } from './support/harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness('permissions', { browser: false, builds: [] })
})

afterAll(async () => {
  await h?.stop()
})

describe('server-side permission on an admin endpoint', () => {
  const listAdmins = '/system/user/list/auser?page=1&pageSize=20'

  test('a consumer token is refused: HTTP 403, code 402', async () => {
    const consumer = await loginAsConsumerApp(h.baseUrl, DEMO.consumer)
    const r = await api(h.baseUrl, listAdmins, { token: consumer.token })
    expect({ status: r.status, code: r.body.code }).toEqual({ status: 403, code: 402 })
    expect(typeof r.body.message).toBe('string')
  })

  test('no token: HTTP 401', async () => {
    const r = await api(h.baseUrl, listAdmins)
    expect(r.status).toBe(401)
    expect([201, 402]).toContain(r.body.code)
  })

  test('an operations token is allowed and gets a page of admin users', async () => {
    const ops = await loginAsAdminApp(h.server, DEMO.operations)
    const r = await api(h.baseUrl, listAdmins, { token: ops.token })
    expect({ status: r.status, code: r.body.code }).toEqual({ status: 200, code: 200 })
    expect(Array.isArray(r.body.result.list)).toBe(true)
    expect(r.body.result.list.length).toBeGreaterThan(0)
  })

  test('the admin login over the API: captcha from the DB works once, wrong or reused captcha is refused', async () => {
    const cap = await api<CaptchaResult>(h.baseUrl, '/system/user/code/verification')
    expect(cap.body.code).toBe(200)
    expect(cap.body.result.image).toMatch(/^data:image\/svg\+xml/)
    const code = readCaptcha(h.server.dbFile, cap.body.result.codeKey)
    const body = { email: DEMO.operations, password: DEMO_PASSWORD, code, codeKey: cap.body.result.codeKey }

    const ok = await api(h.baseUrl, '/system/user/ouser/login', { basic: 'admin', body })
    expect(ok.body.code).toBe(200)
    expect(ok.body.result.token).toBeTruthy()
    const reused = await api(h.baseUrl, '/system/user/ouser/login', { basic: 'admin', body })
    expect(reused.body.code).not.toBe(200)

    const cap2 = await api<CaptchaResult>(h.baseUrl, '/system/user/code/verification')
    const code2 = readCaptcha(h.server.dbFile, cap2.body.result.codeKey)
    const wrongCode = String((Number(code2[0]) + 1) % 10) + code2.slice(1)
    const wrong = await api(h.baseUrl, '/system/user/ouser/login', {
      basic: 'admin',
      body: { ...body, codeKey: cap2.body.result.codeKey, code: wrongCode },
    })
    expect(wrong.body.code).not.toBe(200)
  })
})
