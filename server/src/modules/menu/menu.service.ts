import type { AppContext } from '../../context'
import { AppError, paramError } from '../../lib/app-error'
import { MenuRepository } from './menu.repository'
import type { MenuButton, MenuEntry, MenuPermission } from '@contracts/api'
import type { MenuButtonSaveBody, MenuSaveBody } from '@contracts/admin-system'
import type { Lang } from '@contracts/error-codes'
import { pick, type AuditNote } from '../../lib/audit-note'
import type { PermissionService } from '../permission/permission.service'

type MenuRow = Awaited<ReturnType<MenuRepository['allMenus']>>[number]
type ButtonRow = Awaited<ReturnType<MenuRepository['allButtons']>>[number]

/**
 * Menus the editor may not delete nor re-point to another view: the layout root and the two editors
 * that grant access (removing them would leave nobody able to repair the permissions).
 */
export const PROTECTED_COMPONENTS = new Set(['system/menu/list', 'system/role/list'])
const isProtected = (m: { pid: number; component: string }) => m.pid === 0 || PROTECTED_COMPONENTS.has(m.component)

const NAME_RE = /^[A-Za-z][\w-]{0,63}$/
const BUTTON_RE = /^[A-Za-z][\w-]{0,39}$/
const PATH_RE = /^\/admin(\/[\w.:-]+)*\/?$/
const COMPONENT_RE = /^[\w./-]{1,100}$/
const ICON_RE = /^[A-Za-z][\w-]{0,59}$/

function toButton(b: ButtonRow, lang: Lang): MenuButton & { titleZh: string; titleEn: string } {
  return { id: b.id, menuId: b.menu_id, name: b.name, title: lang === 'en' ? b.title_en : b.title_zh, titleZh: b.title_zh, titleEn: b.title_en }
}

/** Nests entries under their pid; entries whose parent is not visible become roots. */
export function buildMenuTree(menus: MenuRow[], buttons: ButtonRow[], lang: Lang): MenuEntry[] {
  const byId = new Map<number, MenuEntry>()
  for (const m of menus) {
    byId.set(m.id, {
      id: m.id,
      pid: m.pid,
      path: m.path,
      name: m.name,
      title: lang === 'en' ? m.title_en : m.title_zh,
      titleZh: m.title_zh,
      titleEn: m.title_en,
      component: m.component,
      redirect: m.redirect,
      icon: m.icon,
      sort: m.sort,
      buttonList: buttons.filter((b) => b.menu_id === m.id).map((b) => toButton(b, lang)),
      children: [],
    } as MenuEntry)
  }
  const roots: MenuEntry[] = []
  for (const entry of byId.values()) {
    const parent = entry.pid ? byId.get(entry.pid) : undefined
    if (parent) parent.children!.push(entry)
    else roots.push(entry)
  }
  return roots
}

function text(v: unknown, field: string, max: number): string {
  const s = String(v ?? '').trim()
  if (!s || s.length > max) throw paramError(field)
  return s
}

function optional(v: unknown, field: string, re: RegExp): string | null {
  const s = String(v ?? '').trim()
  if (!s) return null
  if (!re.test(s)) throw paramError(field)
  return s
}

export class MenuService {
  private readonly repo: MenuRepository
  constructor(
    ctx: AppContext,
    private readonly permissions: PermissionService,
  ) {
    this.repo = new MenuRepository(ctx.db)
  }

  /** Menus and buttons of the caller's admin roles; empty for people without an admin-side role or an admin-login token. */
  async currentMenu(userId: number, lang: Lang, adminToken: boolean): Promise<MenuPermission> {
    const access = adminToken ? await this.permissions.adminAccess(userId) : null
    if (!access) return { menuTreeList: [], buttonList: [] }
    const [menus, buttons] = await Promise.all([this.repo.menusForRoles(access.roleIds), this.repo.buttonsForRoles(access.roleIds)])
    return { menuTreeList: buildMenuTree(menus, buttons, lang), buttonList: buttons.map((b) => toButton(b, lang)) }
  }

  async fullTree(lang: Lang): Promise<MenuEntry[]> {
    const [menus, buttons] = await Promise.all([this.repo.allMenus(), this.repo.allButtons()])
    return buildMenuTree(menus, buttons, lang)
  }

  // ---- menus -----------------------------------------------------------------------------------

  private fields(body: MenuSaveBody) {
    const name = String(body.name ?? '').trim()
    if (!NAME_RE.test(name)) throw paramError('name')
    const path = String(body.path ?? '').trim()
    if (path.length > 200 || !PATH_RE.test(path)) throw paramError('path')
    const component = String(body.component ?? '').trim()
    if (!COMPONENT_RE.test(component)) throw paramError('component')
    const redirect = optional(body.redirect, 'redirect', PATH_RE)
    const icon = optional(body.icon, 'icon', ICON_RE)
    const sort = body.sort === undefined || body.sort === null ? 0 : Number(body.sort)
    if (!Number.isInteger(sort) || Math.abs(sort) > 99999) throw paramError('sort')
    return {
      pid: Number(body.pid),
      name,
      path,
      component,
      redirect,
      icon,
      sort,
      title_zh: text(body.titleZh, 'titleZh', 100),
      title_en: text(body.titleEn, 'titleEn', 200),
    }
  }

  private async checkParent(pid: number, selfId?: number) {
    if (!Number.isInteger(pid) || pid < 1 || !(await this.repo.findMenu(pid))) throw paramError('pid')
    if (selfId === undefined) return
    // a menu cannot move below itself or one of its descendants
    const parents = new Map((await this.repo.menuParents()).map((r) => [r.id, r.pid]))
    for (let cur: number | undefined = pid, guard = 0; cur && guard < 1000; cur = parents.get(cur), guard++) {
      if (cur === selfId) throw paramError('pid')
    }
  }

  private async checkUniqueName(name: string, selfId?: number) {
    const found = await this.repo.findMenuByName(name)
    if (found && found.id !== selfId) throw new AppError(517, { field: 'name' })
  }

  async addMenu(body: MenuSaveBody) {
    const row = this.fields(body)
    await this.checkParent(row.pid)
    await this.checkUniqueName(row.name)
    return { id: await this.repo.insertMenu(row) }
  }

  async updateMenu(body: MenuSaveBody, note?: AuditNote) {
    const id = Number(body.id)
    const menu = await this.repo.findMenu(id)
    if (!menu) throw new AppError(302)
    const row = this.fields(body)
    if (menu.pid === 0) {
      // the layout root stays the root
      if (row.pid !== 0 || row.component !== menu.component) throw paramError(row.pid !== 0 ? 'pid' : 'component')
    } else {
      await this.checkParent(row.pid, id)
      if (PROTECTED_COMPONENTS.has(menu.component) && row.component !== menu.component) throw paramError('component')
    }
    await this.checkUniqueName(row.name, id)
    await this.repo.updateMenu(id, row)
    await note?.({ before: pick(menu, Object.keys(row) as (keyof typeof menu)[]), after: row })
    return { id }
  }

  /** Refused: unknown (302), a protected menu (301 id), a menu with children (517 children). */
  async deleteMenu(id: number, note?: AuditNote) {
    const menu = await this.repo.findMenu(id)
    if (!menu) throw new AppError(302)
    if (isProtected(menu)) throw paramError('id')
    if (await this.repo.hasChildren(id)) throw new AppError(517, { field: 'children' })
    await this.repo.deleteMenu(id)
    await note?.({ before: menu })
    return null
  }

  // ---- buttons ---------------------------------------------------------------------------------

  private buttonFields(body: MenuButtonSaveBody) {
    const name = String(body.name ?? '').trim()
    if (!BUTTON_RE.test(name)) throw paramError('name')
    return { name, title_zh: text(body.titleZh, 'titleZh', 50), title_en: text(body.titleEn, 'titleEn', 100) }
  }

  async addButton(body: MenuButtonSaveBody) {
    const fields = this.buttonFields(body)
    const menuId = Number(body.menuId)
    if (!Number.isInteger(menuId) || !(await this.repo.findMenu(menuId))) throw paramError('menuId')
    if (await this.repo.findButtonByName(menuId, fields.name)) throw new AppError(517, { field: 'name' })
    return { id: await this.repo.insertButton({ menu_id: menuId, ...fields }) }
  }

  async updateButton(body: MenuButtonSaveBody, note?: AuditNote) {
    const id = Number(body.id)
    const button = await this.repo.findButton(id)
    if (!button) throw new AppError(302)
    const fields = this.buttonFields(body)
    const clash = await this.repo.findButtonByName(button.menu_id, fields.name)
    if (clash && clash.id !== id) throw new AppError(517, { field: 'name' })
    await this.repo.updateButton(id, fields)
    await note?.({ before: button, after: { ...button, ...fields } })
    return { id }
  }

  async deleteButton(id: number, note?: AuditNote) {
    const button = await this.repo.findButton(id)
    if (!button) throw new AppError(302)
    await this.repo.deleteButton(id)
    await note?.({ before: button })
    return null
  }
}
