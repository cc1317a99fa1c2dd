import type { AppContext } from '../../context'
import { loadAdminAccess } from '../../plugins/auth'
import { MenuRepository } from './menu.repository'
import type { MenuButton, MenuEntry, MenuPermission } from '../../../../src/shared/contracts/api'
import type { Lang } from '../../../../src/shared/contracts/error-codes'
import type { FastifyInstance } from 'fastify'

type MenuRow = Awaited<ReturnType<MenuRepository['allMenus']>>[number]
type ButtonRow = Awaited<ReturnType<MenuRepository['allButtons']>>[number]

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

export class MenuService {
  private readonly repo: MenuRepository
  constructor(private readonly app: FastifyInstance, ctx: AppContext) {
    this.repo = new MenuRepository(ctx.db)
  }

  /** Menus and buttons of the caller's admin roles; empty for people without an admin-side role. */
  async currentMenu(userId: number, lang: Lang): Promise<MenuPermission> {
    const access = await loadAdminAccess(this.app, userId)
    if (!access) return { menuTreeList: [], buttonList: [] }
    const [menus, buttons] = await Promise.all([this.repo.menusForRoles(access.roleIds), this.repo.buttonsForRoles(access.roleIds)])
    return { menuTreeList: buildMenuTree(menus, buttons, lang), buttonList: buttons.map((b) => toButton(b, lang)) }
  }

  async fullTree(lang: Lang): Promise<MenuEntry[]> {
    const [menus, buttons] = await Promise.all([this.repo.allMenus(), this.repo.allButtons()])
    return buildMenuTree(menus, buttons, lang)
  }
}
