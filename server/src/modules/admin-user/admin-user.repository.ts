import { sql } from 'kysely'
import type { Database } from '../../db/database'
import type { AccountKind } from '../../db/schema'

export interface AccountListFilter {
  kinds: AccountKind[]
  keyword?: string
  /** data permission: limit to these organisations (null = all) */
  organizationIds: number[] | null
  offset: number
  limit: number
}

export class AdminUserRepository {
  constructor(private readonly db: Database) {}

  private filtered(f: AccountListFilter) {
    let q = this.db
      .selectFrom('user_accounts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('roles as r', 'r.id', 'a.role_id')
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .where('a.kind', 'in', f.kinds)
    if (f.organizationIds) {
      q = q.where('a.organization_id', 'in', f.organizationIds.length ? f.organizationIds : [-1])
    }
    if (f.keyword) {
      const like = `%${f.keyword.toLowerCase()}%`
      q = q.where((eb) =>
        eb.or([eb(sql`lower(u.email)`, 'like', like), eb(sql`lower(u.nick_name)`, 'like', like)]),
      )
    }
    return q
  }

  async list(f: AccountListFilter) {
    const [rows, count] = await Promise.all([
      this.filtered(f)
        .select([
          'a.id',
          'a.user_id',
          'a.kind',
          'a.forbidden',
          'a.locked',
          'a.expires_at',
          'a.account_level',
          'a.organization_id',
          'a.role_id',
          'a.created_at',
          'u.email',
          'u.nick_name',
          'u.avatar_url',
          'u.is_promoter',
          'r.name_zh as role_name_zh',
          'r.name_en as role_name_en',
          'o.name_zh as org_name_zh',
          'o.name_en as org_name_en',
        ])
        .orderBy('a.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  findAccount(id: number) {
    return this.db.selectFrom('user_accounts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  updateStatus(id: number, patch: { forbidden?: number; locked?: number; expires_at?: string | null }, now: string) {
    return this.db
      .updateTable('user_accounts')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute()
  }
}
