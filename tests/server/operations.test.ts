/**
 * Operations: readiness (database, Redis when configured, upload storage; 503 naming what failed),
 * request ids (an incoming plain X-Request-Id kept, anything else replaced, echoed and logged), and the
 * Prometheus endpoint (404 without METRICS_TOKEN, 401 without the right bearer, counts requests with it).
 */
import net from 'node:net'
import { dbTargets, startHarness, type Harness } from './harness'

const TOKEN = 'metrics-token-0123456789abcdef'

/** a local port nothing listens on */
async function closedPort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const port = (srv.address() as net.AddressInfo).port
  await new Promise<void>((r) => srv.close(() => r()))
  return port
}

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL)
  return new Promise((resolve) => {
    const s = net.connect(Number(port) || 6379, hostname)
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
  })
}

for (const target of dbTargets()) {
  describe(`operations [${target}]`, () => {
    let h: Harness
    const lines: string[] = []
    beforeAll(async () => {
      h = await startHarness(target, { env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, build: { logStream: { write: (l: string) => lines.push(l) } } })
    })
    afterAll(async () => {
      await h?.close()
    })

    it('is ready when the database and the upload storage answer (Redis not configured: skipped)', async () => {
      const r = await h.api('GET', '/health/ready')
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ code: 200, result: { status: 'ready', checks: { database: 'ok', redis: 'skipped', storage: 'ok' } } })
      expect((await h.api('GET', '/health')).body.result.status).toBe('ok')
    })

    it('answers 503 naming Redis when REDIS_URL points to a closed port', async () => {
      const saved = h.app.ctx.config.redisUrl
      h.app.ctx.config.redisUrl = `redis://127.0.0.1:${await closedPort()}`
      try {
        const r = await h.api('GET', '/health/ready')
        expect(r.status).toBe(503)
        expect(r.body).toMatchObject({ code: 500, result: { status: 'unready', checks: { database: 'ok', redis: 'failed', storage: 'ok' } } })
      } finally {
        h.app.ctx.config.redisUrl = saved
      }
    })

    it('checks a configured Redis that answers (skipped with a notice when none is reachable)', async () => {
      if (!(await redisReachable())) {
        console.log(`[operations] NOTICE: Redis not reachable at ${REDIS_URL}; the Redis readiness check is not exercised`)
        return
      }
      const saved = h.app.ctx.config.redisUrl
      h.app.ctx.config.redisUrl = REDIS_URL
      try {
        const r = await h.api('GET', '/health/ready')
        expect(r.status).toBe(200)
        expect(r.body.result.checks.redis).toBe('ok')
      } finally {
        h.app.ctx.config.redisUrl = saved
      }
    })

    it('keeps a plain incoming X-Request-Id, echoes it and writes it in the log lines', async () => {
      const id = `proxy-${Date.now()}-abc`
      const r = await h.api('GET', '/health', { headers: { 'x-request-id': id } })
      expect(r.headers['x-request-id']).toBe(id)
      const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === id)
      expect(logged.length).toBeGreaterThanOrEqual(2)
      expect(logged.some((l) => l.msg === 'incoming request')).toBe(true)
      expect(logged.some((l) => l.msg === 'request completed')).toBe(true)
    })

    it('replaces a missing or unsafe X-Request-Id with a fresh UUID', async () => {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
      const none = await h.api('GET', '/health')
      expect(String(none.headers['x-request-id'])).toMatch(uuid)
      for (const bad of ['has space', 'x'.repeat(129), 'new\\nline', '<script>']) {
        const r = await h.api('GET', '/health', { headers: { 'x-request-id': bad } })
        expect(String(r.headers['x-request-id'])).toMatch(uuid)
      }
      const other = await h.api('GET', '/health')
      expect(other.headers['x-request-id']).not.toBe(none.headers['x-request-id'])
    })

    it('refuses /metrics without the bearer token or with a wrong one (401)', async () => {
      expect((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401)
      expect((await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401)
      expect((await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } })).statusCode).toBe(401)
    })

    it('counts requests by route and status, and exposes sockets, job queue depth and process metrics', async () => {
      const scrape = async () => {
        const r = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
        expect(r.statusCode).toBe(200)
        expect(r.headers['content-type']).toMatch(/^text\/plain/)
        return r.body
      }
      const count = (text: string, route: string, status: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`haijiao_http_requests_total{method="GET",route="${route}",status="${status}"}`))
        return line ? Number(line.split(' ').pop()) : 0
      }
      const before = await scrape()
      await h.api('GET', '/health')
      await h.api('GET', '/health')
      await h.api('GET', '/no/such/endpoint')
      const after = await scrape()
      expect(count(after, '/api/v1/health', '200') - count(before, '/api/v1/health', '200')).toBe(2)
      expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(1)
      expect(after).toMatch(/haijiao_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/health",status="200"\}/)
      expect(after).toMatch(/^haijiao_chat_open_sockets 0$/m)
      expect(after).toMatch(/^haijiao_jobs\{status="pending"\} \d+$/m)
      expect(after).toMatch(/^haijiao_process_resident_memory_bytes \d+/m)
      expect(after).toContain('# TYPE haijiao_http_errors_total counter')
    })
  })

  describe(`operations without METRICS_TOKEN, storage unreachable [${target}]`, () => {
    let h: Harness
    beforeAll(async () => {
      const port = await closedPort()
      h = await startHarness(target, { env: { STORAGE_URL: `s3://uploads?endpoint=http://127.0.0.1:${port}&forcePathStyle=true`, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' } })
    })
    afterAll(async () => {
      await h?.close()
    })

    it('has no metrics endpoint (404)', async () => {
      const r = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      expect(r.statusCode).toBe(404)
    })

    it('answers readiness 503 naming the storage', async () => {
      const r = await h.api('GET', '/health/ready')
      expect(r.status).toBe(503)
      expect(r.body.result.checks).toEqual({ database: 'ok', redis: 'skipped', storage: 'failed' })
    })
  })
}
