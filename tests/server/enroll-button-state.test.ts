/**
 * The enrolment button state of GET /activity/info/detail (rules in activity.service.ts, enrollStateOf)
 * for a visitor and for the seeded demo users.
 */
import { describeEachDb, type Harness } from './harness'

describeEachDb('enrolment button state', (get) => {
  let h: Harness
  let userToken: string
  let promoterToken: string
  const demo: Record<string, { id: number; signUpOnce: number; ended: boolean }[]> = {}
  beforeAll(async () => {
    h = get()
    userToken = await h.login('user@haijiao.demo')
    promoterToken = await h.login('promoter@haijiao.demo')
    const now = h.clock.now().toISOString()
    const rows = await h.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .select(['e.status', 'a.id', 'a.sign_up_once', 'a.end_time'])
      .where('u.email', '=', 'user@haijiao.demo')
      .execute()
    for (const r of rows) (demo[r.status] ??= []).push({ id: r.id, signUpOnce: r.sign_up_once, ended: r.end_time <= now })
  })
  const detail = async (id: number, token?: string) => {
    const r = await h.api('GET', `/activity/info/detail?id=${id}`, token ? { token } : {})
    expect(r.body.code).toBe(200)
    return r.body.result
  }

  it('the demo user has approved, pending and rejected enrolments seeded', () => {
    expect(demo.approved.filter((a) => !a.ended).length).toBe(3)
    expect(demo.approved.filter((a) => a.ended).length).toBe(1)
    expect(demo.pending).toHaveLength(1)
    expect(demo.rejected).toHaveLength(2)
  })

  it('registered: a pending or approved enrolment, with myEnrollment; the same activity is register_now for others', async () => {
    for (const a of demo.approved.filter((x) => !x.ended)) {
      const d = await detail(a.id, userToken)
      expect(d.enrollState).toBe('registered')
      expect(d.myEnrollment).toEqual({ id: expect.any(Number), status: 'approved', createdAt: expect.any(String) })
      expect((await detail(a.id)).enrollState).toBe('register_now')
      expect((await detail(a.id)).myEnrollment).toBeNull()
      expect((await detail(a.id, promoterToken)).enrollState).toBe('register_now')
    }
    const p = await detail(demo.pending[0].id, userToken)
    expect(p).toMatchObject({ enrollState: 'registered', myEnrollment: { status: 'pending' }, enrollNeedProcess: true })
  })

  it('register_again after a rejection when signUpOnce is false; closed when it is true', async () => {
    const again = demo.rejected.find((a) => a.signUpOnce === 0)!
    const once = demo.rejected.find((a) => a.signUpOnce === 1)!
    expect(await detail(again.id, userToken)).toMatchObject({ enrollState: 'register_again', signUpOnce: false, myEnrollment: { status: 'rejected' } })
    expect(await detail(once.id, userToken)).toMatchObject({ enrollState: 'closed', signUpOnce: true, myEnrollment: { status: 'rejected' } })
    expect((await detail(again.id)).enrollState).toBe('register_now')
  })

  it('ended wins over everything once the end time has passed (injected clock)', async () => {
    expect((await detail(demo.approved.find((a) => a.ended)!.id, userToken)).enrollState).toBe('ended')
    expect((await detail(demo.approved.find((a) => a.ended)!.id)).enrollState).toBe('ended')
    const upcoming = demo.approved.find((a) => !a.ended)!
    const d = await detail(upcoming.id)
    h.clock.advance(Date.parse(d.endTime) - h.clock.now().getTime())
    try {
      expect((await detail(upcoming.id, userToken)).enrollState).toBe('ended')
      expect((await detail(upcoming.id)).enrollState).toBe('ended')
      expect((await detail(upcoming.id)).status).toBe('ended')
    } finally {
      h.clock.offsetMs = 0
    }
    h.clock.advance(Date.parse(d.endTime) - h.clock.now().getTime() - 60_000)
    try {
      expect((await detail(upcoming.id)).status).toBe('running')
    } finally {
      h.clock.offsetMs = 0
    }
  })

  it('closed: full seats, a passed deadline, enrolment not open — for visitors and users alike', async () => {
    const now = h.clock.now().toISOString()
    const upcoming = h.db.selectFrom('activities').select('id').where('status', '=', 'published').where('start_time', '>', now)
    const full = await upcoming.whereRef('enrolled_count', '>=', 'people_count').where('people_count', '>', 0).execute()
    const late = await upcoming.where('enroll_deadline', '<', now).where('is_deadline_equal_end', '=', 0).execute()
    const shut = await upcoming.where('is_open', '=', 0).execute()
    expect(full.length).toBeGreaterThan(0)
    expect(late.length).toBeGreaterThan(0)
    expect(shut.length).toBeGreaterThan(0)
    for (const a of [...full, ...late, ...shut]) {
      expect((await detail(a.id)).enrollState).toBe('closed')
      expect((await detail(a.id, promoterToken)).enrollState).toBe('closed')
    }
    // the enrolment that already exists still reads registered when seats run out
    const mine = demo.approved.find((a) => !a.ended)!
    await h.db.updateTable('activities').set({ is_open: 0 }).where('id', '=', mine.id).execute()
    try {
      expect((await detail(mine.id, userToken)).enrollState).toBe('registered')
      expect((await detail(mine.id)).enrollState).toBe('closed')
    } finally {
      await h.db.updateTable('activities').set({ is_open: 1 }).where('id', '=', mine.id).execute()
    }
  })

  it('isDeadlineEqualEnd: the deadline is the end time, enrolment stays open until then', async () => {
    const now = h.clock.now().toISOString()
    const rows = await h.db
      .selectFrom('activities')
      .select('id')
      .where('is_deadline_equal_end', '=', 1)
      .where('is_open', '=', 1)
      .whereRef('enrolled_count', '<', 'people_count')
      .where('start_time', '<=', now)
      .where('end_time', '>', now)
      .execute()
    const candidates = rows.length
      ? rows
      : await h.db.selectFrom('activities').select('id').where('is_deadline_equal_end', '=', 1).where('is_open', '=', 1).whereRef('enrolled_count', '<', 'people_count').where('start_time', '>', now).execute()
    expect(candidates.length).toBeGreaterThan(0)
    const d = await detail(candidates[0].id)
    expect(d).toMatchObject({ isDeadlineEqualEnd: true, enrollDeadline: d.endTime, enrollState: 'register_now' })
  })

  it('a bad or expired token reads as a visitor', async () => {
    const a = demo.approved.find((x) => !x.ended)!
    expect((await detail(a.id, 'not-a-token')).enrollState).toBe('register_now')
    const r = await h.api('GET', `/activity/info/detail?id=${a.id}`, { headers: { authorization: 'Basic abc' } })
    expect(r.body.result.enrollState).toBe('register_now')
    const token = await h.login('user@haijiao.demo')
    await h.api('POST', '/system/user/logout', { token })
    expect((await detail(a.id, token)).enrollState).toBe('register_now')
  })
})
