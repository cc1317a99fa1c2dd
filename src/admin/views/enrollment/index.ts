/** Enrolment area (the enrolment list and the promoters’ talent view): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../view-props'
import { ENROLL_LIST_MENU, TALENT_LIST_MENU } from '@contracts/admin-enrollment'
import { lazyView } from '../lazy-view'

// each view is fetched when its route first opens (views/lazy-view.tsx)
const EnrollListView = lazyView(() => import('./enroll-list-view'))
const TalentView = lazyView(() => import('./talent-view'))

export const ENROLLMENT_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [ENROLL_LIST_MENU]: EnrollListView,
  [TALENT_LIST_MENU]: TalentView,
}
