/**
 * The database job queue on SQLite and PostgreSQL: exactly-once delivery of a subscription digest
 * across a "crash" (an app runs half the batch, is closed, a second app on the same database finishes
 * after the lease expires; a mail left in flight by the dead instance is never sent twice), two apps claiming concurrently, failing jobs retried with back-off, and the
 * conditional claim (many racing claims, one winner).
 */
import type { FastifyInstance } from 'fastify'
import { describeEachDb, type Harness } from './harness'
import { buildApp } from '../../server/src/app'
import { JobWorker } from '../../server/src/jobs'
import { jobHandlers } from '../../server/src/job-handlers'
import { JobRepository } from '../../server/src/jobs/job.repository'
import { DIGEST_DELAY_MS } from '../../server/src/modules/subscription/subscription.service'

async function addConfirmed(h: Harness, prefix: string, n: number, codes: string[]) {
  const now = h.clock.now().toISOString()
  for (let i = 0; i < n; i++) {
    const row = await h.db
      .insertInto('subscribers')
      .values({ email: `${prefix}-${i}@bulk.test`, user_id: null, status: 'confirmed', lang: i % 2 ? 'en' : 'zh', source: 'footer', confirmed_at: now, unsubscribed_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const code of codes) await h.db.insertInto('subscriber_categories').values({ subscriber_id: row.id, code }).execute()
  }
  return Array.from({ length: n }, (_, i) => `${prefix}-${i}@bulk.test`)
}

async function publishedInformation(h: Harness, skip = 0) {
  return (await h.db.selectFrom('information').select('id').where('status', '=', 'published').orderBy('id').offset(skip).limit(1).executeTakeFirstOrThrow()).id
}

describeEachDb('job queue', (get) => {
  let h: Harness
  const extra: FastifyInstance[] = []
  beforeAll(() => {
    h = get()
  })
  afterAll(async () => {
    for (const a of extra) await a.close().catch(() => {})
  })
  const secondApp = async () => {
    const app = await buildApp(h.config, { clock: h.clock })
    extra.push(app)
    return app
  }

  test('a digest half-sent by an instance that dies is finished by another: every subscriber exactly one mail', async () => {
    const emails = await addConfirmed(h, 'restart', 30, ['ic'])
    const { jobId } = await h.app.services.subscription.recordPublished('information', await publishedInformation(h))
    h.clock.advance(DIGEST_DELAY_MS + 1000)

    const first = await secondApp()
    const w1 = new JobWorker(first.ctx, jobHandlers(first.services, { batchSize: 5, concurrency: 2 }), { owner: 'first', budget: 12, leaseMs: 60_000 })
    await w1.runDue()
    expect(w1.crashed).toBe(true)
    // the first instance spent its budget of 12 mails (the seeded demo subscribers are in the digest too)
    const sentFirst = (await new JobRepository(h.db).countDeliveries(jobId)).sent
    expect(sentFirst).toBeGreaterThanOrEqual(12)
    expect(sentFirst).toBeLessThanOrEqual(13) // two lanes may both pass the last budget check
    const sentByFirst = emails.filter((e) => h.mail.count(e) === 1).length
    expect(sentByFirst).toBeGreaterThanOrEqual(10)
    expect(sentByFirst).toBeLessThan(30)
    await first.close()
    // a mail the dead instance had handed to SMTP without recording the answer: still 'sending'
    const inFlight = await h.db
      .selectFrom('mail_deliveries')
      .select(['id', 'recipient'])
      .where('job_id', '=', jobId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await h.db
      .updateTable('mail_deliveries')
      .set({ status: 'sending', lease_owner: 'first#dead', lease_until: new Date(h.clock.now().getTime() + 60_000).toISOString() })
      .where('id', '=', inFlight.id)
      .execute()

    // the job is still leased to the dead instance: nobody takes it before the lease expires
    const w2 = new JobWorker(h.app.ctx, jobHandlers(h.app.services, { batchSize: 5 }), { owner: 'second' })
    expect(await w2.runDue()).toBe(0)
    h.clock.advance(61_000)
    expect(await w2.runDue()).toBe(1)

    // never twice: the in-flight one is not re-sent (it is marked failed for an operator), all others once
    for (const e of emails) expect(h.mail.count(e)).toBe(e === inFlight.recipient ? 0 : 1)
    const stuck = await h.db.selectFrom('mail_deliveries').select(['status', 'error']).where('id', '=', inFlight.id).executeTakeFirstOrThrow()
    expect(stuck.status).toBe('failed')
    expect(stuck.error).toMatch(/interrupted/)
    const job = await h.app.ctx.jobs.get(jobId)
    expect(job).toMatchObject({ status: 'done', lease_owner: null })
    const counts = await new JobRepository(h.db).countDeliveries(jobId)
    expect(counts.pending ?? 0).toBe(0)
    expect(counts.sending ?? 0).toBe(0)
    // a later run of the same day's digest (e.g. a third instance) sends nothing more
    const again = await h.app.services.subscription.recordPublished('information', await publishedInformation(h, 1))
    expect(again.jobId).not.toBe(jobId) // that day's digest already ran: the new item waits for tomorrow's
    for (const e of emails) expect(h.mail.count(e)).toBe(e === inFlight.recipient ? 0 : 1)
  })

  test('two instances polling at the same time: each job runs once, each recipient gets one mail', async () => {
    h.clock.advance(2 * 86_400_000) // a fresh digest day; yesterday's pending digest is sent first
    await new JobWorker(h.app.ctx, jobHandlers(h.app.services)).runDue()
    const emails = await addConfirmed(h, 'race', 40, ['finance'])
    await h.app.services.subscription.recordPublished('information', await publishedInformation(h, 2))
    h.clock.advance(DIGEST_DELAY_MS + 1000)
    const other = await secondApp()
    const a = new JobWorker(h.app.ctx, jobHandlers(h.app.services, { batchSize: 4 }), { owner: 'A' })
    const b = new JobWorker(other.ctx, jobHandlers(other.services, { batchSize: 4 }), { owner: 'B' })
    const due = await h.db.selectFrom('job_queue').select('id').where('status', '=', 'pending').where('run_at', '<=', h.clock.now().toISOString()).execute()
    expect(due).toHaveLength(1)
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()])
    expect(ra + rb).toBe(due.length)
    const after = await h.db.selectFrom('job_queue').select(['status', 'attempts']).where('id', 'in', due.map((d) => d.id)).execute()
    expect(after).toEqual(due.map(() => ({ status: 'done', attempts: 1 })))
    for (const e of emails) expect(h.mail.count(e)).toBe(1)
  })

  test('racing claims of one job: exactly one winner', async () => {
    const queue = h.app.ctx.jobs
    const now = h.clock.now().toISOString()
    const { id } = await queue.enqueue({ type: 'test.noop', runAt: now })
    const other = await secondApp()
    const repos = [new JobRepository(h.db), new JobRepository(other.ctx.db)]
    const later = new Date(h.clock.now().getTime() + 60_000).toISOString()
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => repos[i % 2].claim(`o${i}`, now, later, ['test.noop'])))
    const winners = results.filter((r) => r && r.id === id)
    expect(winners).toHaveLength(1)
  })

  test('a failing job is retried with back-off and ends failed after max attempts; dedupe keys enqueue once', async () => {
    const queue = h.app.ctx.jobs
    const { id, created } = await queue.enqueue({ type: 'test.fail', runAt: h.clock.now().toISOString(), dedupeKey: 'fail-once', maxAttempts: 2 })
    expect(created).toBe(true)
    expect(await queue.enqueue({ type: 'test.fail', runAt: h.clock.now().toISOString(), dedupeKey: 'fail-once' })).toEqual({ id, created: false })
    let calls = 0
    const w = new JobWorker(h.app.ctx, { 'test.fail': async () => { calls++; throw new Error('boom') } }, { owner: 'f' })
    await w.runDue()
    expect(calls).toBe(1)
    expect(await queue.get(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom' })
    await w.runDue() // not due yet (back-off)
    expect(calls).toBe(1)
    h.clock.advance(31_000)
    await w.runDue()
    expect(calls).toBe(2)
    expect(await queue.get(id)).toMatchObject({ status: 'failed', attempts: 2 })
  })
})
