/**
 * Analysis cards on SQLite and PostgreSQL: every card against hand-counted rows (dated 2031, a year
 * nothing else touches) including Shanghai/UTC/New York day boundaries (New York changes to summer
 * time on 2031-03-09) and the previous-period comparison; the organizer's data scope; detail views
 * counted through the activity detail and written by the flush; bad input; the admin home's figures;
 * on random rows (2032), every card equal to counting the raw rows in the test; and, with
 * ANALYSIS_CACHE_MS set, answers reused per filter and scope (never across scopes).
 */
import { demoOrganizations, describeEachDb, loginDemoRoles, type Harness } from './harness'
import { API } from '@contracts/api'
import { ADMIN_ANALYSIS_API as A } from '@contracts/analysis'
import type { EnrollFormField } from '@contracts/enrollment'
import { prng } from '../../server/src/db/seed/content'

const FORM: EnrollFormField[] = [
  { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: false },
  { key: 'level', type: 'radio', labelZh: '级别', labelEn: 'Level', required: false, options: [{ value: 'a', labelZh: '甲', labelEn: 'A' }, { value: 'b', labelZh: '乙', labelEn: 'B' }] },
  { key: 'topics', type: 'checkbox', labelZh: '方向', labelEn: 'Topics', required: false, options: [{ value: 'x', labelZh: '叉', labelEn: 'X' }, { value: 'y', labelZh: '歪', labelEn: 'Y' }] },
]

/** the local day of an instant, computed independently of the server (en-CA formats YYYY-MM-DD) */
const localDay = (iso: string, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))

describeEachDb('analysis', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let kefu: string
  let ownOrg: number
  let otherOrg: number
  let users: number[]
  let seq = 0

  beforeAll(async () => {
    h = get()
    ;({ ops, org, kefu } = await loginDemoRoles(h))
    ;({ ownOrg, otherOrg } = await demoOrganizations(h))
    users = (await h.db.selectFrom('users').select('id').orderBy('id').limit(6).execute()).map((r) => r.id)
  })

  async function activity(o: { org: number; type: 'online' | 'offline' | 'both'; country: string; publishedAt: string; form?: EnrollFormField[] }): Promise<number> {
    seq++
    const ts = o.publishedAt
    const r = await h.db
      .insertInto('activities')
      .values({
        title_zh: `分析${seq}`, title_en: `Analysis ${seq}`, summary_zh: '', summary_en: '', detail_zh: '', detail_en: '',
        type: o.type, poster_url: null, banner_url: null, start_time: ts, end_time: ts, time_zone: 'UTC+08:00', country: o.country,
        city_zh: '', city_en: '', organization_id: o.org, status: 'published', published_at: ts, created_at: ts, updated_at: ts,
        live_url: null, live_qr_url: null, wechat_group_qr_url: null, enroll_deadline: null, enroll_form: o.form ? JSON.stringify(o.form) : null, department_id: null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    return r.id
  }

  async function enrol(activityId: number, createdAt: string, status: 'pending' | 'approved' | 'rejected', who: { user?: number; guest?: string }, answers: Record<string, unknown> = {}) {
    await h.db
      .insertInto('activity_enrollments')
      .values({
        activity_id: activityId, user_id: who.user ?? null, guest_email: who.guest ?? null, guest_token: null, status, form_answers: JSON.stringify(answers),
        promoter_user_id: null, created_at: createdAt, updated_at: createdAt, admin_remark: null,
      })
      .execute()
  }

  const views = (activityId: number, hour: string, n: number) => h.db.insertInto('activity_view_hours').values({ activity_id: activityId, hour, views: n }).execute()

  const card = async (url: string, q: Record<string, unknown>, token = ops) => {
    const qs = Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')
    return h.api('GET', `${url}?${qs}`, { token })
  }
  const result = async (url: string, q: Record<string, unknown>, token = ops) => {
    const r = await card(url, q, token)
    expect(r.body).toMatchObject({ code: 200 })
    return r.body.result
  }

  describe('hand-counted rows', () => {
    let a1: number
    let a2: number
    let a3: number
    const cur = { from: '2031-03-10', to: '2031-03-13' }

    beforeAll(async () => {
      const [u1, u2, u3] = users
      a1 = await activity({ org: ownOrg, type: 'offline', country: 'CN', publishedAt: '2031-03-10T02:00:00.000Z', form: FORM })
      a2 = await activity({ org: otherOrg, type: 'online', country: 'US', publishedAt: '2031-03-09T15:59:59.999Z' }) // Shanghai 03-09 23:59:59
      a3 = await activity({ org: ownOrg, type: 'both', country: 'CN', publishedAt: '2031-03-02T16:00:00.000Z' })
      // current period (Shanghai 03-10 .. 03-13)
      await enrol(a1, '2031-03-09T16:00:00.000Z', 'approved', { user: u1 }, { level: 'a', topics: ['x', 'y'] }) // SH 03-10 00:00
      await enrol(a1, '2031-03-10T15:59:59.999Z', 'pending', { user: u2 }, { level: 'b', topics: ['x'] }) // SH 03-10 23:59
      await enrol(a1, '2031-03-10T16:00:00.000Z', 'pending', { guest: 'g@ex.com' }, { level: 'a' }) // SH 03-11 00:00
      await enrol(a2, '2031-03-11T03:00:00.000Z', 'approved', { user: u1 })
      await enrol(a2, '2031-03-12T10:00:00.000Z', 'rejected', { user: u3 })
      // previous period (Shanghai 03-06 .. 03-09)
      await enrol(a1, '2031-03-06T01:00:00.000Z', 'approved', { user: u3 })
      await enrol(a3, '2031-03-05T16:00:00.000Z', 'pending', { guest: 'h@ex.com' }) // SH 03-06 00:00
      await enrol(a2, '2031-03-09T15:00:00.000Z', 'approved', { user: u2 }) // SH 03-09 23:00
      // in neither
      await enrol(a3, '2031-03-05T15:59:59.999Z', 'approved', { guest: 'k@ex.com' }) // SH 03-05 23:59
      await views(a1, '2031-03-09T16', 5) // SH 03-10
      await views(a1, '2031-03-10T15', 2) // SH 03-10
      await views(a2, '2031-03-10T16', 3) // SH 03-11
      await views(a1, '2031-03-09T15', 7) // SH 03-09 (previous)
    })

    test('total: Shanghai days by default; UTC moves the boundary rows', async () => {
      expect(await result(A.total, cur)).toEqual({ activitiesPublished: 1, enrollments: 5, approved: 2, pending: 2, participants: 4, views: 10, subscribers: 0, chats: 0 })
      expect(await result(A.total, { ...cur, tz: 'UTC' })).toMatchObject({ activitiesPublished: 1, enrollments: 4, approved: 1, pending: 2, participants: 4, views: 5 })
    })

    test('box: the previous period of the same length with the change in per cent', async () => {
      const box = await result(A.box, cur)
      expect(box.previousFrom).toBe('2031-03-06')
      expect(box.previousTo).toBe('2031-03-09')
      const by = Object.fromEntries(box.items.map((i: any) => [i.key, [i.current, i.previous, i.changePercent]]))
      expect(by).toEqual({
        activitiesPublished: [1, 1, 0],
        enrollments: [5, 3, 66.7],
        approved: [2, 2, 0],
        pending: [2, 1, 100],
        participants: [4, 3, 33.3],
        views: [10, 7, 42.9],
      })
    })

    test('day: per local day, in Shanghai, UTC and New York across the summer-time change', async () => {
      expect((await result(A.day, cur)).days).toEqual([
        { day: '2031-03-10', enrollments: 2, views: 7 },
        { day: '2031-03-11', enrollments: 2, views: 3 },
        { day: '2031-03-12', enrollments: 1, views: 0 },
        { day: '2031-03-13', enrollments: 0, views: 0 },
      ])
      expect((await result(A.day, { ...cur, tz: 'UTC' })).days.map((d: any) => d.enrollments)).toEqual([2, 1, 1, 0])
      // New York 03-09 = [05:00Z, 04:00Z next day) (EST → EDT): the 15:00Z and 16:00Z rows; 03-10 ends at 03-11T04:00Z, so 03:00Z is still 03-10
      expect((await result(A.day, { from: '2031-03-09', to: '2031-03-10', tz: 'America/New_York' })).days.map((d: any) => d.enrollments)).toEqual([2, 3])
    })

    test('seven-day: the 7 days ending at `to` against the 7 before', async () => {
      const s = await result(A.sevenDay, { from: '2031-03-13', to: '2031-03-13' })
      expect(s.current.map((d: any) => d.day)).toEqual(['2031-03-07', '2031-03-08', '2031-03-09', '2031-03-10', '2031-03-11', '2031-03-12', '2031-03-13'])
      expect(s.current.map((d: any) => d.enrollments)).toEqual([0, 0, 1, 2, 2, 1, 0])
      expect(s.previous[0].day).toBe('2031-02-28')
      expect(s.previous.map((d: any) => d.enrollments)).toEqual([0, 0, 0, 0, 0, 1, 2]) // 03-05 23:59 (a3); 03-06 00:00 (a3) and 09:00 (a1)
    })

    test('country: enrolments, participants and published activities with names', async () => {
      const c = await result(A.country, cur)
      expect(c.items).toEqual([
        expect.objectContaining({ country: 'CN', enrollments: 3, participants: 3, activities: 1 }),
        expect.objectContaining({ country: 'US', enrollments: 2, participants: 2, activities: 0 }),
      ])
      expect(c.items[0].nameZh).toBe('中国')
      expect(c.items[1].nameEn).toMatch(/United States|USA/)
    })

    test('enrolment: funnel, status, by type, and the choice answers of one activity', async () => {
      const e = await result(A.enrolment, cur)
      expect(e.funnel).toEqual({ views: 10, enrollments: 5, approved: 2, checkedIn: 0, noShowRate: null })
      expect(e.status).toEqual({ pending: 2, approved: 2, rejected: 1, cancelled: 0 })
      expect(e.byType).toEqual([{ type: 'online', enrollments: 2 }, { type: 'offline', enrollments: 3 }, { type: 'both', enrollments: 0 }])
      expect(e.questions).toBeNull()
      const one = await result(A.enrolment, { ...cur, activityId: a1 })
      expect(one.funnel).toEqual({ views: 7, enrollments: 3, approved: 1, checkedIn: 0, noShowRate: null })
      expect(one.questions).toEqual([
        { key: 'level', labelZh: '级别', labelEn: 'Level', type: 'radio', answered: 3, options: [{ value: 'a', labelZh: '甲', labelEn: 'A', count: 2 }, { value: 'b', labelZh: '乙', labelEn: 'B', count: 1 }] },
        { key: 'topics', labelZh: '方向', labelEn: 'Topics', type: 'checkbox', answered: 2, options: [{ value: 'x', labelZh: '叉', labelEn: 'X', count: 2 }, { value: 'y', labelZh: '歪', labelEn: 'Y', count: 1 }] },
      ])
    })

    test('top: activities by enrolments with approvals and views', async () => {
      const top = await result(A.top, cur)
      expect(top.map((t: any) => [t.id, t.enrollments, t.approved, t.views])).toEqual([
        [a1, 3, 1, 7],
        [a2, 2, 1, 3],
      ])
    })

    test('filters: organisation, type and activity; platform figures only unfiltered', async () => {
      expect(await result(A.total, { ...cur, organizationId: otherOrg })).toEqual({ activitiesPublished: 0, enrollments: 2, approved: 1, pending: 0, participants: 2, views: 3, subscribers: null, chats: null })
      expect(await result(A.total, { ...cur, type: 'offline' })).toMatchObject({ enrollments: 3, views: 7, subscribers: null })
      expect(await result(A.total, { ...cur, activityId: a2 })).toMatchObject({ enrollments: 2, approved: 1, views: 3 })
    })

    test("organizer scope: only its organisation's figures; another's activity is 302", async () => {
      expect(await result(A.total, cur, org)).toEqual({ activitiesPublished: 1, enrollments: 3, approved: 1, pending: 2, participants: 3, views: 7, subscribers: null, chats: null })
      expect((await result(A.top, cur, org)).map((t: any) => t.id)).toEqual([a1])
      expect((await result(A.country, cur, org)).items.map((i: any) => i.country)).toEqual(['CN'])
      expect(await result(A.total, { ...cur, organizationId: otherOrg }, org)).toMatchObject({ enrollments: 0, views: 0 })
      expect((await card(A.day, { ...cur, activityId: a2 }, org)).body.code).toBe(302)
      const orgs = await result(A.organizations, {}, org)
      expect(orgs.map((o: any) => o.id)).toEqual([ownOrg])
      const picks = await result(A.activities, { keyword: '分析' }, org)
      expect(picks.map((p: any) => p.id)).toEqual(expect.arrayContaining([a1, a3]))
      expect(picks.map((p: any) => p.id)).not.toContain(a2)
      // kefu has no analysis menu
      expect((await card(A.total, cur, kefu)).body.code).not.toBe(200)
    })

    test('bad input answers 301 / 650 / 651 and never 500', async () => {
      expect((await card(A.total, { ...cur, tz: 'Mars/Olympus' })).body.code).toBe(650)
      expect((await card(A.total, { from: '2031-03-13', to: '2031-03-10' })).body.code).toBe(651)
      expect((await card(A.total, { from: '2030-01-01', to: '2031-03-10' })).body.code).toBe(651)
      expect((await card(A.total, { from: '2031-02-30', to: '2031-03-10' })).body.code).toBe(301)
      expect((await card(A.total, { from: 'x', to: '2031-03-10' })).body.code).toBe(301)
      expect((await card(A.total, { to: '2031-03-10' })).body.code).toBe(301)
      expect((await card(A.total, { ...cur, activityId: 99999999 })).body.code).toBe(302)
      expect((await card(A.total, { ...cur, type: 'x' })).body.code).toBe(301)
    })
  })

  test('views: the activity detail is tallied per activity and hour, written by the flush and on close, without the viewer', async () => {
    const nowIso = h.clock.now().toISOString()
    const id = await activity({ org: ownOrg, type: 'offline', country: 'CN', publishedAt: nowIso })
    for (let i = 0; i < 3; i++) expect((await h.api('GET', `${API.activityDetail}?id=${id}`)).body.code).toBe(200)
    await h.app.services.analysis.flushViews()
    await h.api('GET', `${API.activityDetail}?id=${id}`)
    expect((await h.db.selectFrom('activity_view_hours').select('views').where('activity_id', '=', id).executeTakeFirstOrThrow()).views).toBe(3)
    // closing (the app's onClose) writes what is still tallied
    await h.app.services.analysis.close()
    const rows = await h.db.selectFrom('activity_view_hours').selectAll().where('activity_id', '=', id).execute()
    expect(rows).toEqual([{ activity_id: id, hour: nowIso.slice(0, 13), views: 4 }])
    const today = localDay(nowIso, 'Asia/Shanghai')
    expect(await result(A.total, { from: today, to: today, activityId: id })).toMatchObject({ views: 4 })
  })

  test('admin home: today, pending approvals, unanswered chats, unread feedback and the trend equal the raw rows', async () => {
    const countOf = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('c')).executeTakeFirst()).c)
    const now = h.clock.now()
    const today = localDay(now.toISOString(), 'Asia/Shanghai')
    const id = await activity({ org: ownOrg, type: 'offline', country: 'CN', publishedAt: now.toISOString() })
    const before = await result(A.home, {})
    await enrol(id, now.toISOString(), 'pending', { guest: 'home@ex.com' })
    await h.db.insertInto('feedback').values({ description: 'd', name: 'n', tel: '1', email: 'f@ex.com', user_id: null, created_at: now.toISOString(), updated_at: now.toISOString() } as never).execute()
    const home = await result(A.home, {})
    expect(home.today).toBe(today)
    expect(home.newEnrollmentsToday).toBe(before.newEnrollmentsToday + 1)
    expect(home.pendingApprovals).toBe(before.pendingApprovals + 1)
    expect(home.unreadFeedback).toBe(before.unreadFeedback + 1)
    expect(home.pendingApprovals).toBe(await countOf(h.db.selectFrom('activity_enrollments').where('status', '=', 'pending')))
    expect(home.unreadFeedback).toBe(await countOf(h.db.selectFrom('feedback').where('status', '=', 'new')))
    const all = await h.db.selectFrom('activity_enrollments').select('created_at').execute()
    expect(home.newEnrollmentsToday).toBe(all.filter((r) => localDay(r.created_at, 'Asia/Shanghai') === today).length)
    expect(home.trend).toHaveLength(7)
    expect(home.trend[6]).toEqual({ day: today, enrollments: home.newEnrollmentsToday })
    expect(typeof home.unansweredChats).toBe('number')
    const mine = await result(A.home, {}, org)
    expect(mine.unansweredChats).toBeNull()
    expect(mine.unreadFeedback).toBeNull()
    expect(mine.pendingApprovals).toBe(
      await countOf(h.db.selectFrom('activity_enrollments as e').innerJoin('activities as a', 'a.id', 'e.activity_id').where('e.status', '=', 'pending').where('a.organization_id', '=', ownOrg)),
    )
  })

  test('random rows: every card equals counting the raw rows', async () => {
    const rnd = prng(20321).next
    const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]
    const orgs = [ownOrg, otherOrg]
    const acts: { id: number; org: number; type: 'online' | 'offline' | 'both'; country: string; publishedAt: string }[] = []
    const base = Date.parse('2032-01-01T00:00:00Z')
    const at = () => new Date(base + Math.floor(rnd() * 90 * 86400000)).toISOString()
    for (let i = 0; i < 8; i++) {
      const a = { org: pick(orgs), type: pick(['online', 'offline', 'both'] as const), country: pick(['CN', 'US', 'GB']), publishedAt: at() }
      acts.push({ ...a, id: await activity({ ...a, form: FORM }) })
    }
    const active = new Set<string>()
    for (let i = 0; i < 400; i++) {
      const a = pick(acts)
      const user = rnd() < 0.6 ? pick(users) : undefined
      const guest = user ? undefined : `r${Math.floor(rnd() * 12)}@ex.com`
      let status = pick(['pending', 'approved', 'rejected'] as const)
      const key = `${a.id}|${user ?? guest}`
      if (status !== 'rejected') {
        if (active.has(key)) status = 'rejected'
        else active.add(key)
      }
      await enrol(a.id, at(), status, { user, guest }, { level: pick(['a', 'b', '']), topics: rnd() < 0.5 ? [pick(['x', 'y'])] : ['x', 'y'] })
    }
    const hours = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const a = pick(acts)
      const hour = at().slice(0, 13)
      if (hours.has(`${a.id}|${hour}`)) continue
      hours.add(`${a.id}|${hour}`)
      await views(a.id, hour, 1 + Math.floor(rnd() * 9))
    }
    const ids = acts.map((a) => a.id)
    const enrolRows = await h.db.selectFrom('activity_enrollments').select(['activity_id', 'user_id', 'guest_email', 'status', 'created_at', 'form_answers']).where('activity_id', 'in', ids).execute()
    const viewRows = await h.db.selectFrom('activity_view_hours').selectAll().where('activity_id', 'in', ids).execute()
    const actOf = new Map(acts.map((a) => [a.id, a]))

    for (const [from, to, tz, filter] of [
      ['2032-01-01', '2032-03-31', 'Asia/Shanghai', {}],
      ['2032-01-10', '2032-02-20', 'UTC', { organizationId: ownOrg }],
      ['2032-02-01', '2032-03-15', 'America/New_York', { type: 'online' }],
      ['2032-01-05', '2032-01-25', 'Asia/Kolkata', { activityId: acts[0].id }],
      ['2032-01-01', '2032-02-01', 'Asia/Kathmandu', {}],
    ] as [string, string, string, Record<string, unknown>][]) {
      const inFilter = (activityId: number) => {
        const a = actOf.get(activityId)!
        return (!filter.organizationId || a.org === filter.organizationId) && (!filter.type || a.type === filter.type) && (!filter.activityId || a.id === filter.activityId)
      }
      const inRange = (iso: string) => localDay(iso, tz) >= from && localDay(iso, tz) <= to
      const es = enrolRows.filter((e) => inFilter(e.activity_id) && inRange(e.created_at))
      // a view hour belongs to the local day its first instant falls in
      const vs = viewRows.filter((v) => inFilter(v.activity_id) && inRange(`${v.hour}:00:00.000Z`))
      const people = (rows: typeof es) => new Set(rows.map((e) => (e.user_id ? `u${e.user_id}` : `g${e.guest_email}`))).size
      const sum = (xs: { views: number }[]) => xs.reduce((n, v) => n + v.views, 0)
      const q = { from, to, tz, ...filter }
      const total = await result(A.total, q)
      expect(total).toMatchObject({
        enrollments: es.length,
        approved: es.filter((e) => e.status === 'approved').length,
        pending: es.filter((e) => e.status === 'pending').length,
        participants: people(es),
        views: sum(vs),
      })
      const day = await result(A.day, q)
      const perDay = (d: string) => es.filter((e) => localDay(e.created_at, tz) === d).length
      const viewsPerDay = (d: string) => sum(vs.filter((v) => localDay(`${v.hour}:00:00.000Z`, tz) === d))
      expect(day.days.map((d: any) => [d.day, d.enrollments, d.views])).toEqual(day.days.map((d: any) => [d.day, perDay(d.day), viewsPerDay(d.day)]))
      expect(day.days[0].day).toBe(from)
      expect(day.days[day.days.length - 1].day).toBe(to)
      const country = await result(A.country, q)
      for (const c of country.items) {
        const rows = es.filter((e) => actOf.get(e.activity_id)!.country === c.country)
        if (c.enrollments) expect([c.enrollments, c.participants]).toEqual([rows.length, people(rows)])
      }
      expect(country.items.reduce((n: number, c: any) => n + c.enrollments, 0)).toBe(es.length)
      const enr = await result(A.enrolment, q)
      for (const t of enr.byType) expect(t.enrollments).toBe(es.filter((e) => actOf.get(e.activity_id)!.type === t.type).length)
      if (filter.activityId) {
        const level = enr.questions.find((x: any) => x.key === 'level')
        expect(level.options.find((o: any) => o.value === 'a').count).toBe(es.filter((e) => JSON.parse(e.form_answers).level === 'a').length)
      }
      const top = await result(A.top, q)
      const byAct = new Map<number, number>()
      for (const e of es) byAct.set(e.activity_id, (byAct.get(e.activity_id) ?? 0) + 1)
      expect(top.map((t: any) => [t.id, t.enrollments])).toEqual([...byAct].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, 10))
    }
  }, 180_000) // ~17 s on an idle 2-core machine (both engines measured alike); 60 s was exceeded under load

  test('writes behind the dashboard (straight to the database, after it was read): every card follows at once', async () => {
    const q = { from: '2034-05-01', to: '2034-05-31', tz: 'UTC' }
    const a = await activity({ org: ownOrg, type: 'online', country: 'CN', publishedAt: '2034-05-02T00:00:00.000Z' })
    const b = await activity({ org: otherOrg, type: 'offline', country: 'US', publishedAt: '2034-05-03T00:00:00.000Z' })
    // the in-memory columns are loaded and current before the writes below
    expect(await result(A.total, q)).toMatchObject({ activitiesPublished: 2, enrollments: 0, participants: 0, views: 0 })
    const [u1, u2] = users
    await enrol(a, '2034-05-10T08:00:00.000Z', 'pending', { user: u1 })
    await enrol(a, '2034-05-11T08:00:00.000Z', 'pending', { guest: 'w1@ex.com' })
    await enrol(b, '2034-05-12T08:00:00.000Z', 'approved', { user: u1 })
    await enrol(b, '2034-05-12T09:00:00.000Z', 'approved', { user: u2 })
    await views(a, '2034-05-10T08', 4)
    expect(await result(A.total, q)).toMatchObject({ enrollments: 4, approved: 2, pending: 2, participants: 3, views: 4 })
    expect(await result(A.total, q, org)).toMatchObject({ enrollments: 2, pending: 2, participants: 2 })

    const idOf = async (createdAt: string) =>
      (await h.db.selectFrom('activity_enrollments').select('id').where('created_at', '=', createdAt).executeTakeFirstOrThrow()).id
    // a status changes, a row moves to another month, a row is deleted
    await h.db.updateTable('activity_enrollments').set({ status: 'approved' }).where('id', '=', await idOf('2034-05-10T08:00:00.000Z')).execute()
    await h.db.updateTable('activity_enrollments').set({ created_at: '2034-06-01T00:00:00.000Z' }).where('id', '=', await idOf('2034-05-11T08:00:00.000Z')).execute()
    await h.db.deleteFrom('activity_enrollments').where('id', '=', await idOf('2034-05-12T09:00:00.000Z')).execute()
    expect(await result(A.total, q)).toMatchObject({ enrollments: 2, approved: 2, pending: 0, participants: 1 })
    const day = await result(A.day, q)
    expect(day.days.filter((d: any) => d.enrollments).map((d: any) => [d.day, d.enrollments, d.views])).toEqual([['2034-05-10', 1, 4], ['2034-05-12', 1, 0]])
    expect(await result(A.total, { ...q, from: '2034-06-01', to: '2034-06-01' })).toMatchObject({ enrollments: 1, pending: 1, participants: 1 })

    // the other organisation's activity becomes the organizer's and changes type; a tally grows, another is removed
    await h.db.updateTable('activities').set({ organization_id: ownOrg, type: 'both', country: 'GB' }).where('id', '=', b).execute()
    await h.db.updateTable('activity_view_hours').set({ views: 9 }).where('activity_id', '=', a).where('hour', '=', '2034-05-10T08').execute()
    await views(b, '2034-05-20T23', 6)
    await h.db.deleteFrom('activity_view_hours').where('activity_id', '=', b).where('hour', '=', '2034-05-20T23').execute()
    expect(await result(A.total, q, org)).toMatchObject({ activitiesPublished: 2, enrollments: 2, approved: 2, views: 9 })
    expect(await result(A.enrolment, q)).toMatchObject({ funnel: { views: 9, enrollments: 2, approved: 2 } })
    expect((await result(A.enrolment, { ...q, type: 'both' })).byType).toEqual([{ type: 'both', enrollments: 1 }])
    const country = await result(A.country, q)
    expect(country.items.filter((c: any) => ['CN', 'GB', 'US'].includes(c.country)).map((c: any) => [c.country, c.enrollments, c.participants, c.activities])).toEqual([
      ['CN', 1, 1, 1],
      ['GB', 1, 1, 1],
    ])
    expect((await result(A.top, q)).map((t: any) => [t.id, t.enrollments, t.views])).toEqual([
      [a, 1, 9],
      [b, 1, 0],
    ])

    // unpublished, then deleted with its rows (the cascade is a change too)
    await h.db.updateTable('activities').set({ status: 'draft' }).where('id', '=', a).execute()
    expect(await result(A.total, q)).toMatchObject({ activitiesPublished: 1, enrollments: 2 })
    await h.db.deleteFrom('activity_enrollments').where('activity_id', '=', b).execute()
    await h.db.deleteFrom('activities').where('id', '=', b).execute()
    expect(await result(A.total, q)).toMatchObject({ activitiesPublished: 0, enrollments: 1, participants: 1, views: 9 })
    expect(await result(A.total, q, org)).toMatchObject({ enrollments: 1 })
  })
})

describeEachDb(
  'analysis answers reused (ANALYSIS_CACHE_MS)',
  (get) => {
    test('the same filter and scope reuses the answer; another scope never sees it', async () => {
      const h = get()
      const { ops, org } = await loginDemoRoles(h)
      const q = `${A.total}?from=2033-01-01&to=2033-01-31`
      const first = await h.api('GET', q, { token: ops })
      expect(first.body.result.enrollments).toBe(0)
      const a = await h.db.selectFrom('activities').select(['id', 'organization_id']).orderBy('id').executeTakeFirstOrThrow()
      const ts = '2033-01-10T00:00:00.000Z'
      await h.db
        .insertInto('activity_enrollments')
        .values({ activity_id: a.id, user_id: null, guest_email: 'cache@ex.com', guest_token: null, status: 'rejected', form_answers: '{}', promoter_user_id: null, created_at: ts, updated_at: ts, admin_remark: null })
        .execute()
      // within the reuse window: the earlier answer
      expect((await h.api('GET', q, { token: ops })).body.result.enrollments).toBe(0)
      // another filter is counted afresh
      expect((await h.api('GET', `${q}&tz=UTC`, { token: ops })).body.result.enrollments).toBe(1)
      // the organizer's scope has its own answers
      const mine = (await h.api('GET', `${q}&tz=UTC`, { token: org })).body.result
      expect(mine.subscribers).toBeNull()
    })
  },
  { env: { ANALYSIS_CACHE_MS: '600000' } },
)
