/**
 * The permission matrix: every admin route the server registers (each declares `app.authorize(...)`,
 * recorded in app.routeAccess) is called by every seeded kind of caller. A caller the seeded roles do
 * not grant (role_menus / role_buttons read straight from the database here, not through the server's
 * permission code) is refused with the right code — HTTP 401 + 201 without a token, HTTP 403 + 402
 * otherwise — and nothing in the database changes. A granted caller gets past authorization (any
 * other answer: 200, or 301 for the empty body this walk sends).
 */
import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { RouteAccess } from '../../server/src/plugins/auth'
import { describeEachDb, type Harness } from './harness'
import { ADMIN_ANALYSIS_API, ANALYSIS_MENU } from '@contracts/analysis'
import { ADMIN_TICKET_API, CHECKIN_API, CHECKIN_BUTTON, CHECKIN_MENU } from '@contracts/ticket'
import { ENROLL_LIST_MENU } from '@contracts/admin-enrollment'
import { ADMIN_AUDIT_API, AUDIT_MENU } from '@contracts/audit'
import { PRIVACY_API } from '@contracts/privacy'
import { HELPDESK_AGENT_MENU, HELPDESK_API, HELPDESK_OPS_MENU } from '@contracts/helpdesk'

type Who = 'anonymous' | 'consumer' | 'promoter' | 'organizer' | 'operations' | 'kefu'
const CALLERS: Who[] = ['anonymous', 'consumer', 'promoter', 'organizer', 'operations', 'kefu']
const ADMIN_ROLE: Partial<Record<Who, string>> = { organizer: 'organizer', operations: 'operations', kefu: 'kefu' }
const EMAIL: Record<Exclude<Who, 'anonymous'>, string> = {
  consumer: 'user@haijiao.demo',
  promoter: 'promoter@haijiao.demo',
  organizer: 'org@haijiao.demo',
  operations: 'ops@haijiao.demo',
  kefu: 'kefu@haijiao.demo',
}

/** Tables whose rows change as a side effect of merely being called (logins, rate limits) or on a timer (the view tally, and the analysis change log its triggers append to), not state. */
const VOLATILE = new Set(['captchas', 'verification_codes', 'kysely_migration', 'kysely_migration_lock', 'activity_view_hours', 'analysis_changes'])

async function tableNames(h: Harness): Promise<string[]> {
  const tables = await h.db.introspection.getTables()
  // PostgreSQL lists every schema's tables: other test runs on the same server have their own schemas
  const own = h.target === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s : undefined
  return tables
    .filter((t) => !own || t.schema === own)
    .map((t) => t.name)
    .filter((n) => !VOLATILE.has(n) && !n.startsWith('sqlite_') && !n.includes('_fts'))
}

/** A digest of every row of every table: equal digests = nothing changed. */
async function fingerprint(h: Harness, tables: string[]): Promise<Record<string, string>> {
  // staged audit rows move into audit_log on a timer: move them now, so a move between two
  // fingerprints is not taken for a change a refused request made
  await h.app.services.audit.flush()
  const out: Record<string, string> = {}
  for (const t of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(h.db)
    const lines = rows.rows.map((r) => JSON.stringify(Object.keys(r).sort().map((k) => [k, r[k]]))).sort()
    out[t] = `${lines.length}:${crypto.createHash('sha1').update(lines.join('\n')).digest('hex')}`
  }
  return out
}

describeEachDb('admin permission matrix', (get) => {
  let h: Harness
  const tokens: Partial<Record<Who, string>> = {}
  let routes: RouteAccess[] = []
  /** role code → menu components it has; role code → "component#button" it has */
  const menusOf: Record<string, Set<string>> = {}
  const buttonsOf: Record<string, Set<string>> = {}
  const seededMenus = new Map<string, Set<string>>() // component → button names

  beforeAll(async () => {
    h = get()
    for (const who of CALLERS) {
      if (who === 'anonymous') continue
      tokens[who] = ADMIN_ROLE[who] ? await h.adminLogin(EMAIL[who]) : await h.login(EMAIL[who])
    }
    routes = h.app.routeAccess.filter((r) => r.auth !== 'user')
    const grants = await h.db
      .selectFrom('role_menus as rm')
      .innerJoin('roles as r', 'r.id', 'rm.role_id')
      .innerJoin('menus as m', 'm.id', 'rm.menu_id')
      .select(['r.code', 'm.component'])
      .execute()
    const buttonGrants = await h.db
      .selectFrom('role_buttons as rb')
      .innerJoin('roles as r', 'r.id', 'rb.role_id')
      .innerJoin('menu_buttons as b', 'b.id', 'rb.button_id')
      .innerJoin('menus as m', 'm.id', 'b.menu_id')
      .select(['r.code', 'm.component', 'b.name'])
      .execute()
    for (const g of grants) (menusOf[g.code] ??= new Set()).add(g.component)
    for (const g of buttonGrants) (buttonsOf[g.code] ??= new Set()).add(`${g.component}#${g.name}`)
    const menus = await h.db.selectFrom('menus as m').leftJoin('menu_buttons as b', 'b.menu_id', 'm.id').select(['m.component', 'b.name']).execute()
    for (const m of menus) {
      const set = seededMenus.get(m.component) ?? new Set<string>()
      if (m.name) set.add(m.name)
      seededMenus.set(m.component, set)
    }
  })

  const allowed = (who: Who, r: RouteAccess): boolean => {
    const role = ADMIN_ROLE[who]
    if (!role) return false
    if (r.auth === 'admin') return true
    if (r.auth === 'user') return true
    const { menu, button } = r.auth
    if (!menusOf[role]?.has(menu)) return false
    return !button || !!buttonsOf[role]?.has(`${menu}#${button}`)
  }

  const call = (who: Who, r: RouteAccess) =>
    h.app.inject({
      method: r.method as 'GET',
      url: r.url.replace(/:[A-Za-z]+/g, '1'),
      headers: who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` },
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
    })

  it('walks the admin routes of every area, each naming a seeded menu and button', () => {
    // the foundation's and engagement's admin routes alone are more than 15: an empty walk proves nothing
    expect(routes.length).toBeGreaterThan(15)
    const unknown = routes.flatMap((r) => {
      if (typeof r.auth !== 'object') return []
      const buttons = seededMenus.get(r.auth.menu)
      if (!buttons) return [`${r.method} ${r.url}: menu ${r.auth.menu} is not seeded`]
      if (r.auth.button && !buttons.has(r.auth.button)) return [`${r.method} ${r.url}: menu ${r.auth.menu} has no button ${r.auth.button}`]
      return []
    })
    expect(unknown).toEqual([])
  })

  it('refuses every caller its role does not grant, with the right code, and changes nothing', async () => {
    const tables = await tableNames(h)
    const before = await fingerprint(h, tables)
    const wrong: string[] = []
    let refusals = 0
    for (const r of routes) {
      for (const who of CALLERS) {
        if (allowed(who, r)) continue
        const res = await call(who, r)
        const body = res.json() as { code: number }
        const want = who === 'anonymous' ? { status: 401, code: 201 } : { status: 403, code: 402 }
        refusals++
        if (res.statusCode !== want.status || body.code !== want.code) {
          wrong.push(`${who} ${r.method} ${r.url}: HTTP ${res.statusCode} code ${body.code}, want ${want.status}/${want.code}`)
        }
      }
    }
    expect(wrong).toEqual([])
    expect(refusals).toBeGreaterThan(routes.length * 3) // every route refuses at least anonymous, consumer, promoter
    expect(await fingerprint(h, tables)).toEqual(before)
  })

  it('lets every granted caller past authorization', async () => {
    const wrong: string[] = []
    for (const r of routes) {
      for (const who of CALLERS) {
        if (!allowed(who, r)) continue
        const res = await call(who, r)
        let code: number | undefined
        try {
          code = (res.json() as { code: number }).code
        } catch {
          code = undefined // a file download answers bytes
        }
        if (res.statusCode === 401 || res.statusCode === 403 || code === 201 || code === 402) {
          wrong.push(`${who} ${r.method} ${r.url}: HTTP ${res.statusCode} code ${code}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('matches the roles as the product describes them', () => {
    const may = (who: Who, component: string) => routes.filter((r) => typeof r.auth === 'object' && r.auth.menu === component).every((r) => allowed(who, r))
    const reads = (component: string) => routes.some((r) => typeof r.auth === 'object' && r.auth.menu === component)
    // operations staff run the system settings; organizers and agents do not
    for (const component of ['system/user/list', 'system/role/list', 'system/menu/list', 'system/setting/site']) {
      expect(reads(component)).toBe(true)
      expect(may('operations', component)).toBe(true)
      expect(may('organizer', component)).toBe(false)
      expect(may('kefu', component)).toBe(false)
    }
    // consumers and promoters have no admin route at all
    expect(routes.filter((r) => allowed('consumer', r) || allowed('promoter', r))).toEqual([])
  })

  it("deleting one's account and downloading one's data: every route is the signed-in person's own ('user'); no token is 401/201 and changes nothing", async () => {
    const own = h.app.routeAccess.filter((r) => Object.values(PRIVACY_API).some((u) => r.url === `/api/v1${u}`))
    // status, send code, request, cancel; list, request, download
    expect(own.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        `GET ${PRIVACY_API.deletionStatus}`,
        `POST ${PRIVACY_API.deletionSendCode}`,
        `POST ${PRIVACY_API.deletionRequest}`,
        `DELETE ${PRIVACY_API.deletionCancel}`,
        `GET ${PRIVACY_API.exportList}`,
        `POST ${PRIVACY_API.exportRequest}`,
        `GET ${PRIVACY_API.exportDownload}`,
      ]
        .map((x) => x.replace(' /', ' /api/v1/'))
        .sort(),
    )
    for (const r of own) expect([r.url, r.auth]).toEqual([r.url, 'user'])
    const tables = await tableNames(h)
    const before = await fingerprint(h, tables)
    for (const r of own) {
      const res = await call('anonymous', r)
      expect([r.method, r.url, res.statusCode, (res.json() as { code: number }).code]).toEqual([r.method, r.url, 401, 201])
    }
    // a signed-in caller of any kind reads their own status and list (the routes are theirs, not an admin's)
    for (const who of ['consumer', 'promoter', 'organizer', 'operations', 'kefu'] as const) {
      for (const r of own.filter((x) => x.method === 'GET' && !x.url.includes(':id'))) {
        expect([who, r.url, (await call(who, r)).json()]).toEqual([who, r.url, expect.objectContaining({ code: 200 })])
      }
    }
    expect(await fingerprint(h, tables)).toEqual(before)
  })

  it('the audit log: operations and organizers read it (the organizer its own rows) and export it, a service agent is refused (403/402)', async () => {
    const list = routes.find((r) => r.url === `/api/v1${ADMIN_AUDIT_API.list}`)!
    const exp = routes.find((r) => r.url === `/api/v1${ADMIN_AUDIT_API.export}`)!
    expect([list.auth, exp.auth]).toEqual([{ menu: AUDIT_MENU }, { menu: AUDIT_MENU, button: 'export' }])
    for (const r of [list, exp]) expect([allowed('operations', r), allowed('organizer', r), allowed('kefu', r)]).toEqual([true, true, false])
    const kefu = await call('kefu', list)
    expect([kefu.statusCode, (kefu.json() as { code: number }).code]).toEqual([403, 402])
    for (const who of ['operations', 'organizer'] as const) expect((await call(who, list)).json()).toMatchObject({ code: 200 })
  })

  it("the admin home's platform-wide figures are analysis data: operations and organizers read them, a service agent is refused (403/402)", async () => {
    const home = routes.find((r) => r.url === `/api/v1${ADMIN_ANALYSIS_API.home}`)!
    expect(home.auth).toEqual({ menu: ANALYSIS_MENU })
    expect([allowed('operations', home), allowed('organizer', home), allowed('kefu', home)]).toEqual([true, true, false])
    const kefu = await call('kefu', home)
    expect([kefu.statusCode, (kefu.json() as { code: number }).code]).toEqual([403, 402])
    for (const who of ['operations', 'organizer'] as const) expect((await call(who, home)).json()).toMatchObject({ code: 200 })
  })

  it('the helpdesk: agents (kefu and operations) use canned replies and search; only operations edit its settings and read ratings; visitor routes are not admin routes', () => {
    const agentPaths = [HELPDESK_API.cannedList, HELPDESK_API.cannedAdd, HELPDESK_API.cannedEdit, HELPDESK_API.cannedDelete, HELPDESK_API.search]
    const opsPaths = [HELPDESK_API.settings, HELPDESK_API.settingsSave, HELPDESK_API.ratings]
    for (const path of agentPaths) {
      const r = routes.find((x) => x.url === `/api/v1${path}`)!
      expect(r.auth).toEqual({ menu: HELPDESK_AGENT_MENU })
      expect([allowed('operations', r), allowed('kefu', r), allowed('organizer', r), allowed('consumer', r)]).toEqual([true, true, false, false])
    }
    for (const path of opsPaths) {
      const r = routes.find((x) => x.url === `/api/v1${path}`)!
      expect((r.auth as { menu: string }).menu).toBe(HELPDESK_OPS_MENU)
      expect([allowed('operations', r), allowed('kefu', r), allowed('organizer', r), allowed('consumer', r)]).toEqual([true, false, false, false])
    }
    for (const path of [HELPDESK_API.hours, HELPDESK_API.rate, HELPDESK_API.transcript]) expect(routes.find((x) => x.url === `/api/v1${path}`)).toBeUndefined()
  })

  it('check-in, cancellation and the waiting list: every route is walked; organizers and operations may, a service agent may not', () => {
    const urls = [...Object.values(CHECKIN_API), ...Object.values(ADMIN_TICKET_API)].map((u) => `/api/v1${u}`)
    for (const url of urls) {
      const r = routes.find((x) => x.url === url)
      expect(r).toBeDefined()
      const auth = r!.auth as { menu: string; button?: string }
      expect([CHECKIN_MENU, ENROLL_LIST_MENU]).toContain(auth.menu)
      expect([allowed('operations', r!), allowed('organizer', r!), allowed('kefu', r!), allowed('consumer', r!)]).toEqual([true, true, false, false])
    }
    const writes = routes.filter((x) => urls.includes(x.url) && x.method === 'POST')
    expect(writes.length).toBe(7)
    for (const w of writes) expect((w.auth as { button?: string }).button).toBeTruthy()
    expect(routes.filter((x) => typeof x.auth === 'object' && x.auth.menu === CHECKIN_MENU && x.auth.button === CHECKIN_BUTTON).map((x) => x.url).sort()).toEqual(
      [CHECKIN_API.batch, CHECKIN_API.scan, CHECKIN_API.undo].map((u) => `/api/v1${u}`).sort(),
    )
  })
})
