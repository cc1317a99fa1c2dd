/** @jest-environment jsdom */
/**
 * The roles view: actions follow the route's buttons; the permission drawer sends exactly the checked
 * menus (with ancestors) and buttons; the role form posts add with the typed values.
 */
import React from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { RouteButtonsProvider } from '../core/permission'
import RolesView from '../views/system/roles-view'
import { installAntdJsdomShims, ok, viewProps } from './support/antd-jsdom'

jest.mock('@ant-design/icons', () => new Proxy({}, { get: (_t, name) => (name === '__esModule' ? false : () => null) }))

const TREE = [
  {
    id: 1, pid: 0, path: '/admin', name: 'admin', title: 'Admin', titleZh: '管理后台', titleEn: 'Admin', component: 'layout', redirect: null, icon: null, sort: 0, buttonList: [],
    children: [
      { id: 2, pid: 1, path: '/admin/home', name: 'home', title: 'Home', titleZh: '首页', titleEn: 'Home', component: 'home/index', redirect: null, icon: null, sort: 1, buttonList: [], children: [] },
      {
        id: 3, pid: 1, path: '/admin/cms/topic', name: 'cmsTopic', title: 'Topics', titleZh: '专题', titleEn: 'Topics', component: 'cms/topic/list', redirect: null, icon: null, sort: 2,
        buttonList: [
          { id: 31, menuId: 3, name: 'edit', title: 'Edit', titleZh: '编辑', titleEn: 'Edit' },
          { id: 32, menuId: 3, name: 'delete', title: 'Delete', titleZh: '删除', titleEn: 'Delete' },
        ],
        children: [],
      },
    ],
  },
]
const ROLES = [
  { id: 7, code: 'topics_editor', name: 'Topic editor', nameZh: '专题编辑', nameEn: 'Topic editor', brief: null, dataScope: 'all', menuIds: [], buttonIds: [], userCount: 0, createdAt: '2026-11-20T08:00:00.000Z' },
  { id: 1, code: 'operations', name: 'Operations', nameZh: '运营管理员', nameEn: 'Operations', brief: null, dataScope: 'all', menuIds: [1, 2], buttonIds: [], userCount: 1, createdAt: '2026-11-20T08:00:00.000Z' },
]

jest.setTimeout(30000)

describe('roles view', () => {
  const request = Taro.request as unknown as jest.Mock
  beforeAll(installAntdJsdomShims)
  beforeEach(() => {
    request.mockReset()
    request.mockImplementation(async (opts: { url: string }) => {
      if (opts.url.includes('/system/role/page')) return ok({ list: ROLES, total: 2, page: 1, pageSize: 20 })
      if (opts.url.includes('/system/menu/tree')) return ok(TREE)
      if (opts.url.includes('/system/role/detail')) return ok(ROLES[0])
      if (opts.url.includes('/system/role/update') || opts.url.includes('/system/role/add')) return ok({ id: 7 })
      return ok(null)
    })
  })
  const props = viewProps('/system/role', 'r', 'system/role/list', 'en')
  const calls = (part: string) => request.mock.calls.map(([o]) => o).filter((o) => o.url.includes(part))

  test('without buttons the list shows no add, edit, permission or delete actions', async () => {
    render(
      <RouteButtonsProvider buttons={[]}>
        <RolesView {...props} />
      </RouteButtonsProvider>,
    )
    await screen.findByTestId('sys-role-row-topics_editor')
    expect(screen.queryByTestId('sys-role-add')).toBeNull()
    expect(screen.queryByTestId('sys-role-perm-topics_editor')).toBeNull()
    expect(screen.queryByTestId('sys-role-delete-topics_editor')).toBeNull()
  })

  test('checking the Topics "edit" button grants it with its menu and the root; built-in roles cannot be deleted', async () => {
    render(
      <RouteButtonsProvider buttons={['add', 'edit', 'delete']}>
        <RolesView {...props} />
      </RouteButtonsProvider>,
    )
    await screen.findByTestId('sys-role-row-topics_editor')
    expect(screen.getByTestId('sys-role-delete-topics_editor')).toBeTruthy()
    expect(screen.queryByTestId('sys-role-delete-operations')).toBeNull()
    fireEvent.click(screen.getByTestId('sys-role-perm-topics_editor'))
    const edit = await screen.findByTestId('sys-perm-b-b31')
    await act(async () => {
      fireEvent.click(edit)
    })
    fireEvent.click(screen.getByTestId('sys-perm-save'))
    await waitFor(() => expect(calls('/system/role/update')).toHaveLength(1))
    expect(calls('/system/role/update')[0].data).toEqual({ id: 7, menuIds: [1, 3], buttonIds: [31] })
  })

  test('the role form posts a new role', async () => {
    render(
      <RouteButtonsProvider buttons={['add']}>
        <RolesView {...props} />
      </RouteButtonsProvider>,
    )
    fireEvent.click(await screen.findByTestId('sys-role-add'))
    fireEvent.change(screen.getByTestId('sys-role-name-zh'), { target: { value: '审核员' } })
    fireEvent.change(screen.getByTestId('sys-role-name-en'), { target: { value: 'Reviewer' } })
    fireEvent.change(screen.getByTestId('sys-role-code'), { target: { value: 'reviewer' } })
    fireEvent.click(screen.getByTestId('sys-role-save'))
    await waitFor(() => expect(calls('/system/role/add')).toHaveLength(1))
    expect(calls('/system/role/add')[0].data).toMatchObject({ code: 'reviewer', nameZh: '审核员', nameEn: 'Reviewer', dataScope: 'all' })
  })
})
