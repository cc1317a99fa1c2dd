import type { Database } from '../../db/database'

/** What the generated images need from the data: an activity's titles for its detail banner. */
export class AssetRepository {
  constructor(private readonly db: Database) {}

  activityTitles(id: number) {
    return this.db.selectFrom('activities').select(['title_zh', 'title_en']).where('id', '=', id).executeTakeFirst()
  }
}
