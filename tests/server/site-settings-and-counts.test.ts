/**
 * Site settings and counts that equal their rows.
 * - Site settings: operations read and save the frame's contact details and social QR codes in the admin;
 *   the public settings the footer reads follow at once; bad input is refused with the field named and
 *   changes nothing; other callers are refused (the permission matrix walks the routes too).
 * - Counts that add up: every seeded counter equals the rows it counts (an activity's enrolled count = its
 *   pending and approved enrolments, an organisation's follower count = its follows), and the admin
 *   enrolment list of an activity says as many as the activity's counter; the seeded contact details,
 *   partner logos and enrolment answers look real (no placeholders).
 */
import { describeEachDb, type Harness } from './harness'
import { ADMIN_DICTIONARY_API as A, type SiteSettingsForm } from '@contracts/admin-dictionary'
import { ADMIN_ENROLL_API } from '@contracts/admin-enrollment'
import { API } from '@contracts/api'
import { ATTENDEE_DOMAIN } from '../../server/src/db/seed/attendees'
import { repairEnglishQuotes } from '../../server/src/db/seed/content-repairs'

describeEachDb('site settings and seeded counts', (get) => {
  let h: Harness
  let ops: string
  let org: string

  beforeAll(async () => {
    h = get()
    ops = await h.adminLogin('ops@haijiao.demo')
    org = await h.adminLogin('org@haijiao.demo')
  })

  const settingsRows = () => h.db.selectFrom('site_settings').select(['key', 'value']).orderBy('key').execute()
  const form = async (): Promise<SiteSettingsForm> => {
    const r = await h.api('GET', A.settingInfo, { token: ops })
    expect(r.body.code).toBe(200)
    return r.body.result as SiteSettingsForm
  }

  it('the seed shows plausible contact details: no zero ICP number, no .demo address, partner logos with their names', async () => {
    const pub = (await h.api('GET', API.siteSettings)).body.result as SiteSettingsForm
    expect(pub.icp).toMatch(/^京ICP备[1-9][0-9]{9}号-1$/)
    expect(pub.icp).not.toMatch(/0{6}/)
    expect(pub.email).toMatch(/@/)
    expect(pub.email).not.toMatch(/\.demo$/)
    expect(pub.phone).not.toMatch(/1234$/)
    expect(pub.social.map((s) => s.code).sort()).toEqual(['douyin', 'linkedin', 'wechat', 'weibo'])
    const logos = await h.db.selectFrom('site_partners').select(['name_en', 'logo_url']).execute()
    expect(logos.length).toBeGreaterThan(0)
    for (const l of logos) expect(l.logo_url).not.toMatch(/partner-\d/)
  })

  it('English seeded bodies use English punctuation: no Chinese-style quotes or full-width marks; an old body is repaired', async () => {
    const tables = ['topics', 'information', 'competitions', 'roadshow_projects', 'org_projects', 'policies'] as const
    for (const t of tables) {
      const rows = await h.db.selectFrom(t).select(['id', 'content_en']).execute()
      expect(rows.length).toBeGreaterThan(0)
      expect([t, rows.filter((r) => /[“”（），。：；！？、]/.test(r.content_en)).map((r) => r.id)]).toEqual([t, []])
    }
    const topic = await h.db.selectFrom('topics').select(['id', 'content_en', 'title_en']).orderBy('id').executeTakeFirstOrThrow()
    await h.db.updateTable('topics').set({ content_en: `<p>Around “${topic.title_en}”, we have gathered the latest developments.</p>` }).where('id', '=', topic.id).execute()
    await h.db.deleteFrom('seed_marks').where('name', '=', 'english-filler-quotes-v1').execute()
    await repairEnglishQuotes(h.db, () => undefined)
    const after = await h.db.selectFrom('topics').select('content_en').where('id', '=', topic.id).executeTakeFirstOrThrow()
    expect(after.content_en).toBe(`<p>On ${topic.title_en}, we have gathered the latest developments.</p>`)
  })

  it('operations save the settings; the public settings follow; the form reads back what was saved', async () => {
    const before = await form()
    const next: SiteSettingsForm = {
      ...before,
      phone: '+86 21 6888 0101',
      email: 'hello@example.com',
      icp: '沪ICP备2024123456号-2',
      copyrightEn: '© 2026 Haijiao Ltd.',
      wechatQrUrl: '/uploads/2026/11/qr.png',
      social: [{ code: 'weibo', nameZh: '微博', nameEn: 'Weibo', qrUrl: 'https://img.example.com/weibo.png' }],
    }
    const r = await h.api('POST', A.settingUpdate, { token: ops, body: next })
    expect(r.body).toMatchObject({ code: 200, result: next })
    expect(await form()).toEqual(next)
    const pub = (await h.api('GET', API.siteSettings)).body.result as SiteSettingsForm
    expect(pub).toMatchObject({ phone: next.phone, email: next.email, icp: next.icp, wechatQrUrl: next.wechatQrUrl, social: next.social })
    // no QR code for the side menu: the key goes, the public settings say null
    const r2 = await h.api('POST', A.settingUpdate, { token: ops, body: { ...next, wechatQrUrl: null } })
    expect(r2.body.code).toBe(200)
    expect(((await h.api('GET', API.siteSettings)).body.result as SiteSettingsForm).wechatQrUrl).toBeNull()
    await h.api('POST', A.settingUpdate, { token: ops, body: before })
    expect(await form()).toEqual(before)
  })

  it('refuses bad input with the field named (in both languages) and changes nothing', async () => {
    const good = await form()
    const rows = await settingsRows()
    const bad: Array<[string, Partial<SiteSettingsForm> | Record<string, unknown>]> = [
      ['phone', { phone: '123' }],
      ['phone', { phone: 'call us' }],
      ['phone', { phone: '   ' }],
      ['email', { email: 'service@' }],
      ['icp', { icp: '京ICP备00号' }],
      ['icp', { icp: 'ICP 12345678' }],
      ['icpUrl', { icpUrl: 'javascript:alert(1)' }],
      ['copyrightZh', { copyrightZh: '' }],
      ['wechatQrUrl', { wechatQrUrl: 'http://insecure.example.com/qr.png' }],
      ['wechatQrUrl', { wechatQrUrl: '/etc/passwd' }],
      ['social[1].code', { social: [good.social[0], good.social[0]] }],
      ['social[0].qrUrl', { social: [{ ...good.social[0], qrUrl: 'javascript:x' }] }],
      ['social[0].nameEn', { social: [{ ...good.social[0], nameEn: ' ' }] }],
    ]
    for (const [field, patch] of bad) {
      const r = await h.api('POST', A.settingUpdate, { token: ops, body: { ...good, ...patch } })
      expect([field, r.body.code, r.body.result]).toEqual([field, 301, { field }])
    }
    // shapes the schema refuses: unknown code, missing fields, too long, not an object
    for (const body of [
      { ...good, social: [{ code: 'facebook', nameZh: 'x', nameEn: 'x', qrUrl: '/static/x.svg' }] },
      { phone: good.phone },
      { ...good, icp: 'x'.repeat(41) },
      [],
    ]) {
      const r = await h.api('POST', A.settingUpdate, { token: ops, body })
      expect(r.body.code).toBe(301)
    }
    const en = await h.api('POST', A.settingUpdate, { token: ops, body: { ...good, phone: '1' }, headers: { 'accept-language': 'en' } })
    expect(en.body.message).toMatch(/Parameter error/)
    expect(await settingsRows()).toEqual(rows)
  })

  it('organizers and agents may not read or save the settings', async () => {
    const rows = await settingsRows()
    const kefu = await h.adminLogin('kefu@haijiao.demo')
    for (const token of [org, kefu]) {
      expect((await h.api('GET', A.settingInfo, { token })).body.code).toBe(402)
      expect((await h.api('POST', A.settingUpdate, { token, body: await form() })).body.code).toBe(402)
    }
    expect((await h.api('GET', A.settingInfo)).body.code).toBe(201)
    expect(await settingsRows()).toEqual(rows)
  })

  it("every activity's enrolled count equals its pending and approved enrolments, and most seeded activities have people behind them", async () => {
    const rows = await h.db
      .selectFrom('activities as a')
      .leftJoin('activity_enrollments as e', (j) => j.onRef('e.activity_id', '=', 'a.id').on('e.status', 'in', ['pending', 'approved']))
      .select(['a.id', 'a.title_en', 'a.enrolled_count', 'a.people_count', (eb) => eb.fn.count<number>('e.id').as('n')])
      .groupBy(['a.id', 'a.title_en', 'a.enrolled_count', 'a.people_count'])
      .execute()
    expect(rows.length).toBeGreaterThan(50)
    const wrong = rows.filter((r) => Number(r.n) !== r.enrolled_count).map((r) => `${r.id} ${r.title_en}: counter ${r.enrolled_count}, rows ${r.n}`)
    expect(wrong).toEqual([])
    expect(rows.filter((r) => r.enrolled_count >= 10).length).toBeGreaterThan(rows.length / 2)
    // full activities are full of rows, not of numbers
    expect(rows.some((r) => r.people_count > 0 && Number(r.n) >= r.people_count)).toBe(true)
  })

  it('the seeded enrolments are people with answers to the form and states that fit the activity', async () => {
    const enr = await h.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'e.status', 'e.form_answers', 'a.enroll_need_process', 'a.enroll_form'])
      .where('u.email', 'like', `%@${ATTENDEE_DOMAIN}`)
      .execute()
    expect(enr.length).toBeGreaterThan(500)
    const statuses = new Set(enr.map((e) => e.status))
    expect([...statuses].sort()).toEqual(['approved', 'pending', 'rejected'])
    // pending only where the activity waits for approval
    expect(enr.filter((e) => e.status === 'pending' && e.enroll_need_process !== 1)).toEqual([])
    for (const e of enr.slice(0, 300)) {
      const answers = JSON.parse(e.form_answers) as Record<string, unknown>
      const fields = (JSON.parse(e.enroll_form ?? '[]') as Array<{ key: string; required?: boolean }>).filter((f) => f.required)
      for (const f of fields) expect([f.key, answers[f.key] === undefined || answers[f.key] === '']).toEqual([f.key, false])
    }
  })

  it("every organisation's follower count equals its follows", async () => {
    const rows = await h.db
      .selectFrom('organizations as o')
      .leftJoin('organizer_follows as f', 'f.organization_id', 'o.id')
      .select(['o.id', 'o.name_en', 'o.follower_count', (eb) => eb.fn.count<number>('f.user_id').as('n')])
      .groupBy(['o.id', 'o.name_en', 'o.follower_count'])
      .execute()
    expect(rows.filter((r) => Number(r.n) !== r.follower_count).map((r) => `${r.name_en}: ${r.follower_count} vs ${r.n}`)).toEqual([])
    expect(rows.filter((r) => r.follower_count > 10).length).toBeGreaterThan(3)
  })

  it("the admin enrolment list of an activity says as many as the activity's counter (all states)", async () => {
    const acts = await h.db.selectFrom('activities').select(['id', 'enrolled_count']).where('enrolled_count', '>', 20).orderBy('id').limit(3).execute()
    expect(acts.length).toBe(3)
    for (const a of acts) {
      const r = await h.api('GET', `${ADMIN_ENROLL_API.list}?activityId=${a.id}&pageSize=10`, { token: ops })
      expect(r.body.code).toBe(200)
      const held = await h.db.selectFrom('activity_enrollments').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', a.id).executeTakeFirstOrThrow()
      expect(r.body.result.total).toBe(Number(held.n))
      expect(r.body.result.activity.enrolledCount).toBe(a.enrolled_count)
      const approved = await h.api('GET', `${ADMIN_ENROLL_API.list}?activityId=${a.id}&pageSize=10&status=approved`, { token: ops })
      const pending = await h.api('GET', `${ADMIN_ENROLL_API.list}?activityId=${a.id}&pageSize=10&status=pending`, { token: ops })
      expect(approved.body.result.total + pending.body.result.total).toBe(a.enrolled_count)
    }
  })
})
