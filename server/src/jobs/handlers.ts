/** Job types and their handlers. Each handler can be resumed after a crash (see deliveries.ts). */
import type { Services } from '../context'
import type { JobHandler } from './job-worker'
import { JOB_TYPES } from './job-queue'
import { sendDeliveries, type DeliveryOptions } from './deliveries'
import type { EventPayload } from '../modules/notification/notification.service'

export function jobHandlers(services: Pick<Services, 'subscription' | 'notice' | 'notification'>, delivery: DeliveryOptions = {}): Record<string, JobHandler> {
  const { subscription, notice: notices, notification } = services
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
    [JOB_TYPES.notifyReminder]: async (run) => {
      const payload = await notification.reminderDue(run.payload)
      if (!payload) return 'done'
      await notification.fanOut(run.job.id, payload)
      return sendDeliveries(run, (rows) => notification.render(payload, rows), delivery)
    },
  }
}
