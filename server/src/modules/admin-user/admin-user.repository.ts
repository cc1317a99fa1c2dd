import { sql } from 'kysely'
import type { Database } from '../../db/database'
import type { AccountKind } from '../../db/schema'
import { inTransaction } from '../../db/transaction'
import { insertAccount, insertUser } from '../../db/users'

export type AccountSortColumn = 'a.id' | 'u.email' | 'u.nick_name' | 'a.created_at' | 'a.expires_at' | 'a.account_level'

export interface AccountListFilter {
  kinds: AccountKind[]
  keyword?: string
  /** data permission: limit to these organisations (null = all) */
  organizationIds: number[] | null
  organizationId?: number
  offset: number
  limit: number
  sort?: AccountSortColumn
  order?: 'asc' | 'desc'
}

type AccountPatch = Partial<{ forbidden: number; locked: number; expires_at: string | null; account_level: number; role_id: number; organization_id: number | null }>

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
    if (f.organizationId) q = q.where('a.organization_id', '=', f.organizationId)
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
        .orderBy(f.sort ?? 'a.id', f.order ?? 'desc')
        .orderBy('a.id', f.order ?? 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** the account with its person's nickname (what an edit may change, for the audit row's before-state) */
  findAccount(id: number) {
    return this.db.selectFrom('user_accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').selectAll('a').select('u.nick_name').where('a.id', '=', id).executeTakeFirst()
  }

  findUserByEmail(email: string) {
    return this.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst()
  }

  accountsOf(userId: number) {
    return this.db.selectFrom('user_accounts').select(['id', 'kind']).where('user_id', '=', userId).execute()
  }

  findRole(id: number) {
    return this.db.selectFrom('roles').select(['id', 'code', 'data_scope']).where('id', '=', id).executeTakeFirst()
  }

  roleOptions() {
    return this.db.selectFrom('roles').select(['id', 'code', 'name_zh', 'name_en', 'data_scope']).orderBy('id').execute()
  }

  findOrganization(id: number) {
    return this.db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()
  }

  /** A new person (when passwordHash is given) and/or a new admin-side account, in one transaction. */
  create(
    person: { userId: number } | { email: string; nickName: string; passwordHash: string },
    account: { kind: AccountKind; roleId: number; organizationId: number | null; expiresAt: string | null; accountLevel: number },
    now: string,
  ) {
    return inTransaction(this.db, async (trx) => {
      const userId = 'userId' in person ? person.userId : await insertUser(trx, { ...person, now })
      const id = await insertAccount(trx, { userId, ...account, now })
      return { id, userId }
    })
  }

  /** Account fields and the person's nickname together. */
  update(id: number, userId: number, patch: AccountPatch, nickName: string | undefined, now: string) {
    return this.db.transaction().execute(async (trx) => {
      if (Object.keys(patch).length) await trx.updateTable('user_accounts').set({ ...patch, updated_at: now }).where('id', '=', id).execute()
      if (nickName !== undefined) await trx.updateTable('users').set({ nick_name: nickName, updated_at: now }).where('id', '=', userId).execute()
    })
  }

  /** Forbid a consumer account and end the person's sessions (tokens carry token_version). */
  forbidConsumer(id: number, userId: number, forbidden: boolean, now: string) {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('user_accounts').set({ forbidden: forbidden ? 1 : 0, updated_at: now }).where('id', '=', id).execute()
      if (forbidden) {
        await trx
          .updateTable('users')
          .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
          .where('id', '=', userId)
          .execute()
      }
    })
  }

  updateStatus(id: number, patch: AccountPatch, now: string) {
    return this.db
      .updateTable('user_accounts')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute()
  }
}
