/**
 * Platforms (colleges, research institutes, enterprises) and their jobs.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { OptionItem } from './api'

export interface PlatformListItem {
  id: number
  nameZh: string
  nameEn: string
  logoUrl: string | null
  nature: OptionItem
  cityZh: string
  cityEn: string
  introZh: string
  introEn: string
  jobCount: number
}

export interface PlatformDetail extends PlatformListItem {
  website: string | null
  contentZh: string
  contentEn: string
  jobs: JobListItem[]
}

export interface JobListItem {
  id: number
  titleZh: string
  titleEn: string
  kind: 'college' | 'enterprise'
  platformId: number
  platformNameZh: string
  platformNameEn: string
  platformLogoUrl: string | null
  cityZh: string
  cityEn: string
  salaryZh: string
  salaryEn: string
  degree: 'bachelor' | 'master' | 'doctor' | null
  descriptionZh: string
  descriptionEn: string
  publishedAt: string
}

/**
 * Platform natures of the college job zone (`/platform/info/list?kind=college`, jobs of kind 'college');
 * every other nature belongs to the enterprise zone.
 */
export const COLLEGE_PLATFORM_NATURES = ['university', 'research_institute'] as const
