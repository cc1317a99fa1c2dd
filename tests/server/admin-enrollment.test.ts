/**
 * Admin enrolment management on SQLite and PostgreSQL: the list shows the activity's form
 * fields and answers (search, status, order); approval and rejection (a rejection frees the seat),
 * refused where the activity needs no approval; edited answers validated like the consumer form; the
 * custom input; the .xlsx export read back with exceljs; the talent detail and the promoters' view;
 * the organizer's data boundary (302, nothing changed) and kefu / consumers refused (402).
 */
import ExcelJS from 'exceljs'
import { demoOrganizations, describeEachDb, insertActivity, loginDemoRoles, type Harness } from './harness'
import { ENROLL_API, type EnrollFormField } from '@contracts/enrollment'
import { ADMIN_ENROLL_API as A, ADMIN_TALENT_API as T } from '@contracts/admin-enrollment'
import { DEMO_PROMOTER_CODE } from '../../server/src/db/seed/enrollment'
import { answerText } from '../../server/src/modules/enrollment/enrollment-admin.service'

const FORM: EnrollFormField[] = [
  { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true, maxLength: 50 },
  { key: 'email', type: 'email', labelZh: '邮箱', labelEn: 'E-mail', required: true },
  {
    key: 'topics',
    type: 'checkbox',
    labelZh: '感兴趣的方向',
    labelEn: 'Topics',
    required: true,
    options: (
      [
        ['ai', '人工智能', 'AI'],
        ['bio', '生物医药', 'Biotech'],
        ['chip', '集成电路', 'Chips'],
      ] as const
    ).map(([value, labelZh, labelEn]) => ({ value, labelZh, labelEn })),
  },
  { key: 'years', type: 'number', labelZh: '海外年限', labelEn: 'Years abroad', required: false, min: 0, max: 60 },
]

describeEachDb('admin enrolments', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let kefu: string
  let consumer: string
  let promoterToken: string
  let ownOrg: number
  let otherOrg: number
  let seq = 0

  beforeAll(async () => {
    h = get()
    ;({ ops, org, kefu, consumer } = await loginDemoRoles(h))
    promoterToken = await h.login('promoter@haijiao.demo')
    ;({ ownOrg, otherOrg } = await demoOrganizations(h))
  })

  function makeActivity(o: Record<string, unknown> = {}): Promise<number> {
    seq++
    return insertActivity(h, { title_zh: `名单测试${seq}`, title_en: `List test ${seq}`, organization_id: ownOrg, people_count: 10, enroll_need_process: 1, is_need_login_enroll: 0, enroll_form: JSON.stringify(FORM), ...o })
  }

  async function enrol(activityId: number, token: string | undefined, answers: Record<string, unknown>, promoterCode?: string) {
    const r = await h.api('POST', ENROLL_API.submit, { token, body: { activityId, answers, ...(promoterCode ? { promoterCode } : {}) } })
    expect(r.body.code).toBe(200)
    return r.body.result.enrollmentId as number
  }

  const snapshot = async (activityId: number) => ({
    activity: await h.db.selectFrom('activities').select(['enrolled_count']).where('id', '=', activityId).executeTakeFirstOrThrow(),
    rows: await h.db.selectFrom('activity_enrollments').select(['id', 'status', 'form_answers', 'admin_remark', 'updated_at']).where('activity_id', '=', activityId).orderBy('id').execute(),
  })

  /** one activity of the organizer with three enrolments: user@ via the promoter's link, promoter@, a guest */
  async function scenario() {
    const activityId = await makeActivity()
    const userEnr = await enrol(activityId, consumer, { name: '张三', email: 'zhang@ex.com', topics: ['chip', 'ai'], years: 5 }, DEMO_PROMOTER_CODE)
    const promoEnr = await enrol(activityId, promoterToken, { name: 'Li Promoter', email: 'li@ex.com', topics: ['bio'] })
    h.clock.advance(1000)
    const guestEnr = await enrol(activityId, undefined, { name: 'Guest Wang', email: 'Guest@Ex.com', topics: ['ai', 'bio', 'chip'] })
    h.clock.advance(1000)
    return { activityId, userEnr, promoEnr, guestEnr }
  }

  test('the list shows the form fields as columns, the answers, the person and the promoter; search, status and order', async () => {
    const s = await scenario()
    const r = await h.api('GET', `${A.list}?activityId=${s.activityId}`, { token: org })
    expect(r.body.code).toBe(200)
    const page = r.body.result
    expect(page.fields.map((f: EnrollFormField) => f.key)).toEqual(['name', 'email', 'topics', 'years'])
    expect(page.activity).toMatchObject({ id: s.activityId, enrollNeedProcess: true, enrolledCount: 3, enrollmentCount: 3, promotedCount: 1 })
    expect(page.total).toBe(3)
    // newest first by default
    expect(page.list.map((x: any) => x.id)).toEqual([s.guestEnr, s.promoEnr, s.userEnr])
    const user = page.list.find((x: any) => x.id === s.userEnr)
    expect(user).toMatchObject({ status: 'pending', answers: { name: '张三', email: 'zhang@ex.com', topics: ['ai', 'chip'], years: 5 }, person: { guest: false, email: 'user@haijiao.demo' } })
    expect(user.promoter).toMatchObject({ realName: '李推广', code: DEMO_PROMOTER_CODE })
    expect(page.list.find((x: any) => x.id === s.guestEnr)).toMatchObject({ person: { guest: true, userId: null, email: 'guest@ex.com' }, promoter: null })

    const asc = await h.api('GET', `${A.list}?activityId=${s.activityId}&sortField=createdAt&sortOrder=asc`, { token: org })
    expect(asc.body.result.list.map((x: any) => x.id)).toEqual([s.userEnr, s.promoEnr, s.guestEnr])
    const byAnswer = await h.api('GET', `${A.list}?activityId=${s.activityId}&keyword=${encodeURIComponent('张三')}`, { token: org })
    expect(byAnswer.body.result.list.map((x: any) => x.id)).toEqual([s.userEnr])
    const byEmail = await h.api('GET', `${A.list}?activityId=${s.activityId}&keyword=GUEST@ex`, { token: org })
    expect(byEmail.body.result.list.map((x: any) => x.id)).toEqual([s.guestEnr])
    const wildcard = await h.api('GET', `${A.list}?activityId=${s.activityId}&keyword=%25`, { token: org })
    expect(wildcard.body.result.total).toBe(0)
    const paged = await h.api('GET', `${A.list}?activityId=${s.activityId}&page=2&pageSize=2`, { token: org })
    expect(paged.body.result).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(paged.body.result.list).toHaveLength(1)

    // the activity picker and the promoters' view
    const acts = await h.api('GET', `${A.activities}?keyword=${encodeURIComponent(`名单测试${seq}`)}`, { token: org })
    expect(acts.body.result.list.map((a: any) => a.id)).toEqual([s.activityId])
    const promoted = await h.api('GET', `${T.list}?activityId=${s.activityId}`, { token: org })
    expect(promoted.body.result.list.map((x: any) => x.id)).toEqual([s.userEnr])
    const tActs = await h.api('GET', `${T.activities}?keyword=${encodeURIComponent(`名单测试${seq}`)}`, { token: ops })
    expect(tActs.body.result.list).toEqual([expect.objectContaining({ id: s.activityId, promotedCount: 1 })])
    const notPromoted = await h.api('GET', `${T.detail}?enrollmentId=${s.guestEnr}`, { token: org })
    expect(notPromoted.body.code).toBe(302)
  })

  test('approve and reject: a rejection frees the seat, re-approval takes it again; refused where no approval is needed', async () => {
    const s = await scenario()
    const ok1 = await h.api('POST', A.status, { token: org, body: { id: s.userEnr, status: 'approved' } })
    expect(ok1.body.code).toBe(200)
    expect(ok1.body.result).toMatchObject({ id: s.userEnr, status: 'approved' })
    const rej = await h.api('POST', A.status, { token: org, body: { id: s.guestEnr, status: 'rejected' } })
    expect(rej.body.result.status).toBe('rejected')
    let snap = await snapshot(s.activityId)
    expect(snap.activity.enrolled_count).toBe(2)
    expect(snap.rows.map((r) => r.status)).toEqual(['approved', 'pending', 'rejected'])
    const back = await h.api('POST', A.status, { token: ops, body: { id: s.guestEnr, status: 'approved' } })
    expect(back.body.code).toBe(200)
    snap = await snapshot(s.activityId)
    expect(snap.activity.enrolled_count).toBe(3)
    const pending = await h.api('GET', `${A.list}?activityId=${s.activityId}&status=pending`, { token: org })
    expect(pending.body.result.list.map((x: any) => x.id)).toEqual([s.promoEnr])
    // the consumer sees the approval
    const mine = await h.api('GET', `${ENROLL_API.form}?activityId=${s.activityId}`, { token: consumer })
    expect(mine.body.result.myEnrollment.status).toBe('approved')

    const direct = await makeActivity({ enroll_need_process: 0 })
    const e = await enrol(direct, consumer, { name: 'A', email: 'a@ex.com', topics: ['ai'] })
    const before = await snapshot(direct)
    const refused = await h.api('POST', A.status, { token: org, body: { id: e, status: 'rejected' } })
    expect(refused.body.code).toBe(425)
    expect(refused.body.result).toEqual({ reason: 'no_process' })
    expect(await snapshot(direct)).toEqual(before)
    const bad = await h.api('POST', A.status, { token: org, body: { id: s.userEnr, status: 'maybe' } })
    expect(bad.body.code).toBe(301)
  })

  test('edited answers are validated like the consumer form; the custom input is stored', async () => {
    const s = await scenario()
    const before = await snapshot(s.activityId)
    for (const [answers, field] of [
      [{ name: '张三', email: 'zhang@ex.com', topics: ['space'] }, 'topics'],
      [{ name: '', email: 'zhang@ex.com', topics: ['ai'] }, 'name'],
      [{ name: '张三', email: 'not-mail', topics: ['ai'] }, 'email'],
      [{ name: '张三', email: 'zhang@ex.com', topics: ['ai'], years: 99 }, 'years'],
    ] as const) {
      const r = await h.api('POST', A.update, { token: org, body: { id: s.userEnr, answers } })
      expect(r.body.code).toBe(301)
      expect(r.body.result.field).toBe(field)
    }
    expect(await snapshot(s.activityId)).toEqual(before)
    const r = await h.api('POST', A.update, { token: org, body: { id: s.userEnr, answers: { name: ' 张三丰 ', email: 'Zsf@Ex.com', topics: ['bio', 'ai'], years: '7', extra: 'dropped' } } })
    expect(r.body.code).toBe(200)
    expect(r.body.result.answers).toEqual({ name: '张三丰', email: 'zsf@ex.com', topics: ['ai', 'bio'], years: 7 })

    const long = await h.api('POST', A.remark, { token: org, body: { id: s.userEnr, remark: 'x'.repeat(501) } })
    expect(long.body.code).toBe(301)
    const rem = await h.api('POST', A.remark, { token: org, body: { id: s.userEnr, remark: ' VIP 嘉宾 ' } })
    expect(rem.body.result.remark).toBe('VIP 嘉宾')
    const found = await h.api('GET', `${A.list}?activityId=${s.activityId}&keyword=vip`, { token: org })
    expect(found.body.result.list.map((x: any) => x.id)).toEqual([s.userEnr])
  })

  test('the export is an .xlsx with the field labels, the answers, status, time and promoter in the caller’s language', async () => {
    const s = await scenario()
    await h.api('POST', A.status, { token: org, body: { id: s.userEnr, status: 'approved' } })
    await h.api('POST', A.remark, { token: org, body: { id: s.userEnr, remark: '已确认' } })
    const res = await h.app.inject({ method: 'GET', url: `/api/v1${A.export}?activityId=${s.activityId}`, headers: { authorization: `Bearer ${org}`, lang: 'zh' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(`名单测试${seq}-报名名单.xlsx`)}`)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1)
    expect(row(1)).toEqual(['#', '姓名', '邮箱', '感兴趣的方向', '海外年限', '状态', '报名时间', '推广人', '报名账号', '备注', '签到时间', '签到人'])
    expect(ws.rowCount).toBe(4)
    // oldest first: user@ (via the promoter), promoter@, the guest
    expect(row(2).slice(0, 6)).toEqual([1, '张三', 'zhang@ex.com', '人工智能、集成电路', 5, '已通过'])
    expect(String(row(2)[6])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+08:00\)$/)
    expect(row(2).slice(7)).toEqual([`李推广 / ${DEMO_PROMOTER_CODE}`, expect.stringContaining('user@haijiao.demo'), '已确认'])
    expect(row(4).slice(1, 6)).toEqual(['Guest Wang', 'guest@ex.com', '人工智能、生物医药、集成电路', undefined, '待审核'])
    expect(row(4)[8]).toBe('访客 guest@ex.com')

    const en = await h.app.inject({ method: 'GET', url: `/api/v1${A.export}?activityId=${s.activityId}&status=pending`, headers: { authorization: `Bearer ${ops}`, lang: 'en' } })
    const wbEn = new ExcelJS.Workbook()
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer)
    const wsEn = wbEn.worksheets[0]
    expect((wsEn.getRow(1).values as unknown[]).slice(1)).toEqual(['#', 'Full name', 'E-mail', 'Topics', 'Years abroad', 'Status', 'Enrolled at', 'Promoter', 'Account', 'Remark', 'Checked in at', 'Checked in by'])
    expect(wsEn.rowCount).toBe(3)
    expect((wsEn.getRow(3).values as unknown[]).slice(2, 7)).toEqual(['Guest Wang', 'guest@ex.com', 'AI, Biotech, Chips', undefined, 'Pending'])
  })

  test('talent detail: the profile and every enrolment in this organization’s activities', async () => {
    const s = await scenario()
    const second = await makeActivity()
    await enrol(second, consumer, { name: '张三', email: 'zhang@ex.com', topics: ['ai'] })
    const elsewhere = await makeActivity({ organization_id: otherOrg })
    await enrol(elsewhere, consumer, { name: '张三', email: 'zhang@ex.com', topics: ['ai'] })
    const r = await h.api('GET', `${A.talent}?enrollmentId=${s.userEnr}`, { token: org })
    expect(r.body.code).toBe(200)
    expect(r.body.result.person).toMatchObject({ email: 'user@haijiao.demo', guest: false })
    expect(r.body.result.promoter).toMatchObject({ code: DEMO_PROMOTER_CODE })
    const ids = r.body.result.enrollments.map((e: any) => e.activityId)
    expect(ids).toEqual(expect.arrayContaining([s.activityId, second]))
    expect(ids).not.toContain(elsewhere)
    expect(r.body.result.enrollments[0].fields.length).toBeGreaterThan(0)
    const guest = await h.api('GET', `${A.talent}?enrollmentId=${s.guestEnr}`, { token: org })
    expect(guest.body.result).toMatchObject({ person: { guest: true, email: 'guest@ex.com' }, promoter: null })
    // a guest is the same person across activities by the form's e-mail
    expect(guest.body.result.enrollments.map((e: any) => e.id)).toContain(s.guestEnr)
    expect(guest.body.result.enrollments.every((e: any) => e.answers.email === 'guest@ex.com')).toBe(true)
  })

  test('organizer boundary: another organization’s activity and enrolments answer 302 and nothing changes', async () => {
    const foreign = await makeActivity({ organization_id: otherOrg })
    const e = await enrol(foreign, consumer, { name: '外部', email: 'out@ex.com', topics: ['ai'] })
    const before = await snapshot(foreign)
    for (const [method, url, body] of [
      ['GET', `${A.list}?activityId=${foreign}`],
      ['GET', `${A.export}?activityId=${foreign}`],
      ['GET', `${A.talent}?enrollmentId=${e}`],
      ['GET', `${T.list}?activityId=${foreign}`],
      ['POST', A.status, { id: e, status: 'approved' }],
      ['POST', A.update, { id: e, answers: { name: 'x', email: 'x@ex.com', topics: ['ai'] } }],
      ['POST', A.remark, { id: e, remark: 'x' }],
    ] as const) {
      const r = await h.api(method, url, { token: org, body })
      expect([url, r.body.code]).toEqual([url, 302])
    }
    expect(await snapshot(foreign)).toEqual(before)
    const acts = await h.api('GET', `${A.activities}?pageSize=100`, { token: org })
    expect(acts.body.result.list.every((a: any) => a.organizationId === ownOrg)).toBe(true)
    expect(acts.body.result.list.map((a: any) => a.id)).not.toContain(foreign)
    // operations see every organization
    const opsList = await h.api('GET', `${A.list}?activityId=${foreign}`, { token: ops })
    expect(opsList.body.result.total).toBe(1)
    const missing = await h.api('GET', `${A.list}?activityId=99999999`, { token: ops })
    expect(missing.body.code).toBe(302)
  })

  test('kefu and consumers are refused (402) and nothing changes', async () => {
    const s = await scenario()
    const before = await snapshot(s.activityId)
    for (const token of [kefu, consumer]) {
      for (const [method, url, body] of [
        ['GET', `${A.activities}`],
        ['GET', `${A.list}?activityId=${s.activityId}`],
        ['GET', `${A.export}?activityId=${s.activityId}`],
        ['GET', `${T.activities}`],
        ['POST', A.status, { id: s.userEnr, status: 'approved' }],
        ['POST', A.update, { id: s.userEnr, answers: {} }],
        ['POST', A.remark, { id: s.userEnr, remark: 'x' }],
      ] as const) {
        const r = await h.api(method, url, { token, body })
        expect([url, r.body.code]).toEqual([url, 402])
      }
    }
    const anon = await h.api('GET', `${A.list}?activityId=${s.activityId}`)
    expect(anon.body.code).toBe(201)
    expect(await snapshot(s.activityId)).toEqual(before)
  })
})

describe('export cell text', () => {
  test('uploads become absolute URLs, options their labels, multi-values are joined per language', () => {
    const cv: EnrollFormField = { key: 'cv', type: 'attachment', labelZh: '简历', labelEn: 'CV', required: false }
    expect(answerText(cv, '/uploads/2026-11/abc.png', 'zh', 'https://haijiao.example')).toBe('https://haijiao.example/uploads/2026-11/abc.png')
    expect(answerText(FORM[2], ['ai', 'bio'], 'en', '')).toBe('AI, Biotech')
    expect(answerText(FORM[2], ['ai', 'bio'], 'zh', '')).toBe('人工智能、生物医药')
    expect(answerText(FORM[3], 7, 'zh', '')).toBe(7)
    expect(answerText(FORM[0], null, 'zh', '')).toBe('')
  })
})
