/** Check-in area (the door scanner): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { CHECKIN_MENU } from '@contracts/ticket'
import { lazyView } from '../lazy-view'

// fetched when its route first opens; the camera's decoder only when the camera opens
const CheckinView = lazyView(() => import('./checkin-view'))

export const CHECKIN_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [CHECKIN_MENU]: CheckinView,
}
