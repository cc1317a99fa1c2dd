/**
 * Background job worker of a running server (server.ts; stop it before app.close()). Every instance
 * runs one; the database decides who gets which job. config.jobs: JOB_POLL_MS (default 5000) sets the
 * polling interval, JOB_LEASE_MS (default 60000) the lease, JOB_MAIL_CONCURRENCY (default 8) the mails in flight; JOBS_DISABLED=1 turns the worker off on an instance (e.g. an API-only replica).
 */
import type { FastifyInstance } from 'fastify'
import { JobWorker } from './job-worker'
import { jobHandlers } from './handlers'

export { JobWorker } from './job-worker'
export { JobQueue, JOB_TYPES } from './job-queue'
export { jobHandlers } from './handlers'

export function startJobWorker(app: FastifyInstance): JobWorker | null {
  const { disabled, pollMs, leaseMs, mailConcurrency } = app.ctx.config.jobs
  if (disabled) return null
  const worker = new JobWorker(app.ctx, jobHandlers(app.services, { concurrency: mailConcurrency }), { pollMs, leaseMs })
  // reminders of upcoming activities (seeded, or enrolled in before this version): idempotent per start time
  app.services.notification.scheduleUpcomingReminders().catch((err) => app.log.warn({ err }, 'scheduling reminders failed'))
  worker.start()
  return worker
}
