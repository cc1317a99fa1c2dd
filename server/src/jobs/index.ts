/**
 * Background job worker of a running server (server.ts; stop it before app.close()). Every instance runs one; the database decides
 * who gets which job. JOB_POLL_MS (default 5000) sets the polling interval; JOBS_DISABLED=1 turns the
 * worker off on an instance (e.g. an API-only replica).
 */
import type { FastifyInstance } from 'fastify'
import { JobWorker } from './job-worker'
import { jobHandlers } from './handlers'

export { JobWorker, JobQueue } from './job-worker'
export { jobHandlers } from './handlers'

export function startJobWorker(app: FastifyInstance, env: Record<string, string | undefined> = process.env): JobWorker | null {
  if (env.JOBS_DISABLED === '1') return null
  const pollMs = Math.max(200, Number(env.JOB_POLL_MS) || 5000)
  const worker = new JobWorker(app.ctx, jobHandlers(app.ctx), { pollMs })
  worker.start()
  return worker
}
