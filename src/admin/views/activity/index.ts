/** Activity area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import { ACTIVITY_COMPONENTS } from '../../../shared/contracts/admin-activity'
import ManagerView from './manager-view'
import PublishView from './publish/publish-view'

export const ACTIVITY_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [ACTIVITY_COMPONENTS.manager]: ManagerView,
  [ACTIVITY_COMPONENTS.publish]: PublishView,
}
