import type { Database } from '../../db/database'

export class ContentRepository {
  constructor(private readonly db: Database) {}

  banners(position: string) {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .where('position', '=', position as 'home')
      .where('status', '=', 1)
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
