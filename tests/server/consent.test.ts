/**
 * Consent to the User Agreement and Privacy Policy (contracts/consent.ts), on both
 * databases: registration needs the agreement and stores it (versions, channel, time, address); a new
 * version published from the admin's texts makes people agree again at the next sign-in; agreeing to
 * stale versions is refused; a refusal signs the person out; a WeChat first sign-in needs it too.
 */
import { PRIVACY_API } from '@contracts/privacy'
import { dbTargets, startHarness, type Harness } from './harness'
import { FakeWeChat } from '../support/fake-wechat'
import { CONSENT_API } from '@contracts/consent'
import { NOTIFICATION_API } from '@contracts/notification'
import { PARTICIPATION_API } from '@contracts/participation'
import { SUBSCRIPTION_API } from '@contracts/subscription'

const REGISTER = '/system/user/register'
const WX_LOGIN = '/system/user/cuser/wechat/login'

for (const target of dbTargets()) {
  describe(`consent [${target}]`, () => {
    const fake = new FakeWeChat()
    let h: Harness
    let ops: string

    beforeAll(async () => {
      await fake.start()
      h = await startHarness(target, { env: fake.env() })
      ops = await h.adminLogin('ops@haijiao.demo')
    })
    afterAll(async () => {
      await h?.close()
      await fake.close()
    })

    const userCount = async () => Number((await h.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const consentsOf = (userId: number) => h.db.selectFrom('user_consents').selectAll().where('user_id', '=', userId).orderBy('id').execute()
    const me = async (token: string) => (await h.api('GET', '/system/user/current/user', { token })).body.result
    /** ops edit a policy text through the admin route; `publish` raises its version */
    const editText = async (code: 'user_agreement' | 'privacy_policy', publish: boolean) => {
      const info = (await h.api('GET', `/system/text/info?code=${code}`, { token: ops })).body.result
      const r = await h.api('POST', '/system/text/update', {
        token: ops,
        body: { code, titleZh: info.titleZh, titleEn: info.titleEn, contentZh: `${info.contentZh}\n补充条款`, contentEn: `${info.contentEn}\nA new clause`, publishVersion: publish },
      })
      expect(r.body.code).toBe(200)
      return r.body.result.version as number
    }

    it('registration without the agreement answers 670 and creates nothing; the same code then registers with it, stored with versions, channel, time and address', async () => {
      const email = 'consent-new@haijiao.test'
      const code = await h.sendCode(email, 'register')
      const body = { email, code, nickName: 'Consent', password: 'secret1', confirmPassword: 'secret1' }
      const before = await userCount()
      for (const agree of [undefined, false]) {
        const r = await h.api('POST', REGISTER, { body: { ...body, ...(agree === undefined ? {} : { agree }) } })
        expect(r.body).toMatchObject({ code: 670, result: { field: 'agree' } })
        expect(r.body.message).toMatch(/Privacy Policy|隐私政策/)
      }
      expect(await userCount()).toBe(before)
      expect(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()

      const ok = await h.api('POST', REGISTER, { body: { ...body, agree: true } })
      expect(ok.body.code).toBe(200)
      expect(ok.body.result.userInfo).toMatchObject({ email, consentRequired: false })
      const rows = await consentsOf(ok.body.result.userInfo.id)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ agreement_version: 1, privacy_version: 1, channel: 'email', kind: 'register', ip: expect.any(String) })
      expect(Date.parse(rows[0].created_at)).toBeGreaterThan(Date.now() - 60_000)
      const status = await h.api('GET', CONSENT_API.status, { token: ok.body.result.token })
      expect(status.body.result).toMatchObject({ required: false, current: { agreementVersion: 1, privacyVersion: 1 }, agreed: { agreementVersion: 1, privacyVersion: 1, channel: 'email' } })
    })

    it('a person with no recorded agreement (an account older than consent) is asked at sign-in', async () => {
      const reg = await h.registerUser('consent-old@haijiao.test')
      await h.db.deleteFrom('user_consents').where('user_id', '=', reg.userInfo.id).execute()
      const token = await h.login('consent-old@haijiao.test', 'secret1')
      expect((await me(token)).consentRequired).toBe(true)
      expect((await h.api('GET', CONSENT_API.status, { token })).body.result).toMatchObject({ required: true, agreed: null })
    })

    it('a correction keeps the version; publishing a new one asks everybody again; stale versions are refused (671); agreeing stores one renewal', async () => {
      const reg = await h.registerUser('consent-renew@haijiao.test')
      // the seeded demo consumer agreed to the versions in force
      const demo = await h.login('user@haijiao.demo')
      expect((await me(demo)).consentRequired).toBe(false)

      expect(await editText('user_agreement', false)).toBe(1)
      expect((await me(demo)).consentRequired).toBe(false)
      expect(await editText('privacy_policy', true)).toBe(2)
      const pub = await h.api('GET', '/system/text/detail?code=privacy_policy')
      expect(pub.body.result).toMatchObject({ code: 'privacy_policy', version: 2 })
      expect((await h.api('GET', '/system/text/list?keyword=privacy_policy', { token: ops })).body.result.list[0]).toMatchObject({ code: 'privacy_policy', version: 2 })

      // the next sign-in says so, for the demo consumer and the new person alike
      const login = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'consent-renew@haijiao.test', password: 'secret1' } })
      expect(login.body.result.userInfo.consentRequired).toBe(true)
      const token = login.body.result.token as string
      expect((await me(demo)).consentRequired).toBe(true)
      expect((await h.api('GET', CONSENT_API.status, { token })).body.result).toMatchObject({
        required: true,
        current: { agreementVersion: 1, privacyVersion: 2 },
        agreed: { agreementVersion: 1, privacyVersion: 1 },
      })

      // the versions the sheet showed must be the ones in force
      const stale = await h.api('POST', CONSENT_API.agree, { token, body: { agreementVersion: 1, privacyVersion: 1, channel: 'weapp' } })
      expect(stale.body).toMatchObject({ code: 671, result: { current: { agreementVersion: 1, privacyVersion: 2 } } })
      expect(await consentsOf(reg.userInfo.id)).toHaveLength(1)

      const agreed = await h.api('POST', CONSENT_API.agree, { token, body: { agreementVersion: 1, privacyVersion: 2, channel: 'weapp' } })
      expect(agreed.body).toMatchObject({ code: 200, result: { required: false, agreed: { agreementVersion: 1, privacyVersion: 2, channel: 'weapp' } } })
      expect((await h.api('POST', CONSENT_API.agree, { token, body: { agreementVersion: 1, privacyVersion: 2 } })).body.code).toBe(200)
      const rows = await consentsOf(reg.userInfo.id)
      expect(rows.map((r) => [r.kind, r.channel, r.agreement_version, r.privacy_version])).toEqual([
        ['register', 'email', 1, 1],
        ['renew', 'weapp', 1, 2],
      ])
      expect((await me(token)).consentRequired).toBe(false)
      // a registration now stores the new versions
      const fresh = await h.registerUser('consent-fresh@haijiao.test')
      expect(fresh.userInfo.consentRequired).toBe(false)
      expect(await consentsOf(fresh.userInfo.id)).toMatchObject([{ agreement_version: 1, privacy_version: 2 }])
    })

    it('a refusal signs the person out everywhere and records no agreement; the next sign-in asks again', async () => {
      await h.registerUser('consent-refuse@haijiao.test')
      await editText('user_agreement', true)
      const t1 = await h.login('consent-refuse@haijiao.test', 'secret1')
      const t2 = await h.login('consent-refuse@haijiao.test', 'secret1', 'weapp')
      const id = (await me(t1)).id as number
      const before = await consentsOf(id)
      const r = await h.api('POST', CONSENT_API.refuse, { token: t1 })
      expect(r.body).toMatchObject({ code: 200, result: null })
      for (const t of [t1, t2]) {
        const after = await h.api('GET', '/system/user/current/user', { token: t })
        expect(after.status).toBe(401)
        expect(after.body.code).toBe(402)
      }
      expect(await consentsOf(id)).toEqual(before)
      expect((await me(await h.login('consent-refuse@haijiao.test', 'secret1'))).consentRequired).toBe(true)
    })

    it('bad input changes nothing: missing or out-of-range versions 301, an unknown channel 301, no token 401', async () => {
      const token = await h.login('user@haijiao.demo')
      const id = (await me(token)).id as number
      const before = await consentsOf(id)
      for (const body of [{}, { agreementVersion: 1 }, { agreementVersion: 0, privacyVersion: 1 }, { agreementVersion: 'x', privacyVersion: 2 }, { agreementVersion: 2, privacyVersion: 2, channel: 'email' }]) {
        const r = await h.api('POST', CONSENT_API.agree, { token, body })
        expect(r.body.code).toBe(301)
      }
      for (const [method, url] of [['GET', CONSENT_API.status], ['POST', CONSENT_API.agree], ['POST', CONSENT_API.refuse]] as const) {
        const r = await h.api(method, url, { body: method === 'POST' ? { agreementVersion: 1, privacyVersion: 1 } : undefined })
        expect(r.status).toBe(401)
      }
      expect(await consentsOf(id)).toEqual(before)
    })

    it('WeChat: a first sign-in without the agreement is 670 and creates nobody; with it the account carries the agreement of its channel; a known person who ticks renews', async () => {
      const current = (await h.api('GET', CONSENT_API.status, { token: await h.login('user@haijiao.demo') })).body.result.current
      const before = await userCount()
      fake.addCode('CONSENT-MINI-1', { openid: 'consent-mini', unionid: 'consent-union' }, 'mini')
      const s1 = await h.api('POST', '/system/user/wx/mini/login', { body: { code: 'CONSENT-MINI-1' } })
      const refused = await h.api('POST', WX_LOGIN, { client: 'weapp', body: { unionId: s1.body.result.unionId, ticket: s1.body.result.ticket } })
      expect(refused.body).toMatchObject({ code: 670, result: { field: 'agree' } })
      expect(await userCount()).toBe(before)
      expect(await h.db.selectFrom('user_wechat_identities').select('id').where('open_id', '=', 'consent-mini').executeTakeFirst()).toBeUndefined()

      const ok = await h.api('POST', WX_LOGIN, { client: 'weapp', body: { unionId: s1.body.result.unionId, ticket: s1.body.result.ticket, agree: true } })
      expect(ok.body.code).toBe(200)
      const user = await me(ok.body.result)
      expect(user.consentRequired).toBe(false)
      expect(await consentsOf(user.id)).toMatchObject([{ channel: 'weapp', kind: 'register', agreement_version: current.agreementVersion, privacy_version: current.privacyVersion }])

      // the same person through the official account (H5 in WeChat): known, so no agreement is needed to sign in
      fake.addCode('CONSENT-H5-1', { openid: 'consent-mp', unionid: 'consent-union' })
      const s2 = await h.api('GET', '/system/user/wx/login?code=CONSENT-H5-1')
      const again = await h.api('POST', WX_LOGIN, { client: 'h5', body: { unionId: 'consent-union', ticket: s2.body.result.ticket } })
      expect(again.body.code).toBe(200)
      expect((await me(again.body.result)).id).toBe(user.id)

      // a new version: signing in without ticking leaves it owed; ticking on the sign-in page renews it (channel wechat_h5)
      await editText('privacy_policy', true)
      fake.addCode('CONSENT-H5-2', { openid: 'consent-mp', unionid: 'consent-union' })
      const s3 = await h.api('GET', '/system/user/wx/login?code=CONSENT-H5-2')
      const owed = await h.api('POST', WX_LOGIN, { client: 'h5', body: { unionId: 'consent-union', ticket: s3.body.result.ticket } })
      expect((await me(owed.body.result)).consentRequired).toBe(true)
      fake.addCode('CONSENT-H5-3', { openid: 'consent-mp', unionid: 'consent-union' })
      const s4 = await h.api('GET', '/system/user/wx/login?code=CONSENT-H5-3')
      const ticked = await h.api('POST', WX_LOGIN, { client: 'h5', body: { unionId: 'consent-union', ticket: s4.body.result.ticket, agree: true } })
      expect((await me(ticked.body.result)).consentRequired).toBe(false)
      expect((await consentsOf(user.id)).map((r) => [r.kind, r.channel])).toEqual([
        ['register', 'weapp'],
        ['renew', 'wechat_h5'],
      ])
    })
    it('a consumer who owes the agreement gets 671 on consumer routes (writes change nothing) but reaches the consent routes, current user, token refresh, logout and the texts; agreeing opens everything', async () => {
      const reg = await h.registerUser('consent-gate@haijiao.test')
      const token = reg.token as string
      const id = reg.userInfo.id as number
      expect((await h.api('GET', NOTIFICATION_API.list, { token })).body.code).toBe(200)
      await editText('user_agreement', true)

      // consumer routes: reads and writes alike
      expect((await h.api('GET', NOTIFICATION_API.list, { token })).body).toMatchObject({ code: 671, result: { consentRequired: true } })
      expect((await h.api('GET', NOTIFICATION_API.unread, { token })).body.code).toBe(671)
      const rename = await h.api('POST', PARTICIPATION_API.updateProfile, { token, body: { nickName: 'Renamed' } })
      expect(rename.body.code).toBe(671)
      expect(rename.body.message).toMatch(/User Agreement|用户协议/)
      expect((await h.db.selectFrom('users').select('nick_name').where('id', '=', id).executeTakeFirstOrThrow()).nick_name).toBe('Tester')
      // a public write with the token (subscribing) is not taken as a visitor's
      expect((await h.api('POST', SUBSCRIPTION_API.add, { token, body: { professionalCodeList: [] } })).body.code).toBe(671)
      expect(await h.db.selectFrom('subscribers').select('id').where('user_id', '=', id).execute()).toHaveLength(0)

      // what the person needs to agree (or leave) still answers
      const current = (await h.api('GET', CONSENT_API.status, { token })).body.result.current
      expect((await me(token)).consentRequired).toBe(true)
      const refreshed = await h.api('GET', '/system/user/refresh/token', { token })
      expect(refreshed.body.code).toBe(200)
      for (const code of ['user_agreement', 'privacy_policy']) expect((await h.api('GET', `/system/text/detail?code=${code}`, { token })).body.code).toBe(200)
      // and so do the person's rights over their data: a refusal of new terms does not stand in their way
      expect((await h.api('GET', PRIVACY_API.deletionStatus, { token })).body.code).toBe(200)
      expect((await h.api('GET', PRIVACY_API.exportList, { token })).body.code).toBe(200)
      // admin tokens are not asked (the operations admin agreed nothing since the new version)
      expect((await h.api('GET', '/system/text/list', { token: ops })).body.code).toBe(200)

      const agreed = await h.api('POST', CONSENT_API.agree, { token, body: { ...current, channel: 'h5' } })
      expect(agreed.body.result.required).toBe(false)
      expect((await h.api('GET', NOTIFICATION_API.list, { token })).body.code).toBe(200)
      expect((await h.api('POST', PARTICIPATION_API.updateProfile, { token, body: { nickName: 'Renamed' } })).body.code).toBe(200)
      expect((await h.api('GET', NOTIFICATION_API.list, { token: refreshed.body.result })).body.code).toBe(200)

      // logout answers even while the agreement is owed
      await editText('privacy_policy', true)
      expect((await h.api('GET', NOTIFICATION_API.list, { token })).body.code).toBe(671)
      expect((await h.api('POST', '/system/user/logout', { token })).body.code).toBe(200)
      expect((await h.api('GET', '/system/user/current/user', { token })).status).toBe(401)
    })
  })
}
