/** Role permission tree (views/system/permission-tree.ts) and nested side menus from the menu editor. */
jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))

import { buildPermissionTree, fromKeys, toKeys, togglePermission, type PermMenu } from '../views/system/permission-tree'
import { buildRoutes, buildSideMenu, groupSideMenu, openKeysFor } from '../core/menu-routes'
import { parentOptions } from '../views/system/menus-view'

const menu = (id: number, pid: number, component: string, extra: Partial<PermMenu> = {}): PermMenu => ({
  id,
  pid,
  path: extra.path ?? `/admin/m${id}`,
  name: `m${id}`,
  title: `Menu ${id}`,
  titleZh: `菜单${id}`,
  titleEn: `Menu ${id}`,
  component,
  redirect: null,
  icon: null,
  sort: id,
  buttonList: [],
  ...extra,
})

const tree: PermMenu[] = [
  menu(1, 0, 'layout', {
    path: '/admin',
    children: [
      menu(2, 1, 'home/index'),
      menu(3, 1, 'cms/topic/list', {
        buttonList: [
          { id: 31, menuId: 3, name: 'edit', title: '编辑', titleZh: '编辑', titleEn: 'Edit' },
          { id: 32, menuId: 3, name: 'delete', title: '删除', titleZh: '删除', titleEn: 'Delete' },
        ],
        children: [menu(4, 3, 'cms/topic/items', { buttonList: [{ id: 41, menuId: 4, name: 'add', title: 'Add', titleZh: '新增', titleEn: 'Add' }] })],
      }),
    ],
  }),
]

describe('role permission tree', () => {
  const { nodes, index } = buildPermissionTree(tree, 'en')

  test('menus carry their buttons first, then their sub-menus, titled in the language', () => {
    expect(nodes[0].key).toBe('m1')
    const topics = nodes[0].children!.find((n) => n.key === 'm3')!
    expect(topics.children!.map((c) => c.key)).toEqual(['b31', 'b32', 'm4'])
    expect(topics.children![0]).toMatchObject({ kind: 'button', code: 'edit', title: 'Edit' })
    expect(buildPermissionTree(tree, 'zh').nodes[0].children![1].title).toBe('菜单3')
  })

  test('checking a button checks its menu and the menu ancestors (what the server accepts)', () => {
    const keys = togglePermission([], 'b31', true, index)
    expect(fromKeys(keys)).toEqual({ menuIds: [1, 3], buttonIds: [31] })
    const deeper = togglePermission(keys, 'b41', true, index)
    expect(fromKeys(deeper)).toEqual({ menuIds: [1, 3, 4], buttonIds: [31, 41] })
  })

  test('unchecking a menu unchecks its buttons and sub-menus, and nothing above it', () => {
    const all = toKeys([1, 2, 3, 4], [31, 32, 41])
    expect(fromKeys(togglePermission(all, 'm3', false, index))).toEqual({ menuIds: [1, 2], buttonIds: [] })
    expect(fromKeys(togglePermission(all, 'b32', false, index))).toEqual({ menuIds: [1, 2, 3, 4], buttonIds: [31, 41] })
  })

  test('menu editor parent choices exclude the edited menu and its subtree', () => {
    const opts = parentOptions(tree as any, 'en', 3)
    const values: number[] = []
    const walk = (l: any[]) => l.forEach((o) => (values.push(o.value), o.children && walk(o.children)))
    walk(opts)
    expect(values.sort()).toEqual([1, 2])
  })
})

describe('nested menus in the side menu', () => {
  test('a view with sub-menus becomes a submenu whose first entry opens the view itself', () => {
    const side = buildSideMenu(tree as any)
    const topics = side.find((s) => s.key === '/m3#group')!
    expect(topics.path).toBeUndefined()
    expect(topics.children!.map((c) => c.path)).toEqual(['/m3', '/m4'])
    expect(openKeysFor(side, '/m4')).toEqual(['/m3#group'])
    expect(buildRoutes(tree as any).map((r) => r.component)).toEqual(['home/index', 'cms/topic/list', 'cms/topic/items'])
  })

  test('a role granted only one view gets exactly that entry (root included by the server)', () => {
    const only = [menu(1, 0, 'layout', { path: '/admin', children: [menu(3, 1, 'cms/topic/list', { path: '/admin/cms/topic' })] })]
    expect(buildSideMenu(only as any)).toEqual([expect.objectContaining({ key: '/cms/topic', path: '/cms/topic' })])
  })
})

describe('side menu areas from "Area › View" titles', () => {
  const leaf = (key: string, zh: string, en: string) => ({ key, path: key, title: zh, titleZh: zh, titleEn: en, icon: null })
  test('two or more views of an area become one submenu in the place of the first; single ones stay flat', () => {
    const side = groupSideMenu([
      leaf('/home', '首页', 'Home'),
      leaf('/system/user', '系统管理 › 管理员用户', 'System › Admin users'),
      leaf('/cms/topic', '内容管理 › 专题', 'CMS › Topics'),
      leaf('/system/role', '系统管理 › 角色管理', 'System › Roles'),
      leaf('/chat', '在线客服', 'Adviser chat'),
    ])
    expect(side.map((s) => s.key)).toEqual(['/home', 'group:系统管理', '/cms/topic', '/chat'])
    expect(side[1]).toMatchObject({ titleZh: '系统管理', titleEn: 'System', icon: 'setting' })
    expect(side[1].children!.map((c) => [c.path, c.titleZh, c.titleEn])).toEqual([
      ['/system/user', '管理员用户', 'Admin users'],
      ['/system/role', '角色管理', 'Roles'],
    ])
    expect(side[2].titleZh).toBe('内容管理 › 专题')
    expect(openKeysFor(side, '/system/role')).toEqual(['group:系统管理'])
  })
})
