/**
 * Group notices from the activity manager's rows: an organizer — who has no message menu — sends a
 * notice to the enrollees of its own organisation's activity and reads the send history; another
 * organisation's activity or notice is refused (HTTP 403, code 402) and nothing is stored. The seeded
 * organizer role has the manager's "send notice" and "send history" buttons.
 */
import { describeEachDb, insertActivity, type Harness } from './harness'
import { JobWorker } from '../../server/src/jobs'
import { jobHandlers } from '../../server/src/job-handlers'
import { ACTIVITY_NOTICE_API as A, ACTIVITY_NOTICE_BUTTONS, NOTICE_API as N } from '@contracts/notice'
import { ACTIVITY_COMPONENTS } from '@contracts/admin-activity'

describeEachDb('organizer notices from the activity manager', (get) => {
  let h: Harness
  let org: string
  let ops: string
  let own: number
  let foreign: number

  /** a new published activity of an organisation (or of another one), given these enrollees: new because the seed enrols people in every seeded activity */
  const activityWith = async (organizationId: number, op: 'in' | 'not in', emails: string[]) => {
    const owner = op === 'in' ? organizationId : (await h.db.selectFrom('organizations').select('id').where('id', '!=', organizationId).orderBy('id').executeTakeFirstOrThrow()).id
    const a = { id: await insertActivity(h, { organization_id: owner, title_zh: `通知活动 ${emails.length}`, title_en: `Notice activity ${emails.length}` }) }
    const now = h.clock.now().toISOString()
    for (const email of emails) {
      await h.db
        .insertInto('activity_enrollments')
        .values({ activity_id: a.id, user_id: null, status: 'approved', promoter_user_id: null, guest_email: email, guest_token: `t-${email}`, created_at: now, updated_at: now })
        .execute()
    }
    return a.id
  }

  beforeAll(async () => {
    h = get()
    org = await h.adminLogin('org@haijiao.demo')
    ops = await h.adminLogin('ops@haijiao.demo')
    const orgId = (await h.db.selectFrom('organizations').select('id').where('name_zh', '=', '海归创新中心').executeTakeFirstOrThrow()).id
    own = await activityWith(orgId, 'in', ['first.enrollee@example.com', 'second.enrollee@example.com'])
    foreign = await activityWith(orgId, 'not in', ['foreign.enrollee@example.com'])
  })

  it('the organizer role is granted the manager menu with its send-notice and send-history buttons, not the message menu', async () => {
    const grants = await h.db
      .selectFrom('role_buttons as rb')
      .innerJoin('roles as r', 'r.id', 'rb.role_id')
      .innerJoin('menu_buttons as b', 'b.id', 'rb.button_id')
      .innerJoin('menus as m', 'm.id', 'b.menu_id')
      .select(['m.component', 'b.name'])
      .where('r.code', '=', 'organizer')
      .execute()
    const names = grants.filter((g) => g.component === ACTIVITY_COMPONENTS.manager).map((g) => g.name)
    expect(names).toEqual(expect.arrayContaining([ACTIVITY_NOTICE_BUTTONS.send, ACTIVITY_NOTICE_BUTTONS.history]))
    expect((await h.api('GET', N.list, { token: org })).status).toBe(403)
  })

  it("sends to its own activity's enrollees and sees the send history per recipient", async () => {
    expect((await h.api('GET', `${A.preview}?activityId=${own}&statuses=approved`, { token: org })).body.result).toEqual({ count: 2 })
    const r = await h.api('POST', A.send, { token: org, body: { activityId: own, title: '签到提醒', content: '请提前 15 分钟到场。', statuses: ['approved'], sendMode: 'now' } })
    expect(r.body).toMatchObject({ code: 200, result: { activityId: own, status: 'scheduled' } })
    const id = r.body.result.id as number

    await new JobWorker(h.app.ctx, jobHandlers(h.app.services), { owner: 'test' }).runDue()
    for (const e of ['first.enrollee@example.com', 'second.enrollee@example.com']) expect(h.mail.count(e)).toBe(1)
    expect((await h.mail.latest('first.enrollee@example.com')).subject).toBe('签到提醒')

    const notices = await h.api('GET', `${A.list}?activityId=${own}`, { token: org })
    expect(notices.body.result.list).toEqual([expect.objectContaining({ id, status: 'sent', recipientCount: 2, sentCount: 2 })])
    const history = await h.api('GET', `${A.history}?noticeId=${id}`, { token: org })
    expect(history.body.result.total).toBe(2)
    expect((history.body.result.list as { email: string; status: string }[]).map((x) => [x.email, x.status]).sort()).toEqual([
      ['first.enrollee@example.com', 'sent'],
      ['second.enrollee@example.com', 'sent'],
    ])
  })

  it("refuses another organisation's activity and notices (HTTP 403, code 402) and stores nothing", async () => {
    const before = (await h.db.selectFrom('notices').select('id').execute()).length
    const refused = async (r: Promise<{ status: number; body: any }>) => expect([(await r).status, (await r).body.code]).toEqual([403, 402])
    await refused(h.api('POST', A.send, { token: org, body: { activityId: foreign, title: '越权', content: 'x', sendMode: 'now' } }))
    await refused(h.api('GET', `${A.preview}?activityId=${foreign}`, { token: org }))
    await refused(h.api('GET', `${A.list}?activityId=${foreign}`, { token: org }))
    expect((await h.db.selectFrom('notices').select('id').execute()).length).toBe(before)

    // operations (all data) may write to it; its history stays closed to the organizer
    const sent = await h.api('POST', A.send, { token: ops, body: { activityId: foreign, title: 'Ops notice', content: 'x', sendMode: 'now' } })
    expect(sent.body.code).toBe(200)
    await refused(h.api('GET', `${A.history}?noticeId=${sent.body.result.id}`, { token: org }))
    await refused(h.api('POST', A.cancel, { token: org, body: { id: sent.body.result.id } }))
    expect(h.mail.count('foreign.enrollee@example.com')).toBe(0)
  })

  it('a scheduled notice of its own is cancelled from the row; the send time is required for a fixed time', async () => {
    expect((await h.api('POST', A.send, { token: org, body: { activityId: own, title: 'x', content: 'y', sendMode: 'fixed' } })).body).toMatchObject({ code: 301, result: { field: 'sendAt' } })
    const sendAt = new Date(h.clock.now().getTime() + 86_400_000).toISOString()
    const r = await h.api('POST', A.send, { token: org, body: { activityId: own, title: '明日提醒', content: 'y', sendMode: 'fixed', sendAt } })
    expect(r.body.result).toMatchObject({ status: 'scheduled', sendAt })
    const c = await h.api('POST', A.cancel, { token: org, body: { id: r.body.result.id } })
    expect(c.body.result).toMatchObject({ status: 'cancelled' })
  })
})
