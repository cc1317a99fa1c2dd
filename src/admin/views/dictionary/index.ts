/** Dictionary area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const DictView = lazyView(() => import('./dict-view'))
const ServiceCategoryView = lazyView(() => import('./service-category-view'))
const TextView = lazyView(() => import('./text-view'))
const SiteSettingsView = lazyView(() => import('./site-settings-view'))

export const DICTIONARY_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'system/dict/list': DictView,
  'system/service-category/list': ServiceCategoryView,
  'system/text/list': TextView,
  'system/setting/site': SiteSettingsView,
}
