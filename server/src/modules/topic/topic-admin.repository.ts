/** Admin reads and writes of topics and their connected items (any status). */
import type { Database } from '../../db/database'
import type { TopicsTable } from '../../db/schema'
import type { Insertable, Updateable } from 'kysely'
import { KeywordRepository } from '../../db/keyword-match'
import { pageWithTotal } from '../../db/page-query'

export interface TopicAdminFilter {
  keyword?: string
  status?: 'draft' | 'published'
  sort: { column: 'updated_at' | 'published_at' | 'sort' | 'view_count' | 'id'; dir: 'asc' | 'desc' }
  offset: number
  limit: number
}

type Db = Database

export class TopicAdminRepository extends KeywordRepository {

  private filtered(f: TopicAdminFilter) {
    let q = this.db.selectFrom('topics as t')
    if (f.status) q = q.where('t.status', '=', f.status)
    if (f.keyword) q = q.where(this.matches('topics', 't', f.keyword))
    return q
  }

  list(f: TopicAdminFilter) {
    return pageWithTotal(
      () => this.filtered(f),
      (q) =>
        q
          .select((eb) => [
            't.id', 't.title_zh', 't.title_en', 't.cover_url', 't.status', 't.published_at', 't.is_hot', 't.sort', 't.view_count', 't.updated_at',
            eb.selectFrom('topic_items as ti').whereRef('ti.topic_id', '=', 't.id').select((e) => e.fn.countAll<number>().as('n')).as('item_count'),
          ])
          .orderBy(`t.${f.sort.column}`, f.sort.dir)
          .orderBy('t.id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
    )
  }

  find(id: number, db: Db = this.db) {
    return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async items(topicId: number) {
    const refs = await this.db.selectFrom('topic_items').selectAll().where('topic_id', '=', topicId).orderBy('item_type').orderBy('sort').execute()
    const ids = (t: 'activity' | 'information') => refs.filter((r) => r.item_type === t).map((r) => r.item_id)
    const [acts, infos] = await Promise.all([
      ids('activity').length ? this.db.selectFrom('activities').select(['id', 'title_zh', 'title_en', 'status']).where('id', 'in', ids('activity')).execute() : [],
      ids('information').length ? this.db.selectFrom('information').select(['id', 'title_zh', 'title_en', 'status']).where('id', 'in', ids('information')).execute() : [],
    ])
    const byKey = new Map([...acts.map((a) => [`activity:${a.id}`, a] as const), ...infos.map((i) => [`information:${i.id}`, i] as const)])
    return refs
      .map((r) => ({ type: r.item_type, row: byKey.get(`${r.item_type}:${r.item_id}`) }))
      .filter((x): x is { type: 'activity' | 'information'; row: NonNullable<typeof x.row> } => !!x.row)
  }

  insert(values: Insertable<TopicsTable>) {
    return this.db.insertInto('topics').values(values).returning('id').executeTakeFirstOrThrow()
  }

  update(id: number, values: Updateable<TopicsTable>, db: Db = this.db) {
    return db.updateTable('topics').set(values).where('id', '=', id).executeTakeFirst()
  }

  /** delete with its item links and favourites, in one transaction (the caller checked the hot flag) */
  remove(id: number) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('topic_items').where('topic_id', '=', id).execute()
      await trx.deleteFrom('favorites').where('item_type', '=', 'topic').where('item_id', '=', id).execute()
      await trx.deleteFrom('topics').where('id', '=', id).execute()
    })
  }

  /** existing ids of a type among `ids` */
  async existing(type: 'activity' | 'information', ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set()
    const table = type === 'activity' ? 'activities' : 'information'
    const rows = await this.db.selectFrom(table).select('id').where('id', 'in', ids).execute()
    return new Set(rows.map((r) => r.id))
  }

  replaceItems(topicId: number, type: 'activity' | 'information', ids: number[], now: string) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('topic_items').where('topic_id', '=', topicId).where('item_type', '=', type).execute()
      if (ids.length) {
        await trx
          .insertInto('topic_items')
          .values(ids.map((item_id, i) => ({ topic_id: topicId, item_type: type, item_id, sort: i + 1 })))
          .execute()
      }
      await trx.updateTable('topics').set({ updated_at: now }).where('id', '=', topicId).execute()
    })
  }

  /** the picker: activities or information of any status, newest first, optional keyword */
  async candidates(type: 'activity' | 'information', keyword: string | undefined, offset: number, limit: number) {
    if (type === 'activity') {
      const base = () => {
        let q = this.db.selectFrom('activities as a')
        if (keyword) q = q.where(this.matches('activities', 'a', keyword))
        return q
      }
      return pageWithTotal(base, (q) =>
        q.select(['a.id', 'a.title_zh', 'a.title_en', 'a.status', 'a.start_time as time']).orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
      )
    }
    const base = () => {
      let q = this.db.selectFrom('information as i')
      if (keyword) q = q.where(this.matches('information', 'i', keyword))
      return q
    }
    return pageWithTotal(base, (q) =>
      q.select(['i.id', 'i.title_zh', 'i.title_en', 'i.status', 'i.published_at as time']).orderBy('i.published_at', 'desc').orderBy('i.id', 'desc').limit(limit).offset(offset).execute(),
    )
  }
}
