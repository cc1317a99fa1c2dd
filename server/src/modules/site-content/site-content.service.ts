import type { AppContext } from '../../context'
import { paramError } from '../../lib/app-error'
import { found, titleSummary } from '../../db/rows'
import { parseJson } from '../../lib/json'
import { pageArgs, toPage, type PageQuery } from '../../lib/paging'
import { sanitizeRichText } from '../../lib/rich-text'
import { SITE_DOCUMENTS, type AdvertArea } from '../../db/schema'
import type { RepatriationService } from '@contracts/site'
import type { RepatriationDoc, SiteAdvert, SiteCase, SiteCaseDetail, SitePartner, WebsiteDoc } from '@contracts/admin-site'
import { SiteContentRepository } from './site-content.repository'
import { checkUrl } from '../../blocks/admin-crud/admin-crud.service'
import { DICT } from '../../db/schema'
import type { DictionaryService } from '../dictionary/dictionary.service'
import type { OptionItem } from '@contracts/api'
import type { RoadshowOptions } from '@contracts/admin-site'

/** plain texts of the documents are shown as text; tags are dropped so no markup is stored there either */
const plain = (v: unknown, max: number) =>
  (typeof v === 'string' ? v : '')
    .replace(/<[^>]*>/g, '')
    .trim()
    .slice(0, max)

export class SiteContentService {
  private readonly repo: SiteContentRepository
  constructor(
    private readonly ctx: AppContext,
    private readonly dict: DictionaryService,
  ) {
    this.repo = new SiteContentRepository(ctx.db)
  }

  async adverts(area: AdvertArea): Promise<SiteAdvert[]> {
    const rows = await this.repo.adverts(area, this.ctx.clock.now().toISOString())
    return rows.map((r) => ({ id: r.id, area: r.area, titleZh: r.title_zh, titleEn: r.title_en, imageUrl: r.image_url, linkUrl: r.link_url }))
  }

  async cases(q: PageQuery) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.cases(offset, pageSize)
    const list: SiteCase[] = rows.map((r) => ({ ...titleSummary(r), coverUrl: r.cover_url }))
    return toPage(list, total, page, pageSize)
  }

  async caseDetail(id: number): Promise<SiteCaseDetail> {
    const r = found(await this.repo.findCase(id))
    return {
      ...titleSummary(r),
      coverUrl: r.cover_url,
      contentZh: r.content_zh,
      contentEn: r.content_en,
    }
  }

  async partners(q: PageQuery) {
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.partners(offset, pageSize)
    const list: SitePartner[] = rows.map((r) => ({ id: r.id, nameZh: r.name_zh, nameEn: r.name_en, logoUrl: r.logo_url, website: r.website }))
    return toPage(list, total, page, pageSize)
  }

  // ---- rich content: the about page and the returning-home services (site_settings JSON documents)

  async website(): Promise<WebsiteDoc> {
    const doc = parseJson<Partial<WebsiteDoc>>(await this.repo.setting(SITE_DOCUMENTS.website), {})
    return { introZh: doc.introZh ?? '', introEn: doc.introEn ?? '', timeline: doc.timeline ?? [], swiper: doc.swiper ?? [] }
  }

  /** Validates everything first (301 names the first bad field, e.g. 'swiper.1.imageUrl'), then writes once. */
  async saveWebsite(body: WebsiteDoc): Promise<WebsiteDoc> {
    const doc: WebsiteDoc = {
      introZh: sanitizeRichText(body.introZh),
      introEn: sanitizeRichText(body.introEn),
      timeline: (body.timeline ?? []).map((e, i) => {
        const year = plain(e.year, 20)
        if (!year) throw paramError(`timeline.${i}.year`)
        return { year, titleZh: plain(e.titleZh, 100), titleEn: plain(e.titleEn, 100), textZh: plain(e.textZh, 1000), textEn: plain(e.textEn, 1000) }
      }),
      swiper: (body.swiper ?? []).map((s, i) => {
        const imageUrl = checkUrl(s.imageUrl, `swiper.${i}.imageUrl`, 'image')
        if (!imageUrl) throw paramError(`swiper.${i}.imageUrl`)
        return { imageUrl, captionZh: plain(s.captionZh, 200), captionEn: plain(s.captionEn, 200) }
      }),
    }
    await this.repo.saveSetting(SITE_DOCUMENTS.website, JSON.stringify(doc), this.ctx.clock.now().toISOString())
    return doc
  }

  async repatriation(): Promise<RepatriationDoc> {
    return parseJson<RepatriationService[]>(await this.repo.setting(SITE_DOCUMENTS.repatriation), [])
  }

  async saveRepatriation(services: RepatriationService[]): Promise<RepatriationDoc> {
    const seen = new Set<string>()
    const doc = services.map((s, i): RepatriationService => {
      if (seen.has(s.code)) throw paramError(`services.${i}.code`)
      seen.add(s.code)
      const titleZh = plain(s.titleZh, 100)
      const titleEn = plain(s.titleEn, 100)
      if (!titleZh) throw paramError(`services.${i}.titleZh`)
      if (!titleEn) throw paramError(`services.${i}.titleEn`)
      const steps = (list: unknown) => (Array.isArray(list) ? list.map((x) => plain(x, 200)).filter(Boolean) : [])
      return {
        code: s.code,
        titleZh,
        titleEn,
        introZh: plain(s.introZh, 2000),
        introEn: plain(s.introEn, 2000),
        stepsZh: steps(s.stepsZh),
        stepsEn: steps(s.stepsEn),
        imageUrl: checkUrl(s.imageUrl, `services.${i}.imageUrl`, 'image'),
      }
    })
    await this.repo.saveSetting(SITE_DOCUMENTS.repatriation, JSON.stringify(doc), this.ctx.clock.now().toISOString())
    return doc
  }

  // ---- select choices of the editors

  async platformOptions(): Promise<{ natures: OptionItem[] }> {
    return { natures: await this.dict.options(DICT.platformNature) }
  }

  async roadshowOptions(): Promise<RoadshowOptions> {
    const [fields, o] = await Promise.all([this.dict.options(DICT.professionalField), this.repo.selectOptions()])
    const opt = (r: { id: number; title_zh: string; title_en: string }) => ({ id: r.id, titleZh: r.title_zh, titleEn: r.title_en })
    return { fields, competitions: o.competitions.map(opt), videos: o.videos.map(opt), organizations: o.organizations.map(opt), projects: o.projects.map(opt) }
  }
}
