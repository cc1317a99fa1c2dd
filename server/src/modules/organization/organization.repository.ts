import { sql, type Updateable } from 'kysely'
import type { Database } from '../../db/database'
import type { OrganizationsTable } from '../../db/schema'

/** the columns the organisation editor changes */
export type OrgPatch = Partial<Pick<Updateable<OrganizationsTable>, 'name_zh' | 'name_en' | 'logo_url' | 'intro_zh' | 'intro_en' | 'website' | 'content_zh' | 'content_en'>>

export interface OrgPageFilter {
  keyword?: string
  kind?: 'organizer' | 'place'
  sort: 'id' | 'name_zh' | 'created_at' | 'sort'
  order: 'asc' | 'desc'
  offset: number
  limit: number
}

export class OrganizationRepository {
  constructor(private readonly db: Database) {}

  all() {
    return this.db.selectFrom('organizations').selectAll().orderBy('id').execute()
  }

  findById(id: number) {
    return this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst()
  }

  update(id: number, patch: OrgPatch, now: string) {
    return this.db.updateTable('organizations').set({ ...patch, updated_at: now }).where('id', '=', id).execute()
  }

  private filtered(f: OrgPageFilter) {
    let q = this.db.selectFrom('organizations as o')
    if (f.kind) q = q.where('o.kind', '=', f.kind)
    if (f.keyword) {
      const like = `%${f.keyword.toLowerCase()}%`
      q = q.where((eb) => eb.or([eb(sql`lower(o.name_zh)`, 'like', like), eb(sql`lower(o.name_en)`, 'like', like)]))
    }
    return q
  }

  async page(f: OrgPageFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f)
        .select(['o.id', 'o.pid', 'o.name_zh', 'o.name_en', 'o.logo_url', 'o.website', 'o.kind', 'o.created_at'])
        .orderBy(`o.${f.sort}`, f.order)
        .orderBy('o.id', f.order)
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** Organizer accounts of these organisations (one query for the page). */
  organizerAccounts(orgIds: number[]) {
    if (!orgIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('user_accounts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.user_id', 'a.organization_id', 'a.forbidden', 'a.locked', 'u.email', 'u.nick_name'])
      .where('a.kind', '=', 'ouser')
      .where('a.organization_id', 'in', orgIds)
      .orderBy('a.id')
      .execute()
  }
}
