/** Trees the views show (menus, departments, service categories). */
type Node<T> = { id: number; children?: T[] }

/** antd draws an expand arrow for any `children` array, even an empty one: drop the empty ones. */
export function pruneChildren<T extends { children?: T[] }>(list: T[]): T[] {
  return list.map(({ children, ...rest }) => (children?.length ? { ...rest, children: pruneChildren(children) } : rest) as T)
}

/** The node with `id` anywhere in the tree (with its subtree), or null. */
export function findNode<T extends Node<T>>(list: T[], id: number): T | null {
  for (const n of list) {
    if (n.id === id) return n
    const hit = findNode(n.children ?? [], id)
    if (hit) return hit
  }
  return null
}
