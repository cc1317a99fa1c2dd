import { describeEachDb, DEMO_PASSWORD, type Harness } from './harness'

const MIN = 60 * 1000

describeEachDb(
  'accounts',
  (get) => {
    let h: Harness
    beforeAll(() => {
      h = get()
    })

    describe('send verify code', () => {
      it('refuses a malformed e-mail with 301 naming the field, an empty one with 408', async () => {
        const bad = await h.api('GET', '/system/user/send/verify/code?email=not-an-email&type=register')
        expect(bad.body).toMatchObject({ code: 301, result: { field: 'email' } })
        expect(bad.body.message).toContain('email')
        const empty = await h.api('GET', '/system/user/send/verify/code?email=&type=register')
        expect(empty.body.code).toBe(408)
      })

      it('refuses an unknown type with 301 (type)', async () => {
        const r = await h.api('GET', '/system/user/send/verify/code?email=a@b.cn&type=hack')
        expect(r.body).toMatchObject({ code: 301, result: { field: 'type' } })
      })

      it('register type: 404 for a personal account, 406 for an organizer, nothing sent', async () => {
        const personal = await h.api('GET', '/system/user/send/verify/code?email=user@haijiao.demo&type=register')
        expect(personal.body.code).toBe(404)
        const organizer = await h.api('GET', '/system/user/send/verify/code?email=org@haijiao.demo&type=register')
        expect(organizer.body.code).toBe(406)
        expect(h.mail.count('user@haijiao.demo') + h.mail.count('org@haijiao.demo')).toBe(0)
      })

      it('recovery type: "sent if the account exists": 200 for an unregistered e-mail too, and no mail leaves', async () => {
        const r = await h.api('GET', '/system/user/send/verify/code?email=nobody@haijiao.test&type=recovery')
        expect(r.body.code).toBe(200)
        expect(h.mail.count('nobody@haijiao.test')).toBe(0)
      })

      it('sends a bilingual mail with a 6-digit code, stores only a hash, and throttles the address for 60 s', async () => {
        const email = 'throttle@haijiao.test'
        const code = await h.sendCode(email, 'register')
        expect(code).toMatch(/^\d{6}$/)
        const mail = await h.mail.latest(email)
        expect(mail.text).toContain('验证码')
        expect(mail.text).toContain('verification code')
        const rows = await h.db.selectFrom('verification_codes').selectAll().where('email', '=', email).execute()
        expect(rows).toHaveLength(1)
        expect(rows[0].code_hash).not.toContain(code)
        const again = await h.api('GET', `/system/user/send/verify/code?email=${email}&type=register`)
        expect(again.body.code).toBe(501)
        expect(h.mail.count(email)).toBe(1)
        h.clock.advance(61 * 1000)
        const later = await h.api('GET', `/system/user/send/verify/code?email=${email}&type=register`)
        expect(later.body.code).toBe(200)
      })
    })

    describe('register', () => {
      const body = (over: Record<string, unknown> = {}) => ({
        email: 'new@haijiao.test',
        code: '000000',
        nickName: 'New Person',
        password: 'secret1',
        confirmPassword: 'secret1',
        agree: true,
        ...over,
      })

      it('validates every field: missing e-mail 301, empty code 409, nickname 411, short password and mismatch 301', async () => {
        const { email: _e, ...noEmail } = body()
        expect((await h.api('POST', '/system/user/register', { body: noEmail })).body).toMatchObject({ code: 301, result: { field: 'email' } })
        expect((await h.api('POST', '/system/user/register', { body: body({ email: 'x@' }) })).body).toMatchObject({ code: 301, result: { field: 'email' } })
        expect((await h.api('POST', '/system/user/register', { body: body({ code: '' }) })).body.code).toBe(409)
        expect((await h.api('POST', '/system/user/register', { body: body({ nickName: '  ' }) })).body.code).toBe(411)
        const short = await h.api('POST', '/system/user/register', { body: body({ password: '12345', confirmPassword: '12345' }) })
        expect(short.body).toMatchObject({ code: 301, result: { field: 'password' } })
        const mismatch = await h.api('POST', '/system/user/register', { body: body({ confirmPassword: 'secret2' }) })
        expect(mismatch.body).toMatchObject({ code: 301, result: { field: 'confirmPassword' } })
        const users = await h.db.selectFrom('users').select('id').where('email', '=', 'new@haijiao.test').execute()
        expect(users).toHaveLength(0)
      })

      it('410 for a wrong code, then the right code registers and logs in', async () => {
        const email = 'reg1@haijiao.test'
        const code = await h.sendCode(email, 'register')
        const wrong = code === '123456' ? '654321' : '123456'
        const r1 = await h.api('POST', '/system/user/register', { body: body({ email, code: wrong }) })
        expect(r1.body.code).toBe(410)
        const r2 = await h.api('POST', '/system/user/register', { body: body({ email, code, nickName: '新用户' }) })
        expect(r2.body.code).toBe(200)
        expect(r2.body.result.token).toEqual(expect.any(String))
        expect(r2.body.result.userInfo).toMatchObject({ email, nickName: '新用户', cuserId: expect.any(Number), ouserId: null })
        const me = await h.api('GET', '/system/user/current/user', { token: r2.body.result.token })
        expect(me.body.result.email).toBe(email)
        // the code was spent: registering again answers 410 before the address is looked at
        const again = await h.api('POST', '/system/user/register', { body: body({ email, code }) })
        expect(again.body.code).toBe(410)
      })

      it('a code works once', async () => {
        const email = 'once@haijiao.test'
        const code = await h.sendCode(email, 'register')
        expect((await h.api('POST', '/system/user/register', { body: body({ email, code }) })).body.code).toBe(200)
        await h.db.deleteFrom('users').where('email', '=', email).execute()
        expect((await h.api('POST', '/system/user/register', { body: body({ email, code }) })).body.code).toBe(410)
      })

      it('410 for an expired code (10 minutes)', async () => {
        const email = 'expired@haijiao.test'
        const code = await h.sendCode(email, 'register')
        h.clock.advance(10 * MIN + 1000)
        const r = await h.api('POST', '/system/user/register', { body: body({ email, code }) })
        expect(r.body.code).toBe(410)
        expect(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
      })

      it('410 for an expired code (expires_at moved in the database)', async () => {
        const email = 'expired2@haijiao.test'
        const code = await h.sendCode(email, 'register')
        await h.db.updateTable('verification_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', email).execute()
        expect((await h.api('POST', '/system/user/register', { body: body({ email, code }) })).body.code).toBe(410)
      })

      it('a taken e-mail is said at the code step (404 personal, 406 organizer); without its code registering answers 410 like a free one', async () => {
        expect((await h.api('POST', '/system/user/register', { body: body({ email: 'promoter@haijiao.demo' }) })).body.code).toBe(410)
        expect((await h.api('POST', '/system/user/register', { body: body({ email: 'org@haijiao.demo' }) })).body.code).toBe(410)
        // a code sent while the address was free, used after it was taken: 404
        const email = 'taken-meanwhile@haijiao.test'
        const code = await h.sendCode(email, 'register')
        await h.registerUser('other-taker@haijiao.test')
        await h.db.updateTable('users').set({ email }).where('email', '=', 'other-taker@haijiao.test').execute()
        expect((await h.api('POST', '/system/user/register', { body: body({ email, code }) })).body.code).toBe(404)
      })
    })

    describe('login', () => {
      it('402 without a client credential or with an unknown one', async () => {
        const creds = { email: 'user@haijiao.demo', password: DEMO_PASSWORD }
        expect((await h.api('POST', '/system/user/login', { body: creds })).body.code).toBe(402)
        const unknown = `Basic ${Buffer.from('someone:else').toString('base64')}`
        expect((await h.api('POST', '/system/user/login', { body: creds, client: unknown })).body.code).toBe(402)
      })

      it('401 for a wrong password and for an unknown e-mail (same answer)', async () => {
        const wrong = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'user@haijiao.demo', password: 'nope-nope' } })
        const unknown = await h.api('POST', '/system/user/login', { client: 'weapp', body: { email: 'ghost@haijiao.test', password: 'nope-nope' } })
        expect(wrong.body).toEqual({ code: 401, result: null, message: '用户名或密码错误' })
        expect(unknown.body).toEqual(wrong.body)
        expect(wrong.status).toBe(200)
      })

      it('answers in English for Accept-Language en or lang: en', async () => {
        const a = await h.api('POST', '/system/user/login', { client: 'h5', headers: { 'accept-language': 'en-US,en;q=0.9' }, body: { email: 'x@haijiao.test', password: 'nope-nope' } })
        expect(a.body.message).toBe('Wrong user name or password')
        const b = await h.api('POST', '/system/user/login', { client: 'h5', headers: { 'accept-language': 'en', lang: 'zh' }, body: { email: 'x@haijiao.test', password: 'nope-nope' } })
        expect(b.body.message).toBe('用户名或密码错误')
      })

      it('every demo account logs in on the consumer apps with the right user info', async () => {
        const r = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'promoter@haijiao.demo', password: DEMO_PASSWORD } })
        expect(r.body.result.userInfo).toMatchObject({ email: 'promoter@haijiao.demo', isPromoter: true, cuserId: expect.any(Number) })
        const ops = await h.api('POST', '/system/user/login', { client: 'weapp', body: { email: 'OPS@haijiao.demo ', password: DEMO_PASSWORD } })
        expect(ops.body.result.userInfo).toMatchObject({ auserId: expect.any(Number), cuserId: null })
      })

      it('five wrong passwords within 15 minutes freeze the account (516) even for the right password, for 15 minutes', async () => {
        const { userInfo } = await h.registerUser('freeze@haijiao.test', 'Freeze', 'right-pass')
        // from the fourth attempt on the consumer login needs the captcha too: solve one each time
        const attempt = async (password: string) =>
          h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'freeze@haijiao.test', password, ...(await h.captcha()) } })
        for (let i = 0; i < 4; i++) expect((await attempt('wrong-pass')).body.code).toBe(401)
        expect((await attempt('wrong-pass')).body.code).toBe(516)
        expect((await attempt('right-pass')).body.code).toBe(516)
        const status = await h.api('GET', '/system/user/email/status?email=freeze@haijiao.test')
        expect(status.body.result).toEqual({ registered: true, status: 'frozen' })
        h.clock.advance(14 * MIN)
        expect((await attempt('right-pass')).body.code).toBe(516)
        h.clock.advance(2 * MIN)
        const ok = await attempt('right-pass')
        expect(ok.body.code).toBe(200)
        expect(ok.body.result.userInfo.id).toBe(userInfo.id)
      })

      it('wrong passwords spread over more than 15 minutes do not freeze', async () => {
        await h.registerUser('spread@haijiao.test', 'Spread', 'right-pass')
        const attempt = async (password: string) =>
          h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'spread@haijiao.test', password, ...(await h.captcha()) } })
        for (let i = 0; i < 4; i++) expect((await attempt('wrong-pass')).body.code).toBe(401)
        h.clock.advance(16 * MIN)
        expect((await attempt('wrong-pass')).body.code).toBe(401)
        expect((await attempt('right-pass')).body.code).toBe(200)
      })

      it('forbidden, locked and expired accounts answer 202, 203 and 204', async () => {
        const { userInfo } = await h.registerUser('status@haijiao.test', 'Status', 'right-pass')
        const login = () => h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'status@haijiao.test', password: 'right-pass' } })
        const set = (patch: Record<string, unknown>) =>
          h.db.updateTable('user_accounts').set(patch).where('id', '=', userInfo.cuserId).execute()
        await set({ forbidden: 1 })
        expect((await login()).body.code).toBe(202)
        await set({ forbidden: 0, locked: 1 })
        expect((await login()).body.code).toBe(203)
        await set({ locked: 0, expires_at: new Date(Date.now() - 60000).toISOString() })
        expect((await login()).body.code).toBe(204)
        expect((await h.api('GET', '/system/user/email/status?email=status@haijiao.test')).body.result.status).toBe('expired')
        await set({ expires_at: new Date(Date.now() + 86400000).toISOString() })
        expect((await login()).body.code).toBe(200)
      })
    })

    describe('admin login and captcha', () => {
      it('captcha is a 4-digit SVG data URL stored with a 5-minute expiry', async () => {
        const r = await h.api('GET', '/system/user/code/verification')
        expect(r.body.result.image).toMatch(/^data:image\/svg\+xml;base64,/)
        const svg = Buffer.from(r.body.result.image.split(',')[1], 'base64').toString()
        expect(svg).toContain('<svg')
        const row = await h.db.selectFrom('captchas').selectAll().where('code_key', '=', r.body.result.codeKey).executeTakeFirstOrThrow()
        expect(row.code).toMatch(/^\d{4}$/)
        const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()
        expect(ttl).toBe(5 * MIN)
      })

      const adminLogin = (body: Record<string, unknown>) =>
        h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'ops@haijiao.demo', password: DEMO_PASSWORD, ...body } })

      it('427 empty, 428 unknown or expired, 429 wrong, and a captcha is spent by one attempt', async () => {
        expect((await adminLogin({})).body.code).toBe(427)
        expect((await adminLogin({ code: '1234', codeKey: '' })).body.code).toBe(427)
        expect((await adminLogin({ code: '1234', codeKey: 'no-such-key' })).body.code).toBe(428)
        const c1 = await h.captcha()
        const wrong = c1.code === '0000' ? '1111' : '0000'
        expect((await adminLogin({ code: wrong, codeKey: c1.codeKey })).body.code).toBe(429)
        expect((await adminLogin({ code: c1.code, codeKey: c1.codeKey })).body.code).toBe(428)
        const c2 = await h.captcha()
        h.clock.advance(5 * MIN + 1000)
        expect((await adminLogin({ code: c2.code, codeKey: c2.codeKey })).body.code).toBe(428)
        const c3 = await h.captcha()
        const ok = await adminLogin({ code: c3.code, codeKey: c3.codeKey })
        expect(ok.body.code).toBe(200)
        expect(ok.body.result.userInfo.auserId).toEqual(expect.any(Number))
      })

      it('207 for a person without an admin-side account; 402 without a client credential', async () => {
        const c = await h.captcha()
        const r = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'user@haijiao.demo', password: DEMO_PASSWORD, ...c } })
        expect(r.body.code).toBe(207)
        const c2 = await h.captcha()
        const n = await h.api('POST', '/system/user/ouser/login', { body: { email: 'ops@haijiao.demo', password: DEMO_PASSWORD, ...c2 } })
        expect(n.body.code).toBe(402)
      })

      it('organizer, operations and service agent log in to the admin; the admin client needs the captcha on /login too', async () => {
        for (const email of ['org@haijiao.demo', 'ops@haijiao.demo', 'kefu@haijiao.demo']) {
          expect(await h.adminLogin(email)).toEqual(expect.any(String))
        }
        const noCaptcha = await h.api('POST', '/system/user/login', { client: 'admin', body: { email: 'ops@haijiao.demo', password: DEMO_PASSWORD } })
        expect(noCaptcha.body.code).toBe(427)
        const c = await h.captcha()
        const withCaptcha = await h.api('POST', '/system/user/login', { client: 'admin', body: { email: 'ops@haijiao.demo', password: DEMO_PASSWORD, ...c } })
        expect(withCaptcha.body.code).toBe(200)
      })

      it('a forbidden organizer account answers 202 on the admin login', async () => {
        const user = await h.db.selectFrom('users').select('id').where('email', '=', 'org@haijiao.demo').executeTakeFirstOrThrow()
        await h.db.updateTable('user_accounts').set({ forbidden: 1 }).where('user_id', '=', user.id).execute()
        const c = await h.captcha()
        const r = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'org@haijiao.demo', password: DEMO_PASSWORD, ...c } })
        expect(r.body.code).toBe(202)
        await h.db.updateTable('user_accounts').set({ forbidden: 0 }).where('user_id', '=', user.id).execute()
      })
    })

    describe('tokens', () => {
      it('protected calls without a token are HTTP 401 code 201; a forged token HTTP 401 code 402', async () => {
        const none = await h.api('GET', '/system/user/current/user')
        expect(none.status).toBe(401)
        expect(none.body).toMatchObject({ code: 201, result: null })
        const forged = await h.api('GET', '/system/user/current/user', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHYiOjB9.bad' })
        expect(forged.status).toBe(401)
        expect(forged.body.code).toBe(402)
      })

      it('current user has the fields of the contract', async () => {
        const token = await h.login('org@haijiao.demo')
        const me = await h.api('GET', '/system/user/current/user', { token })
        expect(Object.keys(me.body.result).sort()).toEqual(
          ['auserId', 'avatarUrl', 'consentRequired', 'cuserId', 'email', 'id', 'isPromoter', 'kefuId', 'lang', 'nickName', 'ouserId', 'phone'].sort(),
        )
        expect(me.body.result).toMatchObject({ email: 'org@haijiao.demo', ouserId: expect.any(Number), auserId: null })
      })

      it('refresh gives a new working token; logout revokes every earlier token', async () => {
        const token = await h.login('user@haijiao.demo')
        const refreshed = await h.api('GET', '/system/user/refresh/token', { token })
        expect(refreshed.body.code).toBe(200)
        const newToken = refreshed.body.result as string
        expect(typeof newToken).toBe('string')
        expect((await h.api('GET', '/system/user/current/user', { token: newToken })).body.code).toBe(200)
        const out = await h.api('POST', '/system/user/logout', { token: newToken })
        expect(out.body.code).toBe(200)
        for (const t of [token, newToken]) {
          const r = await h.api('GET', '/system/user/current/user', { token: t })
          expect(r.status).toBe(401)
          expect(r.body.code).toBe(402)
        }
        // a fresh login works again
        expect(await h.login('user@haijiao.demo')).toEqual(expect.any(String))
      })

      it('a token expires after 24 hours', async () => {
        const token = await h.login('promoter@haijiao.demo')
        const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
        expect(payload.exp - payload.iat).toBe(24 * 3600)
      })
    })

    describe('password recovery', () => {
      it('410 for an unregistered e-mail (like a wrong code) and for a wrong code, then resets, revokes tokens and unfreezes', async () => {
        const email = 'recover@haijiao.test'
        await h.registerUser(email, 'Recover', 'old-pass')
        const oldToken = await h.login(email, 'old-pass')
        const noUser = await h.api('POST', '/system/user/reset/password', {
          body: { email: 'ghost@haijiao.test', code: '123456', password: 'new-pass', confirmPassword: 'new-pass' },
        })
        expect(noUser.body.code).toBe(410)
        h.clock.advance(61 * 1000)
        const code = await h.sendCode(email, 'recovery')
        const wrong = await h.api('POST', '/system/user/reset/password', {
          body: { email, code: code === '111111' ? '222222' : '111111', password: 'new-pass', confirmPassword: 'new-pass' },
        })
        expect(wrong.body.code).toBe(410)
        const mismatch = await h.api('POST', '/system/user/reset/password', { body: { email, code, password: 'new-pass', confirmPassword: 'other' } })
        expect(mismatch.body).toMatchObject({ code: 301, result: { field: 'confirmPassword' } })
        const ok = await h.api('POST', '/system/user/reset/password', { body: { email, code, password: 'new-pass', confirmPassword: 'new-pass' } })
        expect(ok.body.code).toBe(200)
        expect((await h.api('GET', '/system/user/current/user', { token: oldToken })).status).toBe(401)
        expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: 'old-pass' } })).body.code).toBe(401)
        expect(await h.login(email, 'new-pass')).toEqual(expect.any(String))
        // the code was spent
        const reuse = await h.api('POST', '/system/user/reset/password', { body: { email, code, password: 'newer-pass', confirmPassword: 'newer-pass' } })
        expect(reuse.body.code).toBe(410)
      })
    })

    describe('e-mail queries', () => {
      it('judge/email/account tells personal and organizer apart', async () => {
        const q = async (email: string) => (await h.api('GET', `/system/user/judge/email/account?email=${email}`)).body.result
        expect(await q('user@haijiao.demo')).toEqual({ exists: true, personal: true, organizer: false })
        expect(await q('org@haijiao.demo')).toEqual({ exists: true, personal: false, organizer: true })
        expect(await q('none@haijiao.test')).toEqual({ exists: false, personal: false, organizer: false })
        expect((await h.api('GET', '/system/user/judge/email/account')).body).toMatchObject({ code: 301, result: { field: 'email' } })
      })

      it('email/status', async () => {
        expect((await h.api('GET', '/system/user/email/status?email=kefu@haijiao.demo')).body.result).toEqual({ registered: true, status: 'normal' })
        expect((await h.api('GET', '/system/user/email/status?email=none@haijiao.test')).body.result).toEqual({ registered: false, status: 'none' })
      })

      it('send/modify/verify/code needs a login and refuses an address already in use', async () => {
        expect((await h.api('GET', '/system/user/send/modify/verify/code?email=fresh@haijiao.test')).status).toBe(401)
        const token = await h.login('user@haijiao.demo')
        const taken = await h.api('GET', '/system/user/send/modify/verify/code?email=promoter@haijiao.demo', { token })
        expect(taken.body.code).toBe(404)
        const ok = await h.api('GET', '/system/user/send/modify/verify/code?email=fresh@haijiao.test', { token })
        expect(ok.body.code).toBe(200)
        expect(await h.mail.codeFor('fresh@haijiao.test')).toMatch(/^\d{6}$/)
      })
    })

    describe('organizer registration', () => {
      const body = (over: Record<string, unknown>) => ({
        nickName: 'Org Person',
        password: 'org-pass',
        confirmPassword: 'org-pass',
        organizationName: '新机构 New Org',
        code: '',
        agree: true,
        ...over,
      })
      const consentsOf = (userId: number) => h.db.selectFrom('user_consents').selectAll().where('user_id', '=', userId).orderBy('id').execute()

      it('a new e-mail with a code becomes an organizer with its own organisation, its agreement stored (channel admin)', async () => {
        const email = 'neworg@haijiao.test'
        const code = await h.sendCode(email, 'register')
        const r = await h.api('POST', '/system/user/ouser/register', { body: body({ email, code }) })
        expect(r.body.code).toBe(200)
        expect(r.body.result.userInfo).toMatchObject({ ouserId: expect.any(Number), cuserId: null, consentRequired: false })
        const orgs = await h.db.selectFrom('organizations').selectAll().where('name_zh', '=', '新机构 New Org').execute()
        expect(orgs).toHaveLength(1)
        expect(await consentsOf(r.body.result.userInfo.id)).toMatchObject([{ channel: 'admin', kind: 'register', agreement_version: 1, privacy_version: 1, ip: expect.any(String) }])
        const again = await h.api('POST', '/system/user/ouser/register', { body: body({ email, code }) })
        expect(again.body.code).toBe(406)
      })

      it('an existing personal account proves itself with its password (401 when wrong) and gains an organizer account', async () => {
        const email = 'personal2org@haijiao.test'
        await h.registerUser(email, 'P2O', 'mine-pass')
        const wrong = await h.api('POST', '/system/user/ouser/register', { body: body({ email, password: 'xxxxxx', confirmPassword: 'xxxxxx' }) })
        expect(wrong.body.code).toBe(401)
        const r = await h.api('POST', '/system/user/ouser/register', { body: body({ email, password: 'mine-pass', confirmPassword: 'mine-pass' }) })
        expect(r.body.code).toBe(200)
        expect(r.body.result.userInfo).toMatchObject({ ouserId: expect.any(Number), cuserId: expect.any(Number) })
        expect((await consentsOf(r.body.result.userInfo.id)).map((c) => c.channel)).toEqual(['email', 'admin'])
        // and now it may enter the admin
        expect(await h.adminLogin(email, 'mine-pass')).toEqual(expect.any(String))
      })

      it('an invitation link joins the inviting organisation (no organisation name, none created); a forged one is 410 and creates nothing', async () => {
        const ops = await h.adminLogin('ops@haijiao.demo')
        const org = await h.db.selectFrom('organizations').select(['id']).where('name_zh', '=', '海归创新中心').executeTakeFirstOrThrow()
        const inv = await h.api('POST', '/system/organization/invite', { token: ops, body: { id: org.id } })
        expect(inv.body.code).toBe(200)
        const orgCount = async () => Number((await h.db.selectFrom('organizations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
        const before = await orgCount()
        const email = 'invited@haijiao.test'
        const code = await h.sendCode(email, 'register')
        const forged = await h.api('POST', '/system/user/ouser/register', {
          body: { ...body({ email, code }), organizationName: undefined, invite: `${inv.body.result.token}x` },
        })
        expect(forged.body.code).toBe(410)
        const r = await h.api('POST', '/system/user/ouser/register', {
          body: { ...body({ email, code }), organizationName: undefined, invite: inv.body.result.token },
        })
        expect(r.body.code).toBe(200)
        expect(await orgCount()).toBe(before)
        const user = await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
        const account = await h.db.selectFrom('user_accounts').select(['kind', 'organization_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
        expect(account).toEqual({ kind: 'ouser', organization_id: org.id })
      })

      it('without agree: true: 670 and nothing is created (no person, organisation, account or agreement; the code still works)', async () => {
        const count = async (table: 'users' | 'organizations' | 'user_accounts' | 'user_consents') =>
          Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
        const tables = ['users', 'organizations', 'user_accounts', 'user_consents'] as const
        const before = await Promise.all(tables.map(count))
        const email = 'noagree@haijiao.test'
        const code = await h.sendCode(email, 'register')
        for (const agree of [undefined, false]) {
          const r = await h.api('POST', '/system/user/ouser/register', { body: body({ email, code, agree }) })
          expect(r.body).toMatchObject({ code: 670, result: { field: 'agree' } })
          expect(r.body.message).toMatch(/Privacy Policy|隐私政策/)
        }
        // an existing personal account too: no organizer account is added
        await h.registerUser('noagree-personal@haijiao.test', 'NA', 'mine-pass')
        const afterReg = await Promise.all(tables.map(count))
        const existing = await h.api('POST', '/system/user/ouser/register', { body: body({ email: 'noagree-personal@haijiao.test', password: 'mine-pass', confirmPassword: 'mine-pass', agree: undefined }) })
        expect(existing.body.code).toBe(670)
        expect(await Promise.all(tables.map(count))).toEqual(afterReg)
        expect(afterReg.map((n, i) => n - before[i])).toEqual([1, 0, 1, 1])
        expect((await h.api('POST', '/system/user/ouser/register', { body: body({ email, code }) })).body.code).toBe(200)
      })

      it('a new e-mail without a code: 409; with a wrong code: 410', async () => {
        expect((await h.api('POST', '/system/user/ouser/register', { body: body({ email: 'nocode@haijiao.test' }) })).body.code).toBe(409)
        expect((await h.api('POST', '/system/user/ouser/register', { body: body({ email: 'nocode@haijiao.test', code: '999999' }) })).body.code).toBe(410)
      })

      it('the public organizer list shows organisations with organizer accounts', async () => {
        const r = await h.api('GET', '/system/user/list/visual/ouser')
        expect(r.body.result.map((o: any) => o.nameZh)).toContain('海归创新中心')
      })
    })
  },
  { env: { CODE_SEND_PER_IP_PER_HOUR: '500' } },
)

describeEachDb(
  'verify code per-IP limit',
  (get) => {
    it('refuses (432, HTTP 429: the lookup budget) once an IP has asked for the configured number of codes in an hour', async () => {
      const h = get()
      for (let i = 0; i < 3; i++) await h.sendCode(`ip${i}@haijiao.test`, 'register')
      const r = await h.api('GET', '/system/user/send/verify/code?email=ip9@haijiao.test&type=register')
      expect([r.status, r.body.code]).toEqual([429, 432])
      expect(h.mail.count('ip9@haijiao.test')).toBe(0)
    })
  },
  { env: { CODE_SEND_PER_IP_PER_HOUR: '3' } },
)
