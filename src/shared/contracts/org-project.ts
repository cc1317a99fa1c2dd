/**
 * Organisation projects (/orgProject, /project) and their requirements.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase, OptionItem } from './api'

/** /orgProject lists projects of organisations; /project?id= shows one with its requirements. */
export interface OrgProjectListItem extends ContentBase {
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  field: OptionItem
  cityZh: string
  cityEn: string
  stageZh: string
  stageEn: string
  fundingSought: string
  /** requirements still open or in progress */
  openRequirementCount: number
  publishedAt: string
}

export interface OrgProjectDetail extends OrgProjectListItem {
  contentZh: string
  contentEn: string
  /** open and in-progress requirements only (visits are internal and never public) */
  requirements: {
    id: number
    kind: 'funding' | 'talent' | 'technology' | 'space' | 'policy' | 'other'
    titleZh: string
    titleEn: string
    descriptionZh: string
    descriptionEn: string
    dueDate: string | null
    status: 'open' | 'in_progress'
  }[]
  /** the published competitions and parks it takes part in */
  competitions: { id: number; titleZh: string; titleEn: string; kind: 'competition' | 'park' }[]
}
