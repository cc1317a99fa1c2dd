/** Admin reads and writes of information articles (any status). */
import type { Insertable, Updateable } from 'kysely'
import type { InformationTable } from '../../db/schema'
import { KeywordRepository } from '../../db/keyword-match'
import { pageWithTotal } from '../../db/page-query'

export interface InformationAdminFilter {
  keyword?: string
  status?: 'draft' | 'published'
  categoryCode?: string
  sort: { column: 'updated_at' | 'published_at' | 'view_count' | 'id'; dir: 'asc' | 'desc' }
  offset: number
  limit: number
}

export class InformationAdminRepository extends KeywordRepository {

  private filtered(f: InformationAdminFilter) {
    let q = this.db.selectFrom('information as i')
    if (f.status) q = q.where('i.status', '=', f.status)
    if (f.categoryCode) q = q.where('i.category_code', '=', f.categoryCode)
    if (f.keyword) q = q.where(this.matches('information', 'i', f.keyword))
    return q
  }

  list(f: InformationAdminFilter) {
    return pageWithTotal(
      () => this.filtered(f),
      (q) =>
        q
          .select([
            'i.id', 'i.title_zh', 'i.title_en', 'i.cover_url', 'i.category_code', 'i.source_zh', 'i.source_en', 'i.status',
            'i.published_at', 'i.is_hot', 'i.view_count', 'i.updated_at',
          ])
          .orderBy(`i.${f.sort.column}`, f.sort.dir)
          .orderBy('i.id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
    )
  }

  find(id: number) {
    return this.db.selectFrom('information').selectAll().where('id', '=', id).executeTakeFirst()
  }

  insert(values: Insertable<InformationTable>) {
    return this.db.insertInto('information').values(values).returning('id').executeTakeFirstOrThrow()
  }

  update(id: number, values: Updateable<InformationTable>) {
    return this.db.updateTable('information').set(values).where('id', '=', id).executeTakeFirst()
  }

  /** with its topic links and favourites, in one transaction (the caller checked the hot flag) */
  remove(id: number) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('topic_items').where('item_type', '=', 'information').where('item_id', '=', id).execute()
      await trx.deleteFrom('favorites').where('item_type', '=', 'information').where('item_id', '=', id).execute()
      await trx.deleteFrom('information').where('id', '=', id).execute()
    })
  }
}
