import type { PageQuery } from '../../lib/paging'
import { JsonBytes } from '../../lib/json-template'
import type { ActivityService } from '../activity/activity.service'
import type { TopicService } from '../topic/topic.service'
import type { InformationService } from '../information/information.service'
import type { PolicyService } from '../policy/policy.service'
import type { SponsorService } from '../sponsor/sponsor.service'
import type { SearchModule, SearchResult } from '../../../../src/shared/contracts/search'

export const SEARCH_MODULES: SearchModule[] = ['activity', 'topic', 'information', 'policy', 'sponsor']

/** GET /search/all: the same keyword filter as each list, one Page per asked module. */
/** the lists searched, one per module: each filters by the keyword as its own list does */
export interface SearchedLists {
  activity: ActivityService
  topic: TopicService
  information: InformationService
  policy: PolicyService
  sponsor: SponsorService
}

export class SearchService {
  constructor(private readonly lists: SearchedLists) {}

  async search(q: PageQuery & { keywords: string; module?: SearchModule | 'all' }): Promise<SearchResult> {
    const keyword = q.keywords.trim()
    const modules = !q.module || q.module === 'all' ? SEARCH_MODULES : [q.module]
    const paging = { page: q.page, pageSize: q.pageSize }
    const result: SearchResult = { keywords: keyword }
    const empty = { list: [], total: 0, page: q.page ?? 1, pageSize: q.pageSize ?? 20 }
    for (const m of modules) {
      if (!keyword) {
        result[m] = empty
        continue
      }
      switch (m) {
        case 'activity':
          result.activity = await this.lists.activity.list({ ...paging, keyword })
          break
        case 'topic':
          result.topic = await this.lists.topic.list({ ...paging, keyword })
          break
        case 'information':
          result.information = await this.lists.information.list({ ...paging, keyword })
          break
        case 'policy':
          result.policy = await this.lists.policy.list({ ...paging, keyword })
          break
        case 'sponsor':
          result.sponsor = await this.lists.sponsor.list({ ...paging, keyword })
          break
      }
    }
    return result
  }

  /**
   * search() as JSON, the UTF-8 of JSON.stringify(search(q)) byte for byte (same keys in the same order): the activity
   * and information pages come serialised from their lists' memory (listJson), the small lists as before.
   */
  async searchJson(q: PageQuery & { keywords: string; module?: SearchModule | 'all' }): Promise<JsonBytes> {
    const keyword = q.keywords.trim()
    const modules = !q.module || q.module === 'all' ? SEARCH_MODULES : [q.module]
    const paging = { page: q.page, pageSize: q.pageSize }
    const out = new JsonBytes().text(`{"keywords":${JSON.stringify(keyword)}`)
    for (const m of modules) {
      out.text(`,${JSON.stringify(m)}:`)
      if (!keyword) out.text(JSON.stringify({ list: [], total: 0, page: q.page ?? 1, pageSize: q.pageSize ?? 20 }))
      else if (m === 'activity') out.append(await this.lists.activity.listJson({ ...paging, keyword }))
      else if (m === 'information') out.append(await this.lists.information.listJson({ ...paging, keyword }))
      else out.text(JSON.stringify((await this.search({ ...q, module: m }))[m]))
    }
    return out.text('}')
  }
}
