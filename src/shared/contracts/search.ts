/**
 * Site search (GET /search/all) and the header's hot-search list.
 * Conventions (bilingual fields, UTC times, `Page<T>` lists): see api.ts; paths: `API` there.
 */
import type { ActivityListItem } from './activity'
import type { TopicListItem } from './topic'
import type { InformationListItem } from './information'
import type { PolicyListItem } from './policy'
import type { SponsorListItem } from './sponsor'
import type { Page } from './api'

/** Search (GET /search/all?keywords=&module=all|activity|topic|information|policy|sponsor&page=&pageSize=). */
export type SearchModule = 'activity' | 'topic' | 'information' | 'policy' | 'sponsor'

export interface SearchResult {
  keywords: string
  activity?: Page<ActivityListItem>
  topic?: Page<TopicListItem>
  information?: Page<InformationListItem>
  policy?: Page<PolicyListItem>
  sponsor?: Page<SponsorListItem>
}

/**
 * One hot-search entry as GET /system/search/list/index/hot_search answers it.
 * Grouped by `searchModuleCode` in the header dropdown: topic → /topicDetail?id=,
 * policy → /policyDetail?id=, place → /sponsor?id= (spec section 2). `title` is one bilingual string.
 */
export interface HotSearchItem {
  id: number
  searchModuleCode: 'topic' | 'policy' | 'place' | string
  relationId: number
  title: string
  posterUrl: string | null
}
