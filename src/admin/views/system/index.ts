/** System area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const AdminUsersView = lazyView(() => import('./admin-users-view'))
const ConsumerUsersView = lazyView(() => import('./consumer-users-view'))
const RolesView = lazyView(() => import('./roles-view'))
const MenusView = lazyView(() => import('./menus-view'))
const OrganizationView = lazyView(() => import('./organization-view'))
const OrganizationUsersView = lazyView(() => import('./organization-users-view'))
const AuditLogView = lazyView(() => import('./audit-log-view'))

export const SYSTEM_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'system/user/list': AdminUsersView,
  'system/cuser/list': ConsumerUsersView,
  'system/role/list': RolesView,
  'system/menu/list': MenusView,
  'system/ouser/list': OrganizationUsersView,
  // 操作日志 / Audit log
  'system/audit/list': AuditLogView,
  // an organizer's own organisation
  'organization/profile': OrganizationView,
}
