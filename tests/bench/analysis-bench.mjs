// Analysis dashboard benchmark (`node tests/bench/analysis-bench.mjs`; figures, not a timed test).
// 1. a fresh SQLite database: migrate + seed, then in bulk SQL (not the API): 100 more organisations,
//    20,000 people, 100,000 activities, 1,000,000 enrolments over the past year (60 % by accounts, the
//    rest guests; random status) and a year of daily detail views (every activity on 7 random days, the
//    1,000 busiest every day: ~1.07 M per-hour rows);
// 2. the real app twice (buildApp, logger silent: cache off / as shipped) on ephemeral ports, operations and organizer tokens
//    through the real admin login (captcha read from the database, like the tests);
// 3. autocannon in its own process (load-client.mjs), BENCH_CONNECTIONS (10) connections, BENCH_SECONDS
//    (5) s per case: every card endpoint for the last 30 days (Asia/Shanghai) for the whole platform
//    (operations) and for one organisation (the demo organizer, ~1 % of the activities), and the admin
//    home — "cold" (ANALYSIS_CACHE_MS=0: every answer counted from the rows) and "as shipped" (answers
//    reused for 10 s, identical requests in flight computed once); then the whole platform over 365
//    days, cold, one request at a time (3 each: median and max); a table of p50/p95/p99 and req/s.
// PostgreSQL: BENCH_PG_URL=postgres://… runs the same against a fresh schema there (generate_series inserts).
// Options: BENCH_ACTIVITIES (100000), BENCH_ENROLMENTS (1000000), BENCH_ONLY (regexp on case names).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchDir, root, runUnderTsx } from './support/tsx-child.mjs'

runUnderTsx(import.meta.url)

const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES || 100_000)
const ENROLMENTS = Number(process.env.BENCH_ENROLMENTS || 1_000_000)
const PEOPLE = 20_000
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10)
const PG_URL = process.env.BENCH_PG_URL || ''
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null

const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { migrateAndSeed, openSqlite } = await import('./support/database.mjs')
const { CLIENT_CREDENTIALS } = await import(path.join(root, 'src/shared/contracts/api.ts'))
const { ADMIN_ANALYSIS_API: A } = await import(path.join(root, 'src/shared/contracts/analysis.ts'))
const log = (m) => console.log(`[analysis-bench] ${m}`)

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-analysis-bench-'))
let schema = null
if (PG_URL) schema = `hj_bench_${process.pid}`
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(PG_URL ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}) })

let pgClient = null
if (PG_URL) {
  const { default: pg } = await import('pg')
  pgClient = new pg.Client({ connectionString: PG_URL })
  await pgClient.connect()
  await pgClient.query(`create schema ${schema}`)
  await pgClient.query(`set search_path to ${schema}`)
}

// ---- 1. schema + seed, then bulk rows
await migrateAndSeed(config, log, { where: PG_URL ? `PostgreSQL schema ${schema}` : dataDir })

const NOW = Date.now()
const YEAR_MS = 365 * 86400000
const DAY_MS = 86400000
const t = Date.now()

if (!PG_URL) {
  const db = openSqlite(config)
  db.pragma('synchronous = OFF')
  // the seed's deterministic generator (same rows every run)
  const { prng } = await import(path.join(root, 'server/src/db/seed/content.ts'))
  const gen = prng(42)
  const rnd = gen.next
  const int = gen.int
  const iso = (ms) => new Date(ms).toISOString()
  function batchInsert(table, columns, rows, verb = 'insert') {
    const per = Math.floor(900 / columns.length)
    const ph = (n) => Array.from({ length: n }, () => `(${columns.map(() => '?').join(',')})`).join(',')
    const full = db.prepare(`${verb} into ${table} (${columns.join(',')}) values ${ph(per)}`)
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per)
      ;(chunk.length === per ? full : db.prepare(`${verb} into ${table} (${columns.join(',')}) values ${ph(chunk.length)}`)).run(chunk.flat())
    }
  }
  const demoOrg = db.prepare("select a.organization_id as id from user_accounts a join users u on u.id = a.user_id where u.email = 'org@haijiao.demo' and a.kind = 'ouser'").get().id
  db.transaction(() => {
    const ts = iso(NOW)
    batchInsert('organizations', ['name_zh', 'name_en', 'created_at', 'updated_at'], Array.from({ length: 100 }, (_, i) => [`基准机构${i}`, `Bench org ${i}`, ts, ts]))
    const orgIds = db.prepare('select id from organizations').all().map((r) => r.id).filter((id) => id !== demoOrg)
    const firstUser = db.prepare('select coalesce(max(id), 0) + 1 as n from users').get().n
    batchInsert('users', ['email', 'password_hash', 'nick_name', 'created_at', 'updated_at'], Array.from({ length: PEOPLE }, (_, i) => [`bench${i}@bench.test`, 'x', `B${i}`, ts, ts]))
    const firstActivity = db.prepare('select coalesce(max(id), 0) + 1 as n from activities').get().n
    const countries = ['CN', 'US', 'GB', 'DE', 'CA', 'AU', 'JP', 'SG', 'FR']
    const rows = []
    for (let i = 0; i < ACTIVITIES; i++) {
      const published = iso(NOW - int(0, 365) * DAY_MS - int(0, 86399) * 1000)
      const org = rnd() < 0.01 ? demoOrg : orgIds[int(0, orgIds.length - 1)]
      rows.push([`基准活动${i}`, `Bench activity ${i}`, '', '', '', '', ['online', 'offline', 'both'][int(0, 2)], published, published, 'UTC+08:00', countries[int(0, countries.length - 1)], '', '', org, 'published', published, published, published])
    }
    batchInsert('activities', ['title_zh', 'title_en', 'summary_zh', 'summary_en', 'detail_zh', 'detail_en', 'type', 'start_time', 'end_time', 'time_zone', 'country', 'city_zh', 'city_en', 'organization_id', 'status', 'published_at', 'created_at', 'updated_at'], rows)
    rows.length = 0
    const cols = ['activity_id', 'user_id', 'guest_email', 'status', 'created_at', 'updated_at']
    const statuses = ['pending', 'approved', 'approved', 'rejected']
    for (let i = 0; i < ENROLMENTS; i++) {
      const at = iso(NOW - Math.floor(rnd() * YEAR_MS))
      const byAccount = rnd() < 0.6
      rows.push([firstActivity + int(0, ACTIVITIES - 1), byAccount ? firstUser + int(0, PEOPLE - 1) : null, byAccount ? null : `g${i}@guest.test`, statuses[int(0, 3)], at, at])
      if (rows.length === 50_000) {
        batchInsert('activity_enrollments', cols, rows, 'insert or ignore')
        rows.length = 0
      }
    }
    batchInsert('activity_enrollments', cols, rows, 'insert or ignore')
    rows.length = 0
    const hours = new Map()
    const addView = (id, dayIndex) => hours.set(`${id}|${iso(NOW - dayIndex * DAY_MS).slice(0, 11)}${String(int(0, 23)).padStart(2, '0')}`, int(1, 200))
    for (let i = 0; i < ACTIVITIES; i++) for (let k = 0; k < 7; k++) addView(firstActivity + i, int(0, 364))
    for (let i = 0; i < 1000; i++) for (let d = 0; d < 365; d++) addView(firstActivity + i, d)
    const viewRows = [...hours].map(([k, v]) => [Number(k.split('|')[0]), k.split('|')[1], v])
    batchInsert('activity_view_hours', ['activity_id', 'hour', 'views'], viewRows)
  })()
  db.exec('analyze')
  const c = db.prepare('select (select count(*) from activities) a, (select count(*) from activity_enrollments) e, (select count(*) from activity_view_hours) v').get()
  db.close()
  log(`generated in ${Date.now() - t} ms: activities ${c.a}, enrolments ${c.e}, view-hour rows ${c.v}`)
} else {
  const q = (text) => pgClient.query(text)
  const demoOrg = (await q("select a.organization_id as id from user_accounts a join users u on u.id = a.user_id where u.email = 'org@haijiao.demo' and a.kind = 'ouser'")).rows[0].id
  const ts = new Date(NOW).toISOString()
  await q(`insert into organizations (name_zh, name_en, created_at, updated_at) select '基准机构' || g, 'Bench org ' || g, '${ts}', '${ts}' from generate_series(1, 100) g`)
  const { rows: [{ u0 }] } = await q('select coalesce(max(id), 0) + 1 as u0 from users')
  await q(`insert into users (email, password_hash, nick_name, created_at, updated_at) select 'bench' || g || '@bench.test', 'x', 'B' || g, '${ts}', '${ts}' from generate_series(0, ${PEOPLE - 1}) g`)
  const { rows: [{ a0 }] } = await q('select coalesce(max(id), 0) + 1 as a0 from activities')
  const orgs = (await q(`select array_agg(id) as ids from organizations where id <> ${demoOrg}`)).rows[0].ids
  const isoExpr = (msExpr) => `to_char(to_timestamp((${msExpr}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  await q(`insert into activities (title_zh, title_en, summary_zh, summary_en, detail_zh, detail_en, type, start_time, end_time, time_zone, country, city_zh, city_en, organization_id, status, published_at, created_at, updated_at)
    select '基准活动' || g, 'Bench activity ' || g, '', '', '', '', (array['online','offline','both'])[1 + floor(random() * 3)::int], p, p, 'UTC+08:00',
      (array['CN','US','GB','DE','CA','AU','JP','SG','FR'])[1 + floor(random() * 9)::int], '', '',
      case when random() < 0.01 then ${demoOrg} else (array[${orgs.join(',')}])[1 + floor(random() * ${orgs.length})::int] end, 'published', p, p, p
    from (select g, ${isoExpr(`${NOW} - floor(random() * ${YEAR_MS})`)} as p from generate_series(0, ${ACTIVITIES - 1}) g) x`)
  for (let part = 0; part < 10; part++) {
    const n = ENROLMENTS / 10
    await q(`insert into activity_enrollments (activity_id, user_id, guest_email, status, created_at, updated_at)
      select ${a0} + floor(random() * ${ACTIVITIES})::int, case when r < 0.6 then ${u0} + floor(random() * ${PEOPLE})::int end,
        case when r >= 0.6 then 'g' || g || '@guest.test' end, (array['pending','approved','approved','rejected'])[1 + floor(random() * 4)::int], at, at
      from (select g, random() as r, ${isoExpr(`${NOW} - floor(random() * ${YEAR_MS})`)} as at from generate_series(${part * n}, ${(part + 1) * n - 1}) g) x
      on conflict do nothing`)
  }
  const hourExpr = (dayExpr) => `to_char(to_timestamp((${NOW} - (${dayExpr})::bigint * ${DAY_MS}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"') || lpad(floor(random() * 24)::int::text, 2, '0')`
  await q(`insert into activity_view_hours (activity_id, hour, views)
    select ${a0} + a, ${hourExpr('floor(random() * 365)')}, 1 + floor(random() * 200)::int from generate_series(0, ${ACTIVITIES - 1}) a, generate_series(1, 7) k
    on conflict do nothing`)
  await q(`insert into activity_view_hours (activity_id, hour, views)
    select ${a0} + a, ${hourExpr('d')}, 1 + floor(random() * 200)::int from generate_series(0, 999) a, generate_series(0, 364) d
    on conflict do nothing`)
  await q('analyze')
  const c = (await q('select (select count(*) from activities) a, (select count(*) from activity_enrollments) e, (select count(*) from activity_view_hours) v')).rows[0]
  log(`generated in ${Date.now() - t} ms: activities ${c.a}, enrolments ${c.e}, view-hour rows ${c.v}`)
}

// ---- 2. the real app, cold and as shipped, and two admin tokens
const cold = await buildApp({ ...config, analysisCacheMs: 0 }, {})
await cold.listen({ port: 0, host: '127.0.0.1' })
const coldBase = `http://127.0.0.1:${cold.server.address().port}/api/v1`
const shipped = await buildApp({ ...config, analysisCacheMs: 10_000 }, {})
await shipped.listen({ port: 0, host: '127.0.0.1' })
const shippedBase = `http://127.0.0.1:${shipped.server.address().port}/api/v1`
const adminBasic = `Basic ${Buffer.from(`${CLIENT_CREDENTIALS.admin.id}:${CLIENT_CREDENTIALS.admin.secret}`).toString('base64')}`
async function adminToken(email) {
  const cap = await (await fetch(`${coldBase}/system/user/code/verification`)).json()
  const row = await cold.ctx.db.selectFrom('captchas').select('code').where('code_key', '=', cap.result.codeKey).executeTakeFirstOrThrow()
  const r = await (
    await fetch(`${coldBase}/system/user/ouser/login`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: adminBasic }, body: JSON.stringify({ email, password: 'Haijiao2026', code: row.code, codeKey: cap.result.codeKey }) })
  ).json()
  if (r.code !== 200) throw new Error(`login ${email}: ${JSON.stringify(r)}`)
  return r.result.token
}
const ops = await adminToken('ops@haijiao.demo')
// the in-memory columns (modules/analysis/analysis.engine.ts) load once per instance, as the server does when it starts
for (const [name, app] of [['cold', cold], ['shipped', shipped]]) {
  const t0 = Date.now()
  await app.services.analysis.warm()
  log(`${name} instance: analysis columns loaded in ${Date.now() - t0} ms (rss ${Math.round(process.memoryUsage().rss / 1048576)} MB)`)
}
const org = await adminToken('org@haijiao.demo')

const dayIn = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms))
const to = dayIn(NOW)
const from30 = dayIn(NOW - 29 * DAY_MS)
const from365 = dayIn(NOW - 364 * DAY_MS)

// ---- 3. measurements
const execFileAsync = promisify(execFile)
async function measure(name, url, token) {
  const check = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()
  if (check.code !== 200) throw new Error(`${name}: ${JSON.stringify(check).slice(0, 300)}`)
  const { stdout } = await execFileAsync(process.execPath, [path.join(benchDir, 'load-client.mjs'), url, String(CONNECTIONS), String(SECONDS), JSON.stringify({ authorization: `Bearer ${token}` })], { cwd: root, maxBuffer: 1 << 24 })
  const r = JSON.parse(stdout.trim().split('\n').pop())
  if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx answers`)
  return { name, ...r }
}
async function sequential(name, url, token) {
  const times = []
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now()
    const r = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()
    if (r.code !== 200) throw new Error(`${name}: ${JSON.stringify(r).slice(0, 300)}`)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return { name, p50: times[1], p95: times[2], p99: times[2], rps: 1000 / times[1], n: 3 }
}
const cards = [['total', A.total], ['box', A.box], ['day', A.day], ['seven-day', A.sevenDay], ['country', A.country], ['enrolment', A.enrolment], ['top 10', A.top]]
const results = []
for (const [mode, base] of [['cold', coldBase], ['shipped', shippedBase]]) {
  for (const [scenario, token] of [['platform', ops], ['one organisation', org]]) {
    for (const [card, url] of [...cards, ['admin home', A.home]]) {
      const name = `${mode}: ${card} — ${scenario}${card === 'admin home' ? '' : ', 30 days'}`
      if (ONLY && !ONLY.test(name)) continue
      const query = card === 'admin home' ? '' : `?from=${from30}&to=${to}&tz=Asia%2FShanghai`
      results.push(await measure(name, `${base}${url}${query}`, token))
      log(`${name}: done`)
    }
  }
}
for (const [card, url] of cards) {
  const name = `cold, 1 at a time: ${card} — platform, 365 days`
  if (ONLY && !ONLY.test(name)) continue
  results.push(await sequential(name, `${coldBase}${url}?from=${from365}&to=${to}&tz=Asia%2FShanghai`, ops))
  log(`${name}: done`)
}

// ---- 4. report
const pad = (s, n) => String(s).padEnd(n)
const num = (v, n) => String(typeof v === 'number' ? (Number.isInteger(v) ? v : v.toFixed(1)) : v).padStart(n)
console.log(`\n${ACTIVITIES.toLocaleString('en')} activities, ${ENROLMENTS.toLocaleString('en')} enrolments (attempted), a year of views; ${PG_URL ? 'PostgreSQL' : 'SQLite (WAL)'}; ${CONNECTIONS} connections, ${SECONDS} s each; node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`)
console.log(`${pad('case', 62)}${num('p50 ms', 8)}${num('p95 ms', 8)}${num('p99 ms', 8)}${num('req/s', 9)}`)
for (const r of results) console.log(`${pad(r.name, 62)}${num(r.p50, 8)}${num(r.p95, 8)}${num(r.p99, 8)}${num(r.rps, 9)}${typeof r.p95 === 'number' && r.p95 < 100 ? '' : '  (p95 ≥ 100 ms)'}`)

await cold.close()
await shipped.close()
if (pgClient) {
  await pgClient.query(`drop schema if exists ${schema} cascade`)
  await pgClient.end()
}
fs.rmSync(dataDir, { recursive: true, force: true })
