/**
 * Rolling restart of one of two instances (PostgreSQL + Redis) under load: 8 clients loop through the
 * round-robin proxy while instance A gets SIGTERM, exits, and is started again. Not one request may
 * fail: A stops listening, answers what it already accepted (with `Connection: close`), and the proxy
 * passes a request that never reached a server (refused or reset before any answer byte) to the other
 * instance, as nginx's `proxy_next_upstream error` does for idempotent requests.
 * Skipped, with one line saying why, when PostgreSQL or Redis is not reachable.
 */
import { sleep, type Instance } from './support/cluster'
import { skipWithoutBacking, startPair, type Pair } from './support/pair'
import type { Proxy } from './support/proxy'

const CLIENTS = 8

let missing: string | null = null
let pair: Pair
let a: Instance
let b: Instance
let proxy: Proxy

beforeAll(async () => {
  missing = await skipWithoutBacking('rolling restart')
  if (missing) return
  pair = await startPair('rolling', { from: 18600, below: 18700, env: { SHUTDOWN_TIMEOUT_MS: '15000' } })
  ;({ a, b, proxy } = pair)
}, 180_000)

afterAll(async () => {
  await pair?.stop()
})

interface Tally {
  answered: number
  failures: string[]
}

/** one client: GET requests in a loop over its own keep-alive connection to the proxy until told to stop */
async function client(i: number, tally: Tally, stop: { now: boolean }) {
  const paths = ['/api/v1/health', `/api/v1/health?client=${i}`]
  for (let n = 0; !stop.now; n++) {
    try {
      const res = await fetch(`${proxy.baseUrl}${paths[n % paths.length]}`)
      const text = await res.text()
      let body: any = null
      try {
        body = JSON.parse(text)
      } catch {
        body = null
      }
      if (res.status === 200 && body?.code === 200) tally.answered++
      else tally.failures.push(`HTTP ${res.status} ${text.slice(0, 60)}`)
    } catch (err: any) {
      tally.failures.push(String(err?.cause?.code ?? err?.message ?? err))
    }
  }
}

test('SIGTERM, exit and restart of instance A while 8 clients loop through the proxy: no request fails', async () => {
  if (missing) return
  const tally: Tally = { answered: 0, failures: [] }
  const stop = { now: false }
  const loops = Array.from({ length: CLIENTS }, (_, i) => client(i, tally, stop))
  await sleep(1500)
  const before = { a: proxy.counts.get(a.port) ?? 0, b: proxy.counts.get(b.port) ?? 0 }

  a.kill('SIGTERM')
  expect(await a.exited()).toBe(0)
  const duringStop = tally.answered
  await a.restart()
  // A takes its share again after the restart
  const aAfterRestart = proxy.counts.get(a.port) ?? 0
  await sleep(1500)
  stop.now = true
  await Promise.all(loops)

  const after = { a: proxy.counts.get(a.port) ?? 0, b: proxy.counts.get(b.port) ?? 0 }
  console.log(
    `[cluster] rolling restart: ${tally.answered} requests answered, ${tally.failures.length} failed ` +
      `(answered by the time A exited: ${duringStop}; upstream A ${before.a}→${after.a}, B ${before.b}→${after.b}; ` +
      `passed on to the other instance: ${proxy.passedOn.refused} refused, ${proxy.passedOn.reset} reset before answering)`,
  )
  const kinds: Record<string, number> = {}
  for (const f of tally.failures) kinds[f] = (kinds[f] ?? 0) + 1
  expect(kinds).toEqual({})
  expect(tally.answered).toBeGreaterThan(0)
  expect(before.a).toBeGreaterThan(0)
  expect(after.a).toBeGreaterThan(aAfterRestart)
})
