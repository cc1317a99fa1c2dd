import { sql, type Selectable } from 'kysely'
import type { Database } from '../../db/database'
import type { NoticesTable } from '../../db/schema'

export type NoticeRow = Selectable<NoticesTable>

export class NoticeRepository {
  constructor(private readonly db: Database) {}

  activity(id: number) {
    return this.db.selectFrom('activities').select(['id', 'title_zh', 'title_en', 'organization_id']).where('id', '=', id).executeTakeFirst()
  }

  activityOptions(keyword: string | undefined, organizationIds: number[] | null, limit = 30) {
    let q = this.db
      .selectFrom('activities as a')
      .select(['a.id', 'a.title_zh', 'a.title_en', 'a.start_time', 'a.enrolled_count'])
      .where('a.status', '=', 'published')
    if (organizationIds) q = q.where('a.organization_id', 'in', organizationIds.length ? organizationIds : [-1])
    if (keyword) {
      const like = `%${keyword.toLowerCase()}%`
      q = q.where((eb) => eb.or([eb(sql`lower(a.title_zh)`, 'like', like), eb(sql`lower(a.title_en)`, 'like', like)]))
    }
    return q.orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(limit).execute()
  }

  /** Enrollees of an activity in the given statuses: account e-mail for members, form e-mail for guests. */
  async recipients(activityId: number, statuses: string[]): Promise<Array<{ email: string; userId: number | null }>> {
    const rows = await this.db
      .selectFrom('activity_enrollments as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'u.email', 'e.guest_email'])
      .where('e.activity_id', '=', activityId)
      .where('e.status', 'in', statuses as any)
      .orderBy('e.id')
      .execute()
    const seen = new Set<string>()
    const out: Array<{ email: string; userId: number | null }> = []
    for (const r of rows) {
      const email = (r.email ?? r.guest_email ?? '').trim().toLowerCase()
      if (!email || seen.has(email)) continue
      seen.add(email)
      out.push({ email, userId: r.user_id })
    }
    return out
  }

  async insert(row: Omit<NoticeRow, 'id' | 'status' | 'recipient_count' | 'job_id'>): Promise<number> {
    const r = await this.db.insertInto('notices').values(row).returning('id').executeTakeFirstOrThrow()
    return r.id
  }

  findById(id: number) {
    return this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async update(id: number, patch: Partial<Omit<NoticeRow, 'id'>>) {
    await this.db.updateTable('notices').set(patch).where('id', '=', id).execute()
  }

  private filtered(f: { keyword?: string; activityId?: number; status?: string; organizationIds: number[] | null }) {
    let q = this.db.selectFrom('notices as n').innerJoin('activities as a', 'a.id', 'n.activity_id')
    if (f.activityId) q = q.where('n.activity_id', '=', f.activityId)
    if (f.status) q = q.where('n.status', '=', f.status as NoticeRow['status'])
    if (f.organizationIds) q = q.where('a.organization_id', 'in', f.organizationIds.length ? f.organizationIds : [-1])
    if (f.keyword) {
      const like = `%${f.keyword.toLowerCase()}%`
      q = q.where((eb) => eb.or([eb(sql`lower(n.title)`, 'like', like), eb(sql`lower(n.content)`, 'like', like), eb(sql`lower(a.title_zh)`, 'like', like), eb(sql`lower(a.title_en)`, 'like', like)]))
    }
    return q
  }

  async list(f: { keyword?: string; activityId?: number; status?: string; organizationIds: number[] | null; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.filtered(f)
        .selectAll('n')
        .select(['a.title_zh as activity_title_zh', 'a.title_en as activity_title_en'])
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  async deliveryCounts(noticeIds: number[]): Promise<Map<number, Record<string, number>>> {
    const map = new Map<number, Record<string, number>>()
    if (!noticeIds.length) return map
    const rows = await this.db
      .selectFrom('mail_deliveries')
      .select(['notice_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('notice_id', 'in', noticeIds)
      .groupBy(['notice_id', 'status'])
      .execute()
    for (const r of rows) map.set(r.notice_id!, { ...(map.get(r.notice_id!) ?? {}), [r.status]: Number(r.n) })
    return map
  }

  private historyFiltered(f: { noticeId: number; keyword?: string; status?: string }) {
    let q = this.db.selectFrom('mail_deliveries').where('notice_id', '=', f.noticeId)
    if (f.status) q = q.where('status', '=', f.status as any)
    if (f.keyword) q = q.where('recipient', 'like', `%${f.keyword.toLowerCase()}%`)
    return q
  }

  async history(f: { noticeId: number; keyword?: string; status?: string; offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.historyFiltered(f).select(['id', 'recipient', 'user_id', 'status', 'error', 'sent_at']).orderBy('id').limit(f.limit).offset(f.offset).execute(),
      this.historyFiltered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  private myFiltered(userId: number) {
    return this.db
      .selectFrom('mail_deliveries as d')
      .innerJoin('notices as n', 'n.id', 'd.notice_id')
      .innerJoin('activities as a', 'a.id', 'n.activity_id')
      .where('d.user_id', '=', userId)
      .where('d.kind', '=', 'notice')
      .where('d.status', 'in', ['sent', 'failed', 'skipped'])
  }

  async mine(userId: number, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.myFiltered(userId)
        .select(['n.id', 'n.title', 'n.content', 'n.activity_id', 'a.title_zh', 'a.title_en', 'n.send_at', 'd.sent_at', 'd.id as delivery_id'])
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.myFiltered(userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  blacklistedAmong(emails: string[]) {
    if (!emails.length) return Promise.resolve([] as Array<{ email: string }>)
    return this.db.selectFrom('subscribers').select('email').where('email', 'in', emails).where('blacklisted', '=', 1).execute()
  }
}
