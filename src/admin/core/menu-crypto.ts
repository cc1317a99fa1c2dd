/**
 * The stored admin menu is AES-encrypted with a constant key compiled into the app (spec: storage key
 * `menu` holds `{ adminRoutes: <ciphertext> }`). This is OBFUSCATION, not security: the key ships in the
 * bundle, so anyone can decrypt it. It only stops casual edits of localStorage from showing extra menu
 * entries — the server enforces role, menu and button permission on every admin endpoint regardless.
 */
import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'
import type { MenuPermission } from '@contracts/api'

const APP_KEY = 'haijiao-admin-menu-v1'

export interface StoredMenu {
  adminRoutes: string
}

export function encryptMenu(menu: MenuPermission): StoredMenu {
  return { adminRoutes: AES.encrypt(JSON.stringify(menu), APP_KEY).toString() }
}

/**
 * Decrypts what storage holds. Anything unreadable (missing, tampered, other key, not JSON) is only
 * logged and answers null — the caller then treats the user as having no menu (→ login), as the spec
 * says a failure to decode the admin routes is only logged.
 */
export function decryptMenu(stored: unknown, log: (msg: string, err?: unknown) => void = defaultLog): MenuPermission | null {
  if (stored == null || stored === '') return null
  try {
    const holder = typeof stored === 'string' ? (JSON.parse(stored) as StoredMenu) : (stored as StoredMenu)
    if (!holder || typeof holder.adminRoutes !== 'string') throw new Error('no adminRoutes')
    const text = AES.decrypt(holder.adminRoutes, APP_KEY).toString(Utf8)
    if (!text) throw new Error('empty plaintext')
    const menu = JSON.parse(text) as MenuPermission
    if (!menu || !Array.isArray(menu.menuTreeList)) throw new Error('not a menu')
    return { menuTreeList: menu.menuTreeList, buttonList: Array.isArray(menu.buttonList) ? menu.buttonList : [] }
  } catch (err) {
    log('[admin] stored menu could not be decoded; treating as no menu', err)
    return null
  }
}

function defaultLog(msg: string, err?: unknown): void {
  console.error(msg, err)
}
