/**
 * Menu → routes (product-spec "Admin routes at start-up"). Taro pages are static, so the admin shell is
 * one Taro page and these routes are its own client-side table: built from the stored menu (one root
 * entry, pid 0, whose descendants are the views). Pure functions only, so jest covers them directly.
 */
import type { MenuEntry } from '@contracts/api'

/** Where the admin is served; menu paths may carry it or not, view paths never do. */
export const ADMIN_BASE = '/admin'

export interface AdminRoute {
  id: number
  /** path inside the admin, without the /admin base: '/', '/system/user' */
  path: string
  name: string
  title: string
  /** both languages when the server sends them (it does: titleZh/titleEn), so a switch needs no reload */
  titleZh?: string
  titleEn?: string
  /** key into the view registry ('home/index', 'system/user/list', …) */
  component: string
  /** redirect target (view path) when the entry is a group that only redirects */
  redirect: string | null
  icon: string | null
  /** button names the current role may use on this route (per-route button permission) */
  buttons: string[]
}

export interface SideMenuItem {
  key: string
  title: string
  titleZh?: string
  titleEn?: string
  icon: string | null
  /** set on leaves that open a view */
  path?: string
  children?: SideMenuItem[]
}

type WithTitles = MenuEntry & { titleZh?: string; titleEn?: string }
function titles(e: MenuEntry): { titleZh?: string; titleEn?: string } {
  const w = e as WithTitles
  return { titleZh: w.titleZh, titleEn: w.titleEn }
}

/** Title in a language, falling back to the other language and then to the plain title. */
export function titleIn(item: { title: string; titleZh?: string; titleEn?: string }, lang: 'zh' | 'en'): string {
  return (lang === 'zh' ? item.titleZh || item.titleEn : item.titleEn || item.titleZh) || item.title
}

/** Components that only group children (no view of their own). */
const GROUP_COMPONENTS = new Set(['', 'layout', 'Layout', 'parentView', 'ParentView', 'group'])

export function isGroupComponent(component: string | null | undefined): boolean {
  return GROUP_COMPONENTS.has((component || '').trim())
}

/** '/admin/system/user' | 'system/user' | '/system/user/' → '/system/user'; '/admin' | '' → '/'. */
export function toViewPath(raw: string | null | undefined): string {
  let p = (raw || '').trim()
  const q = p.search(/[?#]/)
  if (q >= 0) p = p.slice(0, q)
  if (!p.startsWith('/')) p = `/${p}`
  if (p === ADMIN_BASE || p.startsWith(`${ADMIN_BASE}/`)) p = p.slice(ADMIN_BASE.length)
  p = p.replace(/\/{2,}/g, '/').replace(/\/+$/, '')
  return p || '/'
}

/** A child path is either absolute ('/admin/system/user', '/system/user') or relative to its parent. */
function joinPath(parent: string, child: string): string {
  if (!child) return parent
  if (child.startsWith('/')) return toViewPath(child)
  return toViewPath(`${parent === '/' ? '' : parent}/${child}`)
}

function sortEntries(list: MenuEntry[] | undefined): MenuEntry[] {
  return [...(list || [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
}

/**
 * The root entries: pid 0 (normally one, path '/admin', component 'layout'). A menu that arrives
 * without a layout root (only views) is treated as if the views were the root's children.
 */
function rootChildren(menuTreeList: MenuEntry[]): { base: string; entries: MenuEntry[] } {
  const roots = sortEntries(menuTreeList.filter((e) => !e.pid))
  const layoutRoot = roots.find((r) => isGroupComponent(r.component) && toViewPath(r.path) === '/')
  if (layoutRoot) {
    const others = roots.filter((r) => r !== layoutRoot)
    return { base: '/', entries: [...sortEntries(layoutRoot.children), ...others] }
  }
  return { base: '/', entries: roots }
}

/** Flat route table: every entry below the root that names a view, with its full view path. */
export function buildRoutes(menuTreeList: MenuEntry[] | null | undefined): AdminRoute[] {
  if (!Array.isArray(menuTreeList) || menuTreeList.length === 0) return []
  const { base, entries } = rootChildren(menuTreeList)
  const out: AdminRoute[] = []
  const seen = new Set<string>()
  const walk = (list: MenuEntry[], parentPath: string) => {
    for (const e of sortEntries(list)) {
      const path = joinPath(parentPath, e.path)
      const group = isGroupComponent(e.component)
      // a view, or a group reached directly (e.g. /system) that goes to its redirect target
      if (!seen.has(path) && (!group || e.redirect)) {
        seen.add(path)
        out.push({
          id: e.id,
          path,
          name: e.name,
          title: e.title,
          ...titles(e),
          component: group ? '' : e.component.trim(),
          redirect: e.redirect ? toViewPath(e.redirect) : null,
          icon: e.icon ?? null,
          buttons: group ? [] : (e.buttonList || []).map((b) => b.name),
        })
      }
      if (e.children?.length) walk(e.children, path)
    }
  }
  walk(entries, base)
  return out
}

/** Side menu tree (below the root); groups keep their children, leaves carry the path to open. */
export function buildSideMenu(menuTreeList: MenuEntry[] | null | undefined): SideMenuItem[] {
  if (!Array.isArray(menuTreeList) || menuTreeList.length === 0) return []
  const { base, entries } = rootChildren(menuTreeList)
  const walk = (list: MenuEntry[], parentPath: string): SideMenuItem[] =>
    sortEntries(list).map((e) => {
      const path = joinPath(parentPath, e.path)
      const children = e.children?.length ? walk(e.children, path) : undefined
      const item: SideMenuItem = { key: path, title: e.title, ...titles(e), icon: e.icon ?? null }
      if (children && children.length) {
        if (isGroupComponent(e.component)) item.children = children
        else {
          // a view with sub-menus (made in the menu editor): a submenu whose first entry opens the view
          // itself; the submenu gets its own key so it does not clash with the leaf's path key
          item.key = `${path}#group`
          item.children = [{ key: path, title: e.title, ...titles(e), icon: e.icon ?? null, path }, ...children]
        }
      } else item.path = path
      return item
    })
  return walk(entries, base)
}

/**
 * The route for a view path. '/' with no menu entry of its own falls to the first route (the home view
 * in both seeded menus); a group's redirect is followed once. Unknown paths → null (404 view).
 */
export function matchRoute(routes: AdminRoute[], rawPath: string): AdminRoute | null {
  const path = toViewPath(rawPath)
  let hit = routes.find((r) => r.path === path) || null
  if (!hit && path === '/') hit = routes.find((r) => r.component === 'home/index') || routes.find((r) => r.component) || null
  if (hit && !hit.component && hit.redirect) {
    hit = routes.find((r) => r.path === hit!.redirect && r.component) || null
  }
  return hit
}

/** Keys of the side-menu groups that contain a path (to open them). */
export function openKeysFor(items: SideMenuItem[], path: string): string[] {
  const trail: string[] = []
  const visit = (list: SideMenuItem[], parents: string[]): boolean => {
    for (const it of list) {
      if (it.path === path) {
        trail.push(...parents)
        return true
      }
      if (it.children && visit(it.children, [...parents, it.key])) return true
    }
    return false
  }
  visit(items, [])
  return trail
}

const GROUP_SEP = '›'
const GROUP_ICONS: Record<string, string> = { system: 'setting', cms: 'read', activity: 'calendar', message: 'message', site: 'global', dict: 'book' }

function splitTitle(t: string | undefined): [string, string] | null {
  const i = (t || '').indexOf(GROUP_SEP)
  if (i <= 0) return null
  const head = t!.slice(0, i).trim()
  const rest = t!.slice(i + GROUP_SEP.length).trim()
  return head && rest ? [head, rest] : null
}

/**
 * Flat menus titled "区域 › 视图" / "Area › View" (the seeded convention) shown as one submenu per area
 * once two or more siblings share the area; the leaves keep their keys and paths and show the part after
 * the separator. Groups take the place of their first member. Entries without the separator stay as
 * they are, and the stored menu is not changed.
 */
export function groupSideMenu(items: SideMenuItem[]): SideMenuItem[] {
  const areaOf = (it: SideMenuItem) => (it.children ? null : splitTitle(it.titleZh || it.title))
  const counts = new Map<string, number>()
  for (const it of items) {
    const a = areaOf(it)
    if (a) counts.set(a[0], (counts.get(a[0]) ?? 0) + 1)
  }
  const out: SideMenuItem[] = []
  const groups = new Map<string, SideMenuItem>()
  for (const it of items) {
    const a = areaOf(it)
    if (!a || (counts.get(a[0]) ?? 0) < 2) {
      out.push(it.children ? { ...it, children: groupSideMenu(it.children) } : it)
      continue
    }
    const en = splitTitle(it.titleEn)
    const plain = splitTitle(it.title)
    let group = groups.get(a[0])
    if (!group) {
      const seg = (it.path || it.key).split('/').filter(Boolean)[0] || ''
      group = {
        key: `group:${a[0]}`,
        title: plain ? plain[0] : a[0],
        titleZh: a[0],
        titleEn: en ? en[0] : it.titleEn,
        icon: GROUP_ICONS[seg] || seg || null,
        children: [],
      }
      groups.set(a[0], group)
      out.push(group)
    }
    group.children!.push({ ...it, title: plain ? plain[1] : it.title, titleZh: a[1], titleEn: en ? en[1] : it.titleEn })
  }
  return out
}
