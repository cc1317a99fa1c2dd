/**
 * The only Kysely code of the job queue and of the mail-delivery ledger.
 * Claiming is a conditional UPDATE (`… where id = ? and <still claimable>`): of two instances racing
 * for a row, exactly one sees numUpdatedRows = 1. Portable across SQLite and PostgreSQL.
 */
import { sql, type Expression, type SqlBool, type ExpressionBuilder, type Selectable } from 'kysely'
import type { Database } from '../db/database'
import type { DB, JobQueueTable, MailDeliveriesTable } from '../db/schema'

export type JobRow = Selectable<JobQueueTable>
export type DeliveryRow = Selectable<MailDeliveriesTable>

export interface NewJob {
  type: string
  payload?: unknown
  runAt: string
  dedupeKey?: string | null
  maxAttempts?: number
}

export interface NewDelivery {
  dedupeKey: string
  kind: string
  recipient: string
  subscriberId?: number | null
  noticeId?: number | null
  userId?: number | null
  /** default 'email'; 'wechat' rows carry the openid as recipient */
  channel?: 'email' | 'wechat'
  activityId?: number | null
}

const claimable = (now: string) => (eb: ExpressionBuilder<DB, 'job_queue'>): Expression<SqlBool> =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
    eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
  ])

const deliveryClaimable = (now: string) => (eb: ExpressionBuilder<DB, 'mail_deliveries'>): Expression<SqlBool> =>
  eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)])])

export class JobRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the job; with a dedupe key that already exists, answers the existing job's id. */
  async enqueue(job: NewJob, nowIso: string): Promise<{ id: number; created: boolean }> {
    if (job.dedupeKey) {
      const found = await this.db.selectFrom('job_queue').select('id').where('dedupe_key', '=', job.dedupeKey).executeTakeFirst()
      if (found) return { id: found.id, created: false }
    }
    const r = await this.db
      .insertInto('job_queue')
      .values({
        type: job.type,
        payload: JSON.stringify(job.payload ?? {}),
        dedupe_key: job.dedupeKey ?? null,
        run_at: job.runAt,
        max_attempts: job.maxAttempts ?? 5,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        finished_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (r) return { id: r.id, created: true }
    // lost a race on the dedupe key
    const found = await this.db.selectFrom('job_queue').select('id').where('dedupe_key', '=', job.dedupeKey!).executeTakeFirstOrThrow()
    return { id: found.id, created: false }
  }

  findById(id: number) {
    return this.db.selectFrom('job_queue').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findByDedupeKey(key: string) {
    return this.db.selectFrom('job_queue').selectAll().where('dedupe_key', '=', key).executeTakeFirst()
  }

  /** Claims one due job (pending and due, or running with an expired lease) or answers null. */
  async claim(owner: string, nowIso: string, leaseUntilIso: string, types: string[]): Promise<JobRow | null> {
    if (!types.length) return null
    const candidates = await this.db
      .selectFrom('job_queue')
      .select('id')
      .where(claimable(nowIso))
      .where('type', 'in', types)
      .orderBy('run_at')
      .orderBy('id')
      .limit(5)
      .execute()
    for (const c of candidates) {
      const r = await this.db
        .updateTable('job_queue')
        .set((eb) => ({
          status: 'running',
          lease_owner: owner,
          lease_until: leaseUntilIso,
          attempts: eb('attempts', '+', 1),
          updated_at: nowIso,
        }))
        .where('id', '=', c.id)
        .where(claimable(nowIso))
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) === 1) return (await this.findById(c.id)) ?? null
    }
    return null
  }

  /** Extends the lease only while we still own it; false = someone else took the job over. */
  async extendLease(id: number, owner: string, leaseUntilIso: string, nowIso: string): Promise<boolean> {
    const r = await this.db
      .updateTable('job_queue')
      .set({ lease_until: leaseUntilIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', owner)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  async finish(id: number, owner: string, status: 'done' | 'failed', nowIso: string, error: string | null = null) {
    await this.db
      .updateTable('job_queue')
      .set({ status, finished_at: nowIso, lease_owner: null, lease_until: null, last_error: error, updated_at: nowIso })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** Back to pending (retry later or yield); attempts stay counted. */
  async release(id: number, owner: string, runAtIso: string, nowIso: string, error: string | null = null) {
    await this.db
      .updateTable('job_queue')
      .set({ status: 'pending', run_at: runAtIso, lease_owner: null, lease_until: null, last_error: error, updated_at: nowIso })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async cancel(id: number, nowIso: string): Promise<boolean> {
    const r = await this.db
      .updateTable('job_queue')
      .set({ status: 'failed', last_error: 'cancelled', finished_at: nowIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  // ---------------------------------------------------------------- deliveries

  /** Idempotent: a recipient that already has a row for this key is left alone. */
  async addDeliveries(jobId: number, rows: NewDelivery[], nowIso: string): Promise<void> {
    // 500 rows × 14 columns stays under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500)
      await this.db
        .insertInto('mail_deliveries')
        .values(
          chunk.map((d) => ({
            dedupe_key: d.dedupeKey,
            job_id: jobId,
            kind: d.kind,
            recipient: d.recipient,
            subscriber_id: d.subscriberId ?? null,
            notice_id: d.noticeId ?? null,
            user_id: d.userId ?? null,
            channel: d.channel ?? 'email',
            activity_id: d.activityId ?? null,
            lease_owner: null,
            lease_until: null,
            error: null,
            sent_at: null,
            created_at: nowIso,
          })),
        )
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute()
    }
  }

  /**
   * Claims up to `limit` deliveries of a job: pending ones, and 'sending' ones whose lease expired
   * (their sender died mid-batch; see `resolveInterrupted`). `token` identifies this batch.
   */
  async claimDeliveries(jobId: number, token: string, nowIso: string, leaseUntilIso: string, limit: number): Promise<DeliveryRow[]> {
    const ids = (
      await this.db
        .selectFrom('mail_deliveries')
        .select('id')
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(limit)
        .execute()
    ).map((r) => r.id)
    if (!ids.length) return []
    await this.db
      .updateTable('mail_deliveries')
      .set((eb) => ({ status: 'sending', lease_owner: token, lease_until: leaseUntilIso, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute()
    return this.db.selectFrom('mail_deliveries').selectAll().where('id', 'in', ids).where('lease_owner', '=', token).where('status', '=', 'sending').orderBy('id').execute()
  }

  /**
   * A delivery left in 'sending' by a crashed sender may or may not have reached the SMTP server.
   * We never send it again (a restart must not send a mail twice): it is marked failed with the reason,
   * visible in the send history, and an operator can decide.
   */
  async resolveInterrupted(jobId: number, nowIso: string): Promise<number> {
    const r = await this.db
      .updateTable('mail_deliveries')
      .set({ status: 'failed', error: 'interrupted while sending; not retried to avoid a duplicate' })
      .where('job_id', '=', jobId)
      .where(deliveryClaimable(nowIso))
      .where('status', '=', 'sending')
      .executeTakeFirst()
    return Number(r.numUpdatedRows)
  }

  async markDeliveries(ids: number[], token: string, status: 'sent' | 'skipped' | 'failed' | 'pending', nowIso: string, error: string | null = null) {
    if (!ids.length) return
    await this.db
      .updateTable('mail_deliveries')
      .set({ status, error, lease_owner: null, lease_until: null, ...(status === 'sent' ? { sent_at: nowIso } : {}) })
      .where('id', 'in', ids)
      .where('lease_owner', '=', token)
      .execute()
  }

  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('job_queue')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
  }

  /**
   * Staff's resend: failed deliveries of `kind` among `ids` back to pending (attempts reset). Answers the
   * jobs they belong to, which must run again (requeue).
   */
  async retryFailedDeliveries(ids: number[], kind: string): Promise<{ count: number; jobIds: number[] }> {
    if (!ids.length) return { count: 0, jobIds: [] }
    const rows = await this.db.selectFrom('mail_deliveries').select(['id', 'job_id']).where('id', 'in', ids).where('kind', '=', kind).where('status', '=', 'failed').execute()
    if (!rows.length) return { count: 0, jobIds: [] }
    const r = await this.db
      .updateTable('mail_deliveries')
      .set({ status: 'pending', attempts: 0, error: null, lease_owner: null, lease_until: null })
      .where('id', 'in', rows.map((x) => x.id))
      .where('status', '=', 'failed')
      .executeTakeFirst()
    return { count: Number(r.numUpdatedRows), jobIds: [...new Set(rows.map((x) => x.job_id).filter((x): x is number => x !== null))] }
  }

  /**
   * A finished job runs again now (its deliveries were put back to pending). A running one is left alone:
   * its send loop claims pending rows until none is left.
   */
  async requeue(id: number, nowIso: string): Promise<void> {
    await this.db
      .updateTable('job_queue')
      .set({ status: 'pending', run_at: nowIso, attempts: 0, finished_at: null, last_error: null, lease_owner: null, lease_until: null, updated_at: nowIso })
      .where('id', '=', id)
      .where('status', 'in', ['done', 'failed'])
      .execute()
  }

  async countDeliveries(jobId: number) {
    const rows = await this.db
      .selectFrom('mail_deliveries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('job_id', '=', jobId)
      .groupBy('status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>
  }
}

export { sql }
