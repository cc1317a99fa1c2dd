/**
 * Which services run each job type, and the worker of a running server. Part of the composition root:
 * the handlers call services (built in services.ts), so they sit above the modules, while the queue,
 * the worker and the deliveries they drive (jobs/) sit below them. Each handler can be resumed after a
 * crash (see jobs/deliveries.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { Services } from './services'
import { JobWorker, type JobHandler } from './jobs/job-worker'
import { JOB_TYPES } from './jobs/job-queue'
import { sendDeliveries, type DeliveryOptions } from './jobs/deliveries'
import type { EventPayload } from './modules/notification/notification.service'
import { WAITLIST_JOBS } from './modules/enrollment/ticket.service'
import { PRIVACY_JOBS } from './modules/privacy/privacy.service'
import { HELPDESK_ALERT_JOB } from './modules/chat/helpdesk.service'

export function jobHandlers(services: Pick<Services, 'subscription' | 'notice' | 'notification' | 'ticket'> & Partial<Pick<Services, 'audit' | 'privacy' | 'helpdesk'>>, delivery: DeliveryOptions = {}): Record<string, JobHandler> {
  const { subscription, notice: notices, notification, ticket, audit, privacy, helpdesk } = services
  return {
    [JOB_TYPES.subscriptionDigest]: async (run) => {
      const date = String(run.payload.date)
      await subscription.fanOutDigest(run.job.id, date)
      return sendDeliveries(run, (rows) => subscription.renderDigest(date, rows), delivery)
    },
    [JOB_TYPES.noticeSend]: async (run) => {
      const notice = await notices.fanOut(run.job.id, Number(run.payload.noticeId))
      if (!notice) return 'done'
      const outcome = await sendDeliveries(run, (rows) => notices.render(notice, rows), delivery)
      if (outcome === 'done') await notices.markSent(notice.id)
      return outcome
    },
    [JOB_TYPES.notifyEvent]: async (run) => {
      const payload = run.payload as EventPayload
      await notification.fanOut(run.job.id, payload)
      return sendDeliveries(run, (rows) => notification.render(payload, rows), delivery)
    },
    // an offer of the waiting list reached its time: it expires (if still open) and passes on
    [WAITLIST_JOBS.expire]: async (run) => {
      await ticket.expire(Number(run.payload.waitlistId))
      return 'done'
    },
    [JOB_TYPES.notifyReminder]: async (run) => {
      const payload = await notification.reminderDue(run.payload)
      if (!payload) return 'done'
      await notification.fanOut(run.job.id, payload)
      return sendDeliveries(run, (rows) => notification.render(payload, rows), delivery)
    },
    // the audit log's retention (AUDIT_RETENTION_DAYS): rows past it go, then tomorrow's run is booked
    // visitors left unanswered past the alert delay: agents are e-mailed (once per wait), then the next minute's run is booked
    [HELPDESK_ALERT_JOB]: async () => {
      if (!helpdesk) return 'done'
      await helpdesk.scanAlerts()
      await helpdesk.scheduleAlerts()
      return 'done'
    },
    [JOB_TYPES.auditPurge]: async () => {
      if (!audit) return 'done'
      await audit.purge()
      await audit.schedulePurge()
      return 'done'
    },
    // hourly: accounts past their cooling-off period are erased, expired data downloads removed; then the next hour is booked
    [PRIVACY_JOBS.sweep]: async () => {
      if (!privacy) return 'done'
      await privacy.sweep()
      await privacy.scheduleSweep()
      return 'done'
    },
    // a person's data download: the zip is built, stored and announced
    [PRIVACY_JOBS.exportBuild]: async (run) => {
      if (!privacy) return 'done'
      await privacy.buildExport(Number(run.payload.exportId))
      return 'done'
    },
  }
}

/**
 * Background job worker of a running server (server.ts; stop it before app.close()). Every instance
 * runs one; the database decides who gets which job. config.jobs: JOB_POLL_MS (default 5000) sets the
 * polling interval, JOB_LEASE_MS (default 60000) the lease, JOB_MAIL_CONCURRENCY (default 8) the mails in flight; JOBS_DISABLED=1 turns the worker off on an instance (e.g. an API-only replica).
 */
export function startJobWorker(app: FastifyInstance): JobWorker | null {
  const { disabled, pollMs, leaseMs, mailConcurrency } = app.ctx.config.jobs
  if (disabled) return null
  const worker = new JobWorker(app.ctx, jobHandlers(app.services, { concurrency: mailConcurrency }), { pollMs, leaseMs })
  // reminders of upcoming activities (seeded, or enrolled in before this version): idempotent per start time
  app.services.notification.scheduleUpcomingReminders().catch((err) => app.log.warn({ err }, 'scheduling reminders failed'))
  // the waiting list after a crash: overdue offers expire, free seats are offered, untold offers are told
  app.services.ticket.sweep().catch((err) => app.log.warn({ err }, 'waiting-list sweep failed'))
  app.services.audit.schedulePurge().catch((err) => app.log.warn({ err }, 'scheduling the audit retention failed'))
  app.services.privacy.scheduleSweep().catch((err) => app.log.warn({ err }, 'scheduling the privacy sweep failed'))
  app.services.helpdesk.scheduleAlerts().catch((err) => app.log.warn({ err }, 'scheduling the helpdesk alerts failed'))
  worker.start()
  return worker
}
