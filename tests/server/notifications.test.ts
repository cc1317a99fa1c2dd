/**
 * The notification layer on SQLite and PostgreSQL, against the SMTP sink and the WeChat fake:
 * each event reaches each channel once (inbox at once for a person's own result, e-mail and WeChat
 * through the ledger); guests get e-mail only; reminders follow a moving clock (enrolled after T-24h →
 * only the 2 h one; a moved activity moves them; withdrawn or started → none); WeChat needs an accept
 * per message, shares one access token refreshed once under concurrent sends, and a refusal is failed
 * with its reason for operations to see and resend; an interrupted fan-out of 2,000 ends with every
 * person once; the inbox pages, counts unread and marks read.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/src/app'
import { JobWorker } from '../../server/src/jobs'
import { jobHandlers } from '../../server/src/job-handlers'
import { dbTargets, insertActivity, startHarness, type Harness } from './harness'
import { FakeWeChat } from '../support/fake-wechat'
import { ENROLL_API } from '@contracts/enrollment'
import { ADMIN_ENROLL_API } from '@contracts/admin-enrollment'
import { ADMIN_ACTIVITY_API } from '@contracts/admin-activity'
import { NOTIFICATION_ADMIN_API, NOTIFICATION_API } from '@contracts/notification'
import { WechatPushRepository } from '../../server/src/modules/notification/wechat-push.repository'

const HOUR = 3_600_000
const TEMPLATES = { WECHAT_TEMPLATE_RESULT: 'tpl-result', WECHAT_TEMPLATE_CHANGE: 'tpl-change', WECHAT_TEMPLATE_REMINDER: 'tpl-reminder' }

for (const target of dbTargets()) {
  describe(`notifications [${target}]`, () => {
    const fake = new FakeWeChat()
    let h: Harness
    let ops: string
    let other: FastifyInstance
    const worker = (app?: FastifyInstance, opts: ConstructorParameters<typeof JobWorker>[2] = {}) =>
      new JobWorker((app ?? h.app).ctx, jobHandlers((app ?? h.app).services, { batchSize: 50 }), opts)
    const runJobs = () => worker().runDue()

    /** a fresh published activity needing approval, starting `inMs` from now, with no form */
    async function newActivity(inMs: number, process = true): Promise<number> {
      const org = await h.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()
      const start = new Date(h.clock.now().getTime() + inMs)
      const id = await insertActivity(h, {
        organization_id: org.id,
        title_zh: `通知测试 ${inMs}`,
        title_en: `Notify test ${inMs}`,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * HOUR).toISOString(),
        enroll_form: null,
        enroll_need_process: process ? 1 : 0,
        is_need_login_enroll: 1,
        sign_up_once: 1,
        people_count: 0,
      })
      await h.db.insertInto('activity_addresses').values({ activity_id: id, country: 'CN', time_zone: 'UTC+08:00', city_zh: '上海', city_en: 'Shanghai', address_zh: '浦东新区世纪大道 1 号', address_en: '1 Century Ave, Pudong', sort: 0 }).execute()
      return id
    }

    async function person(tag: string) {
      const email = `${tag}.${h.target}@example.com`
      const { token, userInfo } = await h.registerUser(email)
      // mails after the registration's code mail
      const base = h.mail.count(email)
      return { email, token, userId: Number(userInfo.id ?? userInfo.userId), mails: () => h.mail.count(email) - base }
    }

    async function enrol(activityId: number, token: string) {
      const r = await h.api('POST', ENROLL_API.submit, { token, body: { activityId, answers: {} } })
      expect(r.body.code).toBe(200)
      return r.body.result.enrollmentId as number
    }

    const inbox = async (token: string) => (await h.api('GET', NOTIFICATION_API.list, { token })).body.result

    beforeAll(async () => {
      await fake.start()
      h = await startHarness(target, { env: { ...fake.env(), ...TEMPLATES } })
      ops = await h.adminLogin('ops@haijiao.demo')
      other = await buildApp(h.config, { clock: h.clock })
    })
    afterAll(async () => {
      await other?.close()
      await h?.close()
      await fake.close()
    })

    test('received → approved → rejected with a reason: inbox at once, one e-mail each, nothing twice on a re-run', async () => {
      const activityId = await newActivity(5 * 24 * HOUR)
      const me = await person('result')
      const enrollmentId = await enrol(activityId, me.token)

      // the person's own result is in the inbox before any job ran
      let box = await inbox(me.token)
      expect(box.unread).toBe(1)
      expect(box.list[0]).toMatchObject({ kind: 'enrol_received', activityId, enrollmentId, read: false })
      expect(box.list[0].titleEn).toContain('Notify test')
      expect(box.list[0].bodyZh).toContain('浦东新区世纪大道 1 号')

      await Promise.all([runJobs(), worker(other).runDue()])
      expect(me.mails()).toBe(1)

      const approve = await h.api('POST', ADMIN_ENROLL_API.status, { token: ops, body: { id: enrollmentId, status: 'approved' } })
      expect(approve.body.code).toBe(200)
      await Promise.all([runJobs(), worker(other).runDue()])
      box = await inbox(me.token)
      expect(box.list.map((x: any) => x.kind)).toEqual(['approved', 'enrol_received'])
      expect(me.mails()).toBe(2)
      const mail = await h.mail.latest(me.email)
      expect(mail.subject).toMatch(/报名已通过|approved/i)
      expect(mail.text).toContain(`/activityDetail?id=${activityId}`)

      // a reason over 200 characters is refused and changes nothing
      const long = await h.api('POST', ADMIN_ENROLL_API.status, { token: ops, body: { id: enrollmentId, status: 'rejected', reason: 'x'.repeat(201) } })
      expect(long.body).toMatchObject({ code: 301, result: { field: 'reason' } })
      expect((await inbox(me.token)).total).toBe(2)

      await h.api('POST', ADMIN_ENROLL_API.status, { token: ops, body: { id: enrollmentId, status: 'rejected', reason: '名额已满 Seats are full' } })
      await runJobs()
      box = await inbox(me.token)
      expect(box.list[0]).toMatchObject({ kind: 'rejected' })
      expect(box.list[0].bodyEn).toContain('Seats are full')
      expect(me.mails()).toBe(3)

      await Promise.all([runJobs(), worker(other).runDue()])
      expect(me.mails()).toBe(3)
      expect((await inbox(me.token)).total).toBe(3)
    })

    test('the inbox pages newest first, marks one and all read, and refuses bad ids', async () => {
      const me = await person('reader')
      for (const inMs of [3, 4, 5]) await enrol(await newActivity(inMs * 24 * HOUR, false), me.token)
      const page = (await h.api('GET', `${NOTIFICATION_API.list}?page=1&pageSize=2`, { token: me.token })).body.result
      expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 })
      expect(page.list[0].id).toBeGreaterThan(page.list[1].id)
      expect((await h.api('POST', NOTIFICATION_API.read, { token: me.token, body: { ids: [page.list[0].id] } })).body.result).toEqual({ count: 2 })
      expect((await h.api('POST', NOTIFICATION_API.read, { token: me.token, body: { ids: ['x'] } })).body).toMatchObject({ code: 301 })
      expect((await h.api('POST', NOTIFICATION_API.read, { token: me.token, body: {} })).body).toMatchObject({ code: 301, result: { field: 'ids' } })
      // someone else's ids change nothing of theirs
      const stranger = await person('stranger')
      await h.api('POST', NOTIFICATION_API.read, { token: stranger.token, body: { ids: page.list.map((x: any) => x.id) } })
      expect((await h.api('GET', NOTIFICATION_API.unread, { token: me.token })).body.result).toEqual({ count: 2 })
      expect((await h.api('POST', NOTIFICATION_API.read, { token: me.token, body: { all: true } })).body.result).toEqual({ count: 0 })
      expect((await h.api('GET', NOTIFICATION_API.list)).status).toBe(401)
    })

    test('a guest gets the e-mail only; a changed activity tells everyone enrolled what changed, from what to what', async () => {
      const activityId = await newActivity(6 * 24 * HOUR, false)
      await h.db.updateTable('activities').set({ is_need_login_enroll: 0, enroll_form: JSON.stringify([{ key: 'email', type: 'email', labelZh: '邮箱', labelEn: 'E-mail', required: true }]) }).where('id', '=', activityId).execute()
      const guest = `guest.${h.target}@example.com`
      const g = await h.api('POST', ENROLL_API.submit, { body: { activityId, answers: { email: guest } } })
      expect(g.body.code).toBe(200)
      const me = await person('changed')
      await h.api('POST', ENROLL_API.submit, { token: me.token, body: { activityId, answers: { email: me.email } } })
      await runJobs()
      expect(h.mail.count(guest)).toBe(1)
      expect(await h.db.selectFrom('notifications').select('id').where('activity_id', '=', activityId).execute()).toHaveLength(1)

      const detail = (await h.api('GET', `${ADMIN_ACTIVITY_API.detail}?id=${activityId}`, { token: ops })).body.result
      const newStart = new Date(Date.parse(detail.startTime) + 24 * HOUR).toISOString()
      const newEnd = new Date(Date.parse(detail.endTime) + 24 * HOUR).toISOString()
      const saved = await h.api('POST', ADMIN_ACTIVITY_API.save, { token: ops, body: { id: activityId, startTime: newStart, endTime: newEnd } })
      expect(saved.body.code).toBe(200)
      await runJobs()
      const box = await inbox(me.token)
      expect(box.list[0].kind).toBe('activity_changed')
      expect(box.list[0].bodyEn).toMatch(/Start time: .* → .*/)
      expect(h.mail.count(guest)).toBe(2)
      expect((await h.mail.latest(guest)).text).toContain('→')

      // a save that moves nothing people rely on tells nobody
      await h.api('POST', ADMIN_ACTIVITY_API.save, { token: ops, body: { id: activityId, summaryEn: 'A new summary' } })
      await runJobs()
      expect(h.mail.count(guest)).toBe(2)

      await h.api('POST', ADMIN_ACTIVITY_API.unpublish, { token: ops, body: { id: activityId } })
      await runJobs()
      expect((await inbox(me.token)).list[0].kind).toBe('activity_cancelled')
      expect(h.mail.count(guest)).toBe(3)
    })

    test('reminders follow the clock: 24 h and 2 h, never to the late-enrolled, moved with the activity, none after the start', async () => {
      const activityId = await newActivity(48 * HOUR, false)
      const early = await person('early')
      const late = await person('late')
      await enrol(activityId, early.token)
      await runJobs()
      const kinds = async (token: string) => (await inbox(token)).list.map((x: any) => x.kind)

      h.clock.advance(24 * HOUR + 60_000) // T-24h has passed
      await enrol(activityId, late.token)
      await runJobs()
      expect(await kinds(early.token)).toEqual(['reminder', 'enrol_confirmed'])
      expect(await kinds(late.token)).toEqual(['enrol_confirmed'])

      h.clock.advance(22 * HOUR) // T-2h has passed
      await runJobs()
      expect(await kinds(early.token)).toEqual(['reminder', 'reminder', 'enrol_confirmed'])
      expect(await kinds(late.token)).toEqual(['reminder', 'enrol_confirmed'])
      expect(late.mails()).toBe(2)

      // moved a day later: the old jobs are spent, new ones at the new time
      const moved = await newActivity(30 * HOUR, false)
      const mover = await person('mover')
      await enrol(moved, mover.token)
      const d = (await h.api('GET', `${ADMIN_ACTIVITY_API.detail}?id=${moved}`, { token: ops })).body.result
      await h.api('POST', ADMIN_ACTIVITY_API.save, { token: ops, body: { id: moved, startTime: new Date(Date.parse(d.startTime) + 24 * HOUR).toISOString(), endTime: new Date(Date.parse(d.endTime) + 24 * HOUR).toISOString() } })
      h.clock.advance(7 * HOUR) // the old 24 h mark (T-23h of the old time)
      await runJobs()
      expect(await kinds(mover.token)).toEqual(['activity_changed', 'enrol_confirmed'])
      h.clock.advance(24 * HOUR) // the new 24 h mark
      await runJobs()
      expect(await kinds(mover.token)).toEqual(['reminder', 'activity_changed', 'enrol_confirmed'])

      // a reminder job that wakes after the start sends nothing
      const started = await newActivity(3 * HOUR, false)
      const sleeper = await person('sleeper')
      await enrol(started, sleeper.token)
      h.clock.advance(4 * HOUR)
      await runJobs()
      expect(await kinds(sleeper.token)).toEqual(['enrol_confirmed'])
    })

    test('WeChat: no accept → nothing sent; one accept → one message; one token for concurrent sends; 43101 failed and resendable', async () => {
      const activityId = await newActivity(10 * 24 * HOUR)
      const people = await Promise.all([1, 2, 3, 4].map((i) => person(`wx${i}`)))
      for (const [i, p] of people.entries()) {
        await h.db.insertInto('user_wechat_identities').values({ user_id: p.userId, app_kind: 'mini', open_id: `open-${h.target}-${i}`, union_id: null, created_at: h.clock.now().toISOString(), updated_at: h.clock.now().toISOString() }).execute()
      }
      // people 1-3 accept the result template once; person 0 accepts nothing
      for (const p of people.slice(1)) {
        const r = await h.api('POST', NOTIFICATION_API.wechatSubscribe, { token: p.token, body: { results: { 'tpl-result': 'accept', 'tpl-change': 'reject', unknown: 'accept' } } })
        expect(r.body.result).toEqual({ accepted: 1 })
      }
      fake.refused.add(`open-${h.target}-3`)
      const tokenCallsBefore = fake.tokenCalls
      fake.tokenDelayMs = 100
      for (const p of people) await enrol(activityId, p.token)
      await Promise.all([worker(undefined, { owner: 'A' }).runDue(), worker(other, { owner: 'B' }).runDue()])
      fake.tokenDelayMs = 0
      const sent = fake.messages.filter((m) => m.touser.startsWith(`open-${h.target}-`))
      expect(sent.map((m) => m.touser).sort()).toEqual([`open-${h.target}-1`, `open-${h.target}-2`])
      expect(sent[0]).toMatchObject({ template_id: 'tpl-result', page: `pages/activity-detail/index?id=${activityId}` })
      expect(sent[0].data.phrase2.value).toBe('待审核')
      // the token is shared by both instances: one refresh
      expect(fake.tokenCalls - tokenCallsBefore).toBe(1)
      const rows = await h.db.selectFrom('mail_deliveries').select(['recipient', 'status', 'error']).where('channel', '=', 'wechat').where('activity_id', '=', activityId).orderBy('recipient').execute()
      expect(rows.map((r) => r.status)).toEqual(['skipped', 'sent', 'sent', 'failed'])
      expect(rows[0].error).toMatch(/no accepted/)
      expect(rows[3].error).toMatch(/43101/)

      // the second result of person 1 has no accept left: nothing more
      const first = (await h.db.selectFrom('activity_enrollments').select('id').where('activity_id', '=', activityId).where('user_id', '=', people[1].userId).executeTakeFirstOrThrow()).id
      await h.api('POST', ADMIN_ENROLL_API.status, { token: ops, body: { id: first, status: 'approved' } })
      await runJobs()
      expect(fake.messages.filter((m) => m.touser === `open-${h.target}-1`)).toHaveLength(1)

      // operations see the refusal and can send it again once the person accepted anew
      const failed = (await h.api('GET', `${NOTIFICATION_ADMIN_API.failed}?channel=wechat`, { token: ops })).body.result
      const row = failed.list.find((x: any) => x.recipient === `open-${h.target}-3`)
      expect(row).toMatchObject({ channel: 'wechat', kind: 'notify.enrol_received' })
      fake.refused.delete(`open-${h.target}-3`)
      await h.api('POST', NOTIFICATION_API.wechatSubscribe, { token: people[3].token, body: { results: { 'tpl-result': 'accept' } } })
      fake.expireTokens() // and the shared token expired meanwhile: refreshed and sent
      expect((await h.api('POST', NOTIFICATION_ADMIN_API.resend, { token: ops, body: { ids: [row.id] } })).body.result).toEqual({ count: 1 })
      await runJobs()
      expect(fake.messages.filter((m) => m.touser === `open-${h.target}-3`)).toHaveLength(1)
      const consumer = await h.login('user@haijiao.demo')
      expect((await h.api('POST', NOTIFICATION_ADMIN_API.resend, { token: consumer, body: { ids: [row.id] } })).status).toBe(403)
      const channels = (await h.api('GET', NOTIFICATION_ADMIN_API.channels, { token: ops })).body.result
      expect(channels.find((c: any) => c.channel === 'wechat')).toMatchObject({ on: true, whyEn: null })
    })

    test('the token refresh lease is not granted once another instance has stored a usable token (read, then it stores, then the claim)', async () => {
      const repo = new WechatPushRepository(h.db as any)
      const appId = `lease-${target}`
      const now = h.clock.now().getTime()
      const iso = (ms: number) => new Date(now + ms).toISOString()
      // B reads the row and finds no token; meanwhile A claims, fetches and stores its token, releasing the lease
      expect(await repo.claimRefresh(appId, 'A', iso(0), iso(15_000), iso(5 * 60_000))).toBe(true)
      expect(await repo.claimRefresh(appId, 'B', iso(0), iso(15_000), iso(5 * 60_000))).toBe(false)
      await repo.storeToken(appId, 'A', 'token-A', iso(7_200_000))
      // B's claim now finds the lease free, but the token usable: no second fetch
      expect(await repo.claimRefresh(appId, 'B', iso(0), iso(15_000), iso(5 * 60_000))).toBe(false)
      // near its expiry (inside the early-refresh window), or dropped, the next refresh may go ahead
      expect(await repo.claimRefresh(appId, 'B', iso(7_000_000), iso(7_015_000), iso(7_000_000 + 5 * 60_000))).toBe(true)
      await repo.releaseRefresh(appId, 'B')
      await repo.dropToken(appId, 'token-A')
      expect(await repo.claimRefresh(appId, 'C', iso(0), iso(15_000), iso(5 * 60_000))).toBe(true)
    })

    test('WeChat: a batch takes its accepts at once; a message the worker stopped before sending gives its accept back and goes out later', async () => {
      const activityId = await newActivity(10 * 24 * HOUR)
      const p = await person('wxstop')
      await h.db.insertInto('user_wechat_identities').values({ user_id: p.userId, app_kind: 'mini', open_id: `open-stop-${h.target}`, union_id: null, created_at: h.clock.now().toISOString(), updated_at: h.clock.now().toISOString() }).execute()
      expect((await h.api('POST', NOTIFICATION_API.wechatSubscribe, { token: p.token, body: { results: { 'tpl-result': 'accept' } } })).body.result).toEqual({ accepted: 1 })
      const remaining = async () => (await h.db.selectFrom('wechat_subscriptions').select('remaining').where('user_id', '=', p.userId).where('template_id', '=', 'tpl-result').executeTakeFirstOrThrow()).remaining
      await enrol(activityId, p.token)
      // one lane, budget of one send: the e-mail (the ledger's first row) goes, the WeChat row is never tried
      const stopped = new JobWorker(h.app.ctx, jobHandlers(h.app.services, { batchSize: 50, concurrency: 1 }), { budget: 1, owner: 'stopping' })
      await stopped.runDue()
      expect(fake.messages.filter((m) => m.touser === `open-stop-${h.target}`)).toHaveLength(0)
      expect(await remaining()).toBe(1)
      const row = await h.db.selectFrom('mail_deliveries').select(['status']).where('channel', '=', 'wechat').where('user_id', '=', p.userId).executeTakeFirstOrThrow()
      expect(row.status).toBe('pending')
      // the abandoned job's lease runs out; the next worker sends the message with the accept given back
      h.clock.advance(h.config.jobs.leaseMs + 1000)
      await runJobs()
      expect(fake.messages.filter((m) => m.touser === `open-stop-${h.target}`)).toHaveLength(1)
      expect(await remaining()).toBe(0)
    })

    test('a fan-out of 2,000 interrupted half-way and resumed elsewhere: every person once in the inbox and by e-mail', async () => {
      const activityId = await newActivity(20 * 24 * HOUR, false)
      const now = h.clock.now().toISOString()
      const users: number[] = []
      for (let i = 0; i < 2000; i += 500) {
        const batch = Array.from({ length: 500 }, (_, k) => ({ email: `bulk${i + k}.${h.target}@example.com`, password_hash: 'x', nick_name: `bulk ${i + k}`, avatar_url: null, phone: null, lang: 'en', real_name: null, failed_login_window_start: null, frozen_until: null, created_at: now, updated_at: now, promoter_code: null, promoter_email: null }))
        const ids = await h.db.insertInto('users').values(batch).returning('id').execute()
        users.push(...ids.map((r) => r.id))
        await h.db.insertInto('activity_enrollments').values(ids.map((r) => ({ activity_id: activityId, user_id: r.id, status: 'approved' as const, promoter_user_id: null, guest_email: null, guest_token: null, created_at: now, updated_at: now }))).execute()
      }
      // the first instance dies after writing half the inbox rows and a third of the ledger
      const first = await buildApp(h.config, { clock: h.clock })
      const svc = first.services.notification
      await svc.emit({ type: 'activity_changed', activityId, changes: [{ field: 'link', from: '', to: 'https://meet.example.com/x' }] }, `bulk:${activityId}`)
      const job = (await h.app.ctx.jobs.byDedupeKey(`notify:bulk:${activityId}`))!
      await svc.fanOut(job.id, JSON.parse(job.payload))
      const allInbox = await h.db.selectFrom('notifications').select('id').where('activity_id', '=', activityId).execute()
      expect(allInbox).toHaveLength(2000)
      // undo part of it, as if the process had been killed mid-way
      await h.db.deleteFrom('notifications').where('activity_id', '=', activityId).where('user_id', '>', users[999]).execute()
      await h.db.deleteFrom('mail_deliveries').where('job_id', '=', job.id).where('user_id', '>', users[666]).execute()
      await first.close()

      await Promise.all([runJobs(), worker(other).runDue()])
      const inboxRows = await h.db.selectFrom('notifications').select('user_id').where('activity_id', '=', activityId).execute()
      expect(inboxRows).toHaveLength(2000)
      expect(new Set(inboxRows.map((r) => r.user_id)).size).toBe(2000)
      const sent = await h.db.selectFrom('mail_deliveries').select('recipient').where('job_id', '=', job.id).where('status', '=', 'sent').execute()
      expect(sent).toHaveLength(2000)
      expect(new Set(sent.map((r) => r.recipient)).size).toBe(2000)
      expect(h.mail.count(`bulk1999.${h.target}@example.com`)).toBe(1)
    }, 120_000)

    test('settings: reminder e-mails off keeps the inbox item; bad values are 301 and change nothing; one-click unsubscribe', async () => {
      const me = await person('quiet')
      expect((await h.api('GET', NOTIFICATION_API.settings, { token: me.token })).body.result).toEqual({ emailReminders: true, emailNotices: true, wechat: true, timeZone: null })
      expect((await h.api('POST', NOTIFICATION_API.saveSettings, { token: me.token, body: { emailReminders: 'no' } })).body).toMatchObject({ code: 301, result: { field: 'emailReminders' } })
      expect((await h.api('POST', NOTIFICATION_API.saveSettings, { token: me.token, body: { timeZone: 'Mars/Olympus' } })).body).toMatchObject({ code: 301, result: { field: 'timeZone' } })
      const saved = await h.api('POST', NOTIFICATION_API.saveSettings, { token: me.token, body: { emailReminders: false, timeZone: 'Europe/Berlin' } })
      expect(saved.body.result).toEqual({ emailReminders: false, emailNotices: true, wechat: true, timeZone: 'Europe/Berlin' })
      const activityId = await newActivity(3 * HOUR, false)
      await enrol(activityId, me.token)
      await runJobs() // the 2 h reminder is due within the hour: 3 h - 2 h
      h.clock.advance(HOUR + 60_000)
      await runJobs()
      const box = await inbox(me.token)
      expect(box.list[0]).toMatchObject({ kind: 'reminder' })
      expect(box.list[0].bodyEn).toContain('your time')
      expect(box.list[0].bodyEn).toContain('Europe/Berlin')
      expect(me.mails()).toBe(1) // the confirmation only

      const token = h.app.services.notification.unsubscribeUrl(me.userId, 'notices').split('token=')[1]
      expect((await h.api('POST', `/api/v1/notification/unsubscribe?token=${token}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).body.code).toBe(200)
      expect((await h.api('GET', NOTIFICATION_API.settings, { token: me.token })).body.result.emailNotices).toBe(false)
      expect((await h.api('GET', `/api/v1/notification/unsubscribe?token=${token}x`)).body.code).toBe(301)
    })
  })
}
