/**
 * Ledger-backed sending, shared by the subscription digest, group notices and notifications (e-mail and
 * WeChat subscribe messages).
 * A job first writes one mail_deliveries row per recipient (unique dedupe_key, so re-running the
 * fan-out after a restart adds nobody twice), then sends the pending rows in claimed batches:
 * pending → sending (leased to this batch) → sent | skipped | failed. A restarted job resumes with the
 * rows still pending; rows a crashed sender left in 'sending' are never re-sent (see
 * JobRepository.resolveInterrupted). Every mail gets a Message-ID derived from its dedupe key.
 */
import crypto from 'node:crypto'
import type { OutgoingMail } from '../lib/mail'
import { JobRepository, type DeliveryRow } from './job.repository'
import type { JobRunContext } from './job-worker'

/**
 * What a delivery row becomes: a mail to its recipient, a send of another channel (a WeChat subscribe
 * message; its own closure, and what undoes its preparation when it is never tried), or a skip with the
 * reason kept on the row.
 */
export type Rendered = Omit<OutgoingMail, 'to'> | { send: () => Promise<void>; unsent?: () => Promise<void> } | { skip: string }

/** a failure that retrying cannot fix (the person refused, an unknown address): failed at once, with its reason */
export class FinalDeliveryError extends Error {}
/** found at send time that nothing may be sent (e.g. no WeChat accept left): skipped, with its reason */
export class SkipDelivery extends Error {}

export interface DeliveryOptions {
  batchSize?: number
  concurrency?: number
  /** attempts after which an SMTP error is final */
  maxAttempts?: number
}

export function messageIdFor(dedupeKey: string): string {
  return `<${crypto.createHash('sha1').update(dedupeKey).digest('hex')}@haijiao.mail>`
}

let batchSeq = 0

export async function sendDeliveries(
  run: JobRunContext,
  render: (rows: DeliveryRow[]) => Promise<Map<number, Rendered>>,
  opts: DeliveryOptions = {},
): Promise<'done' | 'yield'> {
  const { app, job } = run
  const repo = new JobRepository(app.db)
  const batchSize = opts.batchSize ?? 200
  const concurrency = opts.concurrency ?? 8
  const maxAttempts = opts.maxAttempts ?? 3
  const nowIso = () => app.clock.now().toISOString()
  await repo.resolveInterrupted(job.id, nowIso())

  for (;;) {
    if (run.shouldStop()) return 'yield'
    if (!(await run.heartbeat())) return 'yield'
    const token = `${run.owner}#${++batchSeq}`
    // same lease as the job: once a dead sender's job lease expired, so did its deliveries' leases
    const leaseUntil = run.leaseUntil()
    const rows = await repo.claimDeliveries(job.id, token, nowIso(), leaseUntil, batchSize)
    if (!rows.length) return 'done'
    const rendered = await render(rows)

    const sent: number[] = []
    const skipped = new Map<string, number[]>()
    const retry: number[] = []
    const failed = new Map<string, number[]>()
    const untouched: number[] = []
    const push = (m: Map<string, number[]>, k: string, id: number) => m.set(k, [...(m.get(k) ?? []), id])

    let next = 0
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]
        if (run.shouldStop()) {
          untouched.push(row.id)
          continue
        }
        const mail = rendered.get(row.id)
        if (!mail) {
          push(skipped, 'nothing to send', row.id)
          continue
        }
        if ('skip' in mail) {
          push(skipped, mail.skip, row.id)
          continue
        }
        try {
          if ('send' in mail) await mail.send()
          else await app.mail.send({ ...mail, to: row.recipient, messageId: messageIdFor(row.dedupe_key) })
          sent.push(row.id)
          run.spend(1)
        } catch (err) {
          const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
          if (err instanceof SkipDelivery) push(skipped, message, row.id)
          else if (row.attempts >= maxAttempts || err instanceof FinalDeliveryError) push(failed, message, row.id)
          else retry.push(row.id)
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane))
    // a send that was prepared but never tried (the worker is stopping) undoes what preparing took
    for (const id of untouched) {
      const mail = rendered.get(id)
      if (mail && 'unsent' in mail && mail.unsent) await mail.unsent()
    }

    const now = nowIso()
    await repo.markDeliveries(sent, token, 'sent', now)
    for (const [reason, ids] of skipped) await repo.markDeliveries(ids, token, 'skipped', now, reason)
    for (const [reason, ids] of failed) await repo.markDeliveries(ids, token, 'failed', now, reason)
    await repo.markDeliveries([...retry, ...untouched], token, 'pending', now)
    if (retry.length && !sent.length) throw new Error('SMTP refused every mail of the batch; retrying later')
  }
}
