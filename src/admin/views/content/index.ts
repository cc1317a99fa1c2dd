/** Content area (talents, jobs, premium places): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import { CONTENT_MENUS } from '../../../shared/contracts/admin-site'
import { JobView, PlaceView, TalentView } from './content-views'

export const CONTENT_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [CONTENT_MENUS.talent]: TalentView,
  [CONTENT_MENUS.job]: JobView,
  [CONTENT_MENUS.place]: PlaceView,
}
