/**
 * System admin area: menu and button editor, roles with their permissions (applied on the next
 * request), admin accounts (create, edit, forbid, lock, expire; never one's own), consumer forbid,
 * organisation users (edit with sanitized content, invitation links). Bad input → code, nothing changed.
 */
import { describeEachDb, type Harness, loginDemoRoles } from './harness'

describeEachDb('admin system settings', (get) => {
  let h: Harness
  let ops: string
  let org: string

  beforeAll(async () => {
    h = get()
    ;({ ops, org } = await loginDemoRoles(h))
  })

  const api = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => h.api(method, url, { token, body })
  const menuCount = async () => Number((await h.db.selectFrom('menus').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rootId = async () => (await h.db.selectFrom('menus').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow()).id
  const menuByComponent = async (component: string) => h.db.selectFrom('menus').selectAll().where('component', '=', component).executeTakeFirst()
  const accountOf = async (email: string, kind: string) => {
    const u = await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    return h.db.selectFrom('user_accounts').selectAll().where('user_id', '=', u.id).where('kind', '=', kind as any).executeTakeFirstOrThrow()
  }

  /** the topics menu of the CMS area; created here when that area's seed is not in the tree yet */
  async function topicsMenu() {
    let m = await menuByComponent('cms/topic/list')
    if (!m) {
      const r = await api(ops, 'POST', '/system/menu/add', { pid: await rootId(), path: '/admin/cms/topic', name: 'cmsTopicTest', titleZh: '内容管理 › 专题', titleEn: 'CMS › Topics', component: 'cms/topic/list', icon: 'ReadOutlined', sort: 30 })
      expect(r.body.code).toBe(200)
      m = (await menuByComponent('cms/topic/list'))!
    }
    let edit = await h.db.selectFrom('menu_buttons').select('id').where('menu_id', '=', m.id).where('name', '=', 'edit').executeTakeFirst()
    if (!edit) {
      expect((await api(ops, 'POST', '/system/menu/button/add', { menuId: m.id, name: 'edit', titleZh: '编辑', titleEn: 'Edit' })).body.code).toBe(200)
      edit = await h.db.selectFrom('menu_buttons').select('id').where('menu_id', '=', m.id).where('name', '=', 'edit').executeTakeFirstOrThrow()
    }
    return { menu: m, editId: edit.id }
  }

  it('menu CRUD: add under the root with a button, edit, nest, refuse bad input and deleting a parent, delete removes grants', async () => {
    const root = await rootId()
    const before = await menuCount()
    // validation: nothing is created
    const bad = [
      [{ pid: root, path: '/system/x', name: 'groupX', titleZh: '组', titleEn: 'Group', component: 'layout' }, 301, 'path'],
      [{ pid: 99999, path: '/admin/x', name: 'groupX', titleZh: '组', titleEn: 'Group', component: 'layout' }, 301, 'pid'],
      [{ pid: root, path: '/admin/x', name: 'home', titleZh: '组', titleEn: 'Group', component: 'layout' }, 517, 'name'],
      [{ pid: root, path: '/admin/x', name: 'groupX', titleZh: ' ', titleEn: 'Group', component: 'layout' }, 301, 'titleZh'],
      [{ pid: root, path: '/admin/x', name: 'groupX', titleZh: '组', titleEn: 'Group', component: 'layout', redirect: 'http://evil' }, 301, 'redirect'],
    ] as const
    for (const [body, code, field] of bad) {
      expect((await api(ops, 'POST', '/system/menu/add', body)).body).toMatchObject({ code, result: { field } })
    }
    expect(await menuCount()).toBe(before)

    const group = await api(ops, 'POST', '/system/menu/add', { pid: root, path: '/admin/reports', name: 'reports', titleZh: '报表', titleEn: 'Reports', component: 'layout', redirect: '/admin/reports/daily', icon: 'ProjectOutlined', sort: 90 })
    expect(group.body.code).toBe(200)
    const child = await api(ops, 'POST', '/system/menu/add', { pid: group.body.result.id, path: '/admin/reports/daily', name: 'reportsDaily', titleZh: '日报', titleEn: 'Daily', component: 'home/index', sort: 1 })
    expect(child.body.code).toBe(200)
    const childId = child.body.result.id
    const btn = await api(ops, 'POST', '/system/menu/button/add', { menuId: childId, name: 'export', titleZh: '导出', titleEn: 'Export' })
    expect(btn.body.code).toBe(200)
    expect((await api(ops, 'POST', '/system/menu/button/add', { menuId: childId, name: 'export', titleZh: '导出', titleEn: 'Export' })).body).toMatchObject({ code: 517, result: { field: 'name' } })
    expect((await api(ops, 'POST', '/system/menu/button/update', { id: btn.body.result.id, name: 'export', titleZh: '导出表格', titleEn: 'Export sheet' })).body.code).toBe(200)

    // the tree shows the nesting and the button
    const tree = (await api(ops, 'GET', '/system/menu/tree')).body.result
    const reports = tree[0].children.find((m: any) => m.name === 'reports')
    expect(reports.children.map((m: any) => m.name)).toEqual(['reportsDaily'])
    expect(reports.children[0].buttonList).toMatchObject([{ name: 'export', titleEn: 'Export sheet' }])

    // edit; a menu cannot move below its own child
    expect((await api(ops, 'POST', '/system/menu/update', { id: group.body.result.id, pid: childId, path: '/admin/reports', name: 'reports', titleZh: '报表', titleEn: 'Reports', component: 'layout' })).body).toMatchObject({ code: 301, result: { field: 'pid' } })
    expect((await api(ops, 'POST', '/system/menu/update', { id: childId, pid: group.body.result.id, path: '/admin/reports/daily', name: 'reportsDaily', titleZh: '日报表', titleEn: 'Daily report', component: 'home/index', sort: 2 })).body.code).toBe(200)
    expect((await h.db.selectFrom('menus').select('title_en').where('id', '=', childId).executeTakeFirstOrThrow()).title_en).toBe('Daily report')

    // protected menus and parents are not deleted
    const roleMenu = (await menuByComponent('system/role/list'))!
    expect((await api(ops, 'DELETE', `/system/menu/delete?id=${roleMenu.id}`)).body).toMatchObject({ code: 301, result: { field: 'id' } })
    expect((await api(ops, 'DELETE', `/system/menu/delete?id=${group.body.result.id}`)).body).toMatchObject({ code: 517, result: { field: 'children' } })
    expect((await api(ops, 'DELETE', '/system/menu/delete?id=99999')).body.code).toBe(302)

    // grant the child to operations, then delete it: menu, button and both grants go in one go
    const opsRole = await h.db.selectFrom('roles').select('id').where('code', '=', 'operations').executeTakeFirstOrThrow()
    await h.db.insertInto('role_menus').values({ role_id: opsRole.id, menu_id: childId }).execute()
    await h.db.insertInto('role_buttons').values({ role_id: opsRole.id, button_id: btn.body.result.id }).execute()
    expect((await api(ops, 'DELETE', `/system/menu/delete?id=${childId}`)).body.code).toBe(200)
    expect(await h.db.selectFrom('role_menus').select('role_id').where('menu_id', '=', childId).execute()).toHaveLength(0)
    expect(await h.db.selectFrom('role_buttons').select('role_id').where('button_id', '=', btn.body.result.id).execute()).toHaveLength(0)
    expect(await h.db.selectFrom('menu_buttons').select('id').where('id', '=', btn.body.result.id).execute()).toHaveLength(0)
    expect((await api(ops, 'DELETE', `/system/menu/delete?id=${group.body.result.id}`)).body.code).toBe(200)
    expect(await menuCount()).toBe(before)

    // the organizer has no menu editor
    expect((await api(org, 'POST', '/system/menu/add', { pid: root, path: '/admin/y', name: 'y', titleZh: 'y', titleEn: 'y', component: 'layout' })).status).toBe(403)
  })

  it('a role that may only edit topics: its user sees exactly that menu, is refused elsewhere, and a revoke applies on the next request', async () => {
    const { menu, editId } = await topicsMenu()
    // validation first: unknown menu, a button of a menu not granted, a duplicate code
    const home = (await menuByComponent('home/index'))!
    const homeless = await h.db.selectFrom('menu_buttons').select('id').where('menu_id', '!=', menu.id).executeTakeFirstOrThrow()
    expect((await api(ops, 'POST', '/system/role/add', { code: 'topics_editor', nameZh: '专题编辑', nameEn: 'Topic editor', menuIds: [99999] })).body).toMatchObject({ code: 301, result: { field: 'menuIds' } })
    expect((await api(ops, 'POST', '/system/role/add', { code: 'topics_editor', nameZh: '专题编辑', nameEn: 'Topic editor', menuIds: [menu.id], buttonIds: [homeless.id] })).body).toMatchObject({ code: 301, result: { field: 'buttonIds' } })
    expect((await api(ops, 'POST', '/system/role/add', { code: 'operations', nameZh: 'x', nameEn: 'x' })).body).toMatchObject({ code: 517, result: { field: 'code' } })
    expect((await api(ops, 'POST', '/system/role/add', { code: 'Bad Code', nameZh: 'x', nameEn: 'x' })).body).toMatchObject({ code: 301, result: { field: 'code' } })
    expect(await h.db.selectFrom('roles').select('id').where('code', '=', 'topics_editor').execute()).toHaveLength(0)

    const created = await api(ops, 'POST', '/system/role/add', { code: 'topics_editor', nameZh: '专题编辑', nameEn: 'Topic editor', brief: 'Topics only', dataScope: 'all', menuIds: [menu.id], buttonIds: [editId] })
    expect(created.body.code).toBe(200)
    const roleId = created.body.result.id
    const detail = (await api(ops, 'GET', `/system/role/detail?id=${roleId}`)).body.result
    // the layout root comes with the granted menu (ancestors are granted with their children)
    expect(detail.menuIds.sort()).toEqual([await rootId(), menu.id].sort())
    expect(detail.buttonIds).toEqual([editId])
    const page = (await api(ops, 'GET', '/system/role/page?keyword=topic&page=1&pageSize=10')).body.result
    expect(page).toMatchObject({ total: 1, list: [{ code: 'topics_editor', userCount: 0 }] })
    const sorted = (await api(ops, 'GET', '/system/role/page?sortField=code&sortOrder=desc')).body.result.list.map((r: any) => r.code)
    expect(sorted).toEqual([...sorted].sort().reverse())

    // an account with the role
    const add = await api(ops, 'POST', '/system/user/add/auser', { email: 'editor@haijiao.test', nickName: 'Topic Editor', password: 'editor1', kind: 'auser', roleId })
    expect(add.body).toMatchObject({ code: 200, result: { newPerson: true } })
    const editor = await h.adminLogin('editor@haijiao.test', 'editor1')
    const current = (await api(editor, 'GET', '/system/menu/current/menu')).body.result
    expect(current.menuTreeList).toHaveLength(1)
    expect(current.menuTreeList[0].children.map((m: any) => m.component)).toEqual(['cms/topic/list'])
    expect(current.buttonList.map((b: any) => b.name)).toEqual(['edit'])
    for (const url of ['/system/role/list', '/system/user/list/auser', '/system/menu/tree']) {
      const r = await api(editor, 'GET', url)
      expect({ url, status: r.status, code: r.body.code }).toEqual({ url, status: 403, code: 402 })
    }
    expect((await api(editor, 'DELETE', `/system/role/delete?id=${roleId}`)).status).toBe(403)

    // a role in use is not deleted
    expect((await api(ops, 'DELETE', `/system/role/delete?id=${roleId}`)).body).toMatchObject({ code: 517, result: { field: 'accounts' } })
    const opsRole = await h.db.selectFrom('roles').select('id').where('code', '=', 'operations').executeTakeFirstOrThrow()
    expect((await api(ops, 'DELETE', `/system/role/delete?id=${opsRole.id}`)).body).toMatchObject({ code: 301, result: { field: 'id' } })

    // revoke the menu: the very next request sees it
    expect((await api(ops, 'POST', '/system/role/update', { id: roleId, menuIds: [home.id], buttonIds: [] })).body.code).toBe(200)
    const after = (await api(editor, 'GET', '/system/menu/current/menu')).body.result
    expect(after.menuTreeList[0].children.map((m: any) => m.component)).toEqual(['home/index'])
    expect(after.buttonList).toEqual([])
  })

  it('an operator cannot remove their own access to the role editor; other edits of their role work', async () => {
    const opsRole = await h.db.selectFrom('roles').select('id').where('code', '=', 'operations').executeTakeFirstOrThrow()
    const before = (await api(ops, 'GET', `/system/role/detail?id=${opsRole.id}`)).body.result
    const home = (await menuByComponent('home/index'))!
    const r = await api(ops, 'POST', '/system/role/update', { id: opsRole.id, menuIds: [home.id], buttonIds: [] })
    expect(r.body).toMatchObject({ code: 301, result: { field: 'menuIds' } })
    const same = (await api(ops, 'GET', `/system/role/detail?id=${opsRole.id}`)).body.result
    expect(same.menuIds.sort()).toEqual(before.menuIds.sort())
    expect((await api(ops, 'POST', '/system/role/update', { id: opsRole.id, code: 'ops2' })).body).toMatchObject({ code: 301, result: { field: 'code' } })
    expect((await api(ops, 'POST', '/system/role/update', { id: opsRole.id, brief: 'Operations staff' })).body.code).toBe(200)
  })

  it('admin users: create (validation, existing e-mail), edit, forbid, lock, expire; self-changes refused', async () => {
    const roles = (await api(ops, 'GET', '/system/user/role/options')).body.result
    const organizer = roles.find((r: any) => r.code === 'organizer')
    const kefu = roles.find((r: any) => r.code === 'kefu')
    const orgRow = await h.db.selectFrom('organizations').select('id').where('name_zh', '=', '上海海外人才服务中心').executeTakeFirstOrThrow()
    const count = async () => Number((await h.db.selectFrom('user_accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const n0 = await count()
    const base = { email: 'new.org@haijiao.test', nickName: 'New Organizer', password: 'secret1', kind: 'ouser', roleId: organizer.id, organizationId: orgRow.id }
    const bad: Array<[object, number, string]> = [
      [{ ...base, organizationId: null }, 301, 'organizationId'],
      [{ ...base, password: '12345' }, 301, 'password'],
      [{ ...base, email: 'not-an-email' }, 301, 'email'],
      [{ ...base, email: '' }, 408, 'email'],
      [{ ...base, nickName: ' ' }, 411, 'nickName'],
      [{ ...base, roleId: 99999 }, 301, 'roleId'],
      [{ ...base, expiresAt: 'tomorrow-ish' }, 301, 'expiresAt'],
      [{ ...base, email: 'org@haijiao.demo' }, 406, 'email'],
      [{ ...base, email: 'kefu@haijiao.demo', kind: 'kefu', roleId: kefu.id, organizationId: null }, 403, 'email'],
    ]
    for (const [body, code, field] of bad) {
      expect({ field, body: (await api(ops, 'POST', '/system/user/add/auser', body)).body }).toMatchObject({ field, body: { code, result: { field } } })
    }
    expect(await count()).toBe(n0)

    const created = await api(ops, 'POST', '/system/user/add/auser', { ...base, accountLevel: 2 })
    expect(created.body).toMatchObject({ code: 200, result: { newPerson: true } })
    const id = created.body.result.id
    const list = (await api(ops, 'GET', '/system/user/list/auser?keyword=new.org&kind=ouser')).body.result
    expect(list.list).toMatchObject([{ id, kind: 'ouser', accountLevel: 2, organizationId: orgRow.id, roleNameEn: 'Organizer' }])
    const newOrg = await h.adminLogin('new.org@haijiao.test', 'secret1')
    expect((await api(newOrg, 'GET', '/system/organization/current')).body.result.nameZh).toBe('上海海外人才服务中心')

    // an existing consumer gains a service-agent account; their password stays
    const attached = await api(ops, 'POST', '/system/user/add/auser', { email: 'user@haijiao.demo', nickName: 'x', password: 'ignored', kind: 'kefu', roleId: kefu.id })
    expect(attached.body).toMatchObject({ code: 200, result: { newPerson: false } })
    await h.adminLogin('user@haijiao.demo')

    // edit
    expect((await api(ops, 'POST', '/system/user/update/auser', { id, nickName: 'Renamed', accountLevel: 3, expiresAt: '2099-01-01T00:00:00.000Z' })).body.code).toBe(200)
    const row = await h.db.selectFrom('user_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ account_level: 3, expires_at: '2099-01-01T00:00:00.000Z' })
    expect((await api(ops, 'POST', '/system/user/update/auser', { id, accountLevel: 12 })).body).toMatchObject({ code: 301, result: { field: 'accountLevel' } })
    expect((await api(ops, 'POST', '/system/user/update/auser', { id: 99999, nickName: 'x' })).body.code).toBe(302)

    // forbid, lock, expire: each blocks login with its code; restore works
    const login = async () => {
      const c = await h.captcha()
      return (await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email: 'new.org@haijiao.test', password: 'secret1', ...c } })).body.code
    }
    for (const [patch, code, undo] of [
      [{ forbidden: true }, 202, { forbidden: false }],
      [{ locked: true }, 203, { locked: false }],
      [{ expiresAt: '2001-01-01T00:00:00.000Z' }, 204, { expiresAt: null }],
    ] as const) {
      expect((await api(ops, 'POST', '/system/user/update/auser/status', { id, ...patch })).body.code).toBe(200)
      expect(await login()).toBe(code)
      expect((await api(newOrg, 'GET', '/system/organization/current')).status).toBe(403)
      expect((await api(ops, 'POST', '/system/user/update/auser/status', { id, ...undo })).body.code).toBe(200)
    }
    expect(await login()).toBe(200)

    // one's own account: no forbid, lock, expiry or role change
    const me = await accountOf('ops@haijiao.demo', 'auser')
    for (const patch of [{ forbidden: true }, { locked: true }, { expiresAt: '2001-01-01T00:00:00.000Z' }]) {
      expect((await api(ops, 'POST', '/system/user/update/auser/status', { id: me.id, ...patch })).body).toMatchObject({ code: 301, result: { field: 'id' } })
    }
    expect((await api(ops, 'POST', '/system/user/update/auser', { id: me.id, roleId: kefu.id })).body).toMatchObject({ code: 301, result: { field: 'roleId' } })
    const still = await accountOf('ops@haijiao.demo', 'auser')
    expect(still).toMatchObject({ forbidden: 0, locked: 0, expires_at: null, role_id: me.role_id })
  })

  it('organizer data boundary: an organizer-scoped role given the admin users view sees and edits only its organisation', async () => {
    const orgRole = await h.db.selectFrom('roles').select('id').where('code', '=', 'organizer').executeTakeFirstOrThrow()
    const usersMenu = (await menuByComponent('system/user/list'))!
    const buttons = await h.db.selectFrom('menu_buttons').select(['id', 'name']).where('menu_id', '=', usersMenu.id).execute()
    await h.db.insertInto('role_menus').values({ role_id: orgRole.id, menu_id: usersMenu.id }).execute()
    await h.db.insertInto('role_buttons').values(buttons.map((b) => ({ role_id: orgRole.id, button_id: b.id }))).execute()
    try {
      const list = (await api(org, 'GET', '/system/user/list/auser?pageSize=100')).body.result
      const orgId = (await accountOf('org@haijiao.demo', 'ouser')).organization_id
      expect(list.total).toBeGreaterThan(0)
      expect(list.list.every((a: any) => a.organizationId === orgId)).toBe(true)
      const opsAccount = await accountOf('ops@haijiao.demo', 'auser')
      // another organisation's (or no organisation's) account: "does not exist", nothing changes
      expect((await api(org, 'POST', '/system/user/update/auser/status', { id: opsAccount.id, locked: true })).body.code).toBe(302)
      expect((await api(org, 'POST', '/system/user/update/auser', { id: opsAccount.id, nickName: 'hacked' })).body.code).toBe(302)
      expect((await accountOf('ops@haijiao.demo', 'auser')).locked).toBe(0)
      const options = (await api(org, 'GET', '/system/user/role/options')).body.result
      expect(options.map((r: any) => r.dataScope)).toEqual(options.map(() => 'org'))
      const opsRole = await h.db.selectFrom('roles').select('id').where('code', '=', 'operations').executeTakeFirstOrThrow()
      const base = { email: 'colleague@haijiao.test', nickName: 'Colleague', password: 'secret1', kind: 'ouser', roleId: orgRole.id, organizationId: orgId }
      expect((await api(org, 'POST', '/system/user/add/auser', { ...base, roleId: opsRole.id })).body).toMatchObject({ code: 301, result: { field: 'roleId' } })
      expect((await api(org, 'POST', '/system/user/add/auser', { ...base, kind: 'auser' })).body).toMatchObject({ code: 301, result: { field: 'kind' } })
      const other = await h.db.selectFrom('organizations').select('id').where('id', '!=', orgId!).where('pid', '=', 0).executeTakeFirstOrThrow()
      expect((await api(org, 'POST', '/system/user/add/auser', { ...base, organizationId: other.id })).body).toMatchObject({ code: 301, result: { field: 'organizationId' } })
      expect(await h.db.selectFrom('users').select('id').where('email', '=', 'colleague@haijiao.test').execute()).toHaveLength(0)
      expect((await api(org, 'POST', '/system/user/add/auser', base)).body.code).toBe(200)
    } finally {
      await h.db.deleteFrom('role_buttons').where('role_id', '=', orgRole.id).where('button_id', 'in', buttons.map((b) => b.id)).execute()
      await h.db.deleteFrom('role_menus').where('role_id', '=', orgRole.id).where('menu_id', '=', usersMenu.id).execute()
    }
  })

  it('consumer forbid: refused login and the old token stops working; restore', async () => {
    const token = await h.login('promoter@haijiao.demo')
    const acc = await accountOf('promoter@haijiao.demo', 'cuser')
    expect((await api(org, 'POST', '/system/user/update/cuser/status', { id: acc.id, forbidden: true })).status).toBe(403)
    expect((await api(ops, 'POST', '/system/user/update/cuser/status', { id: (await accountOf('ops@haijiao.demo', 'auser')).id, forbidden: true })).body.code).toBe(302)
    expect((await api(ops, 'POST', '/system/user/update/cuser/status', { id: acc.id, forbidden: true })).body.code).toBe(200)
    expect((await h.api('GET', '/system/user/current/user', { token })).status).toBe(401)
    const r = await h.api('POST', '/system/user/login', { client: 'h5', body: { email: 'promoter@haijiao.demo', password: 'Haijiao2026' } })
    expect(r.body.code).toBe(202)
    const list = (await api(ops, 'GET', '/system/user/list/cuser?keyword=promoter')).body.result.list
    expect(list[0]).toMatchObject({ forbidden: true })
    expect((await api(ops, 'POST', '/system/user/update/cuser/status', { id: acc.id, forbidden: false })).body.code).toBe(200)
    await h.login('promoter@haijiao.demo')
  })

  it('organisation users: list with organizer accounts, edit (website, sanitized content), invitation link', async () => {
    const page = (await api(ops, 'GET', '/system/organization/page?keyword=%E5%88%9B%E6%96%B0&page=1&pageSize=5')).body.result
    const ric = page.list.find((o: any) => o.nameZh === '海归创新中心')
    expect(ric.accounts.map((a: any) => a.email)).toContain('org@haijiao.demo')
    expect((await api(org, 'GET', '/system/organization/page')).status).toBe(403)

    const bad = await api(ops, 'POST', '/system/organization/edit', { id: ric.id, website: 'javascript:alert(1)', nameEn: 'Changed' })
    expect(bad.body).toMatchObject({ code: 301, result: { field: 'website' } })
    expect((await api(ops, 'GET', `/system/organization/detail?id=${ric.id}`)).body.result.nameEn).not.toBe('Changed')
    const ok = await api(ops, 'POST', '/system/organization/edit', {
      id: ric.id,
      website: 'https://ric.example.com',
      contentZh: '<p>介绍<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
      contentEn: '<p onclick="x()">About</p>',
    })
    expect(ok.body.code).toBe(200)
    expect(ok.body.result.contentZh).not.toMatch(/script|onerror|javascript:/i)
    expect(ok.body.result.contentEn).toBe('<p>About</p>')
    expect((await api(ops, 'POST', '/system/organization/edit', { id: 99999, nameEn: 'x' })).body.code).toBe(302)

    const inv = (await api(ops, 'POST', '/system/organization/invite', { id: ric.id })).body.result
    expect(inv.link).toMatch(/^\/admin\/admRegister\?noReg=true&invite=/)
    const check = await h.api('GET', `/system/organization/invite/verify?token=${encodeURIComponent(inv.token)}`)
    expect(check.body.result).toMatchObject({ organizationId: ric.id, nameZh: '海归创新中心' })
    const forged = inv.token.replace(/^\d+/, String(ric.id + 1))
    expect((await h.api('GET', `/system/organization/invite/verify?token=${encodeURIComponent(forged)}`)).body.code).toBe(410)
    h.clock.advance(8 * 24 * 3600 * 1000)
    try {
      expect((await h.api('GET', `/system/organization/invite/verify?token=${encodeURIComponent(inv.token)}`)).body.code).toBe(410)
    } finally {
      h.clock.advance(-8 * 24 * 3600 * 1000)
    }
  })
})
