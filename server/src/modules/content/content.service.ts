import type { AppContext } from '../../context'
import { SITE_DOCUMENTS } from '../../db/schema'
import { parseJson } from '../../lib/json'
import { ContentRepository } from './content.repository'
import { ActivityService } from '../activity/activity.service'
import { TopicService } from '../topic/topic.service'
import { InformationService } from '../information/information.service'
import { PolicyService } from '../policy/policy.service'
import { SponsorService } from '../sponsor/sponsor.service'
import { RoadshowService } from '../roadshow/roadshow.service'
import type { Banner, HomeContent, RepatriationService, WebsiteContent } from '../../../../src/shared/contracts/site'

export class ContentService {
  private readonly repo: ContentRepository
  constructor(private readonly ctx: AppContext) {
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
    const activities = new ActivityService(this.ctx)
    const [banners, hot, upcoming, topics, information, policies, places] = await Promise.all([
      this.banners('home'),
      activities.list({ isHot: true, page: 1, pageSize: 8 }),
      activities.list({ status: 'upcoming', page: 1, pageSize: 8 }),
      new TopicService(this.ctx).list({ page: 1, pageSize: 6 }),
      new InformationService(this.ctx).list({ page: 1, pageSize: 6 }),
      new PolicyService(this.ctx).list({ page: 1, pageSize: 6 }),
      new SponsorService(this.ctx).list({ kind: 'place', page: 1, pageSize: 8 }),
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
    return { ...doc, video: await new RoadshowService(this.ctx).firstVideo('about') }
  }

  async repatriation(): Promise<RepatriationService[]> {
    return parseJson<RepatriationService[]>(await this.repo.setting(SITE_DOCUMENTS.repatriation), [])
  }
}
