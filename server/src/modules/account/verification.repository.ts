/** E-mail verification codes and image captchas; both live in the database so instances agree. */
import type { Database } from '../../db/database'

export class VerificationRepository {
  constructor(private readonly db: Database) {}

  insertCode(v: { email: string; purpose: string; codeHash: string; expiresAt: string; ip: string; now: string }) {
    return this.db
      .insertInto('verification_codes')
      .values({
        email: v.email,
        purpose: v.purpose,
        code_hash: v.codeHash,
        expires_at: v.expiresAt,
        used_at: null,
        request_ip: v.ip,
        created_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  deleteCode(id: number) {
    return this.db.deleteFrom('verification_codes').where('id', '=', id).execute()
  }

  async countForEmailSince(email: string, since: string): Promise<number> {
    const r = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .where('created_at', '>', since)
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  async countForIpSince(ip: string, since: string): Promise<number> {
    const r = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('request_ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  latestUnusedCode(email: string, purpose: string) {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst()
  }

  countFailedAttempt(id: number) {
    return this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute()
  }

  /** true only for the one caller that flips used_at (a code is good for one use). */
  async markCodeUsed(id: number, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  insertCaptcha(c: { codeKey: string; code: string; expiresAt: string; now: string }) {
    return this.db
      .insertInto('captchas')
      .values({ code_key: c.codeKey, code: c.code, expires_at: c.expiresAt, used_at: null, created_at: c.now })
      .execute()
  }

  findCaptcha(codeKey: string) {
    return this.db.selectFrom('captchas').selectAll().where('code_key', '=', codeKey).executeTakeFirst()
  }

  async markCaptchaUsed(codeKey: string, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('code_key', '=', codeKey)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  pruneCaptchas(before: string) {
    return this.db.deleteFrom('captchas').where('expires_at', '<', before).execute()
  }
}
