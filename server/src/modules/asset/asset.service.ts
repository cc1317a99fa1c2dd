/** The generated demo images: a poster's SVG, drawn with an activity's titles for its detail banner. */
import type { AppContext } from '../../context'
import { AssetRepository } from './asset.repository'
import { posterDrawing, type DrawnLang, type PosterLang } from './poster'

const SLUG_FILE = /^([a-z0-9-]{1,60})\.svg$/
const ACTIVITY_BANNER = /^banner-activity-(\d{1,9})$/

export class AssetService {
  private readonly repo: AssetRepository
  constructor(ctx: AppContext) {
    this.repo = new AssetRepository(ctx.db)
  }

  /**
   * the SVG of `<slug>.svg` with an optional title and subtitle, drawn for a page in `lang` when given,
   * and the language of its words; null for a file name that is no slug
   */
  async poster(file: string, title?: string, subtitle?: string, lang?: PosterLang): Promise<{ svg: string; lang: DrawnLang } | null> {
    const m = SLUG_FILE.exec(file)
    if (!m) return null
    const activity = ACTIVITY_BANNER.exec(m[1])
    if (activity && !title) {
      const row = await this.repo.activityTitles(Number(activity[1]))
      if (row && lang) {
        // the page's language only (the other one when the activity has no title in it)
        title = (lang === 'en' ? row.title_en || row.title_zh : row.title_zh || row.title_en) || undefined
        subtitle = undefined
      } else if (row) {
        title = row.title_zh || row.title_en
        subtitle = row.title_zh && row.title_en ? row.title_en : undefined
      }
    }
    return posterDrawing(m[1], title, subtitle, lang)
  }
}
