/**
 * Roadshow projects, resources and records.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ContentBase, OptionItem } from './api'
import type { VideoItem } from './site'

export interface RoadshowProjectListItem extends ContentBase {
  kind: 'project' | 'resource'
  coverUrl: string | null
  field: OptionItem
  stageZh: string
  stageEn: string
  organizationId: number | null
  organizationNameZh: string
  organizationNameEn: string
  publishedAt: string
}

export interface RoadshowProjectDetail extends RoadshowProjectListItem {
  contentZh: string
  contentEn: string
  bpVideo: VideoItem | null
  /** the roadshow sessions (records) this project appeared in */
  records: RoadshowRecord[]
}

export interface RoadshowRecord {
  id: number
  projectId: number
  titleZh: string
  titleEn: string
  heldAt: string
  cityZh: string
  cityEn: string
  resultZh: string
  resultEn: string
}
