/**
 * Menu `component` keys → view components: the one map the shell reads. Each area lists its views in
 * views/<area>/index.ts; a key with no entry renders the admin 404 view.
 * Every area's views are lazy (views/lazy-view.tsx): a view's code, and the antd components only it uses,
 * are fetched when its route first opens (config/admin.ts splits chunks by use). The home view and the
 * 404 view are imported eagerly: the first screen after login needs them at once.
 */
import type { View } from './view-props'
import HomeView from './home/home-view'
import NotFound from './common/not-found-view'
import { SYSTEM_VIEWS } from './system'
import { DICTIONARY_VIEWS } from './dictionary'
import { CMS_VIEWS } from './cms'
import { SITE_VIEWS } from './site'
import { ACTIVITY_VIEWS } from './activity'
import { ENROLLMENT_VIEWS } from './enrollment'
import { MESSAGE_VIEWS } from './message'
import { CHAT_VIEWS } from './chat'
import { CONTENT_VIEWS } from './content'
import { ANALYSIS_VIEWS } from './analysis'
import { RAFFLE_VIEWS } from './raffle'
import { COMPETITION_VIEWS } from './competition'
import { CHECKIN_VIEWS } from './checkin'

export const VIEWS: Record<string, View> = {
  'home/index': HomeView,
  ...SYSTEM_VIEWS,
  ...DICTIONARY_VIEWS,
  ...CMS_VIEWS,
  ...SITE_VIEWS,
  ...ACTIVITY_VIEWS,
  ...ENROLLMENT_VIEWS,
  ...MESSAGE_VIEWS,
  ...CHAT_VIEWS,
  ...CONTENT_VIEWS,
  ...ANALYSIS_VIEWS,
  ...RAFFLE_VIEWS,
  ...COMPETITION_VIEWS,
  ...CHECKIN_VIEWS,
}

export const NotFoundView: View = NotFound

export function viewFor(component: string | null | undefined): View {
  return (component && VIEWS[component.trim()]) || NotFoundView
}
