import { buildRoutes, buildSideMenu, matchRoute, openKeysFor, toViewPath } from '../core/menu-routes'
import type { MenuEntry } from '@contracts/api'

const entry = (e: Partial<MenuEntry> & Pick<MenuEntry, 'id' | 'pid' | 'path' | 'component'>): MenuEntry => ({
  name: `m${e.id}`,
  title: `Menu ${e.id}`,
  redirect: null,
  icon: null,
  sort: e.id,
  buttonList: [],
  ...e,
})

// Shape of the operations menu: a layout root (pid 0) whose children are views and one group.
const opsMenu: MenuEntry[] = [
  entry({
    id: 1,
    pid: 0,
    path: '/admin',
    component: 'layout',
    children: [
      entry({ id: 2, pid: 1, path: '/admin/home', component: 'home/index', title: 'Home' }),
      entry({
        id: 3,
        pid: 1,
        path: 'system',
        component: 'layout',
        redirect: '/admin/system/user',
        title: 'System',
        children: [
          entry({
            id: 4,
            pid: 3,
            path: 'user',
            component: 'system/user/list',
            title: 'Admin users',
            buttonList: [{ id: 9, menuId: 4, name: 'forbid', title: 'Forbid' }],
          }),
          entry({ id: 5, pid: 3, path: '/admin/system/role', component: 'system/role/list', title: 'Roles' }),
        ],
      }),
    ],
  }),
]

describe('menu → routes builder', () => {
  test('every view below the root becomes a route with its full path and button names', () => {
    const routes = buildRoutes(opsMenu)
    expect(routes.map((r) => [r.path, r.component])).toEqual([
      ['/home', 'home/index'],
      ['/system', ''],
      ['/system/user', 'system/user/list'],
      ['/system/role', 'system/role/list'],
    ])
    expect(routes.find((r) => r.path === '/system/user')!.buttons).toEqual(['forbid'])
    expect(routes.find((r) => r.path === '/system/role')!.buttons).toEqual([])
  })

  test('the root path opens the home view and a group path follows its redirect', () => {
    const routes = buildRoutes(opsMenu)
    expect(matchRoute(routes, '/')!.component).toBe('home/index')
    expect(matchRoute(routes, '/admin/system')!.component).toBe('system/user/list')
    expect(matchRoute(routes, '/system/user/')!.component).toBe('system/user/list')
  })

  test('unknown paths match nothing (404 view)', () => {
    expect(matchRoute(buildRoutes(opsMenu), '/system/nothing')).toBeNull()
  })

  test('no menu, or garbage, gives no routes', () => {
    expect(buildRoutes(null)).toEqual([])
    expect(buildRoutes([])).toEqual([])
    expect(matchRoute([], '/')).toBeNull()
  })

  test('side menu keeps groups and leaves with paths; open keys lead to a leaf', () => {
    const side = buildSideMenu(opsMenu)
    expect(side.map((s) => s.key)).toEqual(['/home', '/system'])
    expect(side[1].children!.map((c) => c.path)).toEqual(['/system/user', '/system/role'])
    expect(side[0].path).toBe('/home')
    expect(openKeysFor(side, '/system/role')).toEqual(['/system'])
  })

  test('paths are normalised with or without the /admin base', () => {
    expect(toViewPath('/admin')).toBe('/')
    expect(toViewPath('/admin/')).toBe('/')
    expect(toViewPath('/admin/system/user?x=1')).toBe('/system/user')
    expect(toViewPath('system//user/')).toBe('/system/user')
    expect(toViewPath('/administer')).toBe('/administer')
  })
})
