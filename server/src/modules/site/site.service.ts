import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { SiteRepository } from './site.repository'

export class SiteService {
  private readonly repo: SiteRepository
  constructor(ctx: AppContext) {
    this.repo = new SiteRepository(ctx.db)
  }

  async siteSettings() {
    const map = new Map((await this.repo.settings()).map((s) => [s.key, s.value]))
    return {
      phone: map.get('phone') ?? '',
      email: map.get('email') ?? '',
      icp: map.get('icp') ?? '',
      copyrightZh: map.get('copyright_zh') ?? '',
      copyrightEn: map.get('copyright_en') ?? '',
    }
  }

  async text(code: string) {
    const t = await this.repo.text(code)
    if (!t) throw new AppError(302)
    return { code: t.code, titleZh: t.title_zh, titleEn: t.title_en, contentZh: t.content_zh, contentEn: t.content_en }
  }

  async hotSearch() {
    return (await this.repo.hotSearch()).map((h) => ({
      id: h.id,
      searchModuleCode: h.search_module_code,
      relationId: h.relation_id,
      title: h.title,
      posterUrl: h.poster_url,
    }))
  }
}
