/** Hot flags and order across activities, information, topics and videos (one table per type). */
import { sql } from 'kysely'
import { KeywordRepository, likeAny } from '../../db/keyword-match'
import type { HotType } from '@contracts/admin-cms'

export interface HotFilter {
  type: HotType
  keyword?: string
  hotOnly: boolean
  offset: number
  limit: number
}

export interface HotDbRow {
  id: number
  title_zh: string
  title_en: string
  cover_url: string | null
  status: 'draft' | 'published'
  is_hot: number
  hot_sort: number | null
  time: string | null
}

export class HotContentRepository extends KeywordRepository {

  async list(f: HotFilter): Promise<{ rows: HotDbRow[]; total: number }> {
    const run = async <Q extends { execute(): Promise<unknown[]> }>(rowsQ: Q, countQ: { executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined> }) => {
      const [rows, count] = await Promise.all([rowsQ.execute(), countQ.executeTakeFirst()])
      return { rows: rows as HotDbRow[], total: Number(count?.n ?? 0) }
    }
    if (f.type === 'activity') {
      let q = this.db.selectFrom('activities as a')
      if (f.hotOnly) q = q.where('a.is_hot', '=', 1)
      if (f.keyword) q = q.where(this.matches('activities', 'a', f.keyword))
      return run(
        q
          .select(['a.id', 'a.title_zh', 'a.title_en', 'a.poster_url as cover_url', 'a.status', 'a.is_hot', sql<null>`null`.as('hot_sort'), 'a.start_time as time'])
          .orderBy('a.is_hot', 'desc')
          .orderBy('a.start_time', 'desc')
          .orderBy('a.id', 'desc')
          .limit(f.limit)
          .offset(f.offset),
        q.select((eb) => eb.fn.countAll<number>().as('n')),
      )
    }
    if (f.type === 'video') {
      let q = this.db.selectFrom('videos as v')
      if (f.hotOnly) q = q.where('v.is_hot', '=', 1)
      if (f.keyword) q = q.where(likeAny(this.kind, ['v.title_zh', 'v.title_en'], f.keyword))
      return run(
        q
          .select(['v.id', 'v.title_zh', 'v.title_en', 'v.cover_url', 'v.status', 'v.is_hot', 'v.hot_sort', 'v.published_at as time'])
          .orderBy('v.is_hot', 'desc')
          .orderBy('v.hot_sort', 'desc')
          .orderBy('v.published_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(f.limit)
          .offset(f.offset),
        q.select((eb) => eb.fn.countAll<number>().as('n')),
      )
    }
    const table = f.type === 'topic' ? 'topics' : 'information'
    let q = this.db.selectFrom(`${table} as x` as 'topics as x')
    if (f.hotOnly) q = q.where('x.is_hot', '=', 1)
    if (f.keyword) q = q.where(this.matches(table, 'x', f.keyword))
    return run(
      q
        .select(['x.id', 'x.title_zh', 'x.title_en', 'x.cover_url', 'x.status', 'x.is_hot', 'x.hot_sort', 'x.published_at as time'])
        .orderBy('x.is_hot', 'desc')
        .orderBy('x.hot_sort', 'desc')
        .orderBy('x.published_at', 'desc')
        .orderBy('x.id', 'desc')
        .limit(f.limit)
        .offset(f.offset),
      q.select((eb) => eb.fn.countAll<number>().as('n')),
    )
  }

  async exists(type: HotType, id: number): Promise<boolean> {
    const table = ({ activity: 'activities', video: 'videos', topic: 'topics', information: 'information' } as const)[type]
    return !!(await this.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())
  }

  async update(type: HotType, id: number, isHot: boolean, hotSort: number | undefined, now: string) {
    if (type === 'activity') {
      await this.db.updateTable('activities').set({ is_hot: isHot ? 1 : 0, updated_at: now }).where('id', '=', id).execute()
      return
    }
    const table = ({ video: 'videos', topic: 'topics', information: 'information' } as const)[type]
    await this.db
      .updateTable(table as 'topics')
      .set({ is_hot: isHot ? 1 : 0, ...(hotSort !== undefined ? { hot_sort: hotSort } : {}), updated_at: now })
      .where('id', '=', id)
      .execute()
  }
}
