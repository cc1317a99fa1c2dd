/** Issue 5 (activity admin area): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'

export const ACTIVITY_VIEWS: Record<string, ComponentType<ViewProps>> = {}
