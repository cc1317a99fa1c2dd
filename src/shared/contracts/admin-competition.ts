/**
 * Admin of competitions and industrial parks (one model, `kind`), the organisations' projects that join
 * them, the projects' requirements (tracked with a status history) and the visits logged against a project.
 * Access: the competition menus are operations'; the project, requirement and visit menus are granted to
 * operations (every organisation) and organizers (their own organisations' projects only — another
 * organisation's id answers 302 as if it did not exist).
 */
import type { Page } from './api'
import type { ArticleInput } from './admin-site'

export const COMPETITION_KINDS = ['competition', 'park'] as const
export type CompetitionKind = (typeof COMPETITION_KINDS)[number]

export const REQUIREMENT_KINDS = ['funding', 'talent', 'technology', 'space', 'policy', 'other'] as const
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number]

/** open → in progress → met or closed; met and closed are final */
export const REQUIREMENT_STATUSES = ['open', 'in_progress', 'met', 'closed'] as const
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number]
export const REQUIREMENT_NEXT: Record<RequirementStatus, readonly RequirementStatus[]> = {
  open: ['in_progress', 'met', 'closed'],
  in_progress: ['met', 'closed'],
  met: [],
  closed: [],
}

/** a requirement still to be met whose due date (YYYY-MM-DD) is before `today` */
export function isOverdue(r: { status: RequirementStatus; dueDate: string | null }, today: string): boolean {
  return !!r.dueDate && (r.status === 'open' || r.status === 'in_progress') && r.dueDate < today
}

export const COMPETITION_LIMITS = { banners: 10, activitiesPerLink: 50, attachments: 10 } as const

/**
 * isSyncProject: the application-form answer keys an approved enrolment's project is read from.
 * The project name is the first non-empty of `name`; the rest are optional.
 */
export const SYNC_PROJECT_KEYS = {
  name: ['projectName', 'project', 'organisation'],
  summary: ['projectSummary', 'projectIntro', 'intro'],
  field: ['projectField', 'field'],
  stage: ['projectStage', 'stage'],
  funding: ['fundingSought', 'funding'],
  contactName: ['name'],
  contactPhone: ['phone'],
  contactEmail: ['email'],
} as const

export const COMPETITION_COMPONENTS = {
  list: 'competition/list',
  projectSearch: 'competition/project-search',
  projects: 'project/list',
  requirements: 'project/requirement',
  visits: 'project/visit',
} as const
export const COMPETITION_PATHS = {
  list: '/admin/competition/list',
  projectSearch: '/admin/competition/projectSearch',
  projects: '/admin/project/list',
  requirements: '/admin/project/requirement',
  visits: '/admin/project/visit',
} as const
/** buttons beyond add / edit / delete / publish */
export const COMPETITION_BUTTONS = { link: 'link', share: 'share', status: 'status' } as const

export const COMPETITION_API = {
  /** GET AdminCompetitionListQuery → Page<AdminCompetitionRow> */
  list: '/competition/admin/list',
  /** GET ?id= → AdminCompetitionDetail */
  detail: '/competition/admin/detail',
  /** POST AdminCompetitionInput → AdminCompetitionDetail (draft); 301 field banners when none (button add) */
  add: '/competition/admin/add',
  /** POST AdminCompetitionInput & { id } → AdminCompetitionDetail (button edit) */
  update: '/competition/admin/update',
  /** POST { id, publish } (button publish) */
  publish: '/competition/admin/publish',
  /** DELETE ?id= (button delete) */
  delete: '/competition/admin/delete',
  /** GET ?id= → { url, qrDataUrl } (button share) */
  share: '/competition/admin/share',
  /** GET ?competitionId= → AdminLinkedActivity[] in their order */
  activities: '/competition/admin/activity/list',
  /** GET ActivityCandidateQuery → Page<ActivityCandidate>: the select-item dialog (keyword, paging) */
  activityCandidates: '/competition/admin/activity/candidates',
  /** POST { competitionId, activityIds } → AdminLinkedActivity[]; 626 when one is linked to another competition (button link) */
  activityLink: '/competition/admin/activity/link',
  /** POST { competitionId, activityId } (button link) */
  activityUnlink: '/competition/admin/activity/unlink',
  /** POST { competitionId, activityIds } the new order of all linked activities (button link) */
  activityOrder: '/competition/admin/activity/order',
  /** GET ?competitionId= → AdminProjectRow[] the participating projects */
  projects: '/competition/admin/project/list',
  /** POST { competitionId, projectIds } (button link) */
  projectLink: '/competition/admin/project/link',
  /** POST { competitionId, projectId } (button link) */
  projectUnlink: '/competition/admin/project/unlink',
  /** GET ProjectListQuery → Page<AdminProjectRow>: every organisation's projects (project search list) */
  projectSearch: '/competition/admin/project/search',
} as const

export const PROJECT_API = {
  /** GET ProjectListQuery → Page<AdminProjectRow> (own organisations for organizers) */
  list: '/project/admin/list',
  /** GET → ProjectOptions: organisations in scope, professional fields, competitions/parks */
  options: '/project/admin/options',
  /** GET ?id= → AdminProjectDetail */
  detail: '/project/admin/detail',
  add: '/project/admin/add',
  update: '/project/admin/update',
  publish: '/project/admin/publish',
  delete: '/project/admin/delete',
  /** GET RequirementListQuery → Page<AdminRequirementRow> */
  requirementList: '/project/admin/requirement/list',
  requirementAdd: '/project/admin/requirement/add',
  requirementUpdate: '/project/admin/requirement/update',
  requirementDelete: '/project/admin/requirement/delete',
  /** POST { id, status, note? } → AdminRequirementRow; 628 when the change is not allowed (button status) */
  requirementStatus: '/project/admin/requirement/status',
  /** GET ?id= → RequirementHistoryItem[] oldest first */
  requirementHistory: '/project/admin/requirement/history',
  /** GET VisitListQuery → Page<AdminVisitRow> (newest first: a project's timeline with projectId) */
  visitList: '/project/admin/visit/list',
  visitDetail: '/project/admin/visit/detail',
  visitAdd: '/project/admin/visit/add',
  visitUpdate: '/project/admin/visit/update',
  visitDelete: '/project/admin/visit/delete',
} as const

export interface IdName {
  id: number
  nameZh: string
  nameEn: string
}

export interface AdminCompetitionListQuery {
  page?: number
  pageSize?: number
  keyword?: string
  kind?: CompetitionKind | ''
  status?: 'draft' | 'published' | ''
  sortField?: 'startTime' | 'updatedAt' | 'id'
  sortOrder?: 'ascend' | 'descend'
}

export interface AdminCompetitionRow {
  id: number
  kind: CompetitionKind
  titleZh: string
  titleEn: string
  coverUrl: string | null
  startTime: string
  endTime: string
  status: 'draft' | 'published'
  bannerCount: number
  activityCount: number
  projectCount: number
  updatedAt: string
}

export interface AdminCompetitionInput extends ArticleInput {
  kind: CompetitionKind
  coverUrl?: string | null
  /** image URLs in display order; at least one */
  banners: string[]
  startTime: string
  endTime: string
}

export interface AdminCompetitionDetail extends Required<AdminCompetitionInput> {
  id: number
  status: 'draft' | 'published'
}

export interface AdminLinkedActivity {
  id: number
  titleZh: string
  titleEn: string
  startTime: string | null
  status: string
  organizationNameZh: string
  organizationNameEn: string
  isSyncProject: boolean
  entrustHaijiaoProcess: boolean
}

export interface ActivityCandidate extends AdminLinkedActivity {
  /** the competition it is linked to, if any (linking it elsewhere answers 626) */
  competitionId: number | null
  competitionTitleZh: string | null
  competitionTitleEn: string | null
}

export interface ProjectListQuery {
  page?: number
  pageSize?: number
  keyword?: string
  fieldCode?: string
  stage?: string
  organizationId?: number
  competitionId?: number
  status?: 'draft' | 'published' | ''
}

export interface AdminProjectRow {
  id: number
  titleZh: string
  titleEn: string
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  fieldCode: string
  fieldNameZh: string
  fieldNameEn: string
  stageZh: string
  stageEn: string
  fundingSought: string
  status: 'draft' | 'published'
  openRequirementCount: number
  visitCount: number
  competitions: { id: number; titleZh: string; titleEn: string }[]
  /** the approved enrolment it was synced from (isSyncProject), else null */
  sourceEnrollmentId: number | null
  updatedAt: string
}

export interface AdminProjectInput {
  titleZh: string
  titleEn: string
  organizationId?: number
  fieldCode: string
  stageZh?: string
  stageEn?: string
  fundingSought?: string
  summaryZh?: string
  summaryEn?: string
  contentZh?: string
  contentEn?: string
  cityZh?: string
  cityEn?: string
  attachments?: string[]
  contactName?: string
  contactPhone?: string
  contactEmail?: string
  /** the competitions and parks it joins */
  competitionIds?: number[]
}

export interface AdminProjectDetail extends Required<Omit<AdminProjectInput, 'organizationId'>> {
  id: number
  organizationId: number
  organizationNameZh: string
  organizationNameEn: string
  status: 'draft' | 'published'
  sourceEnrollmentId: number | null
}

export interface ProjectOptions {
  organizations: IdName[]
  fields: { code: string; nameZh: string; nameEn: string }[]
  competitions: { id: number; titleZh: string; titleEn: string; kind: CompetitionKind }[]
}

export interface RequirementListQuery {
  page?: number
  pageSize?: number
  projectId?: number
  status?: RequirementStatus | ''
  kind?: RequirementKind | ''
  overdue?: boolean
  keyword?: string
}

export interface AdminRequirementRow {
  id: number
  projectId: number
  projectTitleZh: string
  projectTitleEn: string
  kind: RequirementKind
  titleZh: string
  titleEn: string
  descriptionZh: string
  descriptionEn: string
  owner: string
  /** YYYY-MM-DD */
  dueDate: string | null
  status: RequirementStatus
  overdue: boolean
  statusChangedAt: string | null
  statusChangedBy: string
}

export interface AdminRequirementInput {
  projectId: number
  kind: RequirementKind
  titleZh: string
  titleEn: string
  descriptionZh?: string
  descriptionEn?: string
  owner?: string
  dueDate?: string | null
}

export interface RequirementHistoryItem {
  id: number
  fromStatus: RequirementStatus | null
  toStatus: RequirementStatus
  changedBy: string
  changedAt: string
  note: string
}

export interface VisitListQuery {
  page?: number
  pageSize?: number
  projectId?: number
  keyword?: string
}

export interface AdminVisitInput {
  projectId: number
  /** ISO-8601 with an offset (e.g. 2026-11-24T10:00:00+08:00); stored in UTC */
  visitedAt: string
  /** the zone the visit took place in, a TIME_ZONES label ('UTC+08:00'); the admin shows the wall time in it */
  timeZone: string
  visitors: string
  visitedOrganizationId?: number | null
  requirementIds?: number[]
  notes?: string
  outcome?: string
  nextStep?: string
  /** YYYY-MM-DD */
  nextStepDate?: string | null
  attachments?: string[]
}

export interface AdminVisitRow extends Required<Omit<AdminVisitInput, 'visitedOrganizationId' | 'nextStepDate'>> {
  id: number
  projectTitleZh: string
  projectTitleEn: string
  visitedOrganizationId: number | null
  visitedOrganizationNameZh: string
  visitedOrganizationNameEn: string
  nextStepDate: string | null
  requirements: { id: number; titleZh: string; titleEn: string; status: RequirementStatus }[]
  createdBy: string
  createdAt: string
}

export type AdminProjectPage = Page<AdminProjectRow>
