// Check-in benchmark (`npm run bench:checkin`; not a timed test). Figures:
// 1. BENCH_SCANNERS (default 10) scanners at once, each scanning BENCH_TICKETS (default 1,000) different
//    tickets of one activity through the real route (POST /activity/check-in scan, as an organizer: auth,
//    schema, scope, the scan transaction and the counter): p50 / p95 / p99 of the server's answer
//    (Fastify inject: the full request pipeline without a socket), the CPU per scan (this process and a
//    local PostgreSQL: the figure a shared machine does not skew), and exactly scanners × tickets checked in;
// 2. the waiting list: BENCH_SEATS (default 200) concurrent cancellations of a full activity with
//    BENCH_WAITING (default 500) people waiting → exactly that many offers, seats never exceeded.
// Database: a fresh embedded SQLite (default) or DATABASE_URL (PostgreSQL; a fresh schema, dropped at the end).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root, runUnderTsx } from './support/tsx-child.mjs'
import { startCpuMeter, withApplicationName } from './support/cpu-meter.mjs'

runUnderTsx(import.meta.url)

const SCANNERS = Number(process.env.BENCH_SCANNERS || 10)
const TICKETS = Number(process.env.BENCH_TICKETS || 1_000)
const SEATS = Number(process.env.BENCH_SEATS || 200)
const WAITING = Number(process.env.BENCH_WAITING || 500)
const log = (...a) => console.log('[checkin-bench]', ...a)

const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { newTicketCode } = await import(path.join(root, 'server/src/lib/ticket-code.ts'))
const { CHECKIN_API } = await import(path.join(root, 'src/shared/contracts/ticket.ts'))
const { CLIENT_CREDENTIALS } = await import(path.join(root, 'src/shared/contracts/api.ts'))

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hj-checkin-bench-'))
const schema = process.env.DATABASE_URL ? `hj_checkin_bench_${crypto.randomBytes(3).toString('hex')}` : ''
if (schema) {
  const { default: pg } = await import('pg')
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await c.connect()
  await c.query(`create schema ${schema}`)
  await c.end()
}
const config = loadConfig({
  ...process.env,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: withApplicationName(process.env.DATABASE_URL, 'hj_checkin_bench') } : {}),
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  JOBS_DISABLED: '1',
  ...(schema ? { DATABASE_SCHEMA: schema } : {}),
})
const app = await buildApp(config, { migrate: true, seed: true })
const db = app.ctx.db
const now = new Date().toISOString()
const dbName = config.databaseUrl ? 'PostgreSQL' : 'SQLite'
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]

// ---- the organizer's token (the demo organizer, through the admin login with its captcha)
const basic = (c) => `Basic ${Buffer.from(`${CLIENT_CREDENTIALS[c].id}:${CLIENT_CREDENTIALS[c].secret}`).toString('base64')}`
const cap = (await app.inject({ method: 'GET', url: '/api/v1/system/user/code/verification' })).json().result
const { code: capCode } = await db.selectFrom('captchas').select('code').where('code_key', '=', cap.codeKey).executeTakeFirstOrThrow()
const login = (await app.inject({ method: 'POST', url: '/api/v1/system/user/ouser/login', headers: { authorization: basic('admin') }, payload: { email: 'org@haijiao.demo', password: 'Haijiao2026', code: capCode, codeKey: cap.codeKey } })).json()
if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`)
const token = login.result.token
const orgId = (await db.selectFrom('user_accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.organization_id').where('u.email', '=', 'org@haijiao.demo').where('a.kind', '=', 'ouser').executeTakeFirstOrThrow()).organization_id

async function newActivity(title, people) {
  const src = await db.selectFrom('activities').selectAll().where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow()
  const { id: _drop, ...row } = src
  const start = Date.now() + 3 * 86400_000
  return (await db.insertInto('activities').values({ ...row, organization_id: orgId, title_zh: title, title_en: title, is_hot: 0, people_count: people, enrolled_count: 0, held_count: 0, start_time: new Date(start).toISOString(), end_time: new Date(start + 3 * 3600_000).toISOString() }).returning('id').executeTakeFirstOrThrow()).id
}
async function insertChunked(table, rows, per = 500) {
  const out = []
  for (let i = 0; i < rows.length; i += per) out.push(...(await db.insertInto(table).values(rows.slice(i, i + per)).returning('id').execute()))
  return out
}

// ---- 1. check-in
const total = SCANNERS * TICKETS
const activityId = await newActivity('签到基准 Check-in bench', 0)
const codes = Array.from({ length: total }, () => newTicketCode())
await insertChunked('activity_enrollments', codes.map((code, i) => ({ activity_id: activityId, user_id: null, guest_email: `scan${i}@example.com`, guest_token: null, status: 'approved', form_answers: JSON.stringify({ name: `Guest ${i}` }), ticket_code: code, created_at: now, updated_at: now })))
await db.updateTable('activities').set({ enrolled_count: total }).where('id', '=', activityId).execute()
log(`${total} approved tickets ready (${dbName}); ${SCANNERS} scanners × ${TICKETS} tickets at once`)

const times = []
const kinds = {}
const { sql } = await import('kysely')
const backendPids = async () => (schema ? (await sql`select pid from pg_stat_activity where application_name = 'hj_checkin_bench'`.execute(db)).rows.map((r) => r.pid) : null)
const cpu = await startCpuMeter(backendPids)
const t0 = Date.now()
await Promise.all(
  Array.from({ length: SCANNERS }, async (_, s) => {
    for (let i = 0; i < TICKETS; i++) {
      const code = codes[s * TICKETS + i]
      const start = process.hrtime.bigint()
      const res = await app.inject({ method: 'POST', url: `/api/v1${CHECKIN_API.scan}`, headers: { authorization: `Bearer ${token}` }, payload: { activityId, code, nonce: `n${s}x${i}xxxxxxxx`, deviceId: `scanner-${s}-bench` } })
      times.push(Number(process.hrtime.bigint() - start) / 1e6)
      const body = res.json()
      const kind = body.code === 200 ? body.result.kind : `code ${body.code}`
      kinds[kind] = (kinds[kind] ?? 0) + 1
    }
  }),
)
const wall = Date.now() - t0
const cpuPer = await cpu.per(SCANNERS * TICKETS)
times.sort((a, b) => a - b)
const counted = await db.selectFrom('activity_enrollments').select((eb) => eb.fn.count('checked_in_at').as('n')).where('activity_id', '=', activityId).executeTakeFirstOrThrow()
const logged = await db.selectFrom('checkin_scans').select((eb) => eb.fn.countAll().as('n')).where('activity_id', '=', activityId).executeTakeFirstOrThrow()
log(`check-in (${dbName}): ${times.length} scans in ${wall} ms (${Math.round((times.length / wall) * 1000)}/s); server answer p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms, p99 ${pct(times, 0.99).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms`)
log(`CPU per scan (${dbName}; does not depend on what else runs on the machine): this process ${cpuPer.node.toFixed(2)} ms${cpuPer.postgres === null ? '' : `, PostgreSQL ${cpuPer.postgres.toFixed(2)} ms`}; load average now ${os.loadavg()[0].toFixed(2)}`)
log(`results: ${JSON.stringify(kinds)}; checked in (rows) ${Number(counted.n)} of ${total}; log rows ${Number(logged.n)}`)
const okScan = Number(counted.n) === total && kinds.checked_in === total

// ---- 2. the waiting list: concurrent cancellations of a full activity
const wlId = await newActivity('候补基准 Waitlist bench', SEATS)
await db.updateTable('activities').set({ waitlist_enabled: 1, offer_hours: 24 }).where('id', '=', wlId).execute()
const people = await insertChunked('users', Array.from({ length: SEATS + WAITING }, (_, i) => ({ email: `wl${i}-${crypto.randomBytes(3).toString('hex')}@example.com`, password_hash: 'x', nick_name: `wl ${i}`, created_at: now, updated_at: now })))
const holders = await insertChunked('activity_enrollments', people.slice(0, SEATS).map((u) => ({ activity_id: wlId, user_id: u.id, status: 'approved', form_answers: '{}', ticket_code: newTicketCode(), created_at: now, updated_at: now })))
await db.updateTable('activities').set({ enrolled_count: SEATS }).where('id', '=', wlId).execute()
await insertChunked('activity_waitlist', people.slice(SEATS).map((u) => ({ activity_id: wlId, user_id: u.id, person_key: `u:${u.id}`, form_answers: '{}', created_at: now, updated_at: now })))
const t1 = Date.now()
const settled = await Promise.allSettled(holders.map((e, i) => app.services.ticket.cancelMine({ enrollmentId: e.id }, people[i].id)))
const wlMs = Date.now() - t1
const a = await db.selectFrom('activities').select(['people_count', 'enrolled_count', 'held_count']).where('id', '=', wlId).executeTakeFirstOrThrow()
const offered = await db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', wlId).where('state', '=', 'offered').orderBy('id').execute()
const first = await db.selectFrom('activity_waitlist').select('id').where('activity_id', '=', wlId).orderBy('id').limit(SEATS).execute()
const inOrder = offered.map((r) => r.id).join() === first.map((r) => r.id).join()
const failed = settled.filter((r) => r.status === 'rejected')
log(`waiting list (${dbName}): ${SEATS} concurrent cancellations, ${WAITING} waiting → ${offered.length} offers in ${wlMs} ms; enrolled ${a.enrolled_count} + held ${a.held_count} of ${a.people_count} seats; queue order kept: ${inOrder}; failed cancellations: ${failed.length}${failed.length ? ` (${failed[0].reason})` : ''}`)
const okWl = offered.length === SEATS && a.enrolled_count + a.held_count <= a.people_count && inOrder && !failed.length

await app.close()
if (schema) {
  const { default: pg } = await import('pg')
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await c.connect()
  await c.query(`drop schema ${schema} cascade`)
  await c.end()
}
fs.rmSync(dataDir, { recursive: true, force: true })
log(okScan && okWl ? 'OK' : 'FAILED')
process.exit(okScan && okWl ? 0 : 1)
