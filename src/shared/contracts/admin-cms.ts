/**
 * CMS admin endpoints (topics, information, policies + match rules, hot content). All need an
 * admin token and the menu of the view (writes: the named button). Lists are Page<T> with keyword,
 * status, sortField/sortOrder; writes answer the saved row. Rich-text fields are sanitized by the server.
 */
import type { PolicyListItem, PolicyRule } from './policy'
import type { TopicDetail } from './topic'

export const CMS_MENUS = {
  topic: 'cms/topic/list',
  information: 'cms/information/list',
  policy: 'cms/policy/list',
  hot: 'cms/hot/list',
} as const

export const CMS_API = {
  topicList: '/topic/admin/list',
  topicDetail: '/topic/admin/detail',
  topicAdd: '/topic/admin/add',
  topicUpdate: '/topic/admin/update',
  topicDelete: '/topic/admin/delete',
  topicPublish: '/topic/admin/publish',
  topicSort: '/topic/admin/sort',
  /** the "select items" picker: activities or information to connect (any status, keyword) */
  topicCandidates: '/topic/admin/candidates',
  /** replace a topic's connected items of one type, in the given order */
  topicItems: '/topic/admin/items',

  informationList: '/information/admin/list',
  informationDetail: '/information/admin/detail',
  informationAdd: '/information/admin/add',
  informationUpdate: '/information/admin/update',
  informationDelete: '/information/admin/delete',
  informationPublish: '/information/admin/publish',

  policyList: '/policy/admin/list',
  policyDetail: '/policy/admin/detail',
  policyAdd: '/policy/admin/add',
  policyUpdate: '/policy/admin/update',
  policyDelete: '/policy/admin/delete',
  policyPublish: '/policy/admin/publish',
  policyRuleList: '/policy/admin/rule/list',
  policyRuleSave: '/policy/admin/rule/save',
  policyRuleDelete: '/policy/admin/rule/delete',

  hotList: '/hot/admin/list',
  hotUpdate: '/hot/admin/update',
} as const

export type CmsStatus = 'draft' | 'published'
export type SortOrder = 'ascend' | 'descend'

export interface CmsListQuery {
  page?: number
  pageSize?: number
  keyword?: string
  status?: CmsStatus
  sortField?: string
  sortOrder?: SortOrder
}

/** the article fields topics and information share: what the consumer reads of a topic, editable */
export type CmsArticleBase = Pick<TopicDetail, 'titleZh' | 'titleEn' | 'summaryZh' | 'summaryEn' | 'coverUrl' | 'tagsZh' | 'tagsEn' | 'contentZh' | 'contentEn'>

export interface AdminTopicRow {
  id: number
  titleZh: string
  titleEn: string
  coverUrl: string | null
  status: CmsStatus
  publishedAt: string | null
  isHot: boolean
  sort: number
  viewCount: number
  itemCount: number
  updatedAt: string
}
export interface TopicItemRef {
  type: 'activity' | 'information'
  id: number
  titleZh: string
  titleEn: string
  status: CmsStatus
}
export interface AdminTopicDetail extends CmsArticleBase {
  id: number
  status: CmsStatus
  publishedAt: string | null
  isHot: boolean
  sort: number
  items: TopicItemRef[]
}
export type TopicInput = CmsArticleBase & { sort?: number }
export interface TopicItemsInput {
  id: number
  type: 'activity' | 'information'
  /** in display order; replaces the topic's items of that type */
  itemIds: number[]
}

export interface AdminInformationRow {
  id: number
  titleZh: string
  titleEn: string
  coverUrl: string | null
  categoryCode: string | null
  sourceZh: string
  sourceEn: string
  status: CmsStatus
  publishedAt: string | null
  isHot: boolean
  viewCount: number
  updatedAt: string
}
export type InformationInput = CmsArticleBase & {
  categoryCode: string | null
  sourceZh: string
  sourceEn: string
  /** ISO-8601; required to publish (code 622) */
  publishedAt: string | null
}
export type AdminInformationDetail = InformationInput & {
  id: number
  status: CmsStatus
  isHot: boolean
}

/** the policy fields the public list shows, as the admin stores them (category by code, maybe unpublished) */
type PolicyBase = Pick<PolicyListItem, 'id' | 'titleZh' | 'titleEn' | 'level' | 'cityZh' | 'cityEn' | 'issuerZh' | 'issuerEn'> & {
  categoryCode: string | null
  status: CmsStatus
  publishedAt: string | null
}
export type AdminPolicyRow = PolicyBase & {
  ruleCount: number
  viewCount: number
  updatedAt: string
}
export type AdminPolicyDetail = PolicyBase & {
  summaryZh: string
  summaryEn: string
  contentZh: string
  contentEn: string
  rules: PolicyRule[]
}
export type PolicyInput = Omit<AdminPolicyDetail, 'id' | 'status' | 'rules' | 'publishedAt'> & { publishedAt: string | null }
/** a rule card: id absent = new rule of policyId */
export type PolicyRuleInput = Omit<PolicyRule, 'id'> & { id?: number }

export interface PublishInput {
  id: number
  publish: boolean
}

export type HotType = 'activity' | 'information' | 'topic' | 'video'
export interface HotRow {
  type: HotType
  id: number
  titleZh: string
  titleEn: string
  coverUrl: string | null
  status: CmsStatus
  isHot: boolean
  /** higher first; activities have no hot order (their hot list is by start time) */
  hotSort: number | null
  time: string | null
}
export interface HotQuery {
  type: HotType
  page?: number
  pageSize?: number
  keyword?: string
  /** only hot rows */
  hot?: boolean
}
export interface HotUpdateInput {
  type: HotType
  id: number
  isHot: boolean
  hotSort?: number
}
