/** Profile edits and promoter data of the `users` row; the promoter's talent list over enrolments. */
import type { Database } from '../../db/database'

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE')
}

export class ProfileRepository {
  constructor(private readonly db: Database) {}

  findUser(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'nick_name', 'avatar_url', 'phone', 'is_promoter', 'real_name', 'promoter_code', 'promoter_email'])
      .where('id', '=', id)
      .executeTakeFirst()
  }

  findUserIdByEmail(email: string) {
    return this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  }

  updateUser(
    id: number,
    patch: Partial<{ nick_name: string; avatar_url: string | null; phone: string | null; email: string }>,
    now: string,
  ) {
    return this.db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute()
  }

  /** becomes (or stays) a promoter; the code is only set when the user has none yet */
  async setPromoter(id: number, p: { realName: string; email: string; code: string }, now: string) {
    await this.db
      .updateTable('users')
      .set({ is_promoter: 1, real_name: p.realName, promoter_email: p.email, updated_at: now })
      .where('id', '=', id)
      .execute()
    await this.db.updateTable('users').set({ promoter_code: p.code }).where('id', '=', id).where('promoter_code', 'is', null).execute()
  }

  /**
   * the promoter's attributions, split: confirmed (a user's, or a visitor's whose e-mail is an
   * account's, confirmed by a code at registration) and unconfirmed (an e-mail anyone could invent)
   */
  async talentCounts(promoterId: number): Promise<{ confirmed: number; unconfirmed: number }> {
    const rows = await this.db
      .selectFrom('activity_enrollments as e')
      .leftJoin('users as g', 'g.email', 'e.guest_email')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.case().when('e.user_id', 'is not', null).then(1).when('g.id', 'is not', null).then(1).else(0).end().as('confirmed')])
      .where('e.promoter_user_id', '=', promoterId)
      .groupBy('confirmed')
      .execute()
    const of = (c: number) => Number(rows.find((r) => Number(r.confirmed) === c)?.n ?? 0)
    return { confirmed: of(1), unconfirmed: of(0) }
  }

  private talents(promoterId: number, activityId?: number) {
    let q = this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('users as g', 'g.email', 'e.guest_email')
      .where('e.promoter_user_id', '=', promoterId)
    if (activityId) q = q.where('e.activity_id', '=', activityId)
    return q
  }

  /** the promoter's attributed enrolments, newest first (index activity_enrollments_promoter_idx) */
  async talentPage(promoterId: number, offset: number, limit: number, activityId?: number) {
    const [rows, count] = await Promise.all([
      this.talents(promoterId, activityId)
        .select([
          'e.id', 'e.status', 'e.created_at', 'e.form_answers', 'e.user_id', 'e.guest_email',
          'u.nick_name', 'u.avatar_url', 'g.id as guest_account_id',
          'a.id as activity_id', 'a.title_zh', 'a.title_en', 'a.start_time', 'a.end_time', 'a.time_zone', 'a.enroll_form',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.talents(promoterId, activityId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }
}
