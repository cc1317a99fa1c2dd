import type { Database } from '../../db/database'
import { currentPolicyVersions, insertConsent, latestConsent } from '../../db/consents'
import type { ConsentChannel, PolicyVersions } from '@contracts/consent'

export class ConsentRepository {
  constructor(private readonly db: Database) {}

  versions(): Promise<PolicyVersions> {
    return currentPolicyVersions(this.db)
  }
  latest(userId: number) {
    return latestConsent(this.db, userId)
  }
  insert(c: { userId: number; versions: PolicyVersions; channel: ConsentChannel; kind: 'register' | 'renew'; ip: string | null; now: string }) {
    return insertConsent(this.db, c)
  }
  /** signs the person out everywhere: every token issued so far stops working */
  revokeTokens(userId: number, now: string) {
    return this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', userId)
      .execute()
  }
}
