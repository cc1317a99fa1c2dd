import type { PageQuery } from '../../lib/paging'
import { JsonBytes } from '../../lib/json-template'
import type { ActivityService } from '../activity/activity.service'
import type { TopicService } from '../topic/topic.service'
import type { InformationService } from '../information/information.service'
import type { PolicyService } from '../policy/policy.service'
import type { SponsorService } from '../sponsor/sponsor.service'
import type { SearchModule, SearchResult } from '@contracts/search'

export const SEARCH_MODULES: SearchModule[] = ['activity', 'topic', 'information', 'policy', 'sponsor']

/** GET /search/all: the lists searched, one Page per asked module; each filters by the keyword as its own list does */
export interface SearchedLists {
  activity: ActivityService
  topic: TopicService
  information: InformationService
  policy: PolicyService
  sponsor: SponsorService
}

type SearchQuery = PageQuery & { keywords: string; module?: SearchModule | 'all' }
type KeywordPage = { page?: number; pageSize?: number; keyword: string }

/** each module's page of the keyword, as its own list filters it */
const PAGE_OF: { [M in SearchModule]: (lists: SearchedLists, q: KeywordPage) => Promise<NonNullable<SearchResult[M]>> } = {
  activity: (lists, q) => lists.activity.list(q),
  topic: (lists, q) => lists.topic.list(q),
  information: (lists, q) => lists.information.list(q),
  policy: (lists, q) => lists.policy.list(q),
  sponsor: (lists, q) => lists.sponsor.list(q),
}

/** what both answers walk: the trimmed keyword, the asked modules in answer order, and an empty page */
function asked(q: SearchQuery) {
  const keyword = q.keywords.trim()
  return {
    keyword,
    modules: !q.module || q.module === 'all' ? SEARCH_MODULES : [q.module],
    query: { page: q.page, pageSize: q.pageSize, keyword },
    empty: { list: [], total: 0, page: q.page ?? 1, pageSize: q.pageSize ?? 20 },
  }
}

export class SearchService {
  constructor(private readonly lists: SearchedLists) {}

  async search(q: SearchQuery): Promise<SearchResult> {
    const { keyword, modules, query, empty } = asked(q)
    const result: SearchResult = { keywords: keyword }
    for (const m of modules) (result as Record<SearchModule, unknown>)[m] = keyword ? await PAGE_OF[m](this.lists, query) : empty
    return result
  }

  /**
   * search() as JSON, the UTF-8 of JSON.stringify(search(q)) byte for byte (same keys in the same order): the activity
   * and information pages come serialised from their lists' memory (listJson), the small lists as search() reads them.
   */
  async searchJson(q: SearchQuery): Promise<JsonBytes> {
    const { keyword, modules, query, empty } = asked(q)
    const out = new JsonBytes().text(`{"keywords":${JSON.stringify(keyword)}`)
    for (const m of modules) {
      out.text(`,${JSON.stringify(m)}:`)
      if (!keyword) out.text(JSON.stringify(empty))
      else if (m === 'activity' || m === 'information') out.append(await this.lists[m].listJson(query))
      else out.text(JSON.stringify(await PAGE_OF[m](this.lists, query)))
    }
    return out.text('}')
  }
}
