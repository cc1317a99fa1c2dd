import { sql } from 'kysely'
import type { Database } from '../../db/database'
import type { FeedbackTable } from '../../db/schema'
import type { Insertable, Selectable } from 'kysely'

export type FeedbackRow = Selectable<FeedbackTable>

export interface FeedbackFilter {
  keyword?: string
  status?: string
  offset: number
  limit: number
}

export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  async insert(row: Insertable<FeedbackTable>): Promise<number> {
    const r = await this.db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow()
    return r.id
  }

  findById(id: number) {
    return this.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst()
  }

  private filtered(f: FeedbackFilter) {
    let q = this.db.selectFrom('feedback')
    if (f.status) q = q.where('status', '=', f.status as FeedbackRow['status'])
    if (f.keyword) {
      const like = `%${f.keyword.toLowerCase()}%`
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(description)`, 'like', like),
          eb(sql`lower(name)`, 'like', like),
          eb(sql`lower(email)`, 'like', like),
          eb('tel', 'like', like),
        ]),
      )
    }
    return q
  }

  async list(f: FeedbackFilter): Promise<{ rows: FeedbackRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.filtered(f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  async update(id: number, patch: Partial<Pick<FeedbackRow, 'status' | 'remark' | 'reply_content' | 'replied_at' | 'updated_at'>>) {
    await this.db.updateTable('feedback').set(patch).where('id', '=', id).execute()
  }
}
