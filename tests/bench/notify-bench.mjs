// Notification benchmark (`npm run bench:notify`; not a timed test). Figures of the "People hear back" issue:
// 1. fan-out of one activity change to BENCH_ENROLLEES (default 10,000) enrollees over all three channels
//    through the real job worker: inbox rows written per second, e-mails per second to a local SMTP sink
//    (a child process; pooled transport) and WeChat subscribe messages per second to the local WeChat fake,
//    each checked exactly once per person;
// 2. the inbox at BENCH_INBOX_ROWS (default 1,000,000) rows: p95 of a person's first page and of their
//    unread count through the service (index-backed; 1,000 people × 20 samples each by default).
// Database: a fresh embedded SQLite (default) or DATABASE_URL (PostgreSQL; a fresh schema, dropped at the end).
import { fork } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchDir, root, runUnderTsx } from './support/tsx-child.mjs'

runUnderTsx(import.meta.url)

const N = Number(process.env.BENCH_ENROLLEES || 10_000)
const INBOX_ROWS = Number(process.env.BENCH_INBOX_ROWS || 1_000_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES || 20)
const log = (...a) => console.log('[notify-bench]', ...a)

const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { JobWorker } = await import(path.join(root, 'server/src/jobs/index.ts'))
const { jobHandlers } = await import(path.join(root, 'server/src/job-handlers.ts'))

// ---- the SMTP sink child (the subscription bench's: it drains and counts every message)
const sink = fork(path.join(benchDir, 'subscription-bench.mjs'), ['--sink'], { stdio: 'inherit', execArgv: [] })
const ask = (msg) => new Promise((resolve) => { sink.once('message', resolve); sink.send(msg) })
const { port } = await new Promise((resolve) => sink.once('message', resolve))
// ---- the WeChat fake child (its HTTP answers are WeChat's work, not the server's)
const wxChild = fork(path.join(benchDir, 'support/fake-wechat-child.ts'), [], { stdio: 'inherit', execArgv: ['--import', 'tsx'] })
const askWx = (msg) => new Promise((resolve) => { wxChild.once('message', resolve); wxChild.send(msg) })
wxChild.once('exit', (code) => code && (console.error('[notify-bench] the WeChat fake exited with', code), process.exit(1)))
const { env: wechatEnv } = await new Promise((resolve) => wxChild.once('message', resolve))

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hj-notify-bench-'))
const schema = process.env.DATABASE_URL ? `hj_notify_bench_${crypto.randomBytes(3).toString('hex')}` : ''
if (schema) {
  const { default: pg } = await import('pg')
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await c.connect()
  await c.query(`create schema ${schema}`)
  await c.end()
}
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  JOB_MAIL_CONCURRENCY: process.env.BENCH_CONCURRENCY || '128',
  JOBS_DISABLED: '1',
  ...wechatEnv,
  WECHAT_TEMPLATE_RESULT: 'tpl-result',
  WECHAT_TEMPLATE_CHANGE: 'tpl-change',
  WECHAT_TEMPLATE_REMINDER: 'tpl-reminder',
  ...(schema ? { DATABASE_SCHEMA: schema } : {}),
})
const app = await buildApp(config, { migrate: true, seed: true })
const db = app.ctx.db
const now = new Date().toISOString()

async function insertChunked(table, rows, per = 500) {
  for (let i = 0; i < rows.length; i += per) await db.insertInto(table).values(rows.slice(i, i + per)).execute()
}

// ---- people: N accounts, each with a mini-program openid, one WeChat accept of the change template, enrolled
const src = await db.selectFrom('activities').selectAll().where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow()
const { id: _drop, ...activityRow } = src
const activityId = (await db.insertInto('activities').values({ ...activityRow, title_zh: '通知基准', title_en: 'Notify bench', is_hot: 0, start_time: new Date(Date.now() + 30 * 86400_000).toISOString(), end_time: new Date(Date.now() + 30 * 86400_000 + 7200_000).toISOString() }).returning('id').executeTakeFirstOrThrow()).id
const users = Array.from({ length: N }, (_, i) => ({ email: `bench${i}@example.com`, password_hash: 'x', nick_name: `bench ${i}`, avatar_url: null, phone: null, lang: i % 2 ? 'en' : 'zh', real_name: null, failed_login_window_start: null, frozen_until: null, created_at: now, updated_at: now, promoter_code: null, promoter_email: null }))
const ids = []
for (let i = 0; i < users.length; i += 500) ids.push(...(await db.insertInto('users').values(users.slice(i, i + 500)).returning('id').execute()).map((r) => r.id))
// BENCH_CHANNELS=email: nobody has a mini-program openid, so the fan-out is inbox + e-mail only
const withWeChat = process.env.BENCH_CHANNELS !== 'email'
if (withWeChat) await insertChunked('user_wechat_identities', ids.map((id) => ({ user_id: id, app_kind: 'mini', open_id: `bench-open-${id}`, union_id: null, created_at: now, updated_at: now })))
await insertChunked('wechat_subscriptions', ids.map((id) => ({ user_id: id, template_id: 'tpl-change', remaining: 1, updated_at: now })))
await insertChunked('activity_enrollments', ids.map((id) => ({ activity_id: activityId, user_id: id, status: 'approved', promoter_user_id: null, guest_email: null, guest_token: null, created_at: now, updated_at: now })))
// PostgreSQL plans from table statistics, which autovacuum refreshes some time after a bulk insert; a
// live database that grew to this size has them, so the bench takes them before measuring
if (schema) {
  const { sql } = await import('kysely')
  await sql`analyze`.execute(db)
}
log(`${N} enrollees ready (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`)

// ---- 1. fan-out and sends
const svc = app.services.notification
await svc.emit({ type: 'activity_changed', activityId, changes: [{ field: 'link', from: '', to: 'https://meet.example.com/bench' }] }, `bench:${activityId}`)
const job = await app.ctx.jobs.byDedupeKey(`notify:bench:${activityId}`)
// where the fan-out's time goes: the recipient query, the inbox rows, the ledger rows (wrapped, not changed)
const spent = { recipients: 0, inbox: 0, ledger: 0 }
const timed = (obj, method, bucket) => {
  const orig = obj[method].bind(obj)
  obj[method] = async (...args) => { const s = performance.now(); try { return await orig(...args) } finally { spent[bucket] += performance.now() - s } }
}
timed(svc.repo, 'recipients', 'recipients')
timed(svc.repo, 'insertInbox', 'inbox')
timed(app.ctx.jobs, 'addDeliveries', 'ledger')
let t = performance.now()
const fanOutCpuBefore = process.cpuUsage()
await svc.fanOut(job.id, JSON.parse(job.payload))
const fanOutMs = performance.now() - t
const fanOutCpu = process.cpuUsage(fanOutCpuBefore)
const fanOutCpuMs = (fanOutCpu.user + fanOutCpu.system) / 1000
const fanOutLedger = Number((await db.selectFrom('mail_deliveries').select((eb) => eb.fn.countAll().as('n')).where('job_id', '=', job.id).executeTakeFirstOrThrow()).n)
const fanOutSpent = { ...spent } // the worker below runs the same job again (it adds nobody twice)
const inboxCount = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('activity_id', '=', activityId).executeTakeFirstOrThrow()).n)
t = performance.now()
const cpuBefore = process.cpuUsage()
const markStart = process.hrtime.bigint() / 1000n // µs, the clock of --cpu-prof's samples
const worker = new JobWorker(app.ctx, jobHandlers(app.services, { batchSize: Number(process.env.BENCH_BATCH || 500), concurrency: Number(process.env.BENCH_CONCURRENCY || 128) }), { owner: 'bench' })
await worker.runDue()
const sendMs = performance.now() - t
// CPU time of the server process while sending: on a shared machine, the wall-clock rate depends on the
// neighbours; CPU per send says what one core of this process can carry
const cpu = process.cpuUsage(cpuBefore)
if (process.env.BENCH_NODE_ARGS?.includes('--cpu-prof')) log(`send phase in the CPU profile: ${markStart}..${process.hrtime.bigint() / 1000n} µs`)
const cpuMs = (cpu.user + cpu.system) / 1000
const byChannel = await db.selectFrom('mail_deliveries').select(['channel', 'status', (eb) => eb.fn.countAll().as('n')]).where('job_id', '=', job.id).groupBy(['channel', 'status']).execute()
const sunk = await ask('count')
const wxSunk = await askWx('count')
const wx = wxSunk.count
log(`fan-out (inbox + ledger rows for ${N} people, ${withWeChat ? 3 : 2} channels): ${fanOutMs.toFixed(0)} ms → inbox ${inboxCount} rows = ${Math.round(inboxCount / (fanOutMs / 1000))} rows/s (with ${fanOutLedger} ledger rows in the same time)`)
log(`  of which: recipient query ${fanOutSpent.recipients.toFixed(0)} ms, inbox insert ${fanOutSpent.inbox.toFixed(0)} ms (${Math.round(inboxCount / (fanOutSpent.inbox / 1000))} rows/s), ledger insert ${fanOutSpent.ledger.toFixed(0)} ms, building rows ${(fanOutMs - fanOutSpent.recipients - fanOutSpent.inbox - fanOutSpent.ledger).toFixed(0)} ms; CPU ${fanOutCpuMs.toFixed(0)} ms`)
log(`sending ${N} e-mails + ${wx} WeChat messages: ${sendMs.toFixed(0)} ms → ${Math.round(sunk.count / (sendMs / 1000))} e-mails/s, ${Math.round((sunk.count + wx) / (sendMs / 1000))} sends/s over both channels`)
log(`server CPU while sending: ${cpuMs.toFixed(0)} ms = ${(cpuMs / (sunk.count + wx)).toFixed(3)} ms per send → one core carries ${Math.round((sunk.count + wx) / (cpuMs / 1000))} sends/s`)
log(`ledger: ${byChannel.map((r) => `${r.channel} ${r.status} ${r.n}`).join(', ')}; sink: ${sunk.count} mails to ${sunk.unique} addresses (${sunk.dupes} repeated); WeChat fake: ${wx} messages to ${wxSunk.unique} openids`)
const exact = inboxCount === N && sunk.count === N && sunk.unique === N && wx === (withWeChat ? N : 0) && wxSunk.unique === (withWeChat ? N : 0)

// ---- 2. the inbox at INBOX_ROWS rows
const have = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
const per = Math.ceil((INBOX_ROWS - have) / ids.length)
t = performance.now()
for (let k = 0; k < per; k++) {
  const rows = ids.map((userId, i) => ({ user_id: userId, dedupe_key: `bench:${k}:${userId}`, kind: 'notice', activity_id: activityId, enrollment_id: null, title_zh: `通知 ${k}`, title_en: `Notice ${k}`, body_zh: '正文', body_en: 'Body', read_at: (i + k) % 3 ? now : null, created_at: now }))
  await insertChunked('notifications', rows, 1000)
}
const total = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
log(`inbox filled to ${total} rows in ${((performance.now() - t) / 1000).toFixed(0)} s`)
const p95 = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]
const listMs = []
const unreadMs = []
const people = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 1000)) === 0).slice(0, 1000)
for (let round = 0; round < SAMPLES; round++) {
  for (const userId of people) {
    let s = performance.now()
    await app.services.inbox.list(userId, { page: 1, pageSize: 20 })
    listMs.push(performance.now() - s)
    s = performance.now()
    await app.services.inbox.unread(userId)
    unreadMs.push(performance.now() - s)
  }
}
log(`inbox of one person (${per + 1} items each) at ${total} rows: first page p95 ${p95(listMs).toFixed(2)} ms, unread count p95 ${p95(unreadMs).toFixed(2)} ms (${listMs.length} samples each)`)

await app.close()
wxChild.send('stop')
sink.send('stop')
if (schema) {
  const { default: pg } = await import('pg')
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await c.connect()
  await c.query(`drop schema ${schema} cascade`)
  await c.end()
}
fs.rmSync(dataDir, { recursive: true, force: true })
log(exact ? 'every person exactly once on every channel' : 'MISMATCH: not every person exactly once')
process.exit(exact ? 0 : 1)
