/** System area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import AdminUsersView from './admin-users-view'
import ConsumerUsersView from './consumer-users-view'
import RolesView from './roles-view'
import MenusView from './menus-view'
import OrganizationView from './organization-view'
import OrganizationUsersView from './organization-users-view'

export const SYSTEM_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'system/user/list': AdminUsersView,
  'system/cuser/list': ConsumerUsersView,
  'system/role/list': RolesView,
  'system/menu/list': MenusView,
  'system/ouser/list': OrganizationUsersView,
  // an organizer's own organisation
  'organization/profile': OrganizationView,
}
