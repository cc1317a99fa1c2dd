import type { Database } from '../../db/database'
import { liveAt } from '../../db/live-window'

export class ContentRepository {
  constructor(private readonly db: Database) {}

  /** enabled banners of a position inside their free time window at `now` (ISO UTC) */
  banners(position: string, now: string) {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .where('position', '=', position as 'home')
      .where(liveAt(now))
      .orderBy('sort')
      .orderBy('id')
      .limit(20)
      .execute()
  }

  async setting(key: string) {
    const r = await this.db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst()
    return r?.value ?? null
  }
}
