/** Issue 5 (system admin area): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'

export const SYSTEM_VIEWS: Record<string, ComponentType<ViewProps>> = {}
