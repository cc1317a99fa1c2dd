// API benchmark of the public lists and search (`npm run bench`; not a timed test).
// 1. a fresh embedded SQLite database: migrate + seed, then 100,000 activities and 100,000 information
//    items generated in one transaction with batched multi-row inserts (the FTS triggers index them);
// 2. the real app (buildApp, logger silent) listening on an ephemeral port;
// 3. autocannon, 50 connections, against: the activity list (20 items, filtered), the same JSON from a
//    bare Fastify route serving it from memory (same run → throughput ratio), the default activity list,
//    and search (3+ characters: FTS5 trigram; 2 characters: LIKE fallback) — as shipped (hot answers
//    micro-cached for 2 s) and "cold" (micro-cache off: every answer built from the database);
// 4. a table with p50/p95/p99 latency and requests per second. Targets: list p95 < 20 ms, search p95 < 50 ms.
// Options: BENCH_ROWS (default 100000), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchDir, root, runUnderTsx } from './support/tsx-child.mjs'

runUnderTsx(import.meta.url)

const ROWS = Number(process.env.BENCH_ROWS || 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50)

const { default: Fastify } = await import('fastify')
const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { migrateAndSeed, openSqlite, bulkWriter } = await import('./support/database.mjs')
const { insertBulkContent, countContent } = await import('./support/bulk-content.mjs')

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-bench-'))
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
const log = (m) => console.log(`[bench] ${m}`)

// ---- 1. schema + seed, then bulk data
await migrateAndSeed(config, log)
const t = Date.now()
const db = openSqlite(config)
const writer = bulkWriter({ sqlite: db })
await insertBulkContent(writer, { rows: ROWS, now: Date.now() })
const counts = await countContent(writer)
db.close()
log(`generated ${ROWS} activities + ${ROWS} information items (FTS-indexed by the triggers) in ${Date.now() - t} ms; published activities ${counts.a}, information ${counts.i}`)

// ---- 2. the real app and a bare route with the same JSON
// `app` as shipped (public answers micro-cached for PUBLIC_CACHE_MS = 2 s, plugins/public-cache.ts) and
// `cold`, the same app with the micro-cache off: every request builds its answer from the database.
const app = await buildApp({ ...config, publicCacheMs: 2000 }, {})
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${app.server.address().port}/api/v1`
const cold = await buildApp({ ...config, publicCacheMs: 0 }, {})
await cold.listen({ port: 0, host: '127.0.0.1' })
const coldBase = `http://127.0.0.1:${cold.server.address().port}/api/v1`

const LIST_URL = '/activity/info/list?status=upcoming&type=online&country=CN&page=3&pageSize=20'
const sample = await (await fetch(base + LIST_URL)).json()
if (sample.code !== 200 || sample.result.list.length !== 20) throw new Error(`unexpected list answer: ${JSON.stringify(sample).slice(0, 300)}`)
const bare = Fastify({ logger: false })
bare.get('/bare', async () => sample)
await bare.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = `http://127.0.0.1:${bare.server.address().port}/bare`

const searchTotal = async (url) => {
  const r = await (await fetch(base + url)).json()
  return r.result.activity?.total ?? r.result.total
}

// ---- 3. measurements
const execFileAsync = promisify(execFile)
async function measure(name, url) {
  // the load generator runs in its own process (async spawn: this process keeps serving meanwhile)
  const { stdout } = await execFileAsync(process.execPath, [path.join(benchDir, 'load-client.mjs'), url, String(CONNECTIONS), String(SECONDS)], { cwd: root })
  const r = JSON.parse(stdout.trim().split('\n').pop())
  if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx answers`)
  if (r.errors) log(`${name}: ${r.errors} errors (timeouts)`)
  if (!r.n) return { name, p50: 'timeout', p95: 'timeout', p99: 'timeout', rps: 0, n: 0 }
  return { name, ...r }
}

const KW3 = encodeURIComponent('Vancouver')
const KWZH = encodeURIComponent('生物医药')
const KW2 = encodeURIComponent('人才')
const KWSEL = encodeURIComponent('第4242期')
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null
const cases = [
  ['activity list, filtered (20 items)', base + LIST_URL],
  ['bare Fastify, same JSON from memory', bareUrl],
  ['cold: activity list, filtered, no micro-cache', coldBase + LIST_URL],
  ['cold: activity list, default order, no micro-cache', coldBase + '/activity/info/list?page=2&pageSize=20'],
  [`cold: search activity "Vancouver", no micro-cache`, coldBase + `/search/all?module=activity&keywords=${KW3}`],
  [`cold: search information "生物医药", no micro-cache`, coldBase + `/search/all?module=information&keywords=${KWZH}`],
  ['activity list, default order (20 items)', base + '/activity/info/list?page=2&pageSize=20'],
  [`search activity "Vancouver" (FTS trigram)`, base + `/search/all?module=activity&keywords=${KW3}`],
  [`search activity "生物医药" (FTS trigram)`, base + `/search/all?module=activity&keywords=${KWZH}`],
  [`search information "生物医药" (FTS trigram)`, base + `/search/all?module=information&keywords=${KWZH}`],
  [`search activity "第4242期" (FTS trigram, selective)`, base + `/search/all?module=activity&keywords=${KWSEL}`],
  [`search all 5 modules "Vancouver #42" (FTS trigram)`, base + `/search/all?module=all&keywords=${encodeURIComponent('Vancouver #42')}&pageSize=5`],
  [`search activity "人才" (2 chars: LIKE fallback)`, base + `/search/all?module=activity&keywords=${KW2}`],
]
const results = []
for (const [name, url] of cases.filter(([n]) => !ONLY || ONLY.test(n) || n.startsWith('bare'))) {
  results.push(await measure(name, url))
  log(`${name}: done`)
}
const matches = {
  Vancouver: await searchTotal(`/search/all?module=activity&keywords=${KW3}`),
  生物医药: await searchTotal(`/search/all?module=activity&keywords=${KWZH}`),
  人才: await searchTotal(`/search/all?module=activity&keywords=${KW2}`),
}

// ---- 4. report
const listRow = results[0]
const bareRow = results[1]
const pad = (s, n) => String(s).padEnd(n)
const num = (v, n) => String(typeof v === 'number' ? (Number.isInteger(v) ? v : v.toFixed(1)) : v).padStart(n)
const load = os.loadavg().map((x) => x.toFixed(1)).join(' ')
console.log(`\n${ROWS.toLocaleString('en')} activities + ${ROWS.toLocaleString('en')} information items, SQLite (WAL), ${CONNECTIONS} connections, ${SECONDS} s each, node ${process.version}, ${os.cpus().length} CPUs, load average ${load}`)
console.log(`${pad('case', 52)}${num('p50 ms', 8)}${num('p95 ms', 8)}${num('p99 ms', 8)}${num('req/s', 10)}`)
for (const r of results) console.log(`${pad(r.name, 52)}${num(r.p50, 8)}${num(r.p95, 8)}${num(r.p99, 8)}${num(r.rps, 10)}`)
console.log(`\nlist throughput / bare Fastify throughput = ${(listRow.rps / bareRow.rps * 100).toFixed(1)} %`)
console.log(`matches in activities: Vancouver ${matches.Vancouver}, 生物医药 ${matches['生物医药']}, 人才 ${matches['人才']}`)
const ftsRows = results.filter((r) => r.name.includes('FTS') && !r.name.startsWith('cold') && typeof r.p95 === 'number')
const searchP95 = ftsRows.length ? Math.max(...ftsRows.map((r) => r.p95)) : NaN
console.log(`targets: list p95 ${Number(listRow.p95).toFixed(1)} ms (< 20: ${listRow.p95 < 20 ? 'met' : 'NOT met'}), search p95 (3+ chars) ${Number.isNaN(searchP95) ? 'not measured' : `${searchP95.toFixed(1)} ms (< 50: ${searchP95 < 50 ? 'met' : 'NOT met'})`}`)

await app.close()
await cold.close()
await bare.close()
if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true })
else log(`kept ${dataDir}`)
