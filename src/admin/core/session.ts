/**
 * Admin session: token and user info through the shared storage, the menu encrypted under `menu`, and
 * the menu (re)load from GET /system/menu/current/menu — on every app start and navigation, so a role
 * change applies without logging in again.
 */
import type { CurrentUser, MenuPermission } from '@contracts/api'
import { currentMenu } from '../api/session'
import { STORAGE_KEYS, clearAuth, getItem, getToken, getUserInfo, removeItem, setItem } from '../../shared/storage'
import { decryptMenu, encryptMenu } from './menu-crypto'

export { getToken, getUserInfo, clearAuth }
export type { CurrentUser }

export function readMenu(): MenuPermission | null {
  return decryptMenu(getItem(STORAGE_KEYS.menu))
}

export function saveMenu(menu: MenuPermission): void {
  setItem(STORAGE_KEYS.menu, encryptMenu(menu))
}

export function hasAdminSession(): boolean {
  return !!getToken() && !!readMenu()
}

export type MenuLoad = { status: 'ok'; menu: MenuPermission } | { status: 'none' } | { status: 'error' }

/**
 * Fresh menu from the server, stored encrypted. 'none' = the server says this person has no admin menu
 * (role taken away); 'error' = refused or unreachable (the stored menu stays in use).
 */
export async function loadMenu(): Promise<MenuLoad> {
  try {
    const env = await currentMenu()
    if (env.code !== 200 || !env.result) return { status: 'error' }
    if (!Array.isArray(env.result.menuTreeList) || env.result.menuTreeList.length === 0) return { status: 'none' }
    const menu = { menuTreeList: env.result.menuTreeList, buttonList: env.result.buttonList || [] }
    saveMenu(menu)
    return { status: 'ok', menu }
  } catch {
    return { status: 'error' }
  }
}

export async function fetchMenu(): Promise<MenuPermission | null> {
  const r = await loadMenu()
  return r.status === 'ok' ? r.menu : null
}

/** Tag views are per browser session. */
export interface TagView {
  path: string
  title: string
}
export function readTags(): TagView[] {
  const v = getItem<TagView[]>(STORAGE_KEYS.tagViewStore)
  return Array.isArray(v) ? v.filter((x) => x && typeof x.path === 'string') : []
}
export function saveTags(tags: TagView[]): void {
  setItem(STORAGE_KEYS.tagViewStore, tags)
}
/**
 * At most MAX_TAGS opened views (besides the fixed home): opening one more closes the oldest opened
 * (never `keep`, the one being opened), as ant-design-pro does, so the strip stays one row.
 */
export const MAX_TAGS = 10
export function capTags<T extends TagView>(tags: T[], keep: string, max = MAX_TAGS): T[] {
  const out = [...tags]
  while (out.length > max) {
    const i = out.findIndex((x) => x.path !== keep)
    if (i < 0) break
    out.splice(i, 1)
  }
  return out
}
export function clearTags(): void {
  removeItem(STORAGE_KEYS.tagViewStore)
}
