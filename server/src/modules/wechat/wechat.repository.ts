import type { Database } from '../../db/database'
import type { WechatAppKind } from './wechat.ticket'
import { inTransaction } from '../../db/transaction'
import { insertAccount, insertUser } from '../../db/users'
import { insertConsent } from '../../db/consents'
import type { ConsentChannel, PolicyVersions } from '@contracts/consent'

/** Two first logins of one person at the same moment: the second insert hits the (app, openid) key. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE')
}

export class WechatRepository {
  constructor(private readonly db: Database) {}

  /** Any identity carrying this unionid (all rows of one person share it). */
  findByUnionId(unionId: string) {
    return this.db
      .selectFrom('user_wechat_identities')
      .selectAll()
      .where('union_id', '=', unionId)
      .orderBy('id')
      .executeTakeFirst()
  }

  findByOpenId(app: WechatAppKind, openId: string) {
    return this.db
      .selectFrom('user_wechat_identities')
      .selectAll()
      .where('app_kind', '=', app)
      .where('open_id', '=', openId)
      .executeTakeFirst()
  }

  insertIdentity(i: { userId: number; app: WechatAppKind; openId: string; unionId: string | null; now: string }) {
    return this.db
      .insertInto('user_wechat_identities')
      .values({
        user_id: i.userId,
        app_kind: i.app,
        open_id: i.openId,
        union_id: i.unionId,
        created_at: i.now,
        updated_at: i.now,
      })
      .execute()
  }

  /** WeChat started giving a unionid for an identity first seen without one. */
  setUnionId(id: number, unionId: string, now: string) {
    return this.db
      .updateTable('user_wechat_identities')
      .set({ union_id: unionId, updated_at: now })
      .where('id', '=', id)
      .execute()
  }

  findUser(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'token_version', 'avatar_url', 'nick_name'])
      .where('id', '=', id)
      .executeTakeFirst()
  }

  listAccounts(userId: number) {
    return this.db
      .selectFrom('user_accounts')
      .select(['id', 'kind', 'forbidden', 'locked', 'expires_at'])
      .where('user_id', '=', userId)
      .execute()
  }

  /** Fills an avatar the user never set (never overwrites one they chose in /center/userinfo). */
  fillMissingAvatar(userId: number, avatarUrl: string, now: string) {
    return this.db
      .updateTable('users')
      .set({ avatar_url: avatarUrl, updated_at: now })
      .where('id', '=', userId)
      .where('avatar_url', 'is', null)
      .execute()
  }

  /** A new person: user (placeholder e-mail, unusable password) + consumer account + identity, atomically. */
  createWechatUser(u: {
    email: string
    passwordHash: string
    nickName: string
    avatarUrl: string | null
    app: WechatAppKind
    openId: string
    unionId: string | null
    /** the agreement to the User Agreement and Privacy Policy, stored with the account */
    consent: { versions: PolicyVersions; channel: ConsentChannel; ip: string | null }
    now: string
  }): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      // the same user and consumer-account rows as an e-mail registration, in this transaction
      const userId = await insertUser(trx, { email: u.email, passwordHash: u.passwordHash, nickName: u.nickName, lang: null, avatarUrl: u.avatarUrl, now: u.now })
      await insertAccount(trx, { userId, kind: 'cuser', now: u.now })
      await new WechatRepository(trx).insertIdentity({
        userId,
        app: u.app,
        openId: u.openId,
        unionId: u.unionId,
        now: u.now,
      })
      await insertConsent(trx, { userId, ...u.consent, kind: 'register', now: u.now })
      return userId
    })
  }

  insertConsent(c: Parameters<typeof insertConsent>[1]) {
    return insertConsent(this.db, c)
  }
}
