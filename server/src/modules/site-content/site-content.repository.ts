import type { Database } from '../../db/database'
import { liveAt } from '../../db/live-window'
import type { AdvertArea } from '../../db/schema'

/** Consumer reads of adverts, cases and partners, and the JSON documents of the rich content. */
export class SiteContentRepository {
  constructor(private readonly db: Database) {}

  /** live adverts: enabled and inside their free time window at `now` */
  adverts(area: AdvertArea, now: string) {
    return this.db
      .selectFrom('site_adverts')
      .select(['id', 'area', 'title_zh', 'title_en', 'image_url', 'link_url'])
      .where('area', '=', area)
      .where(liveAt(now))
      .orderBy('sort')
      .orderBy('id')
      .limit(20)
      .execute()
  }

  async cases(offset: number, limit: number) {
    const base = () => this.db.selectFrom('site_cases').where('status', '=', 1)
    const [rows, count] = await Promise.all([
      base()
        .select(['id', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'cover_url'])
        .orderBy('sort')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findCase(id: number) {
    return this.db.selectFrom('site_cases').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst()
  }

  async partners(offset: number, limit: number) {
    const base = () => this.db.selectFrom('site_partners').where('status', '=', 1)
    const [rows, count] = await Promise.all([
      base().select(['id', 'name_zh', 'name_en', 'logo_url', 'website']).orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
      base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  async setting(key: string) {
    const r = await this.db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst()
    return r?.value ?? null
  }

  async saveSetting(key: string, value: string, now: string) {
    const r = await this.db.updateTable('site_settings').set({ value, updated_at: now }).where('key', '=', key).executeTakeFirst()
    if (Number(r.numUpdatedRows) === 0) await this.db.insertInto('site_settings').values({ key, value, updated_at: now }).execute()
  }

  /** the roadshow editor's "select item" choices (newest first, bounded) */
  async selectOptions() {
    const [competitions, videos, organizations, projects] = await Promise.all([
      this.db.selectFrom('competitions').select(['id', 'title_zh', 'title_en']).orderBy('id', 'desc').limit(200).execute(),
      this.db.selectFrom('videos').select(['id', 'title_zh', 'title_en']).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(200).execute(),
      this.db.selectFrom('organizations').select(['id', 'name_zh as title_zh', 'name_en as title_en']).where('pid', '=', 0).orderBy('sort').orderBy('id').limit(200).execute(),
      this.db.selectFrom('roadshow_projects').select(['id', 'title_zh', 'title_en']).orderBy('id', 'desc').limit(300).execute(),
    ])
    return { competitions, videos, organizations, projects }
  }
}
