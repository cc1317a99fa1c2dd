/**
 * What the shell hands every view. Apart from views/registry.ts (which lists the views) so that a view
 * never imports the list it is in.
 */
import type { ComponentType } from 'react'
import type { AdminRoute } from '../core/menu-routes'

export interface ViewProps {
  route: AdminRoute
  routes: AdminRoute[]
  lang: 'zh' | 'en'
  /** open another view path inside the shell */
  open(path: string): void
}

export type View = ComponentType<ViewProps>
