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
}
export interface CompetitionBannersTable {
  id: Generated<number>
  competition_id: number
  image_url: string
  sort: Generated<number>
}
export interface CompetitionActivitiesTable {
  competition_id: number
  activity_id: number
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
}
export interface OrgProjectRequirementsTable extends Bi<'title' | 'description'> {
  id: Generated<number>
  project_id: number
  sort: Generated<number>
}

export interface ContentTables {
  topics: TopicsTable
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
}
