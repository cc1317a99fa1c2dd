/**
 * The job worker: claims due jobs of the queue (job-queue.ts) with a lease and runs their handler.
 * Guarantees:
 * - two workers (two server instances) never run the same job at the same time: the claim is a
 *   conditional UPDATE and only the owner of the lease may extend, finish or release it;
 * - a worker that dies mid-job leaves a lease that expires; another worker then takes the job over and
 *   continues where the first stopped (handlers are written to be resumed, see deliveries.ts);
 * - a failing handler is retried with back-off up to max_attempts, then the job is 'failed'.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import type { Config } from '../config'
import type { Database } from '../db/database'
import type { Clock } from '../lib/clock'
import type { MailService } from '../lib/mail'
import { JobRepository, type JobRow } from './job.repository'

/**
 * What a worker and its jobs run with: the part of the app context below the jobs (the context itself
 * carries the job queue, so it sits above this folder; an AppContext is one of these).
 */
export interface JobEnv {
  config: Pick<Config, 'logLevel'>
  db: Database
  clock: Clock
  mail: Pick<MailService, 'send'>
}

export interface JobRunContext {
  app: JobEnv
  job: JobRow
  payload: any
  owner: string
  /** renew the lease; false = the lease was lost (stop working on this job) */
  heartbeat(): Promise<boolean>
  /** the lease end a heartbeat now sets (work claimed under the job, e.g. deliveries, shares it) */
  leaseUntil(): string
  /** true once the worker is stopping or its per-run budget is used up: save progress and return 'yield' */
  shouldStop(): boolean
  /** count one unit of work against the worker's budget (tests stop a run half-way with it) */
  spend(n?: number): void
}

/** 'done' finishes the job; 'yield' puts it back to pending (due now) to continue later. */
export type JobOutcome = 'done' | 'yield' | void
export type JobHandler = (run: JobRunContext) => Promise<JobOutcome>

export interface WorkerOptions {
  owner?: string
  leaseMs?: number
  pollMs?: number
  /** stop after this many units of work (tests: "run half a batch"); the job keeps its lease as after a crash */
  budget?: number
}

export class JobWorker {
  readonly owner: string
  private readonly repo: JobRepository
  private readonly leaseMs: number
  private readonly pollMs: number
  private budget: number
  private stopping = false
  private timer: NodeJS.Timeout | null = null
  private running: Promise<number> | null = null
  /** set when the budget ran out mid-job: the job is abandoned with its lease, like a crash */
  crashed = false

  constructor(
    private readonly ctx: JobEnv,
    private readonly handlers: Record<string, JobHandler>,
    opts: WorkerOptions = {},
  ) {
    this.owner = opts.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`
    this.repo = new JobRepository(ctx.db)
    this.leaseMs = opts.leaseMs ?? 60_000
    this.pollMs = opts.pollMs ?? 5_000
    this.budget = opts.budget ?? Number.POSITIVE_INFINITY
  }

  private now() {
    return this.ctx.clock.now()
  }
  private leaseUntil() {
    return new Date(this.now().getTime() + this.leaseMs).toISOString()
  }

  /** Runs due jobs until none is left (or the worker stops); answers how many jobs it ran. */
  async runDue(): Promise<number> {
    let ran = 0
    while (!this.stopping && !this.crashed) {
      const job = await this.repo.claim(this.owner, this.now().toISOString(), this.leaseUntil(), Object.keys(this.handlers))
      if (!job) break
      ran++
      await this.runOne(job)
    }
    return ran
  }

  private async runOne(job: JobRow) {
    const nowIso = () => this.now().toISOString()
    if (job.attempts > job.max_attempts) {
      await this.repo.finish(job.id, this.owner, 'failed', nowIso(), job.last_error ?? 'too many attempts')
      return
    }
    const handler = this.handlers[job.type]
    let payload: unknown = {}
    try {
      payload = JSON.parse(job.payload)
    } catch {
      payload = {}
    }
    let lost = false
    const run: JobRunContext = {
      app: this.ctx,
      job,
      payload,
      owner: this.owner,
      heartbeat: async () => {
        if (lost) return false
        lost = !(await this.repo.extendLease(job.id, this.owner, this.leaseUntil(), nowIso()))
        return !lost
      },
      leaseUntil: () => this.leaseUntil(),
      shouldStop: () => this.stopping || this.budget <= 0,
      spend: (n = 1) => {
        this.budget -= n
      },
    }
    try {
      const outcome = await handler(run)
      if (lost) return
      if (this.budget <= 0 && outcome === 'yield') {
        // budget used up: leave the job as a crashed worker would (lease held until it expires)
        this.crashed = true
        return
      }
      if (outcome === 'yield') await this.repo.release(job.id, this.owner, nowIso(), nowIso())
      else await this.repo.finish(job.id, this.owner, 'done', nowIso())
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      if (this.ctx.config.logLevel !== 'silent') console.error(`job ${job.id} (${job.type}) failed: ${message}`)
      if (job.attempts >= job.max_attempts) await this.repo.finish(job.id, this.owner, 'failed', nowIso(), message.slice(0, 1000))
      else {
        const backoff = Math.min(60 * 60_000, 30_000 * 2 ** (job.attempts - 1))
        await this.repo.release(job.id, this.owner, new Date(this.now().getTime() + backoff).toISOString(), nowIso(), message.slice(0, 1000))
      }
    }
  }

  /** Polls in the background (production); one pass at a time. */
  start() {
    const tick = async () => {
      if (this.stopping) return
      if (!this.running) {
        this.running = this.runDue().catch((err) => {
          console.error('job worker pass failed', err)
          return 0
        })
        await this.running
        this.running = null
      }
      if (!this.stopping) this.timer = setTimeout(tick, this.pollMs)
    }
    this.timer = setTimeout(tick, 0)
  }

  /** Stops claiming; the current handler saves its progress at its next check and yields. */
  async stop() {
    this.stopping = true
    if (this.timer) clearTimeout(this.timer)
    if (this.running) await this.running
  }
}
