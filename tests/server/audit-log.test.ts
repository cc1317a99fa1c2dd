/**
 * The audit log on SQLite and PostgreSQL: every admin write route of the permission
 * matrix's list (app.routeAccess) and every export leaves a row (a route without one fails this test);
 * an approval's row names who, what, the target, the change masked, the address and user agent; a row
 * that cannot be written refuses the action; admin sign-ins and failed ones; the organizer reads only its
 * organisation's rows; filters; the export (itself audited); the retention job with a moving clock; and
 * no route edits or deletes a row.
 */
import { sql } from 'kysely'
import { carryToFirstWrite, FirstWrite } from '../../server/src/db/first-write'
import ExcelJS from 'exceljs'
import { JobWorker } from '../../server/src/jobs/job-worker'
import { jobHandlers } from '../../server/src/job-handlers'
import { JOB_TYPES } from '../../server/src/jobs/job-queue'
import { maskedJson } from '../../server/src/modules/audit/audit.mask'
import type { RouteAccess } from '../../server/src/plugins/auth'
import { demoOrganizations, describeEachDb, insertActivity, loginDemoRoles, type Harness } from './harness'
import { ENROLL_API, type EnrollFormField } from '@contracts/enrollment'
import { ADMIN_ENROLL_API } from '@contracts/admin-enrollment'
import { ADMIN_ACTIVITY_API } from '@contracts/admin-activity'
import { ADMIN_ANALYSIS_API, ANALYSIS_MENU } from '@contracts/analysis'
import { ADMIN_AUDIT_API as A, type AuditEntry, type AuditPage } from '@contracts/audit'
import { ADMIN_SYSTEM_API as S } from '@contracts/admin-system'
import { siteCrudApi } from '@contracts/admin-site'
import { COMPETITION_API } from '@contracts/admin-competition'

const FORM: EnrollFormField[] = [
  { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Full name', required: true, maxLength: 50 },
  { key: 'email', type: 'email', labelZh: '邮箱', labelEn: 'E-mail', required: true },
]
const UA = 'audit-test-agent/1.0'

describeEachDb('audit log', (get) => {
  let h: Harness
  let ops: string
  let org: string
  let kefu: string
  let ownOrg: number
  let otherOrg: number

  beforeAll(async () => {
    h = get()
    ;({ ops, org, kefu } = await loginDemoRoles(h))
    ;({ ownOrg, otherOrg } = await demoOrganizations(h))
  })

  // an admin write's row is staged and moved into audit_log in batches: the list moves them first, and so does this read
  const rowsOf = async (route: string) => {
    await h.app.services.audit.flush()
    return h.db.selectFrom('audit_log').selectAll().where('route', '=', route).orderBy('id').execute()
  }

  async function approvalScenario() {
    const activityId = await insertActivity(h, { title_zh: '审计测试', title_en: 'Audit test', organization_id: ownOrg, enroll_need_process: 1, is_need_login_enroll: 0, enroll_form: JSON.stringify(FORM) })
    const r = await h.api('POST', ENROLL_API.submit, { body: { activityId, answers: { name: '王小明', email: 'xiaoming@example.org' } } })
    expect(r.body.code).toBe(200)
    return { activityId, enrollmentId: r.body.result.enrollmentId as number }
  }

  it('masks personal fields by name and by value', () => {
    const text = maskedJson({ email: 'someone@example.org', phone: '+86 138 0013 8000', nickName: '王小明', answers: { name: 'x' }, password: 'secret1', titleZh: '标题', note: 'write to a@b.co', contact: 'Jane Doe', mobile: '13800138000' })!
    const v = JSON.parse(text)
    expect(v).toEqual({ email: 'so***@example.org', phone: '***8000', nickName: '王**', answers: '[masked]', password: '[secret]', titleZh: '标题', note: 'write to a@b.co', contact: 'J***', mobile: '***8000' })
    expect(JSON.parse(maskedJson({ list: [{ email: 'x@y.com' }, '13912345678'] })!)).toEqual({ list: [{ email: 'x***@y.com' }, '***5678'] })
  })

  it("records an approval: who, role, organisation, what, target, the change masked, address and user agent; operations find it by filters", async () => {
    const { enrollmentId } = await approvalScenario()
    const res = await h.api('POST', ADMIN_ENROLL_API.status, { token: org, body: { id: enrollmentId, status: 'approved' }, headers: { 'user-agent': UA } })
    expect(res.body.code).toBe(200)
    const rows = (await rowsOf(`POST /api/v1${ADMIN_ENROLL_API.status}`)).filter((r) => r.target_id === String(enrollmentId))
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row).toMatchObject({ action: 'approve', outcome: 'ok', result_code: 200, actor_name: 'org@haijiao.demo', organization_id: ownOrg, target_type: 'activity/enroll/list', user_agent: UA })
    expect(row.actor_roles).toContain('organizer')
    expect(row.ip).toBeTruthy()
    expect(JSON.parse(row.after_json!)).toMatchObject({ id: enrollmentId, status: 'approved' })
    const before = JSON.parse(row.before_json!)
    expect(before).toMatchObject({ status: 'pending' })
    // the person's answers never reach the row
    expect(JSON.stringify(row)).not.toMatch(/xiaoming@example\.org|王小明/)

    const page = await h.api<AuditPage>('GET', `${A.list}?action=approve&targetId=${enrollmentId}`, { token: ops })
    expect(page.body.code).toBe(200)
    expect(page.body.result.list.map((e: AuditEntry) => e.id)).toEqual([row.id])
    expect(page.body.result.list[0].organizationName).toBeTruthy()
    const byPerson = await h.api<AuditPage>('GET', `${A.list}?actor=org@haijiao.demo&pageSize=100`, { token: ops })
    expect(byPerson.body.result.list.length).toBeGreaterThan(0)
    expect(byPerson.body.result.list.every((e: AuditEntry) => e.actorName === 'org@haijiao.demo')).toBe(true)
    const day = row.created_at.slice(0, 10)
    const inDay = await h.api<AuditPage>('GET', `${A.list}?from=${day}&to=${day}&targetType=activity/enroll/list`, { token: ops })
    expect(inDay.body.result.list.some((e: AuditEntry) => e.id === row.id)).toBe(true)
    const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10)
    const outside = await h.api<AuditPage>('GET', `${A.list}?from=${dayBefore}&to=${dayBefore}`, { token: ops })
    expect(outside.body.result.list.some((e: AuditEntry) => e.id === row.id)).toBe(false)
  })

  it('records the state before and after: freezing a consumer or an admin account, a role and its menu/button grants, a menu button, a site text, content through the admin CRUD; personal fields masked', async () => {
    const last = async (path: string) => {
      const rows = await rowsOf(`POST /api/v1${path}`)
      const row = rows[rows.length - 1]
      expect(row.outcome).toBe('ok')
      return { row, before: JSON.parse(row.before_json ?? 'null'), after: JSON.parse(row.after_json ?? 'null') }
    }
    const ok = async (path: string, body: Record<string, unknown>) => expect((await h.api('POST', path, { token: ops, body })).body.code).toBe(200)

    // a consumer frozen, then restored
    const person = await h.registerUser('audit-freeze@haijiao.test', '冻结测试')
    await ok(S.consumerStatus, { id: person.userInfo.cuserId, forbidden: true })
    let r = await last(S.consumerStatus)
    expect([r.before, r.after]).toEqual([
      { id: person.userInfo.cuserId, userId: person.userInfo.id, kind: 'cuser', forbidden: 0 },
      { id: person.userInfo.cuserId, userId: person.userInfo.id, kind: 'cuser', forbidden: 1 },
    ])
    await ok(S.consumerStatus, { id: person.userInfo.cuserId, forbidden: false })
    r = await last(S.consumerStatus)
    expect([r.before.forbidden, r.after.forbidden]).toEqual([1, 0])

    // an admin-side account locked; its nickname and level edited (the nickname masked on both sides)
    const kefuAccount = await h.db.selectFrom('user_accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select(['a.id', 'a.locked', 'a.account_level']).where('u.email', '=', 'kefu@haijiao.demo').where('a.kind', '=', 'kefu').executeTakeFirstOrThrow()
    await ok(S.adminUserStatus, { id: kefuAccount.id, locked: true })
    r = await last(S.adminUserStatus)
    expect([r.before, r.after]).toEqual([
      { id: kefuAccount.id, userId: expect.any(Number), kind: 'kefu', locked: 0 },
      { id: kefuAccount.id, userId: expect.any(Number), kind: 'kefu', locked: 1 },
    ])
    await ok(S.adminUserStatus, { id: kefuAccount.id, locked: false })
    await ok(S.adminUserUpdate, { id: kefuAccount.id, nickName: 'Agent Renamed', accountLevel: 3 })
    r = await last(S.adminUserUpdate)
    expect(r.before).toMatchObject({ id: kefuAccount.id, account_level: kefuAccount.account_level })
    expect(r.after).toMatchObject({ id: kefuAccount.id, account_level: 3, nick_name: 'A***' })
    expect(r.before.nick_name).toMatch(/^\S\*+$/)
    expect(r.row.before_json).not.toContain('Agent Renamed')

    // a role's permissions replaced: the grants it had and the grants it has
    const added = await h.api('POST', S.roleAdd, { token: ops, body: { code: 'audit_role', nameZh: '审计角色', nameEn: 'Audit role', dataScope: 'org' } })
    expect(added.body.code).toBe(200)
    const roleId = added.body.result.id as number
    const menu = await h.db.selectFrom('menus').select(['id', 'pid']).where('component', '=', 'activity/enroll/list').executeTakeFirstOrThrow()
    await ok(S.roleUpdate, { id: roleId, nameEn: 'Audit role 2', menuIds: [menu.id] })
    r = await last(S.roleUpdate)
    expect(r.before).toMatchObject({ id: roleId, roleCode: 'audit_role', name_en: 'Audit role', menuIds: [], buttonIds: [] })
    expect(r.after).toMatchObject({ id: roleId, name_en: 'Audit role 2', buttonIds: [] })
    expect(r.after.menuIds).toContain(menu.id)
    expect((await rowsOf(`POST /api/v1${S.roleUpdate}`)).at(-1)!.action).toBe('permission')

    // a menu button renamed
    const button = await h.db.selectFrom('menu_buttons').selectAll().where('menu_id', '=', menu.id).orderBy('id').executeTakeFirstOrThrow()
    await ok(S.menuButtonUpdate, { id: button.id, name: button.name, titleZh: button.title_zh, titleEn: 'Renamed button' })
    r = await last(S.menuButtonUpdate)
    expect(r.before).toMatchObject({ id: button.id, title_en: button.title_en })
    expect(r.after).toMatchObject({ id: button.id, title_en: 'Renamed button' })

    // a policy text published as a new version: the version it had and the one it has
    const info = (await h.api('GET', '/system/text/info?code=privacy_policy', { token: ops })).body.result
    await ok('/system/text/update', { code: 'privacy_policy', titleZh: info.titleZh, titleEn: info.titleEn, contentZh: info.contentZh, contentEn: info.contentEn, publishVersion: true })
    r = await last('/system/text/update')
    expect(r.before).toMatchObject({ textCode: 'privacy_policy', version: info.version })
    expect(r.after).toMatchObject({ textCode: 'privacy_policy', version: info.version + 1 })

    // content edited through the shared admin CRUD (a banner): the changed columns; unpublished; deleted
    const banner = await h.db.selectFrom('banners').selectAll().orderBy('id').executeTakeFirstOrThrow()
    const crud = siteCrudApi('banner')
    await ok(crud.update, { id: banner.id, titleZh: banner.title_zh, titleEn: 'Audited banner', imageUrl: banner.image_url, position: banner.position })
    r = await last(crud.update)
    expect(r.before).toMatchObject({ id: banner.id, title_en: banner.title_en })
    expect(r.after).toMatchObject({ id: banner.id, title_en: 'Audited banner' })
    await ok(crud.status, { id: banner.id, published: false })
    r = await last(crud.status)
    expect([r.before.status, r.after.status]).toEqual([banner.status, 0])
    await ok(crud.delete, { id: banner.id })
    r = await last(crud.delete)
    expect(r.before).toMatchObject({ id: banner.id, title_en: 'Audited banner' })

    // a published activity taken back to draft, then published again from the manager list
    const act = await h.db.selectFrom('activities').select(['id', 'published_at']).where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow()
    await ok(ADMIN_ACTIVITY_API.unpublish, { id: act.id })
    r = await last(ADMIN_ACTIVITY_API.unpublish)
    expect([r.before, r.after]).toEqual([
      { id: act.id, status: 'published' },
      { id: act.id, status: 'draft' },
    ])
    await ok(ADMIN_ACTIVITY_API.republish, { id: act.id })
    r = await last(ADMIN_ACTIVITY_API.republish)
    expect(r.before).toMatchObject({ id: act.id, status: 'draft', published_at: act.published_at })
    expect(r.after).toMatchObject({ id: act.id, status: 'published', published_at: act.published_at })
  })

  it("records a competition edit's changed columns as they were and as they are", async () => {
    const park = { kind: 'park', titleZh: '审计园区', titleEn: 'Audit park', summaryZh: '简介', summaryEn: 'About', contentZh: '<p>园区</p>', contentEn: '<p>Park</p>', banners: ['/static/posters/park-1.svg'], startTime: '2026-12-01T01:00:00.000Z', endTime: '2027-06-30T10:00:00.000Z' }
    const added = await h.api('POST', COMPETITION_API.add, { token: ops, body: park })
    expect(added.body.code).toBe(200)
    const id = added.body.result.id as number
    const res = await h.api('POST', COMPETITION_API.update, { token: ops, body: { ...park, id, titleEn: 'Audit park renamed', endTime: '2027-07-31T10:00:00.000Z' } })
    expect(res.body.code).toBe(200)
    const row = (await rowsOf(`POST /api/v1${COMPETITION_API.update}`)).at(-1)!
    expect(row).toMatchObject({ action: 'update', outcome: 'ok', target_id: String(id) })
    expect(JSON.parse(row.before_json!)).toMatchObject({ id, title_en: 'Audit park', end_time: '2027-06-30T10:00:00.000Z' })
    expect(JSON.parse(row.after_json!)).toMatchObject({ id, title_en: 'Audit park renamed', end_time: '2027-07-31T10:00:00.000Z', banners: park.banners })
  })

  it('completes each row wherever it is when its outcome is written: still staged, or moved before the outcome came', async () => {
    const audit = h.app.services.audit
    const route = 'POST /api/v1/audit-test/outcome-order'
    const write = (targetId: string) => ({ action: 'update' as const, route, actorId: null, targetType: 'audit-test', targetId })
    const movedFirst = await audit.begin(write('moved-first'))
    const movedLater = await audit.begin(write('moved-later'))
    // both moved into audit_log while their actions still run
    await audit.flush()
    const staged = await audit.begin(write('staged'))
    await audit.complete(movedFirst, true, 200)
    await audit.complete(staged, false, 500)
    // one outcome finds its row staged, the other one in audit_log
    await audit.flush()
    await audit.complete(movedLater, true, 200)
    // the only outcome finds its row in audit_log
    await audit.flush()
    const rows = await h.db.selectFrom('audit_log').select(['target_id', 'outcome', 'result_code']).where('route', '=', route).orderBy('id').execute()
    expect(rows).toEqual([
      { target_id: 'moved-first', outcome: 'ok', result_code: 200 },
      { target_id: 'moved-later', outcome: 'ok', result_code: 200 },
      { target_id: 'staged', outcome: 'failed', result_code: 500 },
    ])
    const left = await h.db.selectFrom('audit_pending').select('id').where('route', '=', route).execute()
    expect(left).toEqual([])
  })

  it("a write's row commits with its action's first write: in the action's own transaction (rolled back with it), or in one with its statement", async () => {
    const base = 900_000_000 + (h.target === 'postgres' ? 1000 : 0)
    const row = (id: number) => {
      const q = h.db
        .insertInto('audit_pending')
        .values({ id, created_at: new Date().toISOString(), action: 'update', route: 'POST /carried', outcome: 'pending' })
        .onConflict((oc) => oc.column('id').doNothing())
        .compile()
      return new FirstWrite(q.sql, q.parameters)
    }
    const staged = async (id: number) => (await h.db.selectFrom('audit_pending').select('id').where('id', '=', id).execute()).length
    const enrollment = await approvalScenario()
    const remark = (db: typeof h.db, text: string) => db.updateTable('activity_enrollments').set({ admin_remark: text }).where('id', '=', enrollment.enrollmentId).execute()
    const remarkNow = async () => (await h.db.selectFrom('activity_enrollments').select('admin_remark').where('id', '=', enrollment.enrollmentId).executeTakeFirstOrThrow()).admin_remark

    // reads carry nothing; the first write (a statement on its own) carries the row, and only it
    const a = row(base + 1)
    await carryToFirstWrite(a, async () => {
      await h.db.selectFrom('activity_enrollments').select('id').execute()
      expect(a.state).toBe('waiting')
      await remark(h.db, 'carried 1')
      expect(a.state).toBe('done')
      await remark(h.db, 'carried 1b')
    })
    expect(await staged(base + 1)).toBe(1)

    // inside the action's transaction: rolled back with it (nothing changed, no row, waiting again) …
    const b = row(base + 2)
    await expect(
      carryToFirstWrite(b, () =>
        h.db.transaction().execute(async (trx) => {
          await remark(trx, 'rolled back')
          expect(b.state).toBe('open')
          throw new Error('the action fails after its first write')
        }),
      ),
    ).rejects.toThrow('the action fails')
    expect(b.state).toBe('waiting')
    expect(await staged(base + 2)).toBe(0)
    expect(await remarkNow()).toBe('carried 1b')
    // … and committed with it
    await carryToFirstWrite(b, () => h.db.transaction().execute((trx) => remark(trx, 'committed')))
    expect(b.state).toBe('done')
    expect(await staged(base + 2)).toBe(1)
    expect(await remarkNow()).toBe('committed')

    // a write that fails carries nothing: its statement (and the row in it) is undone
    const c = row(base + 3)
    await expect(carryToFirstWrite(c, () => h.db.insertInto('activity_enrollments').values({ id: enrollment.enrollmentId } as never).execute())).rejects.toThrow()
    expect(c.state).toBe('waiting')
    expect(await staged(base + 3)).toBe(0)

    // a statement that is itself a WITH (PostgreSQL composes the row into its list)
    const d = row(base + 4)
    await carryToFirstWrite(d, () =>
      h.db
        .with('target', (db) => db.selectFrom('activity_enrollments').select('id').where('id', '=', enrollment.enrollmentId))
        .updateTable('activity_enrollments')
        .set({ admin_remark: 'with' })
        .where('id', 'in', (eb) => eb.selectFrom('target').select('id'))
        .execute(),
    )
    expect([d.state, await staged(base + 4), await remarkNow()]).toEqual(['done', 1, 'with'])
    await h.db.deleteFrom('audit_pending').where('id', '>', base).execute()
  })

  it('refuses the action when its row cannot be written (nothing changes)', async () => {
    const { enrollmentId } = await approvalScenario()
    // the staging table refuses every row, as a full disk would (the row rides in the approval's first
    // write, which fails with it)
    if (h.target === 'postgres') await sql`alter table audit_pending add constraint audit_full check (id < 0) not valid`.execute(h.db)
    else await sql`create trigger audit_full before insert on audit_pending begin select raise(abort, 'disk full'); end`.execute(h.db)
    let res
    try {
      res = await h.api('POST', ADMIN_ENROLL_API.status, { token: org, body: { id: enrollmentId, status: 'approved' } })
    } finally {
      if (h.target === 'postgres') await sql`alter table audit_pending drop constraint audit_full`.execute(h.db)
      else await sql`drop trigger audit_full`.execute(h.db)
    }
    expect(res.status).toBeGreaterThanOrEqual(500)
    const e = await h.db.selectFrom('activity_enrollments').select('status').where('id', '=', enrollmentId).executeTakeFirstOrThrow()
    expect(e.status).toBe('pending')
  })

  it('records admin sign-ins and failed sign-ins with the address', async () => {
    const before = await h.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst()
    const since = Number(before?.m ?? 0)
    const { codeKey, code } = await h.captcha()
    const bad = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'ops@haijiao.demo', password: 'wrong-password', code, codeKey }, headers: { 'user-agent': UA } })
    expect(bad.body.code).not.toBe(200)
    const c2 = await h.captcha()
    const nobody = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'nobody-here@example.org', password: 'whatever1', code: c2.code, codeKey: c2.codeKey } })
    expect(nobody.body.code).not.toBe(200)
    await h.adminLogin('ops@haijiao.demo')
    const rows = await h.db.selectFrom('audit_log').selectAll().where('id', '>', since).where('action', 'in', ['sign_in', 'sign_in_failed']).orderBy('id').execute()
    expect(rows.map((r) => [r.action, r.actor_name])).toEqual([
      ['sign_in_failed', 'ops@haijiao.demo'],
      ['sign_in_failed', null],
      ['sign_in', 'ops@haijiao.demo'],
    ])
    expect(rows[0]).toMatchObject({ user_agent: UA, outcome: 'failed' })
    expect(rows[0].ip).toBeTruthy()
    expect(rows[1].after_json).toContain('no***@example.org')
    expect(rows[1].after_json).not.toContain('nobody-here')
    expect(rows[2].actor_roles).toContain('operations')
  })

  it('leaves a row for every admin write route and every export of the permission matrix, whatever the outcome', async () => {
    const routes = h.app.routeAccess.filter((r) => r.auth !== 'user' && (r.method !== 'GET' || (typeof r.auth === 'object' && r.auth.button === 'export')))
    expect(routes.length).toBeGreaterThan(40)
    const missing: string[] = []
    for (const r of routes as RouteAccess[]) {
      const route = `${r.method} ${r.url}`
      const already = (await rowsOf(route)).length
      let answered = false
      for (const token of [ops, org, kefu]) {
        const res = await h.app.inject({
          method: r.method as 'POST',
          url: r.url.replace(/:[A-Za-z]+/g, '1'),
          headers: { authorization: `Bearer ${token}` },
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        })
        if (res.statusCode === 401 || res.statusCode === 403) continue
        answered = true
        break
      }
      if (!answered) continue
      if ((await rowsOf(route)).length <= already) missing.push(route)
    }
    expect(missing).toEqual([])
  })

  it("shows an organizer only its organisation's rows (server-enforced), operations every row; kefu is refused", async () => {
    await approvalScenario()
    const mine = await h.api<AuditPage>('GET', `${A.list}?pageSize=100`, { token: org })
    expect(mine.body.code).toBe(200)
    expect(mine.body.result.total).toBeGreaterThan(0)
    expect(mine.body.result.list.every((e: AuditEntry) => e.organizationId === ownOrg)).toBe(true)
    const other = await h.api<AuditPage>('GET', `${A.list}?organizationId=${otherOrg}`, { token: org })
    expect(other.body.result.total).toBe(0)
    const all = await h.api<AuditPage>('GET', `${A.list}?pageSize=100`, { token: ops })
    expect(all.body.result.list.some((e: AuditEntry) => e.organizationId == null)).toBe(true)
    const orgRows = await h.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', ownOrg).executeTakeFirstOrThrow()
    expect(mine.body.result.total).toBe(Math.min(Number(orgRows.n), 10_000))
    const refused = await h.api('GET', A.list, { token: kefu })
    expect([refused.status, refused.body.code]).toEqual([403, 402])
  })

  it('refuses bad filters with 301 and changes nothing', async () => {
    for (const q of ['action=drop', 'from=yesterday', 'from=2026-02-01&to=2026-01-01', 'organizationId=x', 'page=0']) {
      const r = await h.api('GET', `${A.list}?${q}`, { token: ops })
      expect([q, r.body.code]).toEqual([q, 301])
    }
  })

  it('exports the filtered rows as .xlsx, and the export is itself a row', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/v1${A.export}?action=approve`, headers: { authorization: `Bearer ${ops}`, 'accept-language': 'zh-CN' } })
    expect(res.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]
    expect(ws.getRow(1).getCell(1).value).toBe('时间')
    const actions = new Set<unknown>()
    ws.eachRow((row, n) => n > 1 && actions.add(row.getCell(5).value))
    expect([...actions]).toEqual(['approve'])
    const rows = await rowsOf(`GET /api/v1${A.export}`)
    expect(rows.at(-1)).toMatchObject({ action: 'export', actor_name: 'ops@haijiao.demo', outcome: 'ok' })
  })

  it("records an analysis card's CSV (built in the browser) before the admin saves it", async () => {
    const r = await h.api('POST', ADMIN_ANALYSIS_API.exportRecord, { token: org, body: { card: 'day', range: '2026-11-01_2026-11-28', rows: 28 } })
    expect(r.body.code).toBe(200)
    const rows = await rowsOf(`POST /api/v1${ADMIN_ANALYSIS_API.exportRecord}`)
    expect(rows.at(-1)).toMatchObject({ action: 'export', actor_name: 'org@haijiao.demo', organization_id: ownOrg, outcome: 'ok', target_type: ANALYSIS_MENU })
    expect(JSON.parse(rows.at(-1)!.after_json!)).toEqual({ card: 'day', range: '2026-11-01_2026-11-28', rows: 28 })
  })

  it('has no route that edits or deletes an audit row', async () => {
    const auditRoutes = h.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/system/audit'))
    expect(auditRoutes.map((r) => r.method).sort()).toEqual(['GET', 'GET'])
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      for (const path of ['/api/v1/system/audit/list', '/api/v1/system/audit/1', '/api/v1/system/audit/delete', '/api/v1/system/audit/update']) {
        const r = await h.app.inject({ method, url: path, headers: { authorization: `Bearer ${ops}` }, payload: method === 'DELETE' ? undefined : { id: 1 } })
        expect([method, path, r.statusCode]).toEqual([method, path, 404])
      }
    }
  })

  it('removes rows past the retention setting (3 years) in a daily job, with a moving clock', async () => {
    const now = h.clock.now().getTime()
    const DAY = 86_400_000
    const base = { actor_id: null, actor_name: 'retention', actor_roles: null, organization_id: null, action: 'update', route: 'TEST retention', target_type: null, target_id: null, outcome: 'ok' as const, result_code: 200, before_json: null, after_json: null, ip: null, user_agent: null }
    await h.db
      .insertInto('audit_log')
      .values([
        { ...base, target_id: 'old', created_at: new Date(now - 1096 * DAY).toISOString() },
        { ...base, target_id: 'recent', created_at: new Date(now - 1000 * DAY).toISOString() },
      ])
      .execute()
    const left = async () => (await rowsOf('TEST retention')).map((r) => r.target_id)
    await h.app.services.audit.schedulePurge()
    const job = await h.db.selectFrom('job_queue').selectAll().where('type', '=', JOB_TYPES.auditPurge).orderBy('id', 'desc').executeTakeFirstOrThrow()
    // not due yet: nothing goes
    const worker = () => new JobWorker(h.app.ctx, jobHandlers(h.app.services), { owner: 'audit-test' })
    await worker().runDue()
    expect(await left()).toEqual(['old', 'recent'])
    h.clock.advance(Date.parse(job.run_at) - h.clock.now().getTime() + 1000)
    await worker().runDue()
    expect(await left()).toEqual(['recent'])
    // the job booked tomorrow's run; 100 days later the other row is past three years too
    h.clock.advance(100 * DAY)
    await worker().runDue()
    expect(await left()).toEqual([])
    h.clock.offsetMs = 0
  })
})
