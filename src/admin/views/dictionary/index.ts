/** Dictionary area: menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import DictView from './dict-view'
import ServiceCategoryView from './service-category-view'
import TextView from './text-view'

export const DICTIONARY_VIEWS: Record<string, ComponentType<ViewProps>> = {
  'system/dict/list': DictView,
  'system/service-category/list': ServiceCategoryView,
  'system/text/list': TextView,
}
