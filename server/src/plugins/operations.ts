/**
 * What operations watch: the request id echoed on every answer, Prometheus metrics at GET /metrics,
 * and the readiness check behind GET /api/v1/health/ready (routes.ts).
 *
 * Metrics (prom-client, one registry per app): haijiao_http_requests_total and
 * haijiao_http_request_duration_seconds by method, route (the route's pattern, "unmatched" for 404s)
 * and status; haijiao_http_errors_total (5xx); haijiao_chat_open_sockets (this instance);
 * haijiao_jobs (queue depth by status, pending and running); the default process metrics
 * (CPU, memory, event-loop lag, GC, handles) prefixed haijiao_.
 * GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`: without METRICS_TOKEN the endpoint does
 * not exist (404); a missing or wrong token answers 401. Not under /api: it is for the scraper, not the apps.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import Redis from 'ioredis'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { ping } from '../db/database'

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

export default fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })

  const register = new Registry()
  collectDefaultMetrics({ register, prefix: 'haijiao_' })
  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({ name: 'haijiao_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [register] })
  const errors = new Counter({ name: 'haijiao_http_errors_total', help: 'HTTP requests answered with a 5xx status', labelNames, registers: [register] })
  const duration = new Histogram({
    name: 'haijiao_http_request_duration_seconds',
    help: 'Time from the request to the answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  })
  new Gauge({
    name: 'haijiao_chat_open_sockets',
    help: 'Chat websockets open on this instance',
    registers: [register],
    collect() {
      this.set(app.services.chat.hub.openSockets)
    },
  })
  new Gauge({
    name: 'haijiao_jobs',
    help: 'Background jobs by status (pending: waiting to run, due or not; running: leased by a worker)',
    labelNames: ['status'],
    registers: [register],
    async collect() {
      const depth = await app.ctx.jobs.depth()
      for (const status of ['pending', 'running'] as const) this.set({ status }, depth[status] ?? 0)
    },
  })

  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.url === '/metrics') return
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }
    requests.inc(labels)
    if (reply.statusCode >= 500) errors.inc(labels)
    duration.observe(labels, reply.elapsedTime / 1000)
  })

  const token = app.ctx.config.metricsToken
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
    if (!m || !sameToken(m[1], token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('Unauthorized')
    }
    return reply.header('cache-control', 'no-store').type(register.contentType).send(await register.metrics())
  })
})

export type CheckState = 'ok' | 'skipped' | 'failed'
export interface Readiness {
  ready: boolean
  checks: { database: CheckState; redis: CheckState; storage: CheckState }
}

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())])

/** one PING on a short-lived connection, within `ms` */
async function pingRedis(url: string, ms: number): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: ms, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null })
  client.on('error', () => undefined)
  try {
    await within(ms, client.connect().then(() => client.ping()))
  } finally {
    client.disconnect()
  }
}

/** Can this instance serve? The database answers, Redis (when configured) answers, the upload store is reachable. */
export async function readiness(app: FastifyInstance, timeoutMs = 2000): Promise<Readiness> {
  const run = async (work: () => Promise<void>): Promise<CheckState> => {
    try {
      await within(timeoutMs, work())
      return 'ok'
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed')
      return 'failed'
    }
  }
  const { config } = app.ctx
  const [database, redis, storage] = await Promise.all([
    run(() => ping(app.ctx.db)),
    config.redisUrl ? run(() => pingRedis(config.redisUrl!, timeoutMs)) : Promise.resolve<CheckState>('skipped'),
    run(() => app.ctx.storage.check()),
  ])
  const checks = { database, redis, storage }
  return { ready: !Object.values(checks).includes('failed'), checks }
}
