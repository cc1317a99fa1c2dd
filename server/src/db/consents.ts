/**
 * Agreements to the User Agreement and Privacy Policy (user_consents, migration 0031): the versions in
 * force (site_texts.version of the two policy texts) and one row per agreement, written by e-mail
 * registration, WeChat sign-in (each inside its own transaction, so an account never exists without its
 * agreement) and the consent module (an agreement renewed after sign-in).
 */
import type { Kysely } from 'kysely'
import type { ConsentChannel, PolicyVersions } from '@contracts/consent'
import { POLICY_TEXT } from '@contracts/consent'
import type { DB } from './schema'

/** the versions in force; a missing text counts as version 1 */
export async function currentPolicyVersions(db: Kysely<DB>): Promise<PolicyVersions> {
  const rows = await db
    .selectFrom('site_texts')
    .select(['code', 'version'])
    .where('code', 'in', [POLICY_TEXT.agreement, POLICY_TEXT.privacy])
    .execute()
  const of = (code: string) => Number(rows.find((r) => r.code === code)?.version ?? 1)
  return { agreementVersion: of(POLICY_TEXT.agreement), privacyVersion: of(POLICY_TEXT.privacy) }
}

export async function insertConsent(
  db: Kysely<DB>,
  c: { userId: number; versions: PolicyVersions; channel: ConsentChannel; kind: 'register' | 'renew'; ip?: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('user_consents')
    .values({
      user_id: c.userId,
      agreement_version: c.versions.agreementVersion,
      privacy_version: c.versions.privacyVersion,
      channel: c.channel,
      kind: c.kind,
      ip: c.ip ?? null,
      created_at: c.now,
    })
    .execute()
}

/** a person's newest agreement */
export function latestConsent(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('user_consents')
    .select(['agreement_version', 'privacy_version', 'channel', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** true when the agreement covers both versions in force */
export function covers(agreed: { agreement_version: number; privacy_version: number } | undefined, current: PolicyVersions): boolean {
  return !!agreed && Number(agreed.agreement_version) >= current.agreementVersion && Number(agreed.privacy_version) >= current.privacyVersion
}
