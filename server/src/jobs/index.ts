/**
 * The job queue and its worker, below the modules: they know jobs, leases and mail deliveries, never a
 * service. Which services run each job type, and the worker of a running server, are wired in the
 * composition root (../job-handlers.ts).
 */
export { JobWorker } from './job-worker'
export { JobQueue, JOB_TYPES } from './job-queue'
