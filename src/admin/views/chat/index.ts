/** Chat area (the adviser console): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import AdvisorView from './advisor-view'

export const CHAT_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'chat/index': AdvisorView,
}
