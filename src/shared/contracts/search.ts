/**
 * Site search (GET /search/all).
 * User content is bilingual in the data: `xxxZh` / `xxxEn`; clients pick by language with a fallback
 * to the other (see `pickLang` in src/shared/i18n). Times are ISO-8601 UTC strings. Lists answer `Page<T>` ({ list,
 * total, page, pageSize }); `pageSize` ≤ 50, default 20.
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
