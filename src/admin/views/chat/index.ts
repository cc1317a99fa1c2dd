/** Chat area (the adviser console): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const AdvisorView = lazyView(() => import('./advisor-view'))

export const CHAT_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'chat/index': AdvisorView,
}
