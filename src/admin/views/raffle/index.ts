/** Raffle area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { RAFFLE_MENU } from '@contracts/raffle'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const RaffleListView = lazyView(() => import('./raffle-list-view'))

export const RAFFLE_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [RAFFLE_MENU]: RaffleListView,
}
