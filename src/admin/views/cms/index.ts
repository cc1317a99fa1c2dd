/** CMS area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const TopicListView = lazyView(() => import('./topic-list-view'))
const InformationListView = lazyView(() => import('./information-list-view'))
const PolicyListView = lazyView(() => import('./policy-list-view'))
const HotListView = lazyView(() => import('./hot-list-view'))

export const CMS_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'cms/topic/list': TopicListView,
  'cms/information/list': InformationListView,
  'cms/policy/list': PolicyListView,
  'cms/hot/list': HotListView,
}
