import { sql } from 'kysely'
import { KeywordRepository } from '../../db/keyword-match'
import { pageWithTotal } from '../../db/page-query'

export interface TopicFilter {
  keyword?: string
  offset: number
  limit: number
}

const LIST_COLUMNS = ['t.id', 't.title_zh', 't.title_en', 't.summary_zh', 't.summary_en', 't.cover_url', 't.tags_zh', 't.tags_en', 't.published_at', 't.view_count'] as const

export class TopicRepository extends KeywordRepository {

  private filtered(f: TopicFilter) {
    let q = this.db.selectFrom('topics as t').where('t.status', '=', 'published')
    if (f.keyword) q = q.where(this.matches('topics', 't', f.keyword))
    return q
  }

  list(f: TopicFilter) {
    return pageWithTotal(
      () => this.filtered(f),
      (q) =>
        q
          .select(LIST_COLUMNS)
          // the editorial order set in the admin first (default 0 for all), then newest
          .orderBy('t.sort', 'desc')
          .orderBy('t.published_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
    )
  }

  /** list rows of the published topics among ids */
  byIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('topics as t').select(LIST_COLUMNS).where('t.id', 'in', ids).where('t.status', '=', 'published').execute()
  }

  find(id: number) {
    return this.db.selectFrom('topics').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst()
  }

  incrementViews(id: number) {
    return this.db.updateTable('topics').set({ view_count: sql`view_count + 1` }).where('id', '=', id).execute()
  }

  itemIds(topicId: number, type: 'activity' | 'information') {
    return this.db
      .selectFrom('topic_items')
      .select('item_id')
      .where('topic_id', '=', topicId)
      .where('item_type', '=', type)
      .orderBy('sort')
      .execute()
      .then((r) => r.map((x) => x.item_id))
  }
}
