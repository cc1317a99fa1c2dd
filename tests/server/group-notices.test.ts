/**
 * Group notices through the job queue on SQLite and PostgreSQL: the send time is required for a fixed
 * time (301 sendAt), a fixed-time notice is not sent before its time, then each selected enrollee gets
 * exactly one mail even when two instances poll (and a re-run adds nobody); the send history shows the
 * status per recipient and is searchable; logged-in recipients see the notice in their centre list.
 */
import type { FastifyInstance } from 'fastify'
import { describeEachDb, insertActivity, type Harness } from './harness'
import { buildApp } from '../../server/src/app'
import { JobWorker } from '../../server/src/jobs'
import { jobHandlers } from '../../server/src/job-handlers'
import { NOTICE_API as N } from '@contracts/notice'

describeEachDb('group notices', (get) => {
  let h: Harness
  let ops: string
  let activityId: number
  let other: FastifyInstance
  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
    other = await buildApp(h.config, { clock: h.clock })
    // a new published activity (the seed enrols people in every seeded one), then three enrollees in different states
    const organizationId = (await h.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    activityId = await insertActivity(h, { organization_id: organizationId, title_zh: '群发通知活动', title_en: 'Group notice activity' })
    const uid = async (email: string) => (await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
    const now = h.clock.now().toISOString()
    const rows = [
      { user_id: await uid('user@haijiao.demo'), status: 'approved' as const, guest_email: null },
      { user_id: await uid('promoter@haijiao.demo'), status: 'pending' as const, guest_email: null },
      { user_id: null, status: 'approved' as const, guest_email: 'guest.enrollee@example.com' },
      { user_id: null, status: 'rejected' as const, guest_email: 'rejected.enrollee@example.com' },
    ]
    for (const r of rows) {
      await h.db
        .insertInto('activity_enrollments')
        .values({ activity_id: activityId, user_id: r.user_id, status: r.status, promoter_user_id: null, guest_email: r.guest_email, guest_token: r.guest_email ? `t-${r.guest_email}` : null, created_at: now, updated_at: now })
        .execute()
    }
  })
  afterAll(async () => {
    await other?.close()
  })

  test('fixed time without a time → 301 sendAt; empty title → 301 title; nothing stored', async () => {
    const base = { activityId, title: '行前通知', content: '请携带护照', sendMode: 'fixed' }
    expect((await h.api('POST', N.send, { token: ops, body: base })).body).toMatchObject({ code: 301, result: { field: 'sendAt' } })
    expect((await h.api('POST', N.send, { token: ops, body: { ...base, sendAt: '' } })).body).toMatchObject({ code: 301, result: { field: 'sendAt' } })
    expect((await h.api('POST', N.send, { token: ops, body: { ...base, title: ' ', sendMode: 'now' } })).body).toMatchObject({ code: 301, result: { field: 'title' } })
    const n = await h.db.selectFrom('notices').select('id').execute()
    expect(n).toHaveLength(0)
  })

  test('a fixed-time notice to approved + pending enrollees: sent at its time, once each, with history and centre list', async () => {
    const preview = await h.api('GET', `${N.preview}?activityId=${activityId}&statuses=approved,pending`, { token: ops })
    expect(preview.body.result).toEqual({ count: 3 })

    const sendAt = new Date(h.clock.now().getTime() + 3600_000).toISOString()
    const r = await h.api('POST', N.send, { token: ops, body: { activityId, title: '行前通知 Trip notice', content: '请携带护照。\nBring your passport.', statuses: ['approved', 'pending'], sendMode: 'fixed', sendAt } })
    expect(r.body.code).toBe(200)
    const id = r.body.result.id
    expect(r.body.result).toMatchObject({ status: 'scheduled', sendAt, sendMode: 'fixed' })

    const a = new JobWorker(h.app.ctx, jobHandlers(h.app.services, { batchSize: 1 }), { owner: 'A' })
    const b = new JobWorker(other.ctx, jobHandlers(other.services, { batchSize: 1 }), { owner: 'B' })
    await Promise.all([a.runDue(), b.runDue()])
    expect(h.mail.count('guest.enrollee@example.com')).toBe(0)

    h.clock.advance(3600_000 + 1000)
    await Promise.all([a.runDue(), b.runDue()])
    for (const e of ['user@haijiao.demo', 'promoter@haijiao.demo', 'guest.enrollee@example.com']) expect(h.mail.count(e)).toBe(1)
    expect(h.mail.count('rejected.enrollee@example.com')).toBe(0)
    const mail = await h.mail.latest('guest.enrollee@example.com')
    expect(mail.subject).toBe('行前通知 Trip notice')
    expect(mail.text).toContain('Bring your passport.')

    const list = await h.api('GET', `${N.list}?keyword=Trip`, { token: ops })
    expect(list.body.result.list[0]).toMatchObject({ id, status: 'sent', recipientCount: 3, sentCount: 3, failedCount: 0 })
    const hist = await h.api('GET', `${N.history}?noticeId=${id}`, { token: ops })
    expect(hist.body.result.total).toBe(3)
    expect(hist.body.result.list.every((x: any) => x.status === 'sent' && x.sentAt)).toBe(true)
    const searched = await h.api('GET', `${N.history}?noticeId=${id}&keyword=guest`, { token: ops })
    expect(searched.body.result.list.map((x: any) => x.email)).toEqual(['guest.enrollee@example.com'])

    const userToken = await h.login('user@haijiao.demo')
    const mine = await h.api('GET', N.my, { token: userToken })
    expect(mine.body.result.list[0]).toMatchObject({ id, title: '行前通知 Trip notice', activityId })

    // running the queue again sends nothing more
    h.clock.advance(3600_000)
    await Promise.all([a.runDue(), b.runDue()])
    expect(h.mail.count('guest.enrollee@example.com')).toBe(1)
  })

  test('a scheduled notice can be cancelled and is then never sent; sending needs the button', async () => {
    const sendAt = new Date(h.clock.now().getTime() + 600_000).toISOString()
    const r = await h.api('POST', N.send, { token: ops, body: { activityId, title: 'Cancelled one', content: 'x', statuses: ['rejected'], sendMode: 'fixed', sendAt } })
    const c = await h.api('POST', N.cancel, { token: ops, body: { id: r.body.result.id } })
    expect(c.body.result.status).toBe('cancelled')
    h.clock.advance(700_000)
    await new JobWorker(h.app.ctx, jobHandlers(h.app.services)).runDue()
    expect(h.mail.count('rejected.enrollee@example.com')).toBe(0)

    const user = await h.login('user@haijiao.demo')
    expect((await h.api('POST', N.send, { token: user, body: { activityId, title: 't', content: 'c', sendMode: 'now' } })).status).toBe(403)
  })
})
