/**
 * The only Kysely code of WeChat subscribe messages: the accepted sends left per person and template
 * (a conditional decrement takes one, so two senders never spend one accept twice), the mini-program
 * openid of a person, and the access token every instance shares, refreshed under a lease.
 */
import type { Database } from '../../db/database'

export class WechatPushRepository {
  constructor(private readonly db: Database) {}

  /** adds one accepted send per template (WeChat: one accept allows one message) */
  async addAccepted(userId: number, templateIds: string[], nowIso: string): Promise<void> {
    for (const templateId of templateIds) {
      await this.db
        .insertInto('wechat_subscriptions')
        .values({ user_id: userId, template_id: templateId, remaining: 1, updated_at: nowIso })
        .onConflict((oc) => oc.columns(['user_id', 'template_id']).doUpdateSet((eb) => ({ remaining: eb('wechat_subscriptions.remaining', '+', 1), updated_at: nowIso })))
        .execute()
    }
  }

  /**
   * Takes one accepted send for each person of a batch in one conditional decrement (per chunk):
   * the answer holds the people who had one left; the others get no message. Two senders never spend
   * one accept twice: the decrement is `remaining > 0`-guarded in the database.
   */
  async takeMany(userIds: number[], templateId: string, nowIso: string): Promise<Set<number>> {
    const took = new Set<number>()
    for (let i = 0; i < userIds.length; i += 500) {
      const rows = await this.db
        .updateTable('wechat_subscriptions')
        .set((eb) => ({ remaining: eb('remaining', '-', 1), updated_at: nowIso }))
        .where('user_id', 'in', userIds.slice(i, i + 500))
        .where('template_id', '=', templateId)
        .where('remaining', '>', 0)
        .returning('user_id')
        .execute()
      for (const r of rows) took.add(r.user_id)
    }
    return took
  }

  /** gives back a send taken for a message that did not go out (a transient failure, retried later) */
  async giveBack(userId: number, templateId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('wechat_subscriptions')
      .set((eb) => ({ remaining: eb('remaining', '+', 1), updated_at: nowIso }))
      .where('user_id', '=', userId)
      .where('template_id', '=', templateId)
      .execute()
  }

  async remaining(userId: number, templateId: string): Promise<number> {
    const r = await this.db.selectFrom('wechat_subscriptions').select('remaining').where('user_id', '=', userId).where('template_id', '=', templateId).executeTakeFirst()
    return r?.remaining ?? 0
  }

  async miniOpenId(userId: number): Promise<string | null> {
    const r = await this.db.selectFrom('user_wechat_identities').select('open_id').where('user_id', '=', userId).where('app_kind', '=', 'mini').executeTakeFirst()
    return r?.open_id ?? null
  }

  async token(appId: string) {
    return this.db.selectFrom('wechat_access_tokens').selectAll().where('app_id', '=', appId).executeTakeFirst()
  }

  /**
   * The refresh lease: true when this caller may fetch a new token now — nobody else is, and the shared
   * row still has no token usable until `usableUntilIso`. The token is part of the condition because a
   * caller reads the row, then claims: another instance may have stored its token and let the lease go
   * in between, and a claim on the lease alone would fetch a second token.
   */
  async claimRefresh(appId: string, owner: string, nowIso: string, untilIso: string, usableUntilIso: string): Promise<boolean> {
    await this.db
      .insertInto('wechat_access_tokens')
      .values({ app_id: appId, token: null, expires_at: null, refresh_owner: null, refresh_until: null })
      .onConflict((oc) => oc.column('app_id').doNothing())
      .execute()
    const r = await this.db
      .updateTable('wechat_access_tokens')
      .set({ refresh_owner: owner, refresh_until: untilIso })
      .where('app_id', '=', appId)
      .where((eb) => eb.or([eb('refresh_until', 'is', null), eb('refresh_until', '<', nowIso)]))
      .where((eb) => eb.or([eb('token', 'is', null), eb('expires_at', 'is', null), eb('expires_at', '<=', usableUntilIso)]))
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  async storeToken(appId: string, owner: string, token: string, expiresAtIso: string): Promise<void> {
    await this.db
      .updateTable('wechat_access_tokens')
      .set({ token, expires_at: expiresAtIso, refresh_owner: null, refresh_until: null })
      .where('app_id', '=', appId)
      .where('refresh_owner', '=', owner)
      .execute()
  }

  async releaseRefresh(appId: string, owner: string): Promise<void> {
    await this.db.updateTable('wechat_access_tokens').set({ refresh_owner: null, refresh_until: null }).where('app_id', '=', appId).where('refresh_owner', '=', owner).execute()
  }

  /** forgets a token WeChat called invalid, unless another caller already replaced it */
  async dropToken(appId: string, token: string): Promise<void> {
    await this.db.updateTable('wechat_access_tokens').set({ token: null, expires_at: null }).where('app_id', '=', appId).where('token', '=', token).execute()
  }
}
