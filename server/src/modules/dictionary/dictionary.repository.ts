import type { Database } from '../../db/database'

export class DictionaryRepository {
  constructor(private readonly db: Database) {}

  items(typeCode: string) {
    return this.db
      .selectFrom('dict_items')
      .select(['code', 'name_zh', 'name_en', 'internationalize_key'])
      .where('type_code', '=', typeCode)
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  }

  itemsOf(typeCode: string, codes: string[]) {
    if (!codes.length) return Promise.resolve([])
    return this.db
      .selectFrom('dict_items')
      .select(['code', 'name_zh', 'name_en'])
      .where('type_code', '=', typeCode)
      .where('code', 'in', [...new Set(codes)])
      .execute()
  }
}
