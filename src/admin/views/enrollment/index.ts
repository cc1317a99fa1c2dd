/** Issue 5 (enrollment admin area): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'

export const ENROLLMENT_VIEWS: Record<string, ComponentType<ViewProps>> = {}
