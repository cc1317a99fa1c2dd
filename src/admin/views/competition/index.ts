/** Competition area (competitions and parks, project search; projects, requirements, visits): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import { COMPETITION_COMPONENTS as C } from '../../../shared/contracts/admin-competition'
import CompetitionListView from './competition-list-view'
import ProjectSearchView from './project-search-view'
import ProjectListView from './project-list-view'
import RequirementView from './requirement-view'
import VisitView from './visit-view'

export const COMPETITION_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [C.list]: CompetitionListView,
  [C.projectSearch]: ProjectSearchView,
  [C.projects]: ProjectListView,
  [C.requirements]: RequirementView,
  [C.visits]: VisitView,
}
