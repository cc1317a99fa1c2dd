/** Issue 5 (system admin area): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import OrganizationUsersView from './organization-users-view'

// The foundation's system views (users, consumers, roles, menus) stay registered in registry.ts by key.
export const SYSTEM_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'system/ouser/list': OrganizationUsersView,
}
