/**
 * The rows of a new person (users) and of an account of theirs (user_accounts), written the same way
 * by e-mail registration, WeChat sign-in and the admin's user management (each in its own transaction).
 */
import type { Kysely } from 'kysely'
import type { AccountKind, DB } from './schema'

export async function insertUser(
  db: Kysely<DB>,
  u: { email: string; passwordHash: string; nickName: string; lang?: string | null; avatarUrl?: string | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: u.email,
      password_hash: u.passwordHash,
      nick_name: u.nickName,
      lang: u.lang ?? null,
      avatar_url: u.avatarUrl ?? null,
      phone: null,
      real_name: null,
      failed_login_window_start: null,
      frozen_until: null,
      created_at: u.now,
      updated_at: u.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function insertAccount(
  db: Kysely<DB>,
  a: { userId: number; kind: AccountKind; organizationId?: number | null; roleId?: number | null; expiresAt?: string | null; accountLevel?: number; now: string },
): Promise<number> {
  const row = await db
    .insertInto('user_accounts')
    .values({
      user_id: a.userId,
      kind: a.kind,
      organization_id: a.organizationId ?? null,
      role_id: a.roleId ?? null,
      expires_at: a.expiresAt ?? null,
      ...(a.accountLevel !== undefined ? { account_level: a.accountLevel } : {}),
      created_at: a.now,
      updated_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
