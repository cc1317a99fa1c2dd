/**
 * From seat to door on SQLite and PostgreSQL: tickets (random codes, none for rejected or
 * cancelled enrolments), check-in (double scan decided by the database, nonce replays, offline
 * conflicts, undo, scopes), cancellation deadlines, and the waiting list (offers never beyond the
 * seats under concurrency, queue order, one entry per person with +alias folded — a visitor and an
 * account of the same e-mail are one person —, a visitor's place read by their token, expiry with a moving
 * clock, recovery after a crash without doubling).
 */
import crypto from 'node:crypto'
import { agreeToPolicies, describeEachDb, demoOrganizations, insertActivity, loginDemoRoles, type Harness } from './harness'
import { ENROLL_API } from '@contracts/enrollment'
import { ADMIN_TICKET_API, CHECKIN_API, TICKET_API, WAITLIST_API } from '@contracts/ticket'
import { STANDARD_FORM } from '../../server/src/db/seed/enrollment'
import { JobWorker } from '../../server/src/jobs/job-worker'
import { jobHandlers } from '../../server/src/job-handlers'
import { newTicketCode, normalizeTicketCode } from '../../server/src/lib/ticket-code'

const HOUR = 3600_000
const std = (email = 'me@example.com') => ({ name: '张三', email, phone: '+86 13800000000', organisation: 'MIT' })
const nonce = () => crypto.randomBytes(8).toString('hex')

describeEachDb('tickets, check-in and the waiting list', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let ownOrg: number
  let otherOrg: number
  let seq = 0

  beforeAll(async () => {
    h = get()
    ;({ ops, org } = await loginDemoRoles(h))
    ;({ ownOrg, otherOrg } = await demoOrganizations(h))
  })

  function makeActivity(o: Record<string, unknown> = {}): Promise<number> {
    seq++
    return insertActivity(h, { title_zh: `签到测试${seq}`, title_en: `Check-in test ${seq}`, organization_id: ownOrg, enroll_form: JSON.stringify(STANDARD_FORM), ...o })
  }
  async function newUser(email?: string): Promise<{ id: number; token: string }> {
    const ts = h.clock.now().toISOString()
    const u = await h.db
      .insertInto('users')
      .values({ email: email ?? `t31-${crypto.randomBytes(6).toString('hex')}@example.com`, password_hash: 'x', nick_name: 'Ticket', created_at: ts, updated_at: ts })
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow()
    await agreeToPolicies(h, u.id)
    return { id: u.id, token: await h.app.ctx.tokens.sign({ userId: u.id, tv: u.token_version, client: 'consumer' }, h.clock.now()) }
  }
  const enrol = async (activityId: number, token?: string, email?: string) => h.api('POST', ENROLL_API.submit, { body: { activityId, answers: std(email) }, token })
  const ticketOf = async (enrollmentId: number, token: string) => (await h.api('GET', `${TICKET_API.my}?enrollmentId=${enrollmentId}`, { token })).body
  const scan = (activityId: number, code: string, token = org, extra: Record<string, unknown> = {}) =>
    h.api('POST', CHECKIN_API.scan, { token, body: { activityId, code, nonce: nonce(), deviceId: 'device-A1', ...extra } })
  const seats = async (id: number) => {
    const a = await h.db.selectFrom('activities').select(['enrolled_count', 'held_count', 'people_count']).where('id', '=', id).executeTakeFirstOrThrow()
    const active = await h.db.selectFrom('activity_enrollments').select('id').where('activity_id', '=', id).where('status', 'in', ['pending', 'approved']).execute()
    const offered = await h.db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', id).where('state', '=', 'offered').execute()
    return { enrolled: a.enrolled_count, held: a.held_count, people: a.people_count, activeRows: active.length, offeredRows: offered.length }
  }
  const settings = (activityId: number, body: Record<string, unknown> = {}) =>
    h.api('POST', ADMIN_TICKET_API.saveSettings, { token: org, body: { activityId, waitlistEnabled: true, offerHours: 24, cancelDeadline: null, ...body } })

  describe('tickets', () => {
    it('codes are 130 random bits in Crockford base32, unrelated to ids, and typed variants normalise', () => {
      const codes = new Set(Array.from({ length: 5000 }, () => newTicketCode()))
      expect(codes.size).toBe(5000)
      for (const c of [...codes].slice(0, 50)) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
      const c = newTicketCode()
      expect(normalizeTicketCode(`${c.slice(0, 5).toLowerCase()}-${c.slice(5)} `)).toBe(c)
      expect(normalizeTicketCode('12345')).toBeNull()
      expect(normalizeTicketCode('U'.repeat(26))).toBeNull()
    })

    it('an approved enrolment has a ticket with the activity and holder; another person gets 302; no code contains the id', async () => {
      const a = await makeActivity()
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      const t = await ticketOf(e.enrollmentId, u.token)
      expect(t.code).toBe(200)
      expect(t.result).toMatchObject({ enrollmentId: e.enrollmentId, activityId: a, valid: true, state: 'valid', holderName: '张三', timeZone: 'UTC+08:00' })
      expect(t.result.code).toHaveLength(26)
      expect(t.result.qrPayload).toBe(t.result.code)
      const stored = await h.db.selectFrom('activity_enrollments').select('ticket_code').where('id', '=', e.enrollmentId).executeTakeFirstOrThrow()
      expect(stored.ticket_code).toBe(t.result.code)
      const other = await newUser()
      expect((await ticketOf(e.enrollmentId, other.token)).code).toBe(302)
    })

    it('pending, rejected and cancelled enrolments have no valid ticket and their code scans as such', async () => {
      const a = await makeActivity({ enroll_need_process: 1 })
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      const code = (await h.db.selectFrom('activity_enrollments').select('ticket_code').where('id', '=', e.enrollmentId).executeTakeFirstOrThrow()).ticket_code!
      const t = await ticketOf(e.enrollmentId, u.token)
      expect(t.result).toMatchObject({ state: 'pending', valid: false, code: '' })
      expect((await scan(a, code)).body.result.kind).toBe('not_confirmed')
      await h.api('POST', '/activity/enroll/admin/status', { token: org, body: { id: e.enrollmentId, status: 'rejected' } })
      expect((await ticketOf(e.enrollmentId, u.token)).result).toMatchObject({ state: 'rejected', valid: false, code: '' })
      expect((await scan(a, code)).body.result.kind).toBe('cancelled_or_rejected')
    })

    it('every seeded enrolment has a distinct ticket code (the seed adds codes, no rows)', async () => {
      const rows = await h.db.selectFrom('activity_enrollments').select(['id', 'ticket_code']).execute()
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.filter((r) => !r.ticket_code)).toEqual([])
      expect(new Set(rows.map((r) => r.ticket_code)).size).toBe(rows.length)
    })

    it("a guest reaches their ticket with their token; an unknown token answers 660", async () => {
      const a = await makeActivity({ is_need_login_enroll: 0 })
      const r = (await enrol(a, undefined, `guest-${seq}@example.com`)).body.result
      expect(r.guestToken).toBeTruthy()
      const t = await h.api('GET', `${TICKET_API.guest}?token=${r.guestToken}`)
      expect(t.body.result).toMatchObject({ enrollmentId: r.enrollmentId, valid: true })
      expect((await h.api('GET', `${TICKET_API.guest}?token=${'ab'.repeat(24)}`)).body.code).toBe(660)
      // the confirmation e-mail links to the ticket
      await new JobWorker(h.app.ctx, jobHandlers(h.app.services)).runDue()
      const email = `guest-${seq}@example.com`
      for (let i = 0; i < 50 && !h.mail.count(email); i++) await new Promise((r) => setTimeout(r, 100))
      const mail = h.mail.messages.find((m) => JSON.stringify(m.to ?? '').includes(email))
      expect(String(mail?.text ?? '')).toContain(`/ticket?token=${r.guestToken}`)
    })
  })

  describe('check-in', () => {
    it('checks in once; the second scan answers already with the time and who; wrong activity and unknown codes change nothing', async () => {
      const a = await makeActivity()
      const b = await makeActivity()
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      const code = (await ticketOf(e.enrollmentId, u.token)).result.code
      const first = await scan(a, code, org, { nonce: 'nonce-first-scan-1' })
      expect(first.body.result).toMatchObject({ kind: 'checked_in', replayed: false, counter: { checkedIn: 1, expected: 1 } })
      // the same scan sent again (a retry after a lost answer) is answered from the log and adds no row
      const retry = await scan(a, code, org, { nonce: 'nonce-first-scan-1' })
      expect(retry.body.result).toMatchObject({ kind: 'checked_in', replayed: true })
      expect(await h.db.selectFrom('checkin_scans').select('id').where('activity_id', '=', a).execute()).toHaveLength(1)
      const again = await scan(a, code, ops)
      expect(again.body.result.kind).toBe('already')
      expect(again.body.result.at).toBeTruthy()
      expect(again.body.result.by).toBeTruthy()
      expect((await scan(b, code)).body.result).toMatchObject({ kind: 'wrong_activity', ticketActivity: { id: a } })
      expect((await scan(a, newTicketCode())).body.result.kind).toBe('unknown')
      expect((await scan(a, 'not a code at all')).body.result.kind).toBe('unknown')
      expect((await h.api('GET', `${CHECKIN_API.counter}?activityId=${b}`, { token: org })).body.result).toMatchObject({ checkedIn: 0, expected: 0 })
      // undo is recorded and lets the ticket in again
      expect((await h.api('POST', CHECKIN_API.undo, { token: org, body: { enrollmentId: e.enrollmentId, reason: 'wrong person' } })).body.code).toBe(200)
      expect((await h.api('POST', CHECKIN_API.undo, { token: org, body: { enrollmentId: e.enrollmentId } })).body.code).toBe(666)
      expect((await scan(a, code)).body.result.kind).toBe('checked_in')
      const log = (await h.api('GET', `${CHECKIN_API.log}?activityId=${a}`, { token: org })).body.result
      expect(log.list.map((x: { action: string; kind: string }) => `${x.action}:${x.kind}`)).toEqual(['checkin:checked_in', 'undo:checked_in', 'checkin:unknown', 'checkin:unknown', 'checkin:already', 'checkin:checked_in'])
      // the analysis funnel counts the check-in; the activity has not ended, so no no-show rate yet
      const day = h.clock.now().toISOString().slice(0, 10)
      const funnel = (await h.api('GET', `/analysis/admin/enrolment?from=${day}&to=${day}&tz=UTC&activityId=${a}`, { token: ops })).body.result.funnel
      expect(funnel).toMatchObject({ enrollments: 1, approved: 1, checkedIn: 1, noShowRate: null })
      // the enrolment list shows who checked in and when
      const list = (await h.api('GET', `/activity/enroll/admin/list?activityId=${a}`, { token: org })).body.result
      expect(list.list[0].checkedInAt).toBeTruthy()
      expect(list.list[0].checkedInBy).toBeTruthy()
    })

    it('20 scanners scanning one ticket at the same moment: exactly one checked_in, 19 already', async () => {
      const a = await makeActivity()
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      const code = (await ticketOf(e.enrollmentId, u.token)).result.code
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => scan(a, code, i % 2 ? ops : org, { deviceId: `device-${i}-xx` })))
      const kinds = results.map((r) => r.body.result.kind)
      expect(kinds.filter((k) => k === 'checked_in')).toHaveLength(1)
      expect(kinds.filter((k) => k === 'already')).toHaveLength(19)
    })

    it('an offline batch uploaded twice counts once (nonces); the same ticket from two offline devices is a flagged conflict', async () => {
      const a = await makeActivity()
      const people = await Promise.all([newUser(), newUser(), newUser()])
      const codes: string[] = []
      for (const p of people) {
        const e = (await enrol(a, p.token)).body.result
        codes.push((await ticketOf(e.enrollmentId, p.token)).result.code)
      }
      const at = new Date(h.clock.now().getTime() - 60_000).toISOString()
      const batch = { activityId: a, deviceId: 'device-offline-1', scans: codes.map((code) => ({ code, nonce: nonce(), scannedAt: at })) }
      const r1 = await h.api('POST', CHECKIN_API.batch, { token: org, body: batch })
      expect(r1.body.result.results.map((x: { kind: string }) => x.kind)).toEqual(['checked_in', 'checked_in', 'checked_in'])
      const r2 = await h.api('POST', CHECKIN_API.batch, { token: org, body: batch })
      expect(r2.body.result.results.every((x: { replayed: boolean; kind: string }) => x.replayed && x.kind === 'checked_in')).toBe(true)
      expect(r2.body.result.counter).toMatchObject({ checkedIn: 3, expected: 3 })
      const logRows = await h.db.selectFrom('checkin_scans').select('id').where('activity_id', '=', a).execute()
      expect(logRows).toHaveLength(3)
      // a second device had scanned the first ticket offline too
      const other = await h.api('POST', CHECKIN_API.batch, { token: org, body: { activityId: a, deviceId: 'device-offline-2', scans: [{ code: codes[0], nonce: nonce(), scannedAt: at }] } })
      expect(other.body.result.results[0]).toMatchObject({ kind: 'already', conflict: true })
      expect(other.body.result.counter.checkedIn).toBe(3)
      const conflicts = (await h.api('GET', `${CHECKIN_API.log}?activityId=${a}&conflict=true`, { token: org })).body.result
      expect(conflicts.total).toBe(1)
      // a time in the future is refused
      const future = new Date(h.clock.now().getTime() + 3 * HOUR).toISOString()
      expect((await h.api('POST', CHECKIN_API.batch, { token: org, body: { activityId: a, deviceId: 'device-offline-3', scans: [{ code: codes[1], nonce: nonce(), scannedAt: future }] } })).body.code).toBe(301)
    })

    it("an organizer cannot check in, search, count or read the log of another organization's activity (302); operations can", async () => {
      const a = await makeActivity({ organization_id: otherOrg })
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      const code = (await ticketOf(e.enrollmentId, u.token)).result.code
      expect((await scan(a, code, org)).body.code).toBe(302)
      expect((await h.api('GET', `${CHECKIN_API.search}?activityId=${a}&keyword=zh`, { token: org })).body.code).toBe(302)
      expect((await h.api('GET', `${CHECKIN_API.counter}?activityId=${a}`, { token: org })).body.code).toBe(302)
      expect((await h.api('POST', CHECKIN_API.undo, { token: org, body: { enrollmentId: e.enrollmentId } })).body.code).toBe(302)
      expect((await h.api('POST', ADMIN_TICKET_API.cancel, { token: org, body: { id: e.enrollmentId, reason: 'x' } })).body.code).toBe(302)
      const row = await h.db.selectFrom('activity_enrollments').select(['checked_in_at', 'status']).where('id', '=', e.enrollmentId).executeTakeFirstOrThrow()
      expect(row).toEqual({ checked_in_at: null, status: 'approved' })
      expect(await h.db.selectFrom('checkin_scans').select('id').where('activity_id', '=', a).execute()).toEqual([])
      expect((await scan(a, code, ops)).body.result.kind).toBe('checked_in')
      const found = (await h.api('GET', `${CHECKIN_API.search}?activityId=${a}&keyword=${encodeURIComponent('张三')}`, { token: ops })).body.result
      expect(found.map((p: { enrollmentId: number }) => p.enrollmentId)).toContain(e.enrollmentId)
      // the search answer carries a confirmed person's code: the door checks in someone found by name
      expect(found.find((p: { enrollmentId: number }) => p.enrollmentId === e.enrollmentId).code).toBe(code)
    })
  })

  describe('cancellation', () => {
    it('the holder cancels before the deadline (seat freed at once); after it 661 and nothing changes', async () => {
      const a = await makeActivity({ people_count: 1, sign_up_once: 0 })
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      expect((await seats(a)).enrolled).toBe(1)
      const r = await h.api('POST', TICKET_API.cancel, { token: u.token, body: { enrollmentId: e.enrollmentId } })
      expect(r.body.result).toMatchObject({ enrollmentId: e.enrollmentId, status: 'cancelled' })
      expect((await seats(a)).enrolled).toBe(0)
      expect((await h.api('POST', TICKET_API.cancel, { token: u.token, body: { enrollmentId: e.enrollmentId } })).body.code).toBe(667)
      expect((await ticketOf(e.enrollmentId, u.token)).result).toMatchObject({ state: 'cancelled', valid: false })
      // register again: the button says so and enrolling works
      expect((await h.api('GET', `${ENROLL_API.form}?activityId=${a}`, { token: u.token })).body.result.enrollState).toBe('register_again')
      const again = (await enrol(a, u.token)).body.result
      // a deadline in the past refuses
      await settings(a, { cancelDeadline: new Date(h.clock.now().getTime() - HOUR).toISOString(), waitlistEnabled: false })
      expect((await h.api('POST', TICKET_API.cancel, { token: u.token, body: { enrollmentId: again.enrollmentId } })).body.code).toBe(661)
      expect((await seats(a)).enrolled).toBe(1)
      const admin = (await h.api('GET', `/activity/enroll/admin/list?activityId=${a}&status=cancelled`, { token: org })).body.result
      expect(admin.list[0]).toMatchObject({ status: 'cancelled', cancelledBy: 'self' })
    })

    it('an organizer cancels with a reason; the person hears of it in their inbox', async () => {
      const a = await makeActivity()
      const u = await newUser()
      const e = (await enrol(a, u.token)).body.result
      expect((await h.api('POST', ADMIN_TICKET_API.cancel, { token: org, body: { id: e.enrollmentId, reason: '' } })).body.code).toBe(301)
      expect((await h.api('POST', ADMIN_TICKET_API.cancel, { token: org, body: { id: e.enrollmentId, reason: '场地变更 venue changed' } })).body.code).toBe(200)
      const inbox = await h.db.selectFrom('notifications').select(['kind', 'body_zh']).where('user_id', '=', u.id).where('kind', '=', 'enrol_cancelled').execute()
      expect(inbox).toHaveLength(1)
      expect(inbox[0].body_zh).toContain('场地变更')
    })
  })

  describe('the waiting list', () => {
    async function fullActivity(seatsN: number, o: Record<string, unknown> = {}) {
      const a = await makeActivity({ people_count: seatsN, ...o })
      expect((await settings(a)).body.code).toBe(200)
      const holders: Array<{ id: number; token: string; enrollmentId: number }> = []
      for (let i = 0; i < seatsN; i++) {
        const u = await newUser()
        holders.push({ ...u, enrollmentId: (await enrol(a, u.token)).body.result.enrollmentId })
      }
      return { a, holders }
    }
    const join = (a: number, token?: string, email?: string) => h.api('POST', WAITLIST_API.join, { token, body: { activityId: a, answers: std(email) } })

    it('full → join_waitlist; a cancellation offers the seat to the first waiting person, who confirms; positions move', async () => {
      const { a, holders } = await fullActivity(1)
      const [p1, p2] = [await newUser(), await newUser()]
      expect((await h.api('GET', `${ENROLL_API.form}?activityId=${a}`, { token: p1.token })).body.result.enrollState).toBe('join_waitlist')
      expect((await enrol(a, p1.token)).body.code).toBe(519)
      const w1 = (await join(a, p1.token)).body.result
      const w2 = (await join(a, p2.token)).body.result
      expect([w1.position, w2.position]).toEqual([1, 2])
      expect((await join(a, p1.token)).body.code).toBe(663)
      expect((await h.api('GET', `${ENROLL_API.form}?activityId=${a}`, { token: p2.token })).body.result.enrollState).toBe('on_waitlist')
      await h.api('POST', TICKET_API.cancel, { token: holders[0].token, body: { enrollmentId: holders[0].enrollmentId } })
      expect(await seats(a)).toMatchObject({ enrolled: 0, held: 1, offeredRows: 1 })
      const mine1 = (await h.api('GET', `${WAITLIST_API.my}?activityId=${a}`, { token: p1.token })).body.result
      expect(mine1.state).toBe('offered')
      expect((await h.api('GET', `${WAITLIST_API.my}?activityId=${a}`, { token: p2.token })).body.result.position).toBe(1)
      // a newcomer cannot take the held seat
      expect((await enrol(a, (await newUser()).token)).body.code).toBe(519)
      const inbox = await h.db.selectFrom('notifications').select('kind').where('user_id', '=', p1.id).execute()
      expect(inbox.map((x) => x.kind)).toContain('offer')
      expect((await h.api('POST', WAITLIST_API.confirm, { token: p2.token, body: { waitlistId: w1.id } })).body.code).toBe(302)
      const c = await h.api('POST', WAITLIST_API.confirm, { token: p1.token, body: { waitlistId: w1.id } })
      expect(c.body.result.status).toBe('approved')
      expect(await seats(a)).toMatchObject({ enrolled: 1, held: 0, activeRows: 1 })
      expect((await h.api('POST', WAITLIST_API.confirm, { token: p1.token, body: { waitlistId: w1.id } })).body.code).toBe(664)
    })

    it('one person per list: the same visitor e-mail with a +alias or other case is refused (663)', async () => {
      const { a } = await fullActivity(1, { is_need_login_enroll: 0 })
      expect((await join(a, undefined, `ann.lee${seq}@example.com`)).body.code).toBe(200)
      expect((await join(a, undefined, `Ann.Lee${seq}+events@Example.com`)).body.code).toBe(663)
    })

    it('a visitor and an account with the same e-mail are one person: the second join is 663 and changes nothing; a freed seat is offered once', async () => {
      const entries = async (a: number) => h.db.selectFrom('activity_waitlist').select(['id', 'state', 'user_id']).where('activity_id', '=', a).orderBy('id').execute()
      // the visitor first, the account (its e-mail in other case, with spaces around the visitor's) second
      const first = await fullActivity(1, { is_need_login_enroll: 0 })
      const u = await newUser(`one.person${seq}@example.com`)
      expect((await join(first.a, undefined, `  One.Person${seq}@EXAMPLE.com `)).body.code).toBe(200)
      const before = await entries(first.a)
      expect((await join(first.a, u.token)).body.code).toBe(663)
      expect(await entries(first.a)).toEqual(before)
      // the account first, then a visitor with its e-mail (other case, a +alias)
      const second = await fullActivity(1, { is_need_login_enroll: 0 })
      const v = await newUser(`two.person${seq}@example.com`)
      expect((await join(second.a, v.token)).body.code).toBe(200)
      const held = await entries(second.a)
      expect((await join(second.a, undefined, `Two.Person${seq}@Example.COM`)).body.code).toBe(663)
      expect((await join(second.a, undefined, `two.person${seq}+again@example.com`)).body.code).toBe(663)
      expect(await entries(second.a)).toEqual(held)
      // an account of an earlier release, on the list under its account key: its e-mail from a visitor is 663 too
      const third = await fullActivity(1, { is_need_login_enroll: 0 })
      const w = await newUser(`three.person${seq}@example.com`)
      expect((await join(third.a, w.token)).body.code).toBe(200)
      await h.db.updateTable('activity_waitlist').set({ person_key: `u:${w.id}` }).where('activity_id', '=', third.a).execute()
      expect((await join(third.a, undefined, `Three.Person${seq}@example.com`)).body.code).toBe(663)
      // a freed seat goes to the one entry: one offer, one person
      await h.api('POST', TICKET_API.cancel, { token: second.holders[0].token, body: { enrollmentId: second.holders[0].enrollmentId } })
      expect(await seats(second.a)).toMatchObject({ held: 1, offeredRows: 1 })
      expect((await entries(second.a)).map((e) => [e.user_id, e.state])).toEqual([[v.id, 'offered']])
      expect((await h.api('GET', `${WAITLIST_API.my}?activityId=${second.a}`, { token: v.token })).body.result.state).toBe('offered')
    })

    it("a visitor sees their place with their token, with or without the activity; the offer e-mail links it; no token and no activity is 301", async () => {
      const { a, holders } = await fullActivity(1, { is_need_login_enroll: 0, time_zone: 'UTC+09:00' })
      await join(a, (await newUser()).token)
      const email = `waiting-guest${seq}@example.com`
      const w = (await join(a, undefined, email)).body.result
      expect(w).toMatchObject({ state: 'waiting', position: 2 })
      expect(w.guestToken).toMatch(/^[0-9a-f]{48}$/)
      expect((await h.api('GET', `${WAITLIST_API.my}?activityId=${a}&guestToken=${w.guestToken}`)).body.result).toMatchObject({ id: w.id, position: 2 })
      const alone = (await h.api('GET', `${WAITLIST_API.my}?guestToken=${w.guestToken}`)).body
      expect(alone.code).toBe(200)
      expect(alone.result).toMatchObject({ id: w.id, activityId: a, state: 'waiting', position: 2, titleEn: `Check-in test ${seq}`, timeZone: 'UTC+09:00' })
      expect(alone.result.guestToken).toBeUndefined()
      expect((await h.api('GET', `${WAITLIST_API.my}?guestToken=${'ab'.repeat(24)}`)).body).toMatchObject({ code: 200, result: null })
      expect((await h.api('GET', WAITLIST_API.my)).body.code).toBe(301)
      // the ticket link of the token is not a ticket yet (the page then reads the place)
      expect((await h.api('GET', `${TICKET_API.guest}?token=${w.guestToken}`)).body.code).toBe(660)
      // the account ahead leaves: the visitor is first
      const ahead = (await h.db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', a).where('user_id', 'is not', null).executeTakeFirstOrThrow()).id
      await h.db.updateTable('activity_waitlist').set({ state: 'left' }).where('id', '=', ahead).execute()
      expect((await h.api('GET', `${WAITLIST_API.my}?guestToken=${w.guestToken}`)).body.result.position).toBe(1)
      // a seat comes free: the offer e-mail links the visitor's place by their token
      await h.api('POST', TICKET_API.cancel, { token: holders[0].token, body: { enrollmentId: holders[0].enrollmentId } })
      expect((await h.api('GET', `${WAITLIST_API.my}?guestToken=${w.guestToken}`)).body.result.state).toBe('offered')
      await new JobWorker(h.app.ctx, jobHandlers(h.app.services)).runDue()
      for (let i = 0; i < 50 && !h.mail.count(email); i++) await new Promise((r) => setTimeout(r, 100))
      const mail = h.mail.messages.find((m) => JSON.stringify(m.to ?? '').includes(email))
      expect(String(mail?.text ?? '')).toContain(`/ticket?token=${w.guestToken}`)
      // confirmed, the same token opens the ticket
      expect((await h.api('POST', WAITLIST_API.confirm, { body: { waitlistId: w.id, guestToken: w.guestToken } })).body.code).toBe(200)
      expect((await h.api('GET', `${TICKET_API.guest}?token=${w.guestToken}`)).body.result).toMatchObject({ valid: true, timeZone: 'UTC+09:00' })
    })

    it('an offer expires with the moving clock: its job passes the seat to the next person; a late confirm is 664', async () => {
      const { a, holders } = await fullActivity(1)
      await settings(a, { offerHours: 2 })
      const [p1, p2] = [await newUser(), await newUser()]
      const w1 = (await join(a, p1.token)).body.result
      const w2 = (await join(a, p2.token)).body.result
      await h.api('POST', TICKET_API.cancel, { token: holders[0].token, body: { enrollmentId: holders[0].enrollmentId } })
      const worker = new JobWorker(h.app.ctx, jobHandlers(h.app.services))
      await worker.runDue()
      expect((await h.db.selectFrom('activity_waitlist').select('state').where('id', '=', w1.id).executeTakeFirstOrThrow()).state).toBe('offered')
      h.clock.advance(2 * HOUR + 1000)
      try {
        await worker.runDue()
        const states = await h.db.selectFrom('activity_waitlist').select(['id', 'state']).where('activity_id', '=', a).orderBy('id').execute()
        expect(states.map((s) => s.state)).toEqual(['expired', 'offered'])
        expect((await h.api('POST', WAITLIST_API.confirm, { token: p1.token, body: { waitlistId: w1.id } })).body.code).toBe(664)
        expect(await seats(a)).toMatchObject({ enrolled: 0, held: 1, offeredRows: 1 })
        expect((await h.api('POST', WAITLIST_API.confirm, { token: p2.token, body: { waitlistId: w2.id } })).body.code).toBe(200)
        expect(await seats(a)).toMatchObject({ enrolled: 1, held: 0 })
      } finally {
        h.clock.advance(-(2 * HOUR + 1000))
      }
    })

    it('recovery after a crash: offers nobody was told of are told once; sweeping and re-running jobs twice doubles nothing', async () => {
      const { a, holders } = await fullActivity(2)
      const waiting = [await newUser(), await newUser(), await newUser()]
      for (const p of waiting) await join(a, p.token)
      // the process "dies" after the cancel transaction, before announcing: call the repository only
      await h.app.services.ticket.repo.cancel(holders[0].enrollmentId, null, null, h.clock.now().toISOString())
      // and seats raised behind the service's back
      await h.db.updateTable('activities').set({ people_count: 3 }).where('id', '=', a).execute()
      await h.app.services.ticket.sweep()
      await h.app.services.ticket.sweep()
      const worker = new JobWorker(h.app.ctx, jobHandlers(h.app.services))
      await worker.runDue()
      await worker.runDue()
      expect(await seats(a)).toMatchObject({ enrolled: 1, held: 2, people: 3, offeredRows: 2 })
      const offerMails = await h.db.selectFrom('notifications').select('user_id').where('kind', '=', 'offer').where('activity_id', '=', a).execute()
      expect(offerMails.map((x) => x.user_id).sort()).toEqual([waiting[0].id, waiting[1].id].sort())
      // one expiry job per offer, however often the sweep ran
      const offered = await h.db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', a).where('state', '=', 'offered').execute()
      for (const o of offered) expect(await h.db.selectFrom('job_queue').select('id').where('type', '=', 'waitlist.expire').where('dedupe_key', 'like', `waitlist-expire:${o.id}:%`).execute()).toHaveLength(1)
    })

    it('200 concurrent cancellations on a full activity with 500 waiting: exactly 200 offers, seats never exceeded, queue order kept', async () => {
      const N = 200
      const a = await makeActivity({ people_count: N })
      await settings(a)
      const ts = h.clock.now().toISOString()
      // seats taken and people waiting, inserted in bulk (the API path is covered above)
      const users = await Promise.all(Array.from({ length: N + 500 }, () => newUser()))
      const holderRows = users.slice(0, N).map((u) => ({ activity_id: a, user_id: u.id, status: 'approved' as const, form_answers: '{}', ticket_code: newTicketCode(), created_at: ts, updated_at: ts }))
      const enrolled = await h.db.insertInto('activity_enrollments').values(holderRows).returning('id').execute()
      await h.db.updateTable('activities').set({ enrolled_count: N }).where('id', '=', a).execute()
      const waitRows = users.slice(N).map((u) => ({ activity_id: a, user_id: u.id, person_key: `u:${u.id}`, form_answers: '{}', created_at: ts, updated_at: ts }))
      for (let i = 0; i < waitRows.length; i += 100) await h.db.insertInto('activity_waitlist').values(waitRows.slice(i, i + 100)).execute()
      const svc = h.app.services.ticket
      const results = await Promise.allSettled(enrolled.map((e, i) => svc.cancelMine({ enrollmentId: e.id }, users[i].id)))
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(N)
      const s = await seats(a)
      expect(s).toMatchObject({ enrolled: 0, held: N, offeredRows: N, activeRows: 0 })
      expect(s.enrolled + s.held).toBeLessThanOrEqual(s.people)
      const offered = await h.db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', a).where('state', '=', 'offered').orderBy('id').execute()
      const firstWaiting = await h.db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', a).orderBy('id').limit(N).execute()
      expect(offered.map((r) => r.id)).toEqual(firstWaiting.map((r) => r.id))
      // and all of them confirming at once: exactly the held seats become enrolments
      const confirms = await Promise.allSettled(offered.map((o, i) => svc.confirm(o.id, users[N + i].id)))
      expect(confirms.filter((r) => r.status === 'fulfilled')).toHaveLength(N)
      expect(await seats(a)).toMatchObject({ enrolled: N, held: 0, activeRows: N })
    }, 120_000)
  })
})
