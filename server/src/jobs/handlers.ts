/** Job types and their handlers. Each handler can be resumed after a crash (see deliveries.ts). */
import type { Services } from '../context'
import type { JobHandler } from './job-worker'
import { JOB_TYPES } from './job-queue'
import { sendDeliveries, type DeliveryOptions } from './deliveries'

export function jobHandlers(services: Pick<Services, 'subscription' | 'notice'>, delivery: DeliveryOptions = {}): Record<string, JobHandler> {
  const { subscription, notice: notices } = services
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
  }
}
