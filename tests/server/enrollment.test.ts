/**
 * Enrolment: the application form, every rule of the enrol action and its catalogue code,
 * per-field validation, guests, promoter attribution, "my enrolments", the calendar file, and the
 * no-oversell guarantee under 200 concurrent enrolments — on SQLite and PostgreSQL.
 */
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { sql } from 'kysely'
import { agreeToPolicies, describeEachDb, insertActivity, type Harness } from './harness'
import { ENROLL_API } from '@contracts/enrollment'
import { ALL_TYPES_FORM, STANDARD_FORM, GUEST_FORM, DEMO_PROMOTER_CODE } from '../../server/src/db/seed/enrollment'

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(2000)])
const HOUR = 3600_000

function multipart(filename: string, content: Buffer) {
  const boundary = `----hj${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describeEachDb('enrolment', (get) => {
  let h: Harness
  let userToken: string
  let promoterToken: string
  let promoterId: number
  let orgId: number
  let seq = 0

  beforeAll(async () => {
    h = get()
    userToken = await h.login('user@haijiao.demo')
    promoterToken = await h.login('promoter@haijiao.demo')
    promoterId = (await h.db.selectFrom('users').select('id').where('email', '=', 'promoter@haijiao.demo').executeTakeFirstOrThrow()).id
    orgId = (await h.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  })

  /** a published activity starting in 3 days, open, 100 seats, the standard form, unless overridden */
  function makeActivity(o: Record<string, unknown> = {}): Promise<number> {
    seq++
    return insertActivity(h, { title_zh: `报名测试活动${seq}`, title_en: `Enrolment test ${seq}`, summary_zh: '测试', summary_en: 'Test', organization_id: orgId, enroll_form: JSON.stringify(STANDARD_FORM), ...o })
  }
  const std = (email = 'me@example.com') => ({ name: '张三', email, phone: '+86 13800000000', organisation: 'MIT' })
  const submit = (body: object, token?: string) => h.api('POST', ENROLL_API.submit, { body, token })
  const form = (activityId: number, token?: string, guestToken?: string) =>
    h.api('GET', `${ENROLL_API.form}?activityId=${activityId}${guestToken ? `&guestToken=${guestToken}` : ''}`, { token })
  const counts = async (activityId: number) => {
    const a = await h.db.selectFrom('activities').select('enrolled_count').where('id', '=', activityId).executeTakeFirstOrThrow()
    const rows = await h.db.selectFrom('activity_enrollments').select('id').where('activity_id', '=', activityId).execute()
    return { enrolled: a.enrolled_count, rows: rows.length }
  }
  const upload = async (token: string) => {
    const m = multipart('cv.png', PNG)
    const r = await h.api('POST', '/file/info/single/upload?kind=image', { token, headers: m.headers, payload: m.payload })
    expect(r.body.code).toBe(200)
    return r.body.result as string
  }
  async function newUser(): Promise<{ id: number; token: string }> {
    const ts = h.clock.now().toISOString()
    const u = await h.db
      .insertInto('users')
      .values({ email: `load-${crypto.randomBytes(6).toString('hex')}@example.com`, password_hash: 'x', nick_name: 'Load', created_at: ts, updated_at: ts })
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow()
    await agreeToPolicies(h, u.id)
    return { id: u.id, token: await h.app.ctx.tokens.sign({ userId: u.id, tv: u.token_version, client: 'consumer' }, h.clock.now()) }
  }

  describe('seeded forms', () => {
    it('seeded activities carry bilingual forms: one with all nine field types, a guest one, a full one, approval ones', async () => {
      const rows = await h.db
        .selectFrom('activities')
        .select(['id', 'enroll_form', 'is_need_login_enroll', 'enroll_need_process', 'people_count', 'enrolled_count'])
        .where('enroll_form', 'is not', null)
        .execute()
      expect(rows.length).toBeGreaterThanOrEqual(50)
      const types = (r: { enroll_form: string | null }) => new Set((JSON.parse(r.enroll_form!) as Array<{ type: string }>).map((f) => f.type))
      const all = rows.find((r) => types(r).size === 9)!
      expect(all).toBeDefined()
      const f = await form(all.id)
      expect(f.body.result.fields.map((x: { type: string }) => x.type)).toEqual(ALL_TYPES_FORM.map((x) => x.type))
      for (const field of f.body.result.fields) {
        expect(field.labelZh).toBeTruthy()
        expect(field.labelEn).toBeTruthy()
      }
      expect(rows.some((r) => !r.is_need_login_enroll && types(r).has('email') && !types(r).has('attachment'))).toBe(true)
      expect(rows.some((r) => r.enroll_need_process)).toBe(true)
      expect(rows.some((r) => r.people_count > 0 && r.enrolled_count >= r.people_count)).toBe(true)
      // counters cover the seeded active enrolments
      const held = await h.db
        .selectFrom('activity_enrollments as e')
        .innerJoin('activities as a', 'a.id', 'e.activity_id')
        .select(['a.id', 'a.enrolled_count', 'a.people_count'])
        .where('e.status', 'in', ['pending', 'approved'])
        .execute()
      for (const r of held) {
        expect(r.enrolled_count).toBeGreaterThanOrEqual(1)
        expect(r.enrolled_count).toBeLessThanOrEqual(r.people_count)
      }
    })

    it('the demo promoter has the share code DEMO2026', async () => {
      const u = await h.db.selectFrom('users').select(['promoter_code', 'is_promoter']).where('email', '=', 'promoter@haijiao.demo').executeTakeFirstOrThrow()
      expect(u).toEqual({ promoter_code: DEMO_PROMOTER_CODE, is_promoter: 1 })
    })
  })

  describe('form and enrolling', () => {
    it('the form answers the definition, notes and flags; 302 for an unknown activity', async () => {
      const id = await makeActivity({ enroll_notes_zh: '请准时到场', enroll_notes_en: 'Please be on time', enroll_need_process: 1 })
      const r = await form(id)
      expect(r.body.code).toBe(200)
      expect(r.body.result).toMatchObject({
        activityId: id,
        enrollNotesZh: '请准时到场',
        enrollNotesEn: 'Please be on time',
        enrollNeedProcess: true,
        isNeedLoginEnroll: true,
        enrollState: 'register_now',
        myEnrollment: null,
      })
      expect(r.body.result.fields).toHaveLength(STANDARD_FORM.length)
      expect((await form(999999)).body.code).toBe(302)
      expect((await submit({ activityId: 999999, answers: {} }, userToken)).body.code).toBe(302)
    })

    it('a logged-out visitor gets 201 (HTTP 401) where the activity needs a login, and nothing is stored', async () => {
      const id = await makeActivity()
      const r = await submit({ activityId: id, answers: std() })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe(201)
      expect(await counts(id)).toEqual({ enrolled: 0, rows: 0 })
    })

    it('a form with all nine field types is accepted, stored normalised, and shown back as registered; a second try is 424', async () => {
      const id = await makeActivity({ enroll_form: JSON.stringify(ALL_TYPES_FORM) })
      const cv = await upload(userToken)
      const answers = {
        name: ' 李四 ',
        email: 'Li.Si@Example.com',
        intro: '机器学习研究员\n十年经验',
        yearsAbroad: '8',
        returnDate: '2027-03-01',
        attend: 'onsite',
        interests: ['jobs', 'policy', 'jobs'],
        degree: 'phd',
        cv,
        unknownKey: 'dropped',
      }
      const r = await submit({ activityId: id, answers }, userToken)
      expect(r.body).toMatchObject({ code: 200, result: { enrollmentId: expect.any(Number), status: 'approved' } })
      expect(r.body.result.guestToken).toBeUndefined()
      const f = await form(id, userToken)
      expect(f.body.result.enrollState).toBe('registered')
      expect(f.body.result.myEnrollment).toMatchObject({
        enrollmentId: r.body.result.enrollmentId,
        status: 'approved',
        answers: { name: '李四', email: 'li.si@example.com', intro: '机器学习研究员\n十年经验', yearsAbroad: 8, returnDate: '2027-03-01', attend: 'onsite', interests: ['policy', 'jobs'], degree: 'phd', cv },
      })
      expect(f.body.result.myEnrollment.answers.unknownKey).toBeUndefined()
      const detail = await h.api('GET', `/activity/info/detail?id=${id}`, { token: userToken })
      expect(detail.body.result).toMatchObject({ enrollState: 'registered', enrolledCount: 1, myEnrollment: { status: 'approved' } })
      const again = await submit({ activityId: id, answers }, userToken)
      expect(again.body.code).toBe(424)
      expect(await counts(id)).toEqual({ enrolled: 1, rows: 1 })
    })

    it('validation names the failing field (301) per type and changes nothing', async () => {
      const id = await makeActivity({ enroll_form: JSON.stringify(ALL_TYPES_FORM) })
      const cv = await upload(userToken)
      const good = { name: '王五', email: 'w@example.com', intro: 'hi', yearsAbroad: 3, returnDate: '', attend: 'online', interests: ['startup'], degree: 'master', cv }
      // a 5 MB file of ours with a valid name is over the image limit
      const month = h.clock.now().toISOString().slice(0, 7)
      const bigName = `${crypto.randomBytes(16).toString('hex')}.png`
      fs.mkdirSync(path.join(h.config.dataDir, 'uploads', month), { recursive: true })
      fs.writeFileSync(path.join(h.config.dataDir, 'uploads', month, bigName), Buffer.alloc(5 * 1024 * 1024))
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: '' }, 'name', 'required'],
        [{ name: 'x'.repeat(51) }, 'name', 'tooLong'],
        [{ email: 'not-an-email' }, 'email', 'email'],
        [{ intro: undefined }, 'intro', 'required'],
        [{ yearsAbroad: 'eight' }, 'yearsAbroad', 'number'],
        [{ yearsAbroad: 61 }, 'yearsAbroad', 'max'],
        [{ yearsAbroad: -1 }, 'yearsAbroad', 'min'],
        [{ returnDate: '2027-02-30' }, 'returnDate', 'date'],
        [{ returnDate: '01/03/2027' }, 'returnDate', 'date'],
        [{ attend: 'teleport' }, 'attend', 'option'],
        [{ interests: [] }, 'interests', 'required'],
        [{ interests: ['policy', 'golf'] }, 'interests', 'option'],
        [{ interests: 'policy' }, 'interests', 'type'],
        [{ degree: 'kindergarten' }, 'degree', 'option'],
        [{ cv: 'https://evil.example.com/x.png' }, 'cv', 'upload'],
        [{ cv: `/uploads/${month}/${'0'.repeat(32)}.png` }, 'cv', 'upload'],
        [{ cv: `/uploads/${month}/${bigName}` }, 'cv', 'tooLarge'],
      ]
      for (const [change, field, reason] of cases) {
        const r = await submit({ activityId: id, answers: { ...good, ...change } }, userToken)
        expect({ field, code: r.body.code, result: r.body.result }).toEqual({ field, code: 301, result: { field, reason } })
        expect(r.body.message).toContain(field)
      }
      expect(await counts(id)).toEqual({ enrolled: 0, rows: 0 })
      expect((await submit({ activityId: id, answers: good }, userToken)).body.code).toBe(200)
    })

    it('enrollNeedProcess: the enrolment waits for approval (pending), shows as registered/pending and holds a seat', async () => {
      const id = await makeActivity({ enroll_need_process: 1 })
      const r = await submit({ activityId: id, answers: std() }, userToken)
      expect(r.body.result.status).toBe('pending')
      const f = await form(id, userToken)
      expect(f.body.result).toMatchObject({ enrollState: 'registered', myEnrollment: { status: 'pending' } })
      expect(await counts(id)).toEqual({ enrolled: 1, rows: 1 })
      const my = await h.api('GET', `${ENROLL_API.my}?segment=pending`, { token: userToken })
      expect(my.body.result.list.map((x: { activity: { id: number } }) => x.activity.id)).toContain(id)
    })

    it('closed rules answer 425 with a reason: not open, past deadline, deadline = end, ended', async () => {
      const now = h.clock.now().getTime()
      const notOpen = await makeActivity({ is_open: 0 })
      const pastDeadline = await makeActivity({ enroll_deadline: new Date(now - HOUR).toISOString() })
      const deadlineIsEnd = await makeActivity({ enroll_deadline: new Date(now - HOUR).toISOString(), is_deadline_equal_end: 1 })
      const ended = await makeActivity({ start_time: new Date(now - 5 * HOUR).toISOString(), end_time: new Date(now - HOUR).toISOString() })
      expect((await submit({ activityId: notOpen, answers: std() }, userToken)).body).toMatchObject({ code: 425, result: { reason: 'closed' } })
      expect((await submit({ activityId: pastDeadline, answers: std() }, userToken)).body).toMatchObject({ code: 425, result: { reason: 'deadline' } })
      expect((await submit({ activityId: ended, answers: std() }, userToken)).body).toMatchObject({ code: 425, result: { reason: 'ended' } })
      // isDeadlineEqualEnd ignores the stored deadline: open until the end
      expect((await submit({ activityId: deadlineIsEnd, answers: std() }, userToken)).body.code).toBe(200)
      for (const id of [notOpen, pastDeadline, ended]) expect(await counts(id)).toEqual({ enrolled: 0, rows: 0 })
    })

    it('a full activity answers 519 and stores nothing', async () => {
      const id = await makeActivity({ people_count: 10, enrolled_count: 10 })
      const r = await submit({ activityId: id, answers: std() }, userToken)
      expect(r.body.code).toBe(519)
      expect(await counts(id)).toEqual({ enrolled: 10, rows: 0 })
      expect((await form(id, userToken)).body.result.enrollState).toBe('closed')
    })

    it('signUpOnce: after a rejection, 425 sign_up_once; otherwise "register again" works; rejection frees the seat', async () => {
      const service = h.app.services.enrollment
      const once = await makeActivity({ sign_up_once: 1, enroll_need_process: 1, people_count: 1 })
      const again = await makeActivity({ sign_up_once: 0, enroll_need_process: 1, people_count: 1 })
      for (const id of [once, again]) {
        const r = await submit({ activityId: id, answers: std() }, userToken)
        expect(r.body.code).toBe(200)
        expect((await submit({ activityId: id, answers: std() }, promoterToken)).body.code).toBe(519)
        await service.setStatus(r.body.result.enrollmentId, 'rejected')
        expect(await counts(id)).toEqual({ enrolled: 0, rows: 1 })
      }
      expect((await form(once, userToken)).body.result.enrollState).toBe('closed')
      expect((await submit({ activityId: once, answers: std() }, userToken)).body).toMatchObject({ code: 425, result: { reason: 'sign_up_once' } })
      expect((await form(again, userToken)).body.result).toMatchObject({ enrollState: 'register_again', myEnrollment: { status: 'rejected' } })
      const r2 = await submit({ activityId: again, answers: std() }, userToken)
      expect(r2.body.code).toBe(200)
      expect((await form(again, userToken)).body.result).toMatchObject({ enrollState: 'registered', myEnrollment: { enrollmentId: r2.body.result.enrollmentId, status: 'pending' } })
      expect(await counts(again)).toEqual({ enrolled: 1, rows: 2 })
      // approval keeps the seat; re-activating the old rejected one is a duplicate
      const old = (await h.db.selectFrom('activity_enrollments').select('id').where('activity_id', '=', again).where('status', '=', 'rejected').executeTakeFirstOrThrow()).id
      await service.setStatus(r2.body.result.enrollmentId, 'approved')
      expect(await counts(again)).toEqual({ enrolled: 1, rows: 2 })
      await expect(service.setStatus(old, 'approved')).rejects.toMatchObject({ code: 424 })
      await expect(service.setStatus(987654, 'approved')).rejects.toMatchObject({ code: 302 })
    })
  })

  describe('guests and promoters', () => {
    it('isNeedLoginEnroll = 0: a visitor enrols by the form e-mail, sees it with the guest token; the same e-mail again is 424', async () => {
      const id = await makeActivity({ is_need_login_enroll: 0, enroll_form: JSON.stringify(GUEST_FORM) })
      const r = await submit({ activityId: id, answers: { name: 'Guest', email: 'Guest@Example.com', phone: '123' } })
      expect(r.body).toMatchObject({ code: 200, result: { status: 'approved', guestToken: expect.stringMatching(/^[0-9a-f]{48}$/) } })
      const f = await form(id, undefined, r.body.result.guestToken)
      expect(f.body.result).toMatchObject({ enrollState: 'registered', myEnrollment: { status: 'approved', answers: { email: 'guest@example.com' } } })
      expect((await form(id)).body.result.enrollState).toBe('register_now')
      expect((await submit({ activityId: id, answers: { name: 'G2', email: 'guest@example.com', phone: '1' } })).body.code).toBe(424)
      expect((await submit({ activityId: id, answers: { name: 'G3', email: 'bad', phone: '1' } })).body).toMatchObject({ code: 301, result: { field: 'email' } })
      const row = await h.db.selectFrom('activity_enrollments').select(['user_id', 'guest_email']).where('activity_id', '=', id).executeTakeFirstOrThrow()
      expect(row).toEqual({ user_id: null, guest_email: 'guest@example.com' })
      expect(await counts(id)).toEqual({ enrolled: 1, rows: 1 })
    })

    it('a promoter code attributes the enrolment to the promoter; unknown codes are ignored', async () => {
      const a = await makeActivity()
      const b = await makeActivity()
      const r1 = await submit({ activityId: a, answers: std(), promoterCode: DEMO_PROMOTER_CODE }, userToken)
      const r2 = await submit({ activityId: b, answers: std(), promoterCode: 'NOPE123' }, userToken)
      const p = (id: number) => h.db.selectFrom('activity_enrollments').select('promoter_user_id').where('id', '=', id).executeTakeFirstOrThrow()
      expect(await p(r1.body.result.enrollmentId)).toEqual({ promoter_user_id: promoterId })
      expect(await p(r2.body.result.enrollmentId)).toEqual({ promoter_user_id: null })
    })
  })

  describe('my enrolments', () => {
    it('needs a login; segments all / enrolled / pending / past, newest first, with the activity list item', async () => {
      expect((await h.api('GET', `${ENROLL_API.my}?segment=enrolled`)).status).toBe(401)
      expect((await h.api('GET', `${ENROLL_API.my}?segment=nope`, { token: userToken })).body.code).toBe(301)
      const u = await newUser()
      const a1 = await makeActivity()
      const a2 = await makeActivity({ enroll_need_process: 1 })
      const a3 = await makeActivity()
      for (const id of [a1, a2, a3]) {
        expect((await submit({ activityId: id, answers: std() }, u.token)).body.code).toBe(200)
        h.clock.advance(1000)
      }
      // a3 ends: move its times into the past
      const now = h.clock.now().getTime()
      await h.db.updateTable('activities').set({ start_time: new Date(now - 3 * HOUR).toISOString(), end_time: new Date(now - HOUR).toISOString() }).where('id', '=', a3).execute()
      const seg = async (s: string) => (await h.api('GET', `${ENROLL_API.my}?segment=${s}&page=1&pageSize=10`, { token: u.token })).body.result
      const enrolled = await seg('enrolled')
      expect(enrolled).toMatchObject({ total: 1, page: 1, pageSize: 10 })
      expect(enrolled.list[0]).toMatchObject({ status: 'approved', activity: { id: a1, titleEn: expect.any(String), status: 'upcoming' } })
      expect((await seg('pending')).list.map((x: { activity: { id: number } }) => x.activity.id)).toEqual([a2])
      expect((await seg('past')).list.map((x: { activity: { id: number } }) => x.activity.id)).toEqual([a3])
      // all: every enrolment with its state, newest first — also a rejected one of an activity still to come
      const a4 = await makeActivity({ enroll_need_process: 1 })
      h.clock.advance(1000)
      expect((await submit({ activityId: a4, answers: std() }, u.token)).body.code).toBe(200)
      await h.db.updateTable('activity_enrollments').set({ status: 'rejected' }).where('activity_id', '=', a4).execute()
      const all = await seg('all')
      expect(all.total).toBe(4)
      expect(all.list.map((x: { activity: { id: number }; status: string }) => [x.activity.id, x.status])).toEqual([
        [a4, 'rejected'],
        [a3, 'approved'],
        [a2, 'pending'],
        [a1, 'approved'],
      ])
      for (const s of ['enrolled', 'pending', 'past']) expect((await seg(s)).list.map((x: { activity: { id: number } }) => x.activity.id)).not.toContain(a4)
    })
  })

  describe('calendar file', () => {
    it('answers text/calendar with UTC times, the local zone, CRLF and lines folded at 75 octets', async () => {
      const id = await makeActivity({ title_zh: '伦敦海外人才交流会——AI, Biomedicine; 人工智能与生物医药专场，欢迎报名参加，名额有限，报满即止', time_zone: 'UTC+08:00' })
      const a = await h.db.selectFrom('activities').select(['start_time', 'end_time']).where('id', '=', id).executeTakeFirstOrThrow()
      const r = await h.api('GET', `${ENROLL_API.ics}?activityId=${id}`, { headers: { lang: 'zh' } })
      expect(r.status).toBe(200)
      expect(String(r.headers['content-type'])).toMatch(/^text\/calendar/)
      expect(String(r.headers['content-disposition'])).toContain(`haijiao-activity-${id}.ics`)
      const text = r.raw
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
      expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/)
      const z = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
      expect(text).toContain(`DTSTART:${z(a.start_time)}\r\n`)
      expect(text).toContain(`DTEND:${z(a.end_time)}\r\n`)
      expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/)
      expect(text).toContain('X-WR-TIMEZONE:Etc/GMT-8')
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
      const unfolded = text.replace(/\r\n /g, '')
      expect(unfolded).toContain('SUMMARY:伦敦海外人才交流会——AI\\, Biomedicine\\; 人工智能与生物医药专场，欢迎报名参加，名额有限，报满即止\r\n')
      expect(unfolded).toContain('(UTC+08:00)')
      // ?lang= picks the texts (a download link carries no headers)
      const enText = (await h.api('GET', `${ENROLL_API.ics}?activityId=${id}&lang=en`)).raw.replace(/\r\n /g, '')
      expect(enText).toContain(`SUMMARY:Enrolment test ${seq}\r\n`)
      expect(enText).toContain('Local time: ')
      expect((await h.api('GET', `${ENROLL_API.ics}?activityId=999999`)).body.code).toBe(302)
    })
  })

  describe('capacity under load', () => {
    it('200 concurrent enrolments of 200 people for 50 seats: exactly 50 succeed and 150 get 519', async () => {
      const id = await makeActivity({ people_count: 50 })
      const users = await Promise.all(Array.from({ length: 200 }, () => newUser()))
      const results = await Promise.all(users.map((u) => submit({ activityId: id, answers: std() }, u.token)))
      const codes = results.map((r) => r.body.code)
      expect(codes.filter((c) => c === 200)).toHaveLength(50)
      expect(codes.filter((c) => c === 519)).toHaveLength(150)
      expect(await counts(id)).toEqual({ enrolled: 50, rows: 50 })
    })

    it('the same person enrolling 20 times at once gets one enrolment and 424 for the rest', async () => {
      const id = await makeActivity({ people_count: 50 })
      const u = await newUser()
      const results = await Promise.all(Array.from({ length: 20 }, () => submit({ activityId: id, answers: std() }, u.token)))
      const codes = results.map((r) => r.body.code)
      expect(codes.filter((c) => c === 200)).toHaveLength(1)
      expect(codes.filter((c) => c === 424)).toHaveLength(19)
      expect(await counts(id)).toEqual({ enrolled: 1, rows: 1 })
      const dupCount = await sql<{ n: number }>`select count(*) as n from activity_enrollments where activity_id = ${id}`.execute(h.db)
      expect(Number(dupCount.rows[0].n)).toBe(1)
    })
  })
})
