/**
 * The role permission editor's tree: menus with their buttons as child nodes (keys 'm<id>' / 'b<id>').
 * Checking is strict (each node on its own) with two rules, so what is checked is always what the
 * server accepts: checking a node checks its ancestors (a button needs its menu, a menu its parents);
 * unchecking a node unchecks everything below it. Pure functions, covered by jest.
 */
import type { MenuTreeNode } from '@contracts/admin-system'

type Titled = { title: string; titleZh?: string; titleEn?: string }
export type PermMenu = MenuTreeNode

export interface PermNode {
  key: string
  title: string
  /** 'menu' or 'button' (for styling and test ids) */
  kind: 'menu' | 'button'
  /** component of a menu, name of a button */
  code: string
  children?: PermNode[]
}

export interface PermIndex {
  parent: Map<string, string>
  children: Map<string, string[]>
}

const pick = (x: Titled, lang: 'zh' | 'en') => (lang === 'zh' ? x.titleZh || x.titleEn : x.titleEn || x.titleZh) || x.title

export function buildPermissionTree(menus: PermMenu[], lang: 'zh' | 'en'): { nodes: PermNode[]; index: PermIndex } {
  const index: PermIndex = { parent: new Map(), children: new Map() }
  const walk = (list: PermMenu[], parentKey: string | null): PermNode[] =>
    [...list]
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
      .map((m) => {
        const key = `m${m.id}`
        if (parentKey) index.parent.set(key, parentKey)
        const buttons: PermNode[] = (m.buttonList || []).map((b) => {
          const bk = `b${b.id}`
          index.parent.set(bk, key)
          return { key: bk, title: pick(b, lang), kind: 'button', code: b.name }
        })
        const sub = m.children?.length ? walk(m.children, key) : []
        const children = [...buttons, ...sub]
        index.children.set(key, children.map((c) => c.key))
        return { key, title: pick(m, lang), kind: 'menu', code: m.component, children: children.length ? children : undefined }
      })
  return { nodes: walk(menus, null), index }
}

/** Check (with ancestors) or uncheck (with descendants) one node. */
export function togglePermission(checked: readonly string[], key: string, on: boolean, index: PermIndex): string[] {
  const set = new Set(checked)
  if (on) {
    for (let k: string | undefined = key; k; k = index.parent.get(k)) set.add(k)
  } else {
    const stack = [key]
    while (stack.length) {
      const k = stack.pop()!
      set.delete(k)
      stack.push(...(index.children.get(k) || []))
    }
  }
  return [...set]
}

export function toKeys(menuIds: number[], buttonIds: number[]): string[] {
  return [...menuIds.map((id) => `m${id}`), ...buttonIds.map((id) => `b${id}`)]
}

export function fromKeys(keys: readonly string[]): { menuIds: number[]; buttonIds: number[] } {
  const menuIds: number[] = []
  const buttonIds: number[] = []
  for (const k of keys) {
    const id = Number(k.slice(1))
    if (!Number.isInteger(id)) continue
    if (k[0] === 'm') menuIds.push(id)
    else if (k[0] === 'b') buttonIds.push(id)
  }
  return { menuIds: menuIds.sort((a, b) => a - b), buttonIds: buttonIds.sort((a, b) => a - b) }
}
