import type { Database } from '../../db/database'
import type { AccountKind } from '../../db/schema'
import { insertAccount, insertUser } from '../../db/users'
import { insertConsent } from '../../db/consents'

export class AccountRepository {
  constructor(private readonly db: Database) {}

  findUserByEmail(email: string) {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
  }

  findUserById(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  }

  listAccounts(userId: number) {
    return this.db.selectFrom('user_accounts').selectAll().where('user_id', '=', userId).orderBy('id').execute()
  }

  createUser(u: { email: string; passwordHash: string; nickName: string; lang: string | null; avatarUrl?: string | null; now: string }) {
    return insertUser(this.db, u)
  }

  createConsent(c: Parameters<typeof insertConsent>[1]) {
    return insertConsent(this.db, c)
  }

  createAccount(a: { userId: number; kind: AccountKind; organizationId?: number | null; roleId?: number | null; now: string }) {
    return insertAccount(this.db, a)
  }

  async createOrganization(o: { nameZh: string; nameEn: string; now: string }) {
    const row = await this.db
      .insertInto('organizations')
      .values({
        pid: 0,
        name_zh: o.nameZh,
        name_en: o.nameEn,
        logo_url: null,
        intro_zh: null,
        intro_en: null,
        website: null,
        created_at: o.now,
        updated_at: o.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  findRoleIdByCode(code: string) {
    return this.db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirst()
  }

  recordLoginFailure(userId: number, count: number, windowStart: string, frozenUntil: string | null, now: string) {
    return this.db
      .updateTable('users')
      .set({
        failed_login_count: count,
        failed_login_window_start: windowStart,
        frozen_until: frozenUntil,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute()
  }

  clearLoginFailures(userId: number) {
    return this.db
      .updateTable('users')
      .set({ failed_login_count: 0, failed_login_window_start: null, frozen_until: null })
      .where('id', '=', userId)
      .execute()
  }

  /** Revokes every token issued before (tokens carry the version they were issued with). */
  bumpTokenVersion(userId: number, now: string) {
    return this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', userId)
      .execute()
  }

  resetPassword(userId: number, passwordHash: string, now: string) {
    return this.db
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        failed_login_count: 0,
        failed_login_window_start: null,
        frozen_until: null,
        updated_at: now,
      }))
      .where('id', '=', userId)
      .execute()
  }

  /** Organisations that have an organizer account, for public display. */
  listVisualOrganizers() {
    return this.db
      .selectFrom('organizations as o')
      .select(['o.id', 'o.name_zh', 'o.name_en', 'o.logo_url', 'o.website', 'o.intro_zh', 'o.intro_en'])
      .where('o.pid', '=', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_accounts as a')
            .select('a.id')
            .whereRef('a.organization_id', '=', 'o.id')
            .where('a.kind', '=', 'ouser')
            .where('a.forbidden', '=', 0),
        ),
      )
      .orderBy('o.id')
      .limit(100)
      .execute()
  }

  transaction<T>(fn: (repo: AccountRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AccountRepository(trx)))
  }
}
