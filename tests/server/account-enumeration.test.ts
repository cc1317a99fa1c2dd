/**
 * Account enumeration, on both databases: the routes that could tell a
 * known e-mail from an unknown one answer both alike where the spec allows it, and every route that
 * does tell (a taken address at registration, the e-mail lookups) answers only within one budget per
 * address and per e-mail. Each test speaks from its own address, so the budgets do not mix.
 */
import { CLIENT_CREDENTIALS } from '@contracts/api'
import { describeEachDb, basic, DEMO_PASSWORD, type Harness } from './harness'
import { CAPTCHA_AFTER_ADDRESS_FAILURES, LOOKUPS_PER_EMAIL_PER_HOUR } from '../../server/src/modules/account/account.service'

const HOUR = 3600 * 1000
const KNOWN = 'user@haijiao.demo'

describeEachDb('account enumeration', (get) => {
  let h: Harness
  beforeAll(() => {
    h = get()
  })

  /** a request as the apps send it, from the given address */
  const call = async (ip: string, method: 'GET' | 'POST', url: string, body?: object, client: keyof typeof CLIENT_CREDENTIALS | null = null) => {
    const res = await h.app.inject({
      method,
      url: `/api/v1${url}`,
      remoteAddress: ip,
      headers: client ? { authorization: basic(client) } : {},
      ...(body ? { payload: body } : {}),
    })
    return { status: res.statusCode, body: res.json() as { code: number; result: unknown; message: string } }
  }
  const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body })
  const recovery = (ip: string, email: string) => call(ip, 'GET', `/system/user/send/verify/code?email=${encodeURIComponent(email)}&type=recovery`)
  const reset = (ip: string, email: string) =>
    call(ip, 'POST', '/system/user/reset/password', { email, code: '000000', password: 'new-pass', confirmPassword: 'new-pass' })
  /** answers before the first 432 (HTTP 429) of n tries, and that the rest were all 432 */
  const countBeforeLimit = async (n: number, attempt: (i: number) => Promise<{ status: number; body: { code: number } }>) => {
    const codes: number[] = []
    for (let i = 0; i < n; i++) {
      const r = await attempt(i)
      codes.push(r.status === 429 && r.body.code === 432 ? 432 : r.body.code)
    }
    const first = codes.indexOf(432)
    return { before: first === -1 ? n : first, afterAllLimited: first !== -1 && codes.slice(first).every((c) => c === 432), codes }
  }

  it('a recovery code is "sent if the account exists": a known and an unknown e-mail get the same answers, mail only to the known one', async () => {
    const unknown = 'nobody-recovers@haijiao.test'
    const first = [await recovery('10.32.1.1', KNOWN), await recovery('10.32.1.2', unknown)]
    expect(answer(first[1])).toEqual(answer(first[0]))
    expect(first[0].body.code).toBe(200)
    // the resend throttle holds for both alike
    const again = [await recovery('10.32.1.1', KNOWN), await recovery('10.32.1.2', unknown)]
    expect(answer(again[1])).toEqual(answer(again[0]))
    expect(again[0].body.code).toBe(501)
    expect(h.mail.count(KNOWN)).toBe(1)
    expect(h.mail.count(unknown)).toBe(0)
    // resetting: an unknown e-mail answers like a wrong code
    const resets = [await reset('10.32.1.1', KNOWN), await reset('10.32.1.2', unknown)]
    expect(answer(resets[1])).toEqual(answer(resets[0]))
    expect(resets[0].body.code).toBe(410)
  })

  it('registering a taken e-mail with a wrong code answers like a free one (410); without a code the code is asked first', async () => {
    const body = (email: string) => ({ email, code: '000000', nickName: 'N', password: 'secret1', confirmPassword: 'secret1', agree: true })
    const taken = await call('10.32.2.1', 'POST', '/system/user/register', body(KNOWN))
    const free = await call('10.32.2.1', 'POST', '/system/user/register', body('free-register@haijiao.test'))
    expect(answer(taken)).toEqual(answer(free))
    expect(taken.body.code).toBe(410)
  })

  it(`per e-mail: ${LOOKUPS_PER_EMAIL_PER_HOUR} lookups an hour over every route that tells, known and unknown alike, then 432`, async () => {
    const routes = [
      (email: string) => `/system/user/send/verify/code?email=${email}&type=recovery`,
      (email: string) => `/system/user/send/verify/code?email=${email}&type=register`,
      (email: string) => `/system/user/judge/email/account?email=${email}`,
      (email: string) => `/system/user/email/status?email=${email}`,
    ]
    // a fresh address for every request: only the e-mail's budget can stop them
    let n = 0
    const tries = (email: string) =>
      countBeforeLimit(LOOKUPS_PER_EMAIL_PER_HOUR + 5, (i) => call(`10.32.3.${++n}`, 'GET', routes[i % routes.length](encodeURIComponent(email))))
    const known = await tries('promoter@haijiao.demo')
    const unknown = await tries('nobody-looks@haijiao.test')
    expect(known.before).toBe(LOOKUPS_PER_EMAIL_PER_HOUR)
    expect(unknown.before).toBe(LOOKUPS_PER_EMAIL_PER_HOUR)
    expect(known.afterAllLimited && unknown.afterAllLimited).toBe(true)
    // within the budget a taken address still says so (404 personal), as the spec asks
    expect(known.codes[1]).toBe(404)
    // resetting counts against the same budget
    expect((await reset('10.32.3.250', 'nobody-looks@haijiao.test')).status).toBe(429)
    h.clock.advance(HOUR)
    expect((await call('10.32.3.251', 'GET', routes[2]('promoter@haijiao.demo'))).body.code).toBe(200)
  })

  it('per address: the configured lookups an hour whatever the e-mails, then 432', async () => {
    const budget = h.config.codeSendPerIpPerHour
    const r = await countBeforeLimit(budget + 5, (i) => call('10.32.4.1', 'GET', `/system/user/email/status?email=probe-${i}@haijiao.test`))
    expect(r.before).toBe(budget)
    expect(r.afterAllLimited).toBe(true)
    const recover = await recovery('10.32.4.1', KNOWN)
    expect([recover.status, recover.body.code]).toEqual([429, 432])
  })

  it('login: an unknown e-mail takes the same steps as a known one (401 ×3, then 431 without the captcha, 516 at the fifth)', async () => {
    const steps = async (ip: string, email: string) => {
      const codes: number[] = []
      const login = (extra: object = {}) => call(ip, 'POST', '/system/user/login', { email, password: 'wrong-pass', ...extra }, 'h5')
      for (let i = 0; i < 3; i++) codes.push((await login()).body.code)
      codes.push((await login()).body.code) // no captcha: 431
      for (let i = 0; i < 2; i++) codes.push((await login(await h.captcha())).body.code)
      codes.push((await login(await h.captcha())).body.code) // frozen
      return codes
    }
    await h.registerUser('steps-known@haijiao.test', 'Steps', 'right-pass')
    const known = await steps('10.32.5.1', 'steps-known@haijiao.test')
    const unknown = await steps('10.32.5.2', 'steps-unknown@haijiao.test')
    expect(known).toEqual([401, 401, 401, 431, 401, 516, 516])
    expect(unknown).toEqual(known)
    // the count is kept per e-mail in the database, not per address: another address sees the same state
    const elsewhere = await call('10.32.5.3', 'POST', '/system/user/login', { email: 'steps-unknown@haijiao.test', password: 'x-pass' }, 'h5')
    expect(elsewhere.body.code).toBe(516)
    // the admin login of an unknown e-mail freezes too
    const admin = await call('10.32.5.4', 'POST', '/system/user/ouser/login', { email: 'steps-unknown@haijiao.test', password: 'x-pass', ...(await h.captcha()) }, 'admin')
    expect(admin.body.code).toBe(516)
  })

  it(`login: after ${CAPTCHA_AFTER_ADDRESS_FAILURES} wrong passwords from one address, every e-mail from it needs the captcha`, async () => {
    const ip = '10.32.6.1'
    const codes: number[] = []
    for (let i = 0; i < CAPTCHA_AFTER_ADDRESS_FAILURES; i++) {
      codes.push((await call(ip, 'POST', '/system/user/login', { email: `spray-${i}@haijiao.test`, password: 'Password1' }, 'h5')).body.code)
    }
    expect(new Set(codes)).toEqual(new Set([401]))
    const unknown = await call(ip, 'POST', '/system/user/login', { email: 'spray-next@haijiao.test', password: 'Password1' }, 'h5')
    const known = await call(ip, 'POST', '/system/user/login', { email: 'kefu@haijiao.demo', password: DEMO_PASSWORD }, 'h5')
    expect([unknown.body.code, known.body.code]).toEqual([431, 431])
    // with a captcha the right password still logs in; another address is not affected
    expect((await call(ip, 'POST', '/system/user/login', { email: 'kefu@haijiao.demo', password: DEMO_PASSWORD, ...(await h.captcha()) }, 'h5')).body.code).toBe(200)
    expect((await call('10.32.6.2', 'POST', '/system/user/login', { email: 'kefu@haijiao.demo', password: DEMO_PASSWORD }, 'h5')).body.code).toBe(200)
  })
})
