/**
 * Menu `component` keys → view components. A key with no entry here renders the admin 404 view.
 * Imported eagerly: with Taro's H5 splitChunks each lazy view chunk carried its own copy of antd's
 * Table (~390 KiB each), so lazy loading cost more than it saved.
 */
import type { ComponentType } from 'react'
import type { AdminRoute } from '../core/menu-routes'
import HomeView from './home-view'
import AdminUsersView from './admin-users-view'
import ConsumerUsersView from './consumer-users-view'
import RolesView from './roles-view'
import MenusView from './menus-view'
import OrganizationView from './organization-view'
import NotFound from './not-found-view'
import AdvisorView from './chat/advisor-view'
import NoticeView from './message/notice-view'
import FeedbackView from './message/feedback-view'
import SubscriberView from './message/subscriber-view'
import { SYSTEM_VIEWS } from './system'
import { DICTIONARY_VIEWS } from './dictionary'
import { CMS_VIEWS } from './cms'
import { SITE_VIEWS } from './site'
import { ACTIVITY_VIEWS } from './activity'
import { ENROLLMENT_VIEWS } from './enrollment'

export interface ViewProps {
  route: AdminRoute
  routes: AdminRoute[]
  lang: 'zh' | 'en'
  /** open another view path inside the shell */
  open(path: string): void
}

type View = ComponentType<ViewProps>

export const VIEWS: Record<string, View> = {
  'home/index': HomeView,
  'system/user/list': AdminUsersView,
  'system/cuser/list': ConsumerUsersView,
  'system/role/list': RolesView,
  'system/menu/list': MenusView,
  'organization/profile': OrganizationView,
  'chat/index': AdvisorView,
  // engagement (issue 6, part 2): menus seeded by server/src/db/seed-engagement.ts
  'message/notice/list': NoticeView,
  'message/feedback/list': FeedbackView,
  'message/subscribe/list': SubscriberView,
  // issue 5: each admin area registers its views in views/<area>/index.ts
  ...SYSTEM_VIEWS,
  ...DICTIONARY_VIEWS,
  ...CMS_VIEWS,
  ...SITE_VIEWS,
  ...ACTIVITY_VIEWS,
  ...ENROLLMENT_VIEWS,
}

export const NotFoundView: View = NotFound

export function viewFor(component: string | null | undefined): View {
  return (component && VIEWS[component.trim()]) || NotFoundView
}
