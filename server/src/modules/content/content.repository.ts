import type { Database } from '../../db/database'

export class ContentRepository {
  constructor(private readonly db: Database) {}

  /** enabled banners of a position inside their free time window at `now` (ISO UTC) */
  banners(position: string, now: string) {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .where('position', '=', position as 'home')
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
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
