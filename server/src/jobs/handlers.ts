/** Job types and their handlers. Each handler can be resumed after a crash (see deliveries.ts). */
import type { AppContext } from '../context'
import type { JobHandler } from './job-worker'
import { sendDeliveries, type DeliveryOptions } from './deliveries'
import { DIGEST_JOB, SubscriptionService } from '../modules/subscription/subscription.service'
import { NOTICE_JOB, NoticeService } from '../modules/notice/notice.service'

export function jobHandlers(ctx: AppContext, delivery: DeliveryOptions = {}): Record<string, JobHandler> {
  const subscriptions = new SubscriptionService(ctx)
  const notices = new NoticeService(ctx)
  return {
    [DIGEST_JOB]: async (run) => {
      const date = String(run.payload.date)
      await subscriptions.fanOutDigest(run.job.id, date)
      return sendDeliveries(run, (rows) => subscriptions.renderDigest(date, rows), delivery)
    },
    [NOTICE_JOB]: async (run) => {
      const notice = await notices.fanOut(run.job.id, Number(run.payload.noticeId))
      if (!notice) return 'done'
      const outcome = await sendDeliveries(run, (rows) => notices.render(notice, rows), delivery)
      if (outcome === 'done') await notices.markSent(notice.id)
      return outcome
    },
  }
}
