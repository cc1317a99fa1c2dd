import { sql } from 'kysely'
import type { Database } from '../../db/database'

export interface ActivityListFilter {
  type?: string
  keyword?: string
  nowIso: string
  offset: number
  limit: number
}

export class ActivityRepository {
  constructor(private readonly db: Database) {}

  private base() {
    return this.db
      .selectFrom('activities as a')
      .innerJoin('organizations as o', 'o.id', 'a.organization_id')
      .where('a.status', '=', 'published')
  }

  private filtered(f: ActivityListFilter) {
    let q = this.base()
    if (f.type) q = q.where('a.type', '=', f.type as 'online')
    if (f.keyword) {
      const like = `%${f.keyword.toLowerCase()}%`
      q = q.where((eb) => eb.or([eb(sql`lower(a.title_zh)`, 'like', like), eb(sql`lower(a.title_en)`, 'like', like)]))
    }
    return q
  }

  /** Upcoming and running activities first (soonest first), then past ones (latest first). */
  async list(f: ActivityListFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f)
        .selectAll('a')
        .select(['o.name_zh as org_name_zh', 'o.name_en as org_name_en'])
        .orderBy(sql`case when a.end_time >= ${f.nowIso} then 0 else 1 end`)
        .orderBy(sql`case when a.end_time >= ${f.nowIso} then a.start_time end`, 'asc')
        .orderBy('a.start_time', 'desc')
        .orderBy('a.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findPublished(id: number) {
    return this.base()
      .selectAll('a')
      .select(['o.name_zh as org_name_zh', 'o.name_en as org_name_en'])
      .where('a.id', '=', id)
      .executeTakeFirst()
  }
}
