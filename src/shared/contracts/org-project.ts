/**
 * Organisation projects (/orgProject, /project) and their requirements.
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
 */
import type { OptionItem } from './api'

/** /orgProject lists projects of organisations; /project?id= shows one with its requirements. */
export interface OrgProjectListItem {
  id: number
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
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
