import { decryptMenu, encryptMenu } from '../core/menu-crypto'
import type { MenuPermission } from '@contracts/api'

const menu: MenuPermission = {
  menuTreeList: [
    {
      id: 1,
      pid: 0,
      path: '/admin',
      name: 'admin',
      title: '管理 Admin',
      component: 'layout',
      redirect: null,
      icon: null,
      sort: 0,
      buttonList: [],
      children: [],
    },
  ],
  buttonList: [{ id: 3, menuId: 1, name: 'edit', title: '编辑' }],
}

describe('stored menu encryption', () => {
  test('round trip gives the same menu back and the ciphertext hides the plaintext', () => {
    const stored = encryptMenu(menu)
    expect(typeof stored.adminRoutes).toBe('string')
    expect(stored.adminRoutes).not.toContain('管理')
    expect(stored.adminRoutes).not.toContain('layout')
    expect(decryptMenu(stored)).toEqual(menu)
    // storage may hand back the holder as a JSON string
    expect(decryptMenu(JSON.stringify(stored))).toEqual(menu)
  })

  test('a value that cannot be decoded is only logged and reads as no menu', () => {
    const log = jest.fn()
    expect(decryptMenu({ adminRoutes: 'not-a-ciphertext' }, log)).toBeNull()
    expect(decryptMenu('{broken json', log)).toBeNull()
    expect(decryptMenu({ something: 'else' }, log)).toBeNull()
    expect(log).toHaveBeenCalledTimes(3)
    expect(log.mock.calls[0][0]).toMatch(/could not be decoded/)
  })

  test('nothing stored is simply no menu, without logging', () => {
    const log = jest.fn()
    expect(decryptMenu(null, log)).toBeNull()
    expect(decryptMenu('', log)).toBeNull()
    expect(log).not.toHaveBeenCalled()
  })
})
