/**
 * WeChat sign-in, both flows, against a local fake of WeChat's API (tests/support/fake-wechat.ts) on
 * SQLite and PostgreSQL: H5 official-account OAuth (wx/login) and mini-program jscode2session
 * (wx/mini/login), then cuser/wechat/login with the ticket.
 */
import { SignJWT } from 'jose'
import { dbTargets, startHarness, type Harness } from './harness'
import { FakeWeChat, FAKE_APPS } from '../support/fake-wechat'
import { loadConfig } from '../../server/src/config'

const LOGIN = '/system/user/cuser/wechat/login'

describe('WeChat configuration', () => {
  it('reads app ids, secrets and the API base; an id without its secret stops the server', () => {
    const c = loadConfig({
      WECHAT_API_BASE: 'http://127.0.0.1:9/',
      WECHAT_APP_ID: 'a',
      WECHAT_APP_SECRET: 's',
    })
    expect(c.wechat).toEqual({
      apiBase: 'http://127.0.0.1:9',
      oauthBase: 'https://open.weixin.qq.com',
      mini: { appId: 'a', appSecret: 's' },
      mp: null,
      templates: { result: null, change: null, reminder: null },
    })
    expect(loadConfig({}).wechat.apiBase).toBe('https://api.weixin.qq.com')
    // subscribe-message templates: a WeChat-shaped id is kept, anything else is "not set" (never a start-up failure)
    expect(loadConfig({ WECHAT_TEMPLATE_RESULT: ' Ab-1_x ', WECHAT_TEMPLATE_CHANGE: 'has space', WECHAT_TEMPLATE_REMINDER: '' }).wechat.templates).toEqual({ result: 'Ab-1_x', change: null, reminder: null })
    expect(() => loadConfig({ WECHAT_MP_APP_ID: 'x' })).toThrow(/WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET/)
    expect(() => loadConfig({ WECHAT_API_BASE: 'api.weixin.qq.com' })).toThrow(/WECHAT_API_BASE/)
  })
})

for (const target of dbTargets()) {
  describe(`WeChat sign-in [${target}]`, () => {
    const fake = new FakeWeChat()
    let h: Harness

    beforeAll(async () => {
      await fake.start()
      h = await startHarness(target, { env: fake.env() })
    })
    afterAll(async () => {
      await h?.close()
      await fake.close()
    })

    const countUsers = async () =>
      Number((await h.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const h5Step = (code: string) => h.api('GET', `/system/user/wx/login?code=${encodeURIComponent(code)}`)
    const miniStep = (code: string) => h.api('POST', '/system/user/wx/mini/login', { body: { code } })
    const login = (body: Record<string, unknown>, client: 'h5' | 'weapp' | 'admin' | 'none' = 'h5') =>
      // a first sign-in creates the account and needs the agreement: given unless the test says otherwise
      h.api('POST', LOGIN, { client, body: { agree: true, ...body } })
    const me = async (token: string) => {
      const r = await h.api('GET', '/system/user/current/user', { token })
      expect(r.body.code).toBe(200)
      return r.body.result
    }

    describe('H5 inside WeChat (official-account OAuth)', () => {
      it('a first visit: WeChat user info, then a token for a new consumer with that nickname and avatar', async () => {
        fake.addCode('H5-NEW', { openid: 'mp-open-1', unionid: 'union-1', nickname: '小海', headimgurl: 'https://thirdwx.qlogo.cn/a/132' })
        const before = await countUsers()
        const step = await h5Step('H5-NEW')
        expect(step.body.code).toBe(200)
        expect(step.body.result).toMatchObject({
          userInfo: { headimgurl: 'https://thirdwx.qlogo.cn/a/132', nickname: '小海' },
          unionId: 'union-1',
          ticket: expect.any(String),
        })
        // the secret went to WeChat only, never back to the client
        expect(step.raw).not.toContain(FAKE_APPS.mp.appSecret)
        expect(step.raw).not.toContain('access_token')
        const call = fake.calls.find((c) => c.path === '/sns/oauth2/access_token' && c.query.code === 'H5-NEW')
        expect(call?.query).toMatchObject({ appid: FAKE_APPS.mp.appId, secret: FAKE_APPS.mp.appSecret, grant_type: 'authorization_code' })

        const r = await login({
          unionId: 'union-1',
          avatarUrl: step.body.result.userInfo.headimgurl,
          nickName: step.body.result.userInfo.nickname,
          ticket: step.body.result.ticket,
        })
        expect(r.body.code).toBe(200)
        expect(typeof r.body.result).toBe('string')
        const user = await me(r.body.result)
        expect(user).toMatchObject({ nickName: '小海', avatarUrl: 'https://thirdwx.qlogo.cn/a/132', cuserId: expect.any(Number), ouserId: null })
        expect(user.email).toMatch(/@wechat\.invalid$/)
        expect(await countUsers()).toBe(before + 1)
        const ids = await h.db.selectFrom('user_wechat_identities').selectAll().where('user_id', '=', user.id).execute()
        expect(ids).toMatchObject([{ app_kind: 'mp', open_id: 'mp-open-1', union_id: 'union-1' }])
      })

      it('the same unionId again is the same person; the profile they edited is kept', async () => {
        fake.addCode('H5-AGAIN-1', { openid: 'mp-open-2', unionid: 'union-2', nickname: 'First' })
        const s1 = await h5Step('H5-AGAIN-1')
        const t1 = await login({ unionId: 'union-2', nickName: 'First', ticket: s1.body.result.ticket })
        const u1 = await me(t1.body.result)
        await h.db.updateTable('users').set({ nick_name: 'Edited in centre' }).where('id', '=', u1.id).execute()

        fake.addCode('H5-AGAIN-2', { openid: 'mp-open-2', unionid: 'union-2', nickname: 'Renamed in WeChat' })
        const before = await countUsers()
        const s2 = await h5Step('H5-AGAIN-2')
        const t2 = await login({ unionId: 'union-2', nickName: 'Renamed in WeChat', ticket: s2.body.result.ticket })
        expect(t2.body.code).toBe(200)
        const u2 = await me(t2.body.result)
        expect(u2.id).toBe(u1.id)
        expect(u2.nickName).toBe('Edited in centre')
        expect(await countUsers()).toBe(before)
      })

      it('without a unionid the openid is the id, and it finds the same person next time', async () => {
        fake.addCode('H5-OPENID-1', { openid: 'mp-only-openid', nickname: 'No Union' })
        const s1 = await h5Step('H5-OPENID-1')
        expect(s1.body.result.unionId).toBe('mp-only-openid')
        const t1 = await login({ unionId: 'mp-only-openid', nickName: 'No Union', ticket: s1.body.result.ticket })
        const u1 = await me(t1.body.result)
        fake.addCode('H5-OPENID-2', { openid: 'mp-only-openid', nickname: 'No Union' })
        const s2 = await h5Step('H5-OPENID-2')
        const t2 = await login({ unionId: 'mp-only-openid', ticket: s2.body.result.ticket })
        expect((await me(t2.body.result)).id).toBe(u1.id)
        const row = await h.db.selectFrom('user_wechat_identities').selectAll().where('open_id', '=', 'mp-only-openid').executeTakeFirstOrThrow()
        expect(row.union_id).toBeNull()
      })

      it('40029 invalid code → 301 (code); a code used twice (40163) → 301; nobody is created', async () => {
        const before = await countUsers()
        const bad = await h5Step('NOT-A-CODE')
        expect(bad.body).toMatchObject({ code: 301, result: { field: 'code', wechatErrcode: 40029 } })
        expect(bad.body.message).toContain('code')
        fake.addCode('H5-ONCE', { openid: 'mp-once', unionid: 'union-once' })
        expect((await h5Step('H5-ONCE')).body.code).toBe(200)
        const reused = await h5Step('H5-ONCE')
        expect(reused.body).toMatchObject({ code: 301, result: { field: 'code', wechatErrcode: 40163 } })
        const empty = await h.api('GET', '/system/user/wx/login?code=')
        expect(empty.body).toMatchObject({ code: 301, result: { field: 'code' } })
        expect(await countUsers()).toBe(before)
      })

      it('45011 rate limit → 500 with WeChat\'s number; nobody is created', async () => {
        fake.addCode('H5-LIMITED', { openid: 'mp-limited', unionid: 'union-limited' })
        const before = await countUsers()
        fake.rateLimited = true
        try {
          const r = await h5Step('H5-LIMITED')
          expect(r.body).toMatchObject({ code: 500, result: { wechatErrcode: 45011 } })
          expect(r.status).toBe(200)
        } finally {
          fake.rateLimited = false
        }
        expect(await countUsers()).toBe(before)
      })

      it('the authorize URL sends the visitor to WeChat and back to the page with the app id only', async () => {
        const r = await h.api('GET', `/system/user/wx/authorize/url?redirect=${encodeURIComponent('/activityDetail?id=3')}`)
        expect(r.body.code).toBe(200)
        const url = new URL(r.body.result.url)
        expect(url.origin + url.pathname).toBe(`${fake.baseUrl}/connect/oauth2/authorize`)
        expect(url.searchParams.get('appid')).toBe(FAKE_APPS.mp.appId)
        expect(url.searchParams.get('redirect_uri')).toBe(`${h.config.publicUrl}/activityDetail?id=3`)
        expect(url.searchParams.get('scope')).toBe('snsapi_userinfo')
        expect(url.hash).toBe('#wechat_redirect')
        expect(r.raw).not.toContain(FAKE_APPS.mp.appSecret)
        const offsite = await h.api('GET', `/system/user/wx/authorize/url?redirect=${encodeURIComponent('//evil.example/x')}`)
        expect(offsite.body).toMatchObject({ code: 301, result: { field: 'redirect' } })
      })
    })

    describe('mini-program (Taro.login → jscode2session)', () => {
      it('a first login creates a consumer with a default nickname; the session key stays on the server', async () => {
        fake.addCode('MINI-NEW', { openid: 'mini-open-1', unionid: 'union-mini-1' }, 'mini')
        const step = await miniStep('MINI-NEW')
        expect(step.body.code).toBe(200)
        expect(step.body.result).toMatchObject({ userInfo: null, unionId: 'union-mini-1', ticket: expect.any(String) })
        expect(step.raw).not.toContain('sk-mini-open-1')
        expect(step.raw).not.toContain(FAKE_APPS.mini.appSecret)
        const call = fake.calls.find((c) => c.path === '/sns/jscode2session' && c.query.js_code === 'MINI-NEW')
        expect(call?.query).toMatchObject({ appid: FAKE_APPS.mini.appId, secret: FAKE_APPS.mini.appSecret, grant_type: 'authorization_code' })
        const r = await login({ unionId: 'union-mini-1', avatarUrl: '', nickName: '', ticket: step.body.result.ticket }, 'weapp')
        expect(r.body.code).toBe(200)
        const user = await me(r.body.result)
        expect(user.nickName).toBe('微信用户 en-1')
        expect(user.avatarUrl).toBeNull()
      })

      it('the same unionid in the mini-program and in H5 is one person', async () => {
        fake.addCode('MINI-X', { openid: 'mini-open-x', unionid: 'union-x' }, 'mini')
        const m = await miniStep('MINI-X')
        const tm = await login({ unionId: 'union-x', ticket: m.body.result.ticket }, 'weapp')
        const um = await me(tm.body.result)
        fake.addCode('H5-X', { openid: 'mp-open-x', unionid: 'union-x', nickname: 'X', headimgurl: 'https://thirdwx.qlogo.cn/x/132' })
        const s = await h5Step('H5-X')
        const th = await login({ unionId: 'union-x', nickName: 'X', avatarUrl: 'https://thirdwx.qlogo.cn/x/132', ticket: s.body.result.ticket })
        const uh = await me(th.body.result)
        expect(uh.id).toBe(um.id)
        // an avatar the user never set is filled from WeChat
        expect(uh.avatarUrl).toBe('https://thirdwx.qlogo.cn/x/132')
        const rows = await h.db.selectFrom('user_wechat_identities').select(['app_kind', 'open_id']).where('user_id', '=', um.id).orderBy('app_kind').execute()
        expect(rows).toEqual([
          { app_kind: 'mini', open_id: 'mini-open-x' },
          { app_kind: 'mp', open_id: 'mp-open-x' },
        ])
      })

      it('openid fallback without unionid; 40029 and 45011 create nobody', async () => {
        fake.addCode('MINI-OPENID', { openid: 'mini-only-openid' }, 'mini')
        const s = await miniStep('MINI-OPENID')
        expect(s.body.result.unionId).toBe('mini-only-openid')
        expect((await login({ unionId: 'mini-only-openid', ticket: s.body.result.ticket }, 'weapp')).body.code).toBe(200)

        const before = await countUsers()
        expect((await miniStep('BOGUS')).body).toMatchObject({ code: 301, result: { field: 'code', wechatErrcode: 40029 } })
        // a mini-program code is not an official-account code
        fake.addCode('MINI-ONLY', { openid: 'mini-z' }, 'mini')
        expect((await h5Step('MINI-ONLY')).body).toMatchObject({ code: 301, result: { wechatErrcode: 40029 } })
        fake.rateLimited = true
        try {
          fake.addCode('MINI-LIMITED', { openid: 'mini-limited' }, 'mini')
          expect((await miniStep('MINI-LIMITED')).body).toMatchObject({ code: 500, result: { wechatErrcode: 45011 } })
        } finally {
          fake.rateLimited = false
        }
        expect((await miniStep('')).body).toMatchObject({ code: 301, result: { field: 'code' } })
        expect(await countUsers()).toBe(before)
      })

      it('two first logins of one person at the same moment make one user', async () => {
        fake.addCode('RACE-1', { openid: 'mini-race', unionid: 'union-race' }, 'mini')
        fake.addCode('RACE-2', { openid: 'mini-race', unionid: 'union-race' }, 'mini')
        const [a, b] = await Promise.all([miniStep('RACE-1'), miniStep('RACE-2')])
        const [ta, tb] = await Promise.all([
          login({ unionId: 'union-race', ticket: a.body.result.ticket }, 'weapp'),
          login({ unionId: 'union-race', ticket: b.body.result.ticket }, 'weapp'),
        ])
        expect([ta.body.code, tb.body.code]).toEqual([200, 200])
        expect((await me(ta.body.result)).id).toBe((await me(tb.body.result)).id)
        const rows = await h.db.selectFrom('user_wechat_identities').select('user_id').where('open_id', '=', 'mini-race').execute()
        expect(rows).toHaveLength(1)
      })
    })

    describe('a unionId alone logs nobody in', () => {
      let ticket: string
      beforeAll(async () => {
        fake.addCode('VICTIM', { openid: 'mp-victim', unionid: 'union-victim', nickname: 'Victim' })
        const s = await h5Step('VICTIM')
        ticket = s.body.result.ticket
        expect((await login({ unionId: 'union-victim', ticket })).body.code).toBe(200)
      })

      it('missing ticket → 301 (ticket)', async () => {
        const r = await login({ unionId: 'union-victim', nickName: 'Attacker' })
        expect(r.body).toMatchObject({ code: 301, result: { field: 'ticket' } })
      })

      it('a forged ticket, a login token as ticket, or a garbage ticket → 402', async () => {
        const key = new TextEncoder().encode('not-the-server-secret')
        const forged = await new SignJWT({ app: 'mp', oid: 'mp-victim', uid: 'union-victim' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('union-victim')
          .setIssuer('haijiao-wechat')
          .setAudience('cuser-wechat-login')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(key)
        expect((await login({ unionId: 'union-victim', ticket: forged })).body).toMatchObject({ code: 402, result: { field: 'ticket' } })
        const token = await h.login('user@haijiao.demo')
        expect((await login({ unionId: 'union-victim', ticket: token })).body.code).toBe(402)
        expect((await login({ unionId: 'union-victim', ticket: 'abc.def.ghi' })).body.code).toBe(402)
      })

      it("someone else's ticket does not open the victim's account (unionId must match) → 301 (unionId)", async () => {
        fake.addCode('ATTACKER', { openid: 'mp-attacker', unionid: 'union-attacker' })
        const s = await h5Step('ATTACKER')
        const r = await login({ unionId: 'union-victim', ticket: s.body.result.ticket })
        expect(r.body).toMatchObject({ code: 301, result: { field: 'unionId' } })
      })

      it('a ticket expires after 5 minutes → 402', async () => {
        fake.addCode('LATE', { openid: 'mp-late', unionid: 'union-late' })
        const s = await h5Step('LATE')
        h.clock.advance(6 * 60 * 1000)
        try {
          const r = await login({ unionId: 'union-late', ticket: s.body.result.ticket })
          expect(r.body.code).toBe(402)
        } finally {
          h.clock.advance(-6 * 60 * 1000)
        }
        const none = await h.db.selectFrom('user_wechat_identities').select('id').where('open_id', '=', 'mp-late').execute()
        expect(none).toHaveLength(0)
      })

      it('the call needs a consumer app credential: none or the admin client → 402', async () => {
        expect((await login({ unionId: 'union-victim', ticket }, 'none')).body.code).toBe(402)
        expect((await login({ unionId: 'union-victim', ticket }, 'admin')).body.code).toBe(402)
      })
    })

    describe('accounts made by WeChat', () => {
      it('have no password: a password login with their placeholder e-mail fails with 401', async () => {
        fake.addCode('NOPASS', { openid: 'mp-nopass', unionid: 'union-nopass' })
        const s = await h5Step('NOPASS')
        const t = await login({ unionId: 'union-nopass', ticket: s.body.result.ticket })
        const user = await me(t.body.result)
        for (const password of ['', '!wechat-sign-in-no-password', 'Haijiao2026']) {
          const r = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: user.email, password } })
          expect([301, 401]).toContain(r.body.code)
          expect(r.body.result?.token).toBeUndefined()
        }
      })

      it('a disabled consumer account is refused with 202', async () => {
        fake.addCode('BLOCK-1', { openid: 'mp-blocked', unionid: 'union-blocked' })
        const s1 = await h5Step('BLOCK-1')
        const user = await me((await login({ unionId: 'union-blocked', ticket: s1.body.result.ticket })).body.result)
        await h.db.updateTable('user_accounts').set({ forbidden: 1 }).where('user_id', '=', user.id).where('kind', '=', 'cuser').execute()
        fake.addCode('BLOCK-2', { openid: 'mp-blocked', unionid: 'union-blocked' })
        const s2 = await h5Step('BLOCK-2')
        const r = await login({ unionId: 'union-blocked', ticket: s2.body.result.ticket })
        expect(r.body.code).toBe(202)
        expect(typeof r.body.result).not.toBe('string')
      })
    })
  })
}

describe('WeChat sign-in without app credentials [sqlite]', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness('sqlite')
  })
  afterAll(async () => {
    await h?.close()
  })

  it('answers 500 without calling anyone and creates nobody', async () => {
    expect((await h.api('GET', '/system/user/wx/login?code=abc')).body).toMatchObject({ code: 500 })
    expect((await h.api('POST', '/system/user/wx/mini/login', { body: { code: 'abc' } })).body).toMatchObject({ code: 500 })
    expect((await h.api('GET', '/system/user/wx/authorize/url?redirect=/')).body.code).toBe(500)
    expect(await h.db.selectFrom('user_wechat_identities').select('id').execute()).toHaveLength(0)
  })
})
