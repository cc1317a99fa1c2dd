import { describeEachDb, type Harness } from './harness'

type Who = 'anonymous' | 'consumer' | 'promoter' | 'organizer' | 'operations' | 'kefu'

describeEachDb('admin permissions', (get) => {
  let h: Harness
  const tokens: Partial<Record<Who, string>> = {}

  beforeAll(async () => {
    h = get()
    tokens.consumer = await h.login('user@haijiao.demo')
    tokens.promoter = await h.login('promoter@haijiao.demo')
    tokens.organizer = await h.adminLogin('org@haijiao.demo')
    tokens.operations = await h.adminLogin('ops@haijiao.demo')
    tokens.kefu = await h.adminLogin('kefu@haijiao.demo')
  })

  const call = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown) =>
    h.api(method, url, { token: tokens[who as Exclude<Who, 'anonymous'>], body })

  const orgAccountId = async () => {
    const u = await h.db.selectFrom('users').select('id').where('email', '=', 'org@haijiao.demo').executeTakeFirstOrThrow()
    return (await h.db.selectFrom('user_accounts').select('id').where('user_id', '=', u.id).where('kind', '=', 'ouser').executeTakeFirstOrThrow()).id
  }

  // expected HTTP status per endpoint and caller (200 allowed, 403 refused with code 402, 401 no token)
  const endpoints: Array<{ name: string; method: 'GET' | 'POST'; url: string; body?: () => Promise<unknown>; allowed: Who[] }> = [
    { name: 'list auser', method: 'GET', url: '/system/user/list/auser?page=1&pageSize=20', allowed: ['operations'] },
    { name: 'list cuser', method: 'GET', url: '/system/user/list/cuser?page=1&pageSize=20', allowed: ['operations'] },
    { name: 'role list', method: 'GET', url: '/system/role/list', allowed: ['operations'] },
    { name: 'menu tree', method: 'GET', url: '/system/menu/tree', allowed: ['operations'] },
    { name: 'department tree', method: 'GET', url: '/system/user/tree/department', allowed: ['operations', 'organizer', 'kefu'] },
    { name: 'organization current', method: 'GET', url: '/system/organization/current', allowed: ['organizer'] },
    { name: 'organization update', method: 'POST', url: '/system/organization/update', body: async () => ({ introEn: 'Updated intro' }), allowed: ['organizer'] },
    {
      name: 'update auser status',
      method: 'POST',
      url: '/system/user/update/auser/status',
      body: async () => ({ id: await orgAccountId(), locked: false }),
      allowed: ['operations'],
    },
  ]
  const everyone: Who[] = ['anonymous', 'consumer', 'promoter', 'organizer', 'operations', 'kefu']

  for (const ep of endpoints) {
    it(`${ep.name}: allowed for ${ep.allowed.join(', ')}; HTTP 403 code 402 for the others; 401 without a token`, async () => {
      for (const who of everyone) {
        const r = await call(who, ep.method, ep.url, ep.body ? await ep.body() : undefined)
        const expected = who === 'anonymous' ? 401 : ep.allowed.includes(who) ? 200 : 403
        expect({ who, status: r.status }).toEqual({ who, status: expected })
        const code = expected === 200 ? 200 : expected === 401 ? 201 : 402
        expect({ who, code: r.body.code }).toEqual({ who, code })
        expect(r.body).toHaveProperty('message')
        expect(r.body).toHaveProperty('result')
      }
    })
  }

  it('a consumer token cannot change an account status: refused and nothing changed', async () => {
    const id = await orgAccountId()
    for (const who of ['consumer', 'promoter', 'organizer', 'kefu'] as Who[]) {
      const r = await call(who, 'POST', '/system/user/update/auser/status', { id, forbidden: true })
      expect(r.status).toBe(403)
      expect(r.body.code).toBe(402)
    }
    const row = await h.db.selectFrom('user_accounts').select('forbidden').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.forbidden).toBe(0)
  })

  it('operations forbids an organizer account: the organizer can no longer log in (202), then restores it', async () => {
    const id = await orgAccountId()
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { id, forbidden: true })).body.code).toBe(200)
    const c = await h.captcha()
    const r = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'org@haijiao.demo', password: 'Haijiao2026', ...c } })
    expect(r.body.code).toBe(202)
    // the organizer's existing token loses its admin rights at once (checked per request)
    expect((await call('organizer', 'GET', '/system/organization/current')).status).toBe(403)
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { id, forbidden: false })).body.code).toBe(200)
    expect((await call('organizer', 'GET', '/system/organization/current')).status).toBe(200)
  })

  it('update status validates its input and answers 302 for an unknown account', async () => {
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { forbidden: true })).body).toMatchObject({ code: 301, result: { field: 'id' } })
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { id: 99999, forbidden: true })).body.code).toBe(302)
    const id = await orgAccountId()
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { id, expiresAt: 'soon' })).body).toMatchObject({ code: 301, result: { field: 'expiresAt' } })
  })

  it('lists are pages with totals, and keyword filters', async () => {
    const a = await call('operations', 'GET', '/system/user/list/auser?page=1&pageSize=2')
    expect(a.body.result).toMatchObject({ page: 1, pageSize: 2, total: 3 })
    expect(a.body.result.list).toHaveLength(2)
    const c = await call('operations', 'GET', '/system/user/list/cuser?keyword=PROMOTER')
    expect(c.body.result.total).toBe(1)
    expect(c.body.result.list[0]).toMatchObject({ email: 'promoter@haijiao.demo', isPromoter: true, kind: 'cuser' })
    expect((await call('operations', 'GET', '/system/user/list/cuser?pageSize=1000')).body).toMatchObject({ code: 301, result: { field: 'pageSize' } })
  })

  it('current menu: operations sees home, the four system views with buttons and the engagement views; organizer home and its organisation; agents the chat console; consumers nothing', async () => {
    const ops = (await call('operations', 'GET', '/system/menu/current/menu')).body.result
    expect(ops.menuTreeList).toHaveLength(1)
    const root = ops.menuTreeList[0]
    expect(root).toMatchObject({ pid: 0, path: '/admin', name: 'admin', component: 'layout' })
    // each admin area adds its own menus after these (see admin-permission-matrix.test.ts)
    expect(root.children.map((m: any) => m.component)).toEqual(expect.arrayContaining([
      'home/index',
      'system/user/list',
      'system/cuser/list',
      'system/role/list',
      'system/menu/list',
      'message/notice/list',
      'chat/index',
      'message/feedback/list',
      'message/subscribe/list',
      'system/ouser/list',
    ]))
    const userList = root.children.find((m: any) => m.component === 'system/user/list')
    expect(userList.buttonList.map((b: any) => b.name).sort()).toEqual(['add', 'delete', 'edit', 'forbid'])
    expect(ops.buttonList.length).toBeGreaterThanOrEqual(4)
    expect(ops.buttonList[0]).toHaveProperty('menuId')

    const org = (await call('organizer', 'GET', '/system/menu/current/menu')).body.result
    const orgViews = org.menuTreeList[0].children.map((m: any) => m.component)
    expect(orgViews).toEqual(expect.arrayContaining(['home/index', 'organization/profile']))
    // of the system area, an organizer has only the audit log (their own organisation's rows, server-scoped)
    expect(orgViews.filter((c: string) => c.startsWith('system/') || c.startsWith('message/'))).toEqual(['system/audit/list'])
    const kefu = (await call('kefu', 'GET', '/system/menu/current/menu')).body.result
    expect(kefu.menuTreeList[0].children.map((m: any) => m.component)).toEqual(['home/index', 'chat/index'])
    for (const who of ['consumer', 'promoter'] as Who[]) {
      expect((await call(who, 'GET', '/system/menu/current/menu')).body.result).toEqual({ menuTreeList: [], buttonList: [] })
    }
    const en = await h.api('GET', '/system/menu/current/menu', { token: tokens.operations, headers: { 'accept-language': 'en' } })
    expect(en.body.result.menuTreeList[0].children[0].title).toBe('Home')
  })

  it('a role change applies on the next request (button, then menu)', async () => {
    const role = await h.db.selectFrom('roles').select('id').where('code', '=', 'operations').executeTakeFirstOrThrow()
    const menu = await h.db.selectFrom('menus').select('id').where('component', '=', 'system/user/list').executeTakeFirstOrThrow()
    const forbid = await h.db.selectFrom('menu_buttons').select('id').where('menu_id', '=', menu.id).where('name', '=', 'forbid').executeTakeFirstOrThrow()
    const id = await orgAccountId()
    await h.db.deleteFrom('role_buttons').where('role_id', '=', role.id).where('button_id', '=', forbid.id).execute()
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { id, locked: false })).status).toBe(403)
    expect((await call('operations', 'GET', '/system/user/list/auser')).status).toBe(200)
    const menuNow = (await call('operations', 'GET', '/system/menu/current/menu')).body.result
    expect(menuNow.buttonList.some((b: any) => b.id === forbid.id)).toBe(false)
    await h.db.insertInto('role_buttons').values({ role_id: role.id, button_id: forbid.id }).execute()
    expect((await call('operations', 'POST', '/system/user/update/auser/status', { id, locked: false })).status).toBe(200)

    await h.db.deleteFrom('role_menus').where('role_id', '=', role.id).where('menu_id', '=', menu.id).execute()
    expect((await call('operations', 'GET', '/system/user/list/auser')).status).toBe(403)
    await h.db.insertInto('role_menus').values({ role_id: role.id, menu_id: menu.id }).execute()
    expect((await call('operations', 'GET', '/system/user/list/auser')).status).toBe(200)
  })

  it('data permission: the organizer sees only its own organisation in the department tree; operations sees all', async () => {
    const org = (await call('organizer', 'GET', '/system/user/tree/department')).body.result
    expect(org).toHaveLength(1)
    expect(org[0].nameZh).toBe('海归创新中心')
    expect(org[0].children.map((c: any) => c.nameZh)).toEqual(['活动运营部'])
    const all = (await call('operations', 'GET', '/system/user/tree/department')).body.result
    expect(all.length).toBeGreaterThanOrEqual(4)
  })

  it('organizer edits its own organisation; a website must start with http(s)://', async () => {
    const bad = await call('organizer', 'POST', '/system/organization/update', { website: 'ftp://x' })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'website' } })
    const ok = await call('organizer', 'POST', '/system/organization/update', { nameEn: 'Returnee Innovation Centre (RIC)', website: 'https://ric.example' })
    expect(ok.body.result).toMatchObject({ nameZh: '海归创新中心', nameEn: 'Returnee Innovation Centre (RIC)', website: 'https://ric.example' })
    const cur = await call('organizer', 'GET', '/system/organization/current')
    expect(cur.body.result.website).toBe('https://ric.example')
  })

  it('role list shows the seeded roles with their permissions', async () => {
    const roles = (await call('operations', 'GET', '/system/role/list')).body.result
    expect(roles.map((r: any) => r.code).sort()).toEqual(['kefu', 'operations', 'organizer'])
    const org = roles.find((r: any) => r.code === 'organizer')
    expect(org.dataScope).toBe('org')
    expect(org.menuIds.length).toBeGreaterThanOrEqual(3)
  })
})
