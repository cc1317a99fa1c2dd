import type { AppContext } from '../../context'
import { SITE_DOCUMENTS } from '../../db/schema'
import { parseJson } from '../../lib/json'
import { ContentRepository } from './content.repository'
import type { ActivityService } from '../activity/activity.service'
import type { TopicService } from '../topic/topic.service'
import type { InformationService } from '../information/information.service'
import type { PolicyService } from '../policy/policy.service'
import type { SponsorService } from '../sponsor/sponsor.service'
import type { RoadshowService } from '../roadshow/roadshow.service'
import type { Banner, HomeContent, RepatriationService, WebsiteContent } from '@contracts/site'

/** the modules whose lists and videos the home and about pages show */
export interface ContentSources {
  activity: ActivityService
  topic: TopicService
  information: InformationService
  policy: PolicyService
  sponsor: SponsorService
  roadshow: RoadshowService
}

export class ContentService {
  private readonly repo: ContentRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly sources: ContentSources,
  ) {
    this.repo = new ContentRepository(ctx.db)
  }

  async banners(position: string): Promise<Banner[]> {
    return (await this.repo.banners(position, this.ctx.clock.now().toISOString())).map((b) => ({
      id: b.id,
      titleZh: b.title_zh,
      titleEn: b.title_en,
      imageUrl: b.image_url,
      linkUrl: b.link_url,
      position: b.position,
    }))
  }

  async home(): Promise<HomeContent> {
    const { activity, topic, information: info, policy, sponsor } = this.sources
    const [banners, hot, upcoming, topics, information, policies, places] = await Promise.all([
      this.banners('home'),
      activity.list({ isHot: true, page: 1, pageSize: 8 }),
      activity.list({ status: 'upcoming', page: 1, pageSize: 8 }),
      topic.list({ page: 1, pageSize: 6 }),
      info.list({ page: 1, pageSize: 6 }),
      policy.list({ page: 1, pageSize: 6 }),
      sponsor.list({ kind: 'place', page: 1, pageSize: 8 }),
    ])
    return {
      banners,
      hotActivities: hot.list,
      upcomingActivities: upcoming.list,
      topics: topics.list,
      information: information.list,
      policies: policies.list,
      places: places.list,
    }
  }

  async website(): Promise<WebsiteContent> {
    const doc = parseJson<Omit<WebsiteContent, 'video'>>(await this.repo.setting(SITE_DOCUMENTS.website), {
      introZh: '',
      introEn: '',
      timeline: [],
      swiper: [],
    })
    return { ...doc, video: await this.sources.roadshow.firstVideo('about') }
  }

  async repatriation(): Promise<RepatriationService[]> {
    return parseJson<RepatriationService[]>(await this.repo.setting(SITE_DOCUMENTS.repatriation), [])
  }
}
