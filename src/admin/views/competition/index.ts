/** Competition area (competitions and parks, project search; projects, requirements, visits): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { COMPETITION_COMPONENTS as C } from '@contracts/admin-competition'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const CompetitionListView = lazyView(() => import('./competition-list-view'))
const ProjectSearchView = lazyView(() => import('./project-search-view'))
const ProjectListView = lazyView(() => import('./project-list-view'))
const RequirementView = lazyView(() => import('./requirement-view'))
const VisitView = lazyView(() => import('./visit-view'))

export const COMPETITION_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [C.list]: CompetitionListView,
  [C.projectSearch]: ProjectSearchView,
  [C.projects]: ProjectListView,
  [C.requirements]: RequirementView,
  [C.visits]: VisitView,
}
