import type { Database } from '../../db/database'

export class SiteRepository {
  constructor(private readonly db: Database) {}

  settings() {
    return this.db.selectFrom('site_settings').selectAll().execute()
  }
  text(code: string) {
    return this.db.selectFrom('site_texts').selectAll().where('code', '=', code).executeTakeFirst()
  }
  hotSearch() {
    return this.db.selectFrom('hot_search').selectAll().orderBy('search_module_code').orderBy('sort').orderBy('id').limit(50).execute()
  }
}
