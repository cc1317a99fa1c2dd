/**
 * Deleting one's account (contracts/privacy.ts), on both databases, with a clock the test moves: the
 * request needs the password, an e-mail code or (an account linked to WeChat) a fresh WeChat ticket of a
 * linked identity, and signs the person out; a sign-in (e-mail or WeChat)
 * within the cooling-off period cancels it and the user info says so once; after the period the sweep
 * erases the account and the e-mail can register again; wrong input changes nothing. The command-line
 * erasure (privacy-cli.ts erase-now) erases a pending account at once.
 */
import { spawnSync } from 'node:child_process'
import { SignJWT } from 'jose'
import path from 'node:path'
import { dbTargets, startHarness, type Harness } from './harness'
import { FakeWeChat } from '../support/fake-wechat'
import { JobWorker } from '../../server/src/jobs/job-worker'
import { jobHandlers } from '../../server/src/job-handlers'
import { PRIVACY_API, DELETED_USER_NAME } from '@contracts/privacy'

const DAY = 86_400_000
const WX_LOGIN = '/system/user/cuser/wechat/login'
const ROOT = path.resolve(__dirname, '../..')

for (const target of dbTargets()) {
  describe(`account deletion [${target}]`, () => {
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

    const me = async (token: string) => h.api('GET', '/system/user/current/user', { token })
    const requestsOf = (userId: number) => h.db.selectFrom('deletion_requests').selectAll().where('user_id', '=', userId).orderBy('id').execute()
    const userRow = (id: number) => h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    /** what the hourly job does, run by the job worker: book it, move past its hour, run what is due */
    const runSweep = async () => {
      await h.app.services.privacy.scheduleSweep()
      h.clock.advance(3_600_000)
      await new JobWorker(h.app.ctx, jobHandlers(h.app.services), { owner: 'privacy-test' }).runDue()
    }

    it('bad input changes nothing: no proof 301, wrong password 401, empty code 409, wrong code 410, cancel with nothing pending 673', async () => {
      const { token, userInfo } = await h.registerUser('del-bad@haijiao.test', 'Del Bad')
      const none = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: {} })
      expect(none.body).toMatchObject({ code: 301, result: { field: 'password' } })
      const wrong = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: 'not-it' } })
      expect(wrong.body.code).toBe(401)
      expect(wrong.body.message).toBeTruthy()
      expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { code: '' } })).body.code).toBe(409)
      expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { code: '123456' } })).body.code).toBe(410)
      const cancel = await h.api('DELETE', PRIVACY_API.deletionCancel, { token, headers: { 'accept-language': 'en' } })
      expect(cancel.body).toMatchObject({ code: 673, message: 'No account deletion is pending' })
      expect(await requestsOf(userInfo.id)).toEqual([])
      // still signed in
      expect((await me(token)).body.code).toBe(200)
      // none of the routes without a token
      for (const [method, url] of [
        ['GET', PRIVACY_API.deletionStatus],
        ['POST', PRIVACY_API.deletionSendCode],
        ['POST', PRIVACY_API.deletionRequest],
        ['DELETE', PRIVACY_API.deletionCancel],
      ] as const) {
        expect((await h.api(method, url, { body: method === 'POST' ? {} : undefined })).status).toBe(401)
      }
    })

    it('wrong passwords are counted: the sixth within an hour is 432 even with the right one; an hour later it works', async () => {
      const { token, userInfo } = await h.registerUser('del-guess@haijiao.test', 'Del Guess', 'secret1')
      for (let i = 0; i < 5; i++) expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: `guess-${i}` } })).body.code).toBe(401)
      const sixth = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: 'secret1' } })
      expect([sixth.status, sixth.body.code]).toEqual([429, 432])
      expect(await requestsOf(userInfo.id)).toEqual([])
      h.clock.advance(3_600_000)
      expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: 'secret1' } })).body.code).toBe(200)
    })

    it('two requests at the same moment: one is pending, the other 672', async () => {
      const { userInfo } = await h.registerUser('del-race@haijiao.test', 'Del Race', 'secret1')
      const results = await Promise.allSettled([0, 1, 2].map(() => h.app.services.privacy.request(userInfo.id, { password: 'secret1' })))
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([672, 672])
      expect((await requestsOf(userInfo.id)).map((x) => x.state)).toEqual(['pending'])
    })

    it('the password request signs out; 672 twice; an e-mail sign-in within 7 days cancels it and says so once', async () => {
      const email = 'del-pw@haijiao.test'
      const { token, userInfo } = await h.registerUser(email, 'Del Password', 'secret1')
      const r = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: 'secret1' } })
      expect(r.body.code).toBe(200)
      expect(r.body.result.state).toBe('pending')
      expect(Date.parse(r.body.result.eraseAt) - Date.parse(r.body.result.requestedAt)).toBe(7 * DAY)
      // signed out: the old token is refused
      expect((await me(token)).status).toBe(401)

      const token2Row = await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: 'secret1' } })
      // (a sign-in cancels: so ask again first, and check 672 on the new token before signing in again)
      expect(token2Row.body.result.userInfo.deletionCancelled).toBe(true)
      const t2 = token2Row.body.result.token
      expect((await me(t2)).body.result.deletionCancelled).toBeUndefined()
      expect((await h.api('GET', PRIVACY_API.deletionStatus, { token: t2 })).body.result).toEqual({ state: 'none', requestedAt: null, eraseAt: null, proofs: ['password', 'code'] })

      const again = await h.api('POST', PRIVACY_API.deletionRequest, { token: t2, body: { password: 'secret1' } })
      expect(again.body.code).toBe(200)
      const t3 = await h.login(email, 'secret1')
      await h.api('POST', PRIVACY_API.deletionRequest, { token: t3, body: { password: 'secret1' } })
      // a second request while pending (the token issued before it was revoked, so through the service)
      await expect(h.app.services.privacy.request(userInfo.id, { password: 'secret1' })).rejects.toMatchObject({ code: 672 })
      expect((await requestsOf(userInfo.id)).map((x) => x.state)).toEqual(['cancelled', 'cancelled', 'pending'])

      // six days on: a sign-in still cancels; the sweep then erases nothing
      h.clock.advance(6 * DAY)
      const back = await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: 'secret1' } })
      expect(back.body.result.userInfo).toMatchObject({ email, deletionCancelled: true })
      await runSweep()
      expect((await userRow(userInfo.id)).erased_at).toBeNull()
    })

    it('the e-mail code request; after 7 days the sweep erases; the e-mail registers again', async () => {
      const email = 'del-code@haijiao.test'
      const { token, userInfo } = await h.registerUser(email, 'Del Code Person', 'secret1')
      const before = h.mail.count(email)
      // the registration code went a moment ago: one code a minute per address
      h.clock.advance(61_000)
      expect((await h.api('POST', PRIVACY_API.deletionSendCode, { token })).body.code).toBe(200)
      const code = await h.mail.codeFor(email, before)
      expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { code: code === '000000' ? '111111' : '000000' } })).body.code).toBe(410)
      expect(await requestsOf(userInfo.id)).toEqual([])
      const r = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { code } })
      expect(r.body.code).toBe(200)
      expect((await me(token)).status).toBe(401)

      h.clock.advance(7 * DAY + 60_000)
      await runSweep()
      const row = await userRow(userInfo.id)
      expect(row.erased_at).not.toBeNull()
      expect(row.email).not.toContain('@')
      expect(row.nick_name).toBe(`${DELETED_USER_NAME.zh} / ${DELETED_USER_NAME.en}`)
      expect((await requestsOf(userInfo.id)).map((x) => x.state)).toEqual(['erased'])
      // the old password signs nobody in; the address registers anew
      expect((await h.api('POST', '/system/user/login', { client: 'h5', body: { email, password: 'secret1' } })).body.code).not.toBe(200)
      const fresh = await h.registerUser(email, 'Del Code Again', 'secret2')
      expect(fresh.userInfo.id).not.toBe(userInfo.id)
    })

    describe('an account made by WeChat sign-in proves it is its owner with a fresh WeChat ticket', () => {
      const miniStep = async (code: string, openid: string, unionid?: string) => {
        fake.addCode(code, { openid, unionid }, 'mini')
        const s = await h.api('POST', '/system/user/wx/mini/login', { body: { code } })
        expect(s.body.code).toBe(200)
        return s.body.result as { unionId: string; ticket: string }
      }
      const h5Step = async (code: string, openid: string, unionid?: string) => {
        fake.addCode(code, { openid, unionid, nickname: 'H5 person' }, 'mp')
        const s = await h.api('GET', `/system/user/wx/login?code=${code}`)
        expect(s.body.code).toBe(200)
        return s.body.result as { unionId: string; ticket: string }
      }
      const wechatAccount = async (code: string, openid: string, unionid?: string) => {
        const s = await miniStep(code, openid, unionid)
        const r = await h.api('POST', WX_LOGIN, { client: 'weapp', body: { unionId: s.unionId, ticket: s.ticket, agree: true } })
        expect(r.body.code).toBe(200)
        const token = r.body.result as string
        return { token, id: (await me(token)).body.result.id as number }
      }

      it('the status offers only WeChat; a ticket of another WeChat id, an expired, forged or garbage ticket → 410, nothing changed', async () => {
        const { token, id } = await wechatAccount('WXDEL-A1', 'wxdel-a', 'wxdel-union-a')
        const other = await wechatAccount('WXDEL-B1', 'wxdel-b', 'wxdel-union-b')
        const status = await h.api('GET', PRIVACY_API.deletionStatus, { token })
        expect(status.body.result).toEqual({ state: 'none', requestedAt: null, eraseAt: null, proofs: ['wechat'] })
        const refused = async (wechatTicket: string) => {
          const r = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { wechatTicket }, headers: { 'accept-language': 'en' } })
          expect(r.body).toMatchObject({ code: 410, result: { field: 'wechatTicket' }, message: 'Verification code expired or wrong: wechatTicket' })
        }
        // another person's WeChat (a linked account of its own)
        await refused((await miniStep('WXDEL-B2', 'wxdel-b', 'wxdel-union-b')).ticket)
        // a WeChat id linked to nobody
        await refused((await miniStep('WXDEL-N1', 'wxdel-nobody')).ticket)
        // expired: five minutes and a bit later
        const late = await miniStep('WXDEL-A2', 'wxdel-a', 'wxdel-union-a')
        h.clock.advance(6 * 60_000)
        await refused(late.ticket)
        // forged: signed with another key; a login token in its place; garbage
        const forged = await new SignJWT({ app: 'mini', oid: 'wxdel-a', uid: 'wxdel-union-a' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('wxdel-union-a')
          .setIssuer('haijiao-wechat')
          .setAudience('cuser-wechat-login')
          .setIssuedAt(Math.floor(h.clock.now().getTime() / 1000))
          .setExpirationTime(Math.floor(h.clock.now().getTime() / 1000) + 300)
          .sign(new TextEncoder().encode('not-the-server-secret'))
        await refused(forged)
        await refused(token)
        await refused('abc.def.ghi')
        // nothing changed: no request, both still signed in
        expect(await requestsOf(id)).toEqual([])
        expect(await requestsOf(other.id)).toEqual([])
        expect((await me(token)).body.code).toBe(200)
        expect((await me(other.token)).body.code).toBe(200)
      })

      it('a fresh ticket of the linked WeChat id (mini-program, or the official account by unionid) asks for the deletion and signs out', async () => {
        const { token, id } = await wechatAccount('WXDEL-C1', 'wxdel-c', 'wxdel-union-c')
        const s = await miniStep('WXDEL-C2', 'wxdel-c', 'wxdel-union-c')
        const r = await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { wechatTicket: s.ticket } })
        expect(r.body.code).toBe(200)
        expect(r.body.result).toMatchObject({ state: 'pending', proofs: ['wechat'] })
        expect((await me(token)).status).toBe(401)
        expect((await requestsOf(id)).map((x) => [x.state, x.method])).toEqual([['pending', 'wechat']])

        // the same person through the official account (same unionid) proves it as well
        const d = await wechatAccount('WXDEL-D1', 'wxdel-d', 'wxdel-union-d')
        const viaH5 = await h5Step('WXDEL-D2', 'wxdel-d-mp', 'wxdel-union-d')
        const r2 = await h.api('POST', PRIVACY_API.deletionRequest, { token: d.token, body: { wechatTicket: viaH5.ticket } })
        expect(r2.body.code).toBe(200)
        expect((await requestsOf(d.id)).map((x) => x.method)).toEqual(['wechat'])
      })

      it('an e-mail account without a WeChat link: its status offers password and code, and a WeChat ticket is refused', async () => {
        const { token, userInfo } = await h.registerUser('del-nowx@haijiao.test', 'Del No WeChat', 'secret1')
        expect((await h.api('GET', PRIVACY_API.deletionStatus, { token })).body.result.proofs).toEqual(['password', 'code'])
        const s = await miniStep('WXDEL-E1', 'wxdel-e')
        expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { wechatTicket: s.ticket } })).body.code).toBe(410)
        expect(await requestsOf(userInfo.id)).toEqual([])
      })
    })

    it('a WeChat sign-in within the period cancels the deletion; the user info says so once', async () => {
      fake.addCode('DEL-MINI-1', { openid: 'del-mini', unionid: 'del-union' }, 'mini')
      const s1 = await h.api('POST', '/system/user/wx/mini/login', { body: { code: 'DEL-MINI-1' } })
      const first = await h.api('POST', WX_LOGIN, { client: 'weapp', body: { unionId: s1.body.result.unionId, ticket: s1.body.result.ticket, agree: true } })
      const info = (await me(first.body.result)).body.result
      // a WeChat account has no password of its own: asked through the service with a code stands in here
      const now = h.clock.now().toISOString()
      await h.db.insertInto('deletion_requests').values({ user_id: info.id, state: 'pending', method: 'code', requested_at: now, erase_at: new Date(Date.parse(now) + 7 * DAY).toISOString() }).execute()
      fake.addCode('DEL-MINI-2', { openid: 'del-mini', unionid: 'del-union' }, 'mini')
      const s2 = await h.api('POST', '/system/user/wx/mini/login', { body: { code: 'DEL-MINI-2' } })
      const back = await h.api('POST', WX_LOGIN, { client: 'weapp', body: { unionId: s2.body.result.unionId, ticket: s2.body.result.ticket } })
      expect(back.body.code).toBe(200)
      expect((await me(back.body.result)).body.result.deletionCancelled).toBe(true)
      expect((await me(back.body.result)).body.result.deletionCancelled).toBeUndefined()
      expect((await requestsOf(info.id)).map((x) => x.state)).toEqual(['cancelled'])
    })

    it('a short name is scrubbed only where it is the person’s: other people’s log rows and jobs keep words that contain it', async () => {
      const email = 'del-li@haijiao.test'
      const { token, userInfo } = await h.registerUser(email, 'Li', 'secret1')
      const now = h.clock.now().toISOString()
      const others = await h.db
        .insertInto('audit_log')
        .values([
          { created_at: now, actor_id: null, actor_name: 'ops', action: 'update', route: '/x', target_type: 'activity', target_id: '7', outcome: 'ok', after_json: JSON.stringify({ title: 'Li Wei lists a link' }) },
          { created_at: now, actor_id: userInfo.id, actor_name: 'Li', action: 'sign_in', route: '/system/user/login', target_type: 'account', target_id: String(userInfo.id), outcome: 'ok', after_json: JSON.stringify({ who: 'Li' }) },
        ])
        .returning('id')
        .execute()
      const job = await h.app.ctx.jobs.enqueue({ type: 'notice.send', payload: { list: [1], literal: 'Li' }, runAt: new Date(Date.parse(now) + 365 * DAY).toISOString(), dedupeKey: 'privacy-li-bystander' })
      expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: 'secret1' } })).body.code).toBe(200)
      await h.app.services.privacy.eraseNow(email)
      const rows = await h.db.selectFrom('audit_log').select(['id', 'actor_name', 'after_json']).where('id', 'in', others.map((o) => o.id)).orderBy('id').execute()
      // someone else's row is untouched; the person's own sign-in row names nobody
      expect(rows[0].after_json).toBe(JSON.stringify({ title: 'Li Wei lists a link' }))
      expect(rows[1].actor_name).toBe(`${DELETED_USER_NAME.zh} / ${DELETED_USER_NAME.en}`)
      expect(rows[1].after_json).toBe(JSON.stringify({ who: '[deleted]' }))
      expect(JSON.parse((await h.app.ctx.jobs.get(job.id))!.payload)).toEqual({ list: [1], literal: 'Li' })
    })

    if (target === 'sqlite') {
      it('the command line erases a pending account at once (what browser tests use instead of waiting 7 days)', async () => {
        const email = 'del-cli@haijiao.test'
        const { token, userInfo } = await h.registerUser(email, 'Del Cli', 'secret1')
        expect((await h.api('POST', PRIVACY_API.deletionRequest, { token, body: { password: 'secret1' } })).body.code).toBe(200)
        const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/privacy-cli.ts', 'erase-now', email], {
          cwd: ROOT,
          env: { ...process.env, NODE_ENV: 'test', DATA_DIR: h.config.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        })
        expect(run.stderr).toBe('')
        expect(run.stdout).toContain(`erased account ${userInfo.id}`)
        expect((await userRow(userInfo.id)).erased_at).not.toBeNull()
      }, 60_000)
    }
  })
}
