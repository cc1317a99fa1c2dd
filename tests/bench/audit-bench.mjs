// Audit log benchmark (`node tests/bench/audit-bench.mjs`; figures, not a timed test).
// 1. a fresh SQLite database (or BENCH_PG_URL=postgres://… a fresh schema there): migrate + seed, then
//    BENCH_AUDIT_ROWS (1,000,000) audit rows in one SQL statement (recursive CTE / generate_series) over
//    three years: 300 accounts, 16 actions, 40 target types, 101 organisations (one in ten rows platform staff);
// 2. the real app twice on ephemeral ports — audit on (as shipped) and audit off (AUDIT_DISABLED, the
//    bench's switch) — operations and organizer tokens through the real admin login;
// 3. the audit list, one request at a time (BENCH_REQUESTS, 200 per case, the filter value varying):
//    no filter, person, action, target, organisation, one week, and the organizer's own scope — p50/p95/max;
// 4. the p95 overhead on an admin write: the enrolment remark (POST /activity/enroll/admin/remark),
//    BENCH_WRITES (400) per app, interleaved on and off so both see the same machine. The audit's rows
//    are staged and moved into audit_log in batches (a timer, and every list read): the moves run as
//    they would (their effect on the writes is in the figures), and one more move, of 500 rows with
//    nothing else running, gives the move's own CPU per row, so the per-write figure plus it is the
//    whole cost.
//    Then every audited write must have its row in audit_log, completed `ok` (checked, not timed).
// BENCH_ONLY (regexp on list case names) runs some list cases only.
// BENCH_AUDIT_STATEMENTS=1 also times each database statement of the timed writes, per app (the
// executor's wall time per statement, first words of its text): where a write's time goes, on and off.
// BENCH_AUDIT_AA=1 runs the write comparison with the audit off on both sides (an A/A run: the bench's own
// bias and noise floor, to read the WITH/WITHOUT figures against).
// Both databases by default: SQLite, then PostgreSQL at BENCH_PG_URL (default the test server,
// postgres://postgres@127.0.0.1:5432/test; skipped with a note when it does not answer). BENCH_DBS=sqlite
// or BENCH_DBS=postgres runs one. Each prints its table: list p50/p95/max per filter, and the write's
// wall-clock and CPU-time overhead (CPU time is the figure to trust on a shared machine), and last a
// summary of the write WITH and WITHOUT the audit. Run it with `nice -n -5` on a quiet machine and note
// `uptime`: the load average is printed with each table.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { root, runUnderTsx } from './support/tsx-child.mjs'

if (!process.env.HAIJIAO_BENCH_CHILD && !process.env.HAIJIAO_AUDIT_BENCH_ONE) {
  const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',')
  let status = 0
  for (const db of dbs) {
    const env = { ...process.env, HAIJIAO_AUDIT_BENCH_ONE: db }
    if (db === 'postgres') env.BENCH_PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test'
    else delete env.BENCH_PG_URL
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: 'inherit', env })
    status ||= r.status ?? 1
  }
  process.exit(status)
}
runUnderTsx(import.meta.url)

const ROWS = Number(process.env.BENCH_AUDIT_ROWS || 1_000_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200)
const WRITES = Number(process.env.BENCH_WRITES || 400)
const PG_URL = process.env.BENCH_PG_URL || ''
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null

const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { migrateAndSeed, openSqlite } = await import('./support/database.mjs')
const { CLIENT_CREDENTIALS } = await import(path.join(root, 'src/shared/contracts/api.ts'))
const { ADMIN_AUDIT_API: A, AUDIT_ACTIONS } = await import(path.join(root, 'src/shared/contracts/audit.ts'))
const log = (m) => console.log(`[audit-bench] ${m}`)

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-audit-bench-'))
const schema = PG_URL ? `hj_bench_audit_${process.pid}` : null
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(PG_URL ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}) }
const config = loadConfig(env)

let pgClient = null
if (PG_URL) {
  const { default: pg } = await import('pg')
  pgClient = new pg.Client({ connectionString: PG_URL })
  try {
    await pgClient.connect()
  } catch (err) {
    console.log(`[audit-bench] PostgreSQL at ${PG_URL} does not answer (${err.message}): skipped`)
    process.exit(0)
  }
  await pgClient.query(`create schema ${schema}`)
  await pgClient.query(`set search_path to ${schema}`)
}

// ---- 1. schema + seed, then the rows
await migrateAndSeed(config, log, { where: PG_URL ? `PostgreSQL schema ${schema}` : dataDir })
const ACTIONS = AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')
let t = Date.now()
if (PG_URL) {
  await pgClient.query(`
    insert into audit_log (created_at, actor_id, actor_name, actor_roles, organization_id, action, route, target_type, target_id, outcome, result_code, after_json, ip, user_agent)
    select to_char((now() at time zone 'utc') - (i * 94) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      1000 + i % 300, 'staff' || (i % 300) || '@bench.test', 'organizer',
      case when i % 10 = 0 then null else 1 + i % 101 end,
      (array[${ACTIONS}])[1 + (i * 7) % 16], 'POST /api/v1/bench/' || (i % 40) || '/update', 'bench/' || (i % 40) || '/list', (i % 5000)::text,
      'ok', 200, '{"id":1,"titleZh":"标题"}', '10.0.0.' || (i % 250), 'Mozilla/5.0 bench'
    from generate_series(1, ${ROWS}) as s(i)`)
  // what autovacuum does to a table after this many inserts: without the visibility map an index-only
  // scan (the capped count) visits the heap row by row, a state a live table does not stay in
  await pgClient.query('vacuum analyze audit_log')
  // and the bulk load's log written out now, not by a checkpoint in the middle of the timed writes
  await pgClient.query('checkpoint')
} else {
  const db = openSqlite(config)
  db.pragma('synchronous = OFF')
  db.exec(`
    with recursive s(i) as (select 1 union all select i + 1 from s where i < ${ROWS})
    insert into audit_log (created_at, actor_id, actor_name, actor_roles, organization_id, action, route, target_type, target_id, outcome, result_code, after_json, ip, user_agent)
    select strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 94) || ' seconds'),
      1000 + i % 300, 'staff' || (i % 300) || '@bench.test', 'organizer',
      case when i % 10 = 0 then null else 1 + i % 101 end,
      json_extract('[${ACTIONS.replace(/'/g, '"')}]', '$[' || ((i * 7) % 16) || ']'), 'POST /api/v1/bench/' || (i % 40) || '/update', 'bench/' || (i % 40) || '/list', cast(i % 5000 as text),
      'ok', 200, '{"id":1,"titleZh":"标题"}', '10.0.0.' || (i % 250), 'Mozilla/5.0 bench'
    from s`)
  db.exec('analyze')
  // the bulk load's log folded into the file now, not by a checkpoint in the middle of the timed writes
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
}
log(`${ROWS.toLocaleString('en')} audit rows in ${Date.now() - t} ms`)

// ---- 2. the app, audit on and off
// BENCH_AUDIT_AA=1: the "on" app with the audit off too, an A/A run: what the write comparison shows
// when both sides are the same (the bench's own bias and noise floor)
const AA = process.env.BENCH_AUDIT_AA === '1'
const on = await buildApp(AA ? loadConfig({ ...env, AUDIT_DISABLED: '1' }) : config, {})
await on.listen({ port: 0, host: '127.0.0.1' })
const off = await buildApp(loadConfig({ ...env, AUDIT_DISABLED: '1' }), {})
await off.listen({ port: 0, host: '127.0.0.1' })
const baseOf = (app) => `http://127.0.0.1:${app.server.address().port}/api/v1`
const adminBasic = `Basic ${Buffer.from(`${CLIENT_CREDENTIALS.admin.id}:${CLIENT_CREDENTIALS.admin.secret}`).toString('base64')}`
async function adminToken(email) {
  const cap = await (await fetch(`${baseOf(on)}/system/user/code/verification`)).json()
  const row = await on.ctx.db.selectFrom('captchas').select('code').where('code_key', '=', cap.result.codeKey).executeTakeFirstOrThrow()
  const r = await (
    await fetch(`${baseOf(on)}/system/user/ouser/login`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: adminBasic }, body: JSON.stringify({ email, password: 'Haijiao2026', code: row.code, codeKey: cap.result.codeKey }) })
  ).json()
  if (r.code !== 200) throw new Error(`login ${email}: ${JSON.stringify(r)}`)
  return r.result.token
}
const ops = await adminToken('ops@haijiao.demo')
const org = await adminToken('org@haijiao.demo')

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
function summary(name, times) {
  const s = [...times].sort((a, b) => a - b)
  return { name, n: s.length, p50: pct(s, 50), p95: pct(s, 95), max: s[s.length - 1] }
}
/**
 * one request: wall-clock ms, and the CPU ms this process spent meanwhile (client and server share the
 * process, one request at a time: the CPU figure is the request's own cost, whatever else the machine runs)
 */
async function timed(url, init) {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const res = await fetch(url, init)
  const body = await res.json()
  const ms = performance.now() - t0
  const c = process.cpuUsage(c0)
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 200)}`)
  return { ms, cpu: (c.user + c.system) / 1000, body }
}

// ---- 3. the list per filter
const day = (msAgo) => new Date(Date.now() - msAgo).toISOString().slice(0, 10)
const CASES = [
  ['no filter (ops)', () => '', ops],
  ['person (actorId)', (i) => `actorId=${1000 + (i % 300)}`, ops],
  ['person (e-mail)', (i) => `actor=staff${i % 300}@bench.test`, ops],
  ['action', (i) => `action=${AUDIT_ACTIONS[i % 16]}`, ops],
  ['target type', (i) => `targetType=bench/${i % 40}/list`, ops],
  ['target type + id', (i) => `targetType=bench/${i % 40}/list&targetId=${(i * 40 + (i % 40)) % 5000}`, ops],
  ['organisation', (i) => `organizationId=${1 + (i % 101)}`, ops],
  ['one week', (i) => `from=${day((i % 150) * 7 * 86400000 + 7 * 86400000)}&to=${day((i % 150) * 7 * 86400000)}`, ops],
  ['action + one month', (i) => `action=${AUDIT_ACTIONS[i % 16]}&from=${day((i % 30) * 30 * 86400000 + 30 * 86400000)}&to=${day((i % 30) * 30 * 86400000)}`, ops],
  ['organizer scope', () => '', org],
  ['page 50 (no filter)', () => 'page=50', ops],
]
const results = []
for (const [name, query, token] of CASES) {
  if (ONLY && !ONLY.test(name)) continue
  const times = []
  const cpu = []
  let total = 0
  for (let i = 0; i < REQUESTS + 10; i++) {
    const r = await timed(`${baseOf(on)}${A.list}?pageSize=20&${query(i)}`, { headers: { authorization: `Bearer ${token}` } })
    // the first 10 warm the statement cache
    if (i >= 10) {
      times.push(r.ms)
      cpu.push(r.cpu)
    }
    total = r.body.result.total
  }
  const c = summary('', cpu)
  results.push({ ...summary(`list: ${name}`, times), note: `total ${total}${total >= 10000 ? '+' : ''}; CPU p50 ${c.p50.toFixed(2)} p95 ${c.p95.toFixed(2)} ms` })
}

// ---- 4. an admin write, audit on vs off
const enrolment = await on.ctx.db.selectFrom('activity_enrollments').select('id').orderBy('id').executeTakeFirstOrThrow()
// the batch moves (staged rows into audit_log) of the audited app during the timed writes: how many, and their rows
const audit = on.services.audit
const moves = { n: 0, rows: 0 }
const flushOf = audit.flush.bind(audit)
audit.flush = async () => {
  const rows = await flushOf()
  if (rows) Object.assign(moves, { n: moves.n + 1, rows: moves.rows + rows })
  return rows
}
const auditedBefore = Number((await on.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('route', '=', 'POST /api/v1/activity/enroll/admin/remark').executeTakeFirstOrThrow()).n)
const write = (app, i) =>
  timed(`${baseOf(app)}/activity/enroll/admin/remark`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json', 'user-agent': 'audit-bench' },
    body: JSON.stringify({ id: enrolment.id, remark: `bench remark ${i}` }),
  })
for (let i = 0; i < 20; i++) {
  await write(on, i)
  await write(off, i)
}
// BENCH_AUDIT_STATEMENTS=1: each statement's executor time during the timed writes, by app (one request
// at a time, so the app whose request is in flight owns every statement but the batch moves')
const statements = { on: new Map(), off: new Map() }
let current = null
if (process.env.BENCH_AUDIT_STATEMENTS === '1') {
  for (const [app, side] of [[on, 'on'], [off, 'off']]) {
    const ex = app.ctx.db.getExecutor()
    const run = ex.executeQuery.bind(ex)
    ex.executeQuery = async (q, id) => {
      const t0 = performance.now()
      try {
        return await run(q, id)
      } finally {
        const key = `${current === side ? '' : '(between) '}${q.sql.replace(/\/\*[^*]*\*\/\s*/g, '').replace(/\s+/g, ' ').slice(0, 60)}`
        const m = statements[side]
        if (!m.has(key)) m.set(key, [])
        m.get(key).push(performance.now() - t0)
      }
    }
  }
}
// PostgreSQL: the log written during the timed writes (records, full-page images, bytes), both apps
const walStats = async () => (pgClient ? (await pgClient.query('select wal_records, wal_fpi, wal_bytes from pg_stat_wal')).rows[0] : null)
const wal0 = await walStats()
const onTimes = []
const offTimes = []
const onCpu = []
const offCpu = []
const push = (r, times, cpu) => {
  times.push(r.ms)
  cpu.push(r.cpu)
}
for (let i = 0; i < WRITES; i++) {
  // alternate which goes first, so neither always follows the other's fsync
  if (i % 2) {
    current = 'on'
    push(await write(on, i), onTimes, onCpu)
    current = 'off'
    push(await write(off, i), offTimes, offCpu)
  } else {
    current = 'off'
    push(await write(off, i), offTimes, offCpu)
    current = 'on'
    push(await write(on, i), onTimes, onCpu)
  }
  current = null
}
const plus = (a, b) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)} %`
const wOn = summary('write: enrolment remark, audit on', onTimes)
const wOff = summary('write: enrolment remark, audit off', offTimes)
results.push(wOff, { ...wOn, note: `p95 ${plus(wOn.p95, wOff.p95)}, p50 ${plus(wOn.p50, wOff.p50)} (wall clock)` })
const cOn = summary('write CPU: audit on', onCpu)
const cOff = summary('write CPU: audit off', offCpu)
results.push(cOff, { ...cOn, note: `p95 ${plus(cOn.p95, cOff.p95)}, p50 ${plus(cOn.p50, cOff.p50)} (CPU time of the request in this process${PG_URL ? '; PostgreSQL\'s own not counted' : ''})` })

const wal1 = await walStats()
// every audited write has its row, completed, once the staged rows have moved
await audit.flush()
// the move's own cost per row, measured alone: a move the timer starts while a request is in flight
// counts that request's CPU too (one process), so the timed moves above only give the count.
// MOVE_ROWS more audited writes with the timer held (fewer than a batch, which would start a move),
// then one move with nothing else running.
const MOVE_ROWS = 500
const timer = audit.flushSoon
audit.flushSoon = () => {}
// (a move already booked would run in the middle: it is cancelled, and the rows before it moved now)
clearTimeout(audit.flushTimer)
audit.flushTimer = null
await flushOf()
for (let i = 0; i < MOVE_ROWS; i++) await write(on, i)
audit.flushSoon = timer
const alone = { c0: process.cpuUsage(), t0: performance.now() }
const movedAlone = await flushOf()
const aloneCpu = process.cpuUsage(alone.c0)
const perRowCpu = movedAlone ? (aloneCpu.user + aloneCpu.system) / 1000 / movedAlone : 0
const perRowMs = movedAlone ? (performance.now() - alone.t0) / movedAlone : 0
const staged = Number((await on.ctx.db.selectFrom('audit_pending').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
const done = await on.ctx.db.selectFrom('audit_log').select(['outcome', (eb) => eb.fn.countAll().as('n')]).where('route', '=', 'POST /api/v1/activity/enroll/admin/remark').groupBy('outcome').execute()
const okRows = Number(done.find((d) => d.outcome === 'ok')?.n ?? 0)
const otherRows = done.filter((d) => d.outcome !== 'ok').reduce((a, d) => a + Number(d.n), 0)
const writesOn = WRITES + 20 + MOVE_ROWS
if (!AA && (staged !== 0 || okRows - auditedBefore !== writesOn || otherRows !== 0)) throw new Error(`audit rows: ${staged} left staged, ${okRows - auditedBefore} ok of ${writesOn} writes, ${otherRows} not ok`)

await on.close()
await off.close()
if (pgClient) {
  await pgClient.query(`drop schema ${schema} cascade`)
  await pgClient.end()
}
fs.rmSync(dataDir, { recursive: true, force: true })

const pad = (s, n) => String(s).padEnd(n)
const num = (v, n) => (typeof v === 'number' ? v.toFixed(2) : String(v)).padStart(n)
console.log(`\n${PG_URL ? 'PostgreSQL' : 'SQLite'}, ${ROWS.toLocaleString('en')} audit rows, one request at a time; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs (wall-clock figures on a loaded machine are not final)`)
console.log(`${pad('case', 44)}${num('p50 ms', 9)}${num('p95 ms', 9)}${num('max ms', 9)}  note`)
for (const r of results) console.log(`${pad(r.name, 44)}${num(r.p50, 9)}${num(r.p95, 9)}${num(r.max, 9)}  ${r.note ?? ''}${r.name.startsWith('list') && r.p95 > 30 ? '  (p95 > 30 ms)' : ''}`)
const ms = (v) => `${v.toFixed(3)} ms`
console.log(`
admin write (enrolment remark), ${WRITES} each, interleaved — ${PG_URL ? 'PostgreSQL' : 'SQLite'}${AA ? ' — A/A: the audit off on BOTH sides' : ''}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}
                      WITHOUT audit    WITH audit    overhead
  wall p50          ${ms(wOff.p50).padStart(13)} ${ms(wOn.p50).padStart(13)}   ${plus(wOn.p50, wOff.p50)}
  wall p95          ${ms(wOff.p95).padStart(13)} ${ms(wOn.p95).padStart(13)}   ${plus(wOn.p95, wOff.p95)}   (target: at most +5 %)
  CPU p50           ${ms(cOff.p50).padStart(13)} ${ms(cOn.p50).padStart(13)}   ${plus(cOn.p50, cOff.p50)}
  CPU p95           ${ms(cOff.p95).padStart(13)} ${ms(cOn.p95).padStart(13)}   ${plus(cOn.p95, cOff.p95)}
  CPU p50 + batch move per row ${ms(cOn.p50 + perRowCpu).padStart(13)}   ${plus(cOn.p50 + perRowCpu, cOff.p50)}   (a move alone: ${(perRowCpu * 1000).toFixed(1)} µs CPU and ${(perRowMs * 1000).toFixed(1)} µs wall per row, ${movedAlone} rows; during the timed writes ${moves.n} moves took ${moves.rows} rows)
  ${wal0 ? `log written meanwhile: ${Number(wal1.wal_records) - Number(wal0.wal_records)} records, ${Number(wal1.wal_fpi) - Number(wal0.wal_fpi)} full-page images, ${((Number(wal1.wal_bytes) - Number(wal0.wal_bytes)) / 1048576).toFixed(1)} MB\n  ` : ''}rows: ${AA ? 'not checked (A/A)' : `${writesOn} audited writes, ${writesOn} rows completed ok in audit_log, none left staged`}`)
if (process.env.BENCH_AUDIT_STATEMENTS === '1') {
  console.log('\nstatements during the timed writes (executor wall time, ms): n, p50, p95, sum')
  for (const side of ['off', 'on']) {
    console.log(`  audit ${side}`)
    for (const [key, times] of statements[side]) {
      const s = summary(key, times)
      console.log(`    ${String(s.n).padStart(5)} ${s.p50.toFixed(3).padStart(8)} ${s.p95.toFixed(3).padStart(8)} ${times.reduce((a, b) => a + b, 0).toFixed(0).padStart(7)}  ${key}`)
    }
  }
}
