/** @jest-environment jsdom */
import React from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { SideMenu } from '../layout/side-menu'
import type { SideMenuItem } from '../core/menu-routes'

// @ant-design/icons ships ESM that this jest setup does not transform: the icons draw nothing here
jest.mock('@ant-design/icons', () => new Proxy({ __esModule: true }, { get: (_t, k) => (k === '__esModule' ? true : () => null) }))

const ITEMS: SideMenuItem[] = [
  { key: '/', title: 'Home', titleZh: '首页', titleEn: 'Home', icon: 'home', path: '/' },
  {
    key: 'group-system',
    title: '系统管理',
    titleZh: '系统管理',
    titleEn: 'System',
    icon: 'setting',
    children: [
      { key: '/system/user', title: '管理员用户', titleZh: '管理员用户', titleEn: 'Admin users', icon: 'user', path: '/system/user' },
      { key: '/system/role', title: '角色管理', titleZh: '角色管理', titleEn: 'Roles', icon: 'role', path: '/system/role' },
    ],
  },
]

function renderMenu(activePath = '/system/role', lang: 'zh' | 'en' = 'en') {
  const onOpen = jest.fn()
  render(<SideMenu items={ITEMS} lang={lang} activePath={activePath} defaultOpen={['group-system']} label="Menu" onOpen={onOpen} />)
  return onOpen
}

const linkOf = (testId: string) => screen.getByTestId(testId).closest('a') as HTMLAnchorElement

describe('the side menu (plain markup)', () => {
  test('views are links under /admin in the language shown; the open view is marked', () => {
    renderMenu('/system/role')
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeTruthy()
    expect(linkOf('adm-menu-item-system-user').getAttribute('href')).toBe('/admin/system/user')
    expect(linkOf('adm-menu-item-system-role').getAttribute('aria-current')).toBe('page')
    expect(linkOf('adm-menu-item-system-user').getAttribute('aria-current')).toBeNull()
    expect(screen.getByTestId('adm-menu-item-system-role').textContent).toBe('Roles')
  })

  test('Chinese titles in Chinese', () => {
    renderMenu('/', 'zh')
    expect(screen.getByTestId('adm-menu-item-system-user').textContent).toBe('管理员用户')
    expect(linkOf('adm-menu-item-').getAttribute('aria-current')).toBe('page')
  })

  test('a plain click opens the view in place; a modified click is left to the browser (new tab)', () => {
    const onOpen = renderMenu()
    const plain = fireEvent.click(linkOf('adm-menu-item-system-user'))
    expect(plain).toBe(false) // default prevented: no page load
    expect(onOpen).toHaveBeenCalledWith('/system/user')
    onOpen.mockClear()
    const withCtrl = fireEvent.click(linkOf('adm-menu-item-system-user'), { ctrlKey: true })
    expect(withCtrl).toBe(true)
    expect(onOpen).not.toHaveBeenCalled()
  })

  test('a group folds and unfolds from its button, its views staying in the page while folded', () => {
    renderMenu()
    const button = screen.getByRole('button', { name: /System/ })
    const list = document.getElementById(button.getAttribute('aria-controls') as string) as HTMLElement
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(list.hidden).toBe(false)
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(list.hidden).toBe(true)
    expect(screen.getByTestId('adm-menu-item-system-role')).toBeTruthy()
    fireEvent.click(button)
    expect(list.hidden).toBe(false)
  })
})
