/**
 * Signed links of subscription mails: `<id>.<version>.<purpose>.<hmac>` (HMAC-SHA256 with the server
 * secret, base64url, truncated to 128 bits). A token names one subscriber, one purpose and the
 * subscriber's token_version, which is bumped at every (re)subscription and unsubscription, so an old
 * link stops working. No table needed.
 */
import crypto from 'node:crypto'

export type TokenPurpose = 'confirm' | 'cancel'

export class SubscriptionTokens {
  constructor(private readonly secret: string) {}

  private mac(id: number, version: number, purpose: TokenPurpose) {
    return crypto.createHmac('sha256', this.secret).update(`subscription:${id}:${version}:${purpose}`).digest('base64url').slice(0, 22)
  }

  sign(id: number, version: number, purpose: TokenPurpose): string {
    return `${id}.${version}.${purpose === 'confirm' ? 'c' : 'u'}.${this.mac(id, version, purpose)}`
  }

  /** → { id, version } when the token is well-formed and authentic for this purpose, else null */
  verify(token: string | undefined, purpose: TokenPurpose): { id: number; version: number } | null {
    const m = /^(\d{1,12})\.(\d{1,9})\.([cu])\.([A-Za-z0-9_-]{22})$/.exec(String(token ?? '').trim())
    if (!m || m[3] !== (purpose === 'confirm' ? 'c' : 'u')) return null
    const id = Number(m[1])
    const version = Number(m[2])
    const expected = Buffer.from(this.mac(id, version, purpose))
    const given = Buffer.from(m[4])
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
    return { id, version }
  }
}
