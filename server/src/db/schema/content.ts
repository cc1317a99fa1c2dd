/** Published content: topics, information, policies and their match rules, platforms and jobs, videos, competitions, roadshow projects, talents, organisations' projects. */
import type { Generated } from 'kysely'
import type { Bi, Flag, PublishStatus, Stamps } from './columns'

/** the columns of an article (topic, information) besides its texts */
interface ArticleColumns {
  id: Generated<number>
  cover_url: string | null
  tags_zh: Generated<string>
  tags_en: Generated<string>
  status: Generated<PublishStatus>
  published_at: string | null
  view_count: Generated<number>
  // 2026-11-22-0010-admin-cms: hot content
  is_hot: Generated<Flag>
  hot_sort: Generated<number>
}

export interface TopicsTable extends Bi<'title' | 'summary' | 'content'>, Stamps, ArticleColumns {
  /** 2026-11-22-0010-admin-cms: the editorial order */
  sort: Generated<number>
}
export interface TopicItemsTable {
  topic_id: number
  item_type: 'activity' | 'information'
  item_id: number
  sort: Generated<number>
}
export interface InformationTable extends Bi<'title' | 'summary' | 'content' | 'source'>, Stamps, ArticleColumns {
  category_code: string | null
}
export interface PoliciesTable extends Bi<'title' | 'summary' | 'content' | 'city' | 'issuer'>, Stamps {
  id: Generated<number>
  level: 'national' | 'provincial' | 'municipal' | 'district'
  category_code: string | null
  status: Generated<PublishStatus>
  published_at: string | null
  view_count: Generated<number>
}
export interface PolicyRulesTable {
  id: Generated<number>
  policy_id: number
  degree: 'bachelor' | 'master' | 'doctor' | null
  min_age: number | null
  max_age: number | null
  min_overseas_years: number | null
  max_return_years: number | null
  /** JSON string arrays of dictionary codes; [] = any */
  cities: Generated<string>
  titles: Generated<string>
  platform_natures: Generated<string>
  professional_fields: Generated<string>
  foreign_descent: Generated<'any' | 'chinese_only' | 'foreign_descent_allowed'>
}
export interface PlatformsTable extends Bi<'name' | 'city' | 'intro' | 'content'>, Stamps {
  id: Generated<number>
  logo_url: string | null
  nature_code: string
  website: string | null
  status: Generated<PublishStatus>
  sort: Generated<number>
}
export interface JobsTable extends Bi<'title' | 'city' | 'salary' | 'description'>, Stamps {
  id: Generated<number>
  platform_id: number
  kind: 'college' | 'enterprise'
  degree: 'bachelor' | 'master' | 'doctor' | null
  status: Generated<PublishStatus>
  published_at: string | null
}
export interface VideosTable extends Bi<'title'>, Stamps {
  id: Generated<number>
  cover_url: string | null
  video_url: string
  category: 'bp' | 'about' | 'activity'
  duration_seconds: Generated<number>
  published_at: string
  /** 0011-admin-site: unpublished videos leave the consumer lists */
  status: Generated<PublishStatus>
  /** 0010-admin-cms: hot content */
  is_hot: Generated<Flag>
  hot_sort: Generated<number>
}
export interface CompetitionsTable extends Bi<'title' | 'summary' | 'content'>, Stamps {
  id: Generated<number>
  banner_url: string | null
  start_time: string
  end_time: string
  status: Generated<PublishStatus>
  // 2026-11-24-0015-competition
  kind: Generated<'competition' | 'park'>
  cover_url: string | null
}
export interface CompetitionBannersTable {
  id: Generated<number>
  competition_id: number
  image_url: string
  sort: Generated<number>
}
export interface CompetitionActivitiesTable {
  competition_id: number
  /** unique (2026-11-24-0015-competition): one competition per activity */
  activity_id: number
  sort: Generated<number>
}
/** 2026-11-24-0015-competition: organisation projects that join a competition or park */
export interface CompetitionProjectsTable {
  competition_id: number
  project_id: number
  sort: Generated<number>
  created_at: string
}
export interface RoadshowProjectsTable extends Bi<'title' | 'summary' | 'content' | 'stage'>, Stamps {
  id: Generated<number>
  kind: 'project' | 'resource'
  cover_url: string | null
  field_code: string
  organization_id: number | null
  competition_id: number | null
  bp_video_id: number | null
  status: Generated<PublishStatus>
  published_at: string | null
}
export interface RoadshowRecordsTable extends Bi<'title' | 'city' | 'result'>, Stamps {
  id: Generated<number>
  project_id: number
  held_at: string
}
export interface TalentsTable extends Bi<'name' | 'title' | 'intro'>, Stamps {
  id: Generated<number>
  avatar_url: string | null
  field_code: string
  country: string
  degree: 'bachelor' | 'master' | 'doctor'
  achievements_zh: Generated<string>
  achievements_en: Generated<string>
  status: Generated<PublishStatus>
  sort: Generated<number>
}
export interface OrgProjectsTable extends Bi<'title' | 'summary' | 'content' | 'city'>, Stamps {
  id: Generated<number>
  organization_id: number
  field_code: string
  status: Generated<PublishStatus>
  published_at: string | null
  // 2026-11-24-0015-competition
  stage_zh: Generated<string>
  stage_en: Generated<string>
  funding_sought: Generated<string>
  /** JSON string[] of file URLs */
  attachments: Generated<string>
  contact_name: Generated<string>
  contact_phone: Generated<string>
  contact_email: Generated<string>
  /** isSyncProject: the approved enrolment it came from (unique) */
  source_enrollment_id: number | null
}
export interface OrgProjectRequirementsTable extends Bi<'title' | 'description'> {
  id: Generated<number>
  project_id: number
  sort: Generated<number>
  // 2026-11-24-0015-competition
  kind: Generated<'funding' | 'talent' | 'technology' | 'space' | 'policy' | 'other'>
  owner: Generated<string>
  due_date: string | null
  status: Generated<'open' | 'in_progress' | 'met' | 'closed'>
  status_changed_at: string | null
  status_changed_by: Generated<string>
  created_at: string | null
  updated_at: string | null
}
/** 2026-11-24-0015-competition: every status change of a requirement */
export interface OrgProjectRequirementHistoryTable {
  id: Generated<number>
  requirement_id: number
  from_status: string | null
  to_status: string
  changed_by: Generated<string>
  changed_at: string
  note: Generated<string>
}
/** 2026-11-24-0015-competition: a visit logged against a project (internal) */
export interface OrgProjectVisitsTable {
  id: Generated<number>
  project_id: number
  /** UTC ISO */
  visited_at: string
  time_zone: string
  visitors: Generated<string>
  visited_organization_id: number | null
  notes: Generated<string>
  outcome: Generated<string>
  next_step: Generated<string>
  next_step_date: string | null
  attachments: Generated<string>
  created_by: Generated<string>
  created_at: string
  updated_at: string
}
export interface OrgProjectVisitRequirementsTable {
  visit_id: number
  requirement_id: number
}

export interface ContentTables {
  topics: TopicsTable
  list_versions: ListVersionsTable
  topic_items: TopicItemsTable
  information: InformationTable
  policies: PoliciesTable
  policy_rules: PolicyRulesTable
  platforms: PlatformsTable
  jobs: JobsTable
  videos: VideosTable
  competitions: CompetitionsTable
  competition_banners: CompetitionBannersTable
  competition_activities: CompetitionActivitiesTable
  roadshow_projects: RoadshowProjectsTable
  roadshow_records: RoadshowRecordsTable
  talents: TalentsTable
  org_projects: OrgProjectsTable
  org_project_requirements: OrgProjectRequirementsTable
  competition_projects: CompetitionProjectsTable
  org_project_requirement_history: OrgProjectRequirementHistoryTable
  org_project_visits: OrgProjectVisitsTable
  org_project_visit_requirements: OrgProjectVisitRequirementsTable
}

/** A public list's version, raised by triggers when its rows change (2026-11-25-0019-list-versions). */
export interface ListVersionsTable {
  /** lists (0019), their items and counters (0021) */
  name: 'activities' | 'information' | 'activity_items' | 'information_items' | 'activity_counters' | 'information_counters'
  version: number
}
