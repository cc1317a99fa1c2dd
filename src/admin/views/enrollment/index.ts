/** Enrolment area (the enrolment list and the promoters’ talent view): menu component key → view. Spread into views/registry.ts. */
import type { ComponentType } from 'react'
import type { ViewProps } from '../registry'
import { ENROLL_LIST_MENU, TALENT_LIST_MENU } from '../../../shared/contracts/admin-enrollment'
import EnrollListView from './enroll-list-view'
import TalentView from './talent-view'

export const ENROLLMENT_VIEWS: Record<string, ComponentType<ViewProps>> = {
  [ENROLL_LIST_MENU]: EnrollListView,
  [TALENT_LIST_MENU]: TalentView,
}
