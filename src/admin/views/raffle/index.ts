/** Raffle area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import { RAFFLE_MENU } from '../../../shared/contracts/raffle'
import RaffleListView from './raffle-list-view'

export const RAFFLE_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [RAFFLE_MENU]: RaffleListView,
}
