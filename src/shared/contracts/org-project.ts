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
  publishedAt: string
}

export interface OrgProjectDetail extends OrgProjectListItem {
  contentZh: string
  contentEn: string
  requirements: { id: number; titleZh: string; titleEn: string; descriptionZh: string; descriptionEn: string }[]
}
