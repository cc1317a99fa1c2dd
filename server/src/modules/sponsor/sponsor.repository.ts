import { KeywordRepository } from '../../db/keyword-match'
import type { KeywordPage } from '../../db/page-query'

export interface SponsorFilter extends KeywordPage {
  kind?: 'organizer' | 'place'
  premium?: boolean
}

const LIST_COLUMNS = [
  'o.id', 'o.name_zh', 'o.name_en', 'o.logo_url', 'o.kind', 'o.is_premium', 'o.city_zh', 'o.city_en', 'o.intro_zh',
  'o.intro_en', 'o.follower_count',
] as const

/** Sponsors are the top-level organisations (pid = 0); departments are not listed. */
export class SponsorRepository extends KeywordRepository {

  private filtered(f: SponsorFilter) {
    let q = this.db.selectFrom('organizations as o').where('o.pid', '=', 0)
    if (f.kind) q = q.where('o.kind', '=', f.kind)
    if (f.premium !== undefined) q = q.where('o.is_premium', '=', f.premium ? 1 : 0)
    if (f.keyword) q = q.where(this.matches('organizations', 'o', f.keyword))
    return q
  }

  async list(f: SponsorFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f).select(LIST_COLUMNS).orderBy('o.sort').orderBy('o.id').limit(f.limit).offset(f.offset).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** published activity count per organisation */
  activityCounts(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db
      .selectFrom('activities')
      .select(['organization_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('organization_id', 'in', ids)
      .where('status', '=', 'published')
      .groupBy('organization_id')
      .execute()
  }

  /** whether anything still points at the organisation: activities, accounts, departments, projects */
  async inUse(id: number): Promise<boolean> {
    const first = (q: Promise<unknown>) => q.then((r) => !!r)
    const hits = await Promise.all([
      first(this.db.selectFrom('activities').select('id').where('organization_id', '=', id).executeTakeFirst()),
      first(this.db.selectFrom('user_accounts').select('id').where('organization_id', '=', id).executeTakeFirst()),
      first(this.db.selectFrom('organizations').select('id').where('pid', '=', id).executeTakeFirst()),
      first(this.db.selectFrom('org_projects').select('id').where('organization_id', '=', id).executeTakeFirst()),
    ])
    return hits.some(Boolean)
  }

  /** the organiser and whether `userId` (null: a visitor) follows it */
  find(id: number, userId: number | null) {
    return this.db
      .selectFrom('organizations as o')
      .selectAll('o')
      .select((eb) =>
        eb.exists(eb.selectFrom('organizer_follows as f').select('f.user_id').whereRef('f.organization_id', '=', 'o.id').where('f.user_id', '=', userId ?? 0)).as('followed'),
      )
      .where('o.id', '=', id)
      .where('o.pid', '=', 0)
      .executeTakeFirst()
  }
}
