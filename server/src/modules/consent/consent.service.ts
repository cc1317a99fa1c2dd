/**
 * Consent to the User Agreement and Privacy Policy after sign-in (contracts/consent.ts): what the person
 * agreed to, what is in force, agreeing again and refusing (which signs them out).
 */
import type { AppContext } from '../../context'
import { AppError } from '../../lib/app-error'
import { covers } from '../../db/consents'
import type { ConsentAgreeBody, ConsentChannel, ConsentStatus, PolicyVersions, RenewChannel } from '@contracts/consent'
import { ConsentRepository } from './consent.repository'

export class ConsentService {
  private readonly repo: ConsentRepository
  constructor(private readonly ctx: AppContext) {
    this.repo = new ConsentRepository(ctx.db)
  }

  versions(): Promise<PolicyVersions> {
    return this.repo.versions()
  }

  async status(userId: number): Promise<ConsentStatus> {
    const [current, latest] = await Promise.all([this.repo.versions(), this.repo.latest(userId)])
    return {
      current,
      agreed: latest
        ? {
            agreementVersion: Number(latest.agreement_version),
            privacyVersion: Number(latest.privacy_version),
            channel: latest.channel as ConsentChannel,
            agreedAt: latest.created_at,
          }
        : null,
      required: !covers(latest, current),
    }
  }

  async required(userId: number): Promise<boolean> {
    return (await this.status(userId)).required
  }

  /** the versions the person was shown must be the ones in force (671 otherwise: the sheet reloads them) */
  async agree(userId: number, body: ConsentAgreeBody, ip: string | null): Promise<ConsentStatus> {
    const current = await this.repo.versions()
    if (Number(body.agreementVersion) !== current.agreementVersion || Number(body.privacyVersion) !== current.privacyVersion) {
      throw new AppError(671, { result: { current } })
    }
    const channel: RenewChannel = body.channel === 'weapp' ? 'weapp' : 'h5'
    // agreeing twice to the same versions stores one row
    if (!covers(await this.repo.latest(userId), current)) {
      await this.repo.insert({ userId, versions: current, channel, kind: 'renew', ip, now: this.ctx.clock.now().toISOString() })
    }
    return this.status(userId)
  }

  /** a refusal signs the person out: every token is revoked; nothing about the person changes otherwise */
  async refuse(userId: number): Promise<null> {
    await this.repo.revokeTokens(userId, this.ctx.clock.now().toISOString())
    return null
  }
}
