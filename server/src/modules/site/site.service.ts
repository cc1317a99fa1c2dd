import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { SiteRepository } from './site.repository'
import { parseJson } from '../../lib/json'
import type { SiteSettings } from '../../../../src/shared/contracts/content'

export class SiteService {
  private readonly repo: SiteRepository
  constructor(ctx: AppContext) {
    this.repo = new SiteRepository(ctx.db)
  }

  async siteSettings(): Promise<SiteSettings> {
    const map = new Map((await this.repo.settings()).map((s) => [s.key, s.value]))
    return {
      phone: map.get('phone') ?? '',
      email: map.get('email') ?? '',
      icp: map.get('icp') ?? '',
      copyrightZh: map.get('copyright_zh') ?? '',
      copyrightEn: map.get('copyright_en') ?? '',
      // browsing issue additions (SiteSettings of src/shared/contracts/content.ts)
      icpUrl: map.get('icp_url') ?? 'https://beian.miit.gov.cn/',
      wechatQrUrl: map.get('wechat_qr_url') ?? null,
      social: parseJson<SiteSettings['social']>(map.get('social'), []),
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
