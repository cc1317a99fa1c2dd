import type { AppContext } from '../../context'
import type { PageQuery } from '../../lib/paging'
import { ActivityService } from '../activity/activity.service'
import { TopicService } from '../topic/topic.service'
import { InformationService } from '../information/information.service'
import { PolicyService } from '../policy/policy.service'
import { SponsorService } from '../sponsor/sponsor.service'
import type { SearchModule, SearchResult } from '../../../../src/shared/contracts/search'

export const SEARCH_MODULES: SearchModule[] = ['activity', 'topic', 'information', 'policy', 'sponsor']

/** GET /search/all: the same keyword filter as each list, one Page per asked module. */
export class SearchService {
  constructor(private readonly ctx: AppContext) {}

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
          result.activity = await new ActivityService(this.ctx).list({ ...paging, keyword })
          break
        case 'topic':
          result.topic = await new TopicService(this.ctx).list({ ...paging, keyword })
          break
        case 'information':
          result.information = await new InformationService(this.ctx).list({ ...paging, keyword })
          break
        case 'policy':
          result.policy = await new PolicyService(this.ctx).list({ ...paging, keyword })
          break
        case 'sponsor':
          result.sponsor = await new SponsorService(this.ctx).list({ ...paging, keyword })
          break
      }
    }
    return result
  }
}
