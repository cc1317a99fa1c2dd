/** CMS area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import TopicListView from './topic-list-view'
import InformationListView from './information-list-view'
import PolicyListView from './policy-list-view'
import HotListView from './hot-list-view'

export const CMS_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'cms/topic/list': TopicListView,
  'cms/information/list': InformationListView,
  'cms/policy/list': PolicyListView,
  'cms/hot/list': HotListView,
}
