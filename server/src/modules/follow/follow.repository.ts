/** Organizer follows (table `organizer_follows`, migration 0002) and the organizer's follower counter. */
import { sql } from 'kysely'
import type { Database } from '../../db/database'

export class FollowRepository {
  constructor(private readonly db: Database) {}

  /** sponsors are the top-level organisations (pid = 0), like the /sponsor page */
  async organizer(id: number) {
    return this.db.selectFrom('organizations').select(['id', 'follower_count']).where('id', '=', id).where('pid', '=', 0).executeTakeFirst()
  }

  async has(userId: number, organizationId: number): Promise<boolean> {
    const r = await this.db
      .selectFrom('organizer_follows')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst()
    return !!r
  }

  /** insert + counter in one transaction; false when already followed (the primary key decides) */
  add(userId: number, organizationId: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('organizer_follows')
        .values({ user_id: userId, organization_id: organizationId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doNothing())
        .executeTakeFirst()
      if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false
      await trx
        .updateTable('organizations')
        .set({ follower_count: sql`follower_count + 1` })
        .where('id', '=', organizationId)
        .execute()
      return true
    })
  }

  remove(userId: number, organizationId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .deleteFrom('organizer_follows')
        .where('user_id', '=', userId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      if (Number(r.numDeletedRows) !== 1) return false
      await trx
        .updateTable('organizations')
        .set({ follower_count: sql`case when follower_count > 0 then follower_count - 1 else 0 end` })
        .where('id', '=', organizationId)
        .execute()
      return true
    })
  }

  private mine(userId: number) {
    return this.db
      .selectFrom('organizer_follows as f')
      .innerJoin('organizations as o', 'o.id', 'f.organization_id')
      .where('f.user_id', '=', userId)
      .where('o.pid', '=', 0)
  }

  /** newest first (index organizer_follows_user_created_idx); columns as SponsorService maps them */
  async page(userId: number, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.mine(userId)
        .select([
          'o.id', 'o.name_zh', 'o.name_en', 'o.logo_url', 'o.kind', 'o.is_premium', 'o.city_zh', 'o.city_en', 'o.intro_zh',
          'o.intro_en', 'o.follower_count', 'f.created_at as followed_at',
        ])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.organization_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.mine(userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }
}
