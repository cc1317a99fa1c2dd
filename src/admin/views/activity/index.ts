/** Activity area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { ACTIVITY_COMPONENTS } from '@contracts/admin-activity'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const ManagerView = lazyView(() => import('./manager-view'))
const PublishView = lazyView(() => import('./publish/publish-view'))

export const ACTIVITY_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [ACTIVITY_COMPONENTS.manager]: ManagerView,
  [ACTIVITY_COMPONENTS.publish]: PublishView,
}
