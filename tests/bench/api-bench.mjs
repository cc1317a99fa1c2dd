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
import { spawnSync, execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..', '..')

// The app is TypeScript: re-run this file under tsx's loader when started by plain node.
if (!process.env.HAIJIAO_BENCH_CHILD) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HAIJIAO_BENCH_CHILD: '1' },
  })
  process.exit(r.status ?? 1)
}

const ROWS = Number(process.env.BENCH_ROWS || 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50)

const { default: Fastify } = await import('fastify')
const { default: SQLite } = await import('better-sqlite3')
const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { sqliteFile } = await import(path.join(root, 'server/src/db/database.ts'))
const { prng, tzLabel, poster } = await import(path.join(root, 'server/src/db/seed/content.ts'))
const D = await import(path.join(root, 'server/src/db/seed/content-data.ts'))

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-bench-'))
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
const log = (m) => console.log(`[bench] ${m}`)

// ---- 1. schema + seed, then bulk data
let t = Date.now()
const seeded = await buildApp(config, { migrate: true, seed: true })
await seeded.close()
log(`migrated and seeded in ${Date.now() - t} ms (${dataDir})`)

t = Date.now()
const db = new SQLite(sqliteFile(config))
db.pragma('journal_mode = WAL')
const rnd = prng(42)
const orgIds = db.prepare('select id from organizations where pid = 0').all().map((r) => r.id)
const cats = D.DICTIONARIES.find((d) => d.code === 'activity_category').items.map((i) => i[0])
const infoCats = D.DICTIONARIES.find((d) => d.code === 'information_category').items.map((i) => i[0])
const now = Date.now()
const ts = new Date(now).toISOString()

function batchInsert(table, columns, rows) {
  const per = Math.floor(900 / columns.length) // stay under SQLite's bound-parameter limit
  const placeholders = (n) => Array.from({ length: n }, () => `(${columns.map(() => '?').join(',')})`).join(',')
  const full = db.prepare(`insert into ${table} (${columns.join(',')}) values ${placeholders(per)}`)
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per)
    const stmt = chunk.length === per ? full : db.prepare(`insert into ${table} (${columns.join(',')}) values ${placeholders(chunk.length)}`)
    stmt.run(chunk.flat())
  }
}

const firstActivityId = db.prepare('select coalesce(max(id), 0) + 1 as n from activities').get().n
db.transaction(() => {
  const activityCols = [
    'title_zh', 'title_en', 'summary_zh', 'summary_en', 'detail_zh', 'detail_en', 'type', 'poster_url', 'start_time', 'end_time',
    'time_zone', 'country', 'city_zh', 'city_en', 'organization_id', 'people_count', 'enrolled_count', 'status', 'is_hot',
    'published_at', 'created_at', 'updated_at', 'tags_zh', 'tags_en',
  ]
  const rows = []
  const categoryRows = []
  for (let i = 0; i < ROWS; i++) {
    const city = D.ACTIVITY_CITIES[i % D.ACTIVITY_CITIES.length]
    const theme = D.THEMES[rnd.int(0, D.THEMES.length - 1)]
    const start = now + rnd.int(-3 * 365, 3 * 365) * 86400000 + rnd.int(0, 23) * 3600000
    const people = rnd.pick([50, 100, 200, 500])
    rows.push([
      `${city.zh}${theme.zh}（第${i + 100}期）`, `${theme.en} — ${city.en} #${i + 100}`,
      `${theme.summaryZh}本期在${city.zh}举办。`, `${theme.summaryEn} This edition takes place in ${city.en}.`,
      `<p>${theme.summaryZh}</p>`, `<p>${theme.summaryEn}</p>`,
      ['online', 'offline', 'both'][rnd.int(0, 2)], poster(`${theme.slug}-${city.en}`),
      new Date(start).toISOString(), new Date(start + rnd.pick([2, 3, 4, 8]) * 3600000).toISOString(),
      tzLabel(city.tz), city.country, city.zh, city.en, rnd.pick(orgIds), people, rnd.int(0, people),
      'published', rnd.next() < 0.05 ? 1 : 0, ts, ts, ts, JSON.stringify(theme.tagsZh), JSON.stringify(theme.tagsEn),
    ])
    const id = firstActivityId + i
    for (const c of rnd.sample(cats, rnd.int(1, 2))) categoryRows.push([id, c])
  }
  batchInsert('activities', activityCols, rows)
  batchInsert('activity_categories', ['activity_id', 'category_code'], categoryRows)

  const infoRows = []
  for (let i = 0; i < ROWS; i++) {
    const base = D.INFORMATION[i % D.INFORMATION.length]
    const city = D.ACTIVITY_CITIES[rnd.int(0, D.ACTIVITY_CITIES.length - 1)]
    infoRows.push([
      `${base.titleZh}（${city.zh}·${i}）`, `${base.titleEn} (${city.en} · ${i})`, base.summaryZh, base.summaryEn, `<p>${base.summaryZh}</p>`,
      `<p>${base.summaryEn}</p>`, base.sourceZh, base.sourceEn, rnd.pick(infoCats), 'published',
      new Date(now - rnd.int(0, 5 * 365) * 86400000).toISOString(), ts, ts,
    ])
  }
  batchInsert('information', ['title_zh', 'title_en', 'summary_zh', 'summary_en', 'content_zh', 'content_en', 'source_zh', 'source_en', 'category_code', 'status', 'published_at', 'created_at', 'updated_at'], infoRows)
})()
db.exec('analyze')
const counts = db.prepare("select (select count(*) from activities where status = 'published') a, (select count(*) from information) i").get()
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
  const { stdout } = await execFileAsync(process.execPath, [path.join(here, 'load-client.mjs'), url, String(CONNECTIONS), String(SECONDS)], { cwd: root })
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
