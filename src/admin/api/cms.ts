/** CMS area: topics (and their connected items), information, policies with their match rules, hot content. */
import {
  CMS_API as C,
  type AdminInformationDetail,
  type AdminInformationRow,
  type AdminPolicyDetail,
  type AdminPolicyRow,
  type AdminTopicDetail,
  type AdminTopicRow,
  type HotRow,
  type HotUpdateInput,
  type InformationInput,
  type PolicyInput,
  type PolicyRuleInput,
  type TopicInput,
  type TopicItemRef,
  type TopicItemsInput,
} from '@contracts/admin-cms'
import type { PolicyRule } from '@contracts/policy'
import { getInformationCategories, getMatchOptions, getPolicyCategories } from '../../shared/api/content'
import { del, get, lister, post } from './client'

/** The endpoints every article kind answers alike: publish / unpublish and delete. */
export interface PublishableApi {
  publish(id: number, publish: boolean): ReturnType<typeof post>
  remove(id: number): ReturnType<typeof del>
}

const publishable = (publishUrl: string, deleteUrl: string): PublishableApi => ({
  publish: (id, publish) => post(publishUrl, { id, publish }),
  remove: (id) => del(deleteUrl, { id }),
})

// ---- topics ----
export const topics = publishable(C.topicPublish, C.topicDelete)
export const listTopics = lister<AdminTopicRow>(C.topicList)
export const topicDetail = (id: number) => get<AdminTopicDetail>(C.topicDetail, { id })
export const saveTopic = (body: TopicInput & { id?: number }) => post<{ id: number }>(body.id ? C.topicUpdate : C.topicAdd, body)
export const setTopicSort = (id: number, sort: number) => post(C.topicSort, { id, sort })
/** the "select items" picker: activities or information (any status, keyword) */
export const listTopicCandidates = lister<TopicItemRef & { time: string | null }>(C.topicCandidates)
export const saveTopicItems = (body: TopicItemsInput) => post<AdminTopicDetail>(C.topicItems, body)

// ---- information ----
export const information = publishable(C.informationPublish, C.informationDelete)
export const listInformation = lister<AdminInformationRow>(C.informationList)
export const informationDetail = (id: number) => get<AdminInformationDetail>(C.informationDetail, { id })
export const saveInformation = (body: InformationInput & { id?: number }) => post<{ id: number }>(body.id ? C.informationUpdate : C.informationAdd, body)
/** the information categories (the public dictionary read) */
export const informationCategories = getInformationCategories

// ---- policies and their match rules ----
export const policies = publishable(C.policyPublish, C.policyDelete)
export const listPolicies = lister<AdminPolicyRow>(C.policyList)
export const policyDetail = (id: number) => get<AdminPolicyDetail>(C.policyDetail, { id })
export const savePolicy = (body: PolicyInput & { id?: number }) => post(body.id ? C.policyUpdate : C.policyAdd, body)
export const policyCategories = getPolicyCategories
export const policyRules = (id: number) => get<PolicyRule[]>(C.policyRuleList, { id })
export const savePolicyRule = (body: PolicyRuleInput) => post<PolicyRule>(C.policyRuleSave, body)
export const deletePolicyRule = (id: number) => del(C.policyRuleDelete, { id })
/** the rule cards' choices (degrees, cities, titles …: the public match options) */
export const matchOptions = getMatchOptions

// ---- hot content ----
export const listHot = lister<HotRow>(C.hotList)
export const saveHot = (body: HotUpdateInput) => post(C.hotUpdate, body)
