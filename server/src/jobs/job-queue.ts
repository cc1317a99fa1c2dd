/**
 * The job queue as the modules see it: store a job (runs when due, at most once per dedupe key),
 * cancel or read one, and add the delivery-ledger rows of a job's fan-out (deliveries.ts sends them).
 */
import type { Database } from '../db/database'
import type { Clock } from '../lib/clock'
import { JobRepository, type NewDelivery, type NewJob } from './job.repository'

/** job types; the composition root (job-handlers.ts) says which services run each */
export const JOB_TYPES = { subscriptionDigest: 'subscription.digest', noticeSend: 'notice.send', notifyEvent: 'notify.event', notifyReminder: 'notify.reminder', auditPurge: 'audit.purge' } as const

export class JobQueue {
  private readonly repo: JobRepository
  constructor(private readonly ctx: { db: Database; clock: Clock }) {
    this.repo = new JobRepository(ctx.db)
  }
  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }
  enqueue(job: NewJob) {
    return this.repo.enqueue(job, this.nowIso())
  }
  cancel(id: number) {
    return this.repo.cancel(id, this.nowIso())
  }
  get(id: number) {
    return this.repo.findById(id)
  }
  byDedupeKey(key: string) {
    return this.repo.findByDedupeKey(key)
  }
  /** how many jobs are in each status (the queue-depth metric) */
  depth() {
    return this.repo.countByStatus()
  }
  addDeliveries(jobId: number, rows: NewDelivery[], nowIso = this.nowIso()) {
    return this.repo.addDeliveries(jobId, rows, nowIso)
  }
  /** Staff's resend of failed deliveries: back to pending, and their jobs run again. Answers how many. */
  async resendFailed(ids: number[], kind: string): Promise<number> {
    const { count, jobIds } = await this.repo.retryFailedDeliveries(ids, kind)
    for (const id of jobIds) await this.repo.requeue(id, this.nowIso())
    return count
  }
}
