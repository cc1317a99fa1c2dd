/** Content area (talents, jobs, premium places): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { CONTENT_MENUS } from '@contracts/admin-site'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const JobView = lazyView(() => import('./content-views').then((m) => ({ default: m.JobView })))
const PlaceView = lazyView(() => import('./content-views').then((m) => ({ default: m.PlaceView })))
const TalentView = lazyView(() => import('./content-views').then((m) => ({ default: m.TalentView })))

export const CONTENT_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [CONTENT_MENUS.talent]: TalentView,
  [CONTENT_MENUS.job]: JobView,
  [CONTENT_MENUS.place]: PlaceView,
}
