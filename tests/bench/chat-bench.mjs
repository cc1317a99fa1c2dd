// Chat and cluster benchmark (`npm run bench:chat`; figures, not a test). Needs PostgreSQL and Redis
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; TEST_REDIS_URL, default
// redis://127.0.0.1:6379). Starts two real server processes (server/src/server.ts, NODE_ENV=production)
// on a fresh PostgreSQL schema and Redis prefix, on ports 18460/18461, then measures:
//  1. sockets held: BENCH_SOCKETS (default 10,000; 0 skips this part) chat websockets opened on instance A (visitors, each
//     authenticated), how many are open after BENCH_HOLD_S (default 10) s, and A's RSS;
//  2. latency through Redis: BENCH_RATE (default 500) messages/s for BENCH_SECONDS (default 10) s, each
//     sent by a visitor's socket on A and received by the same visitor's second socket on B (the frame
//     goes A → PostgreSQL → Redis → B; each visitor announced itself first, as the app's client does); p50/p95/p99 of send → receive, and the CPU time per message of
//     A, B, the bench itself and the servers' PostgreSQL backends. The sockets of part 1 stay open
//     meanwhile (BENCH_HELD_DURING=0: closed before, as earlier versions of this bench did);
//  3. enrolment throughput (visitor enrolments, PostgreSQL): BENCH_ENROL_S (default 10) s at
//     BENCH_ENROL_CONN (default 32) connections against A alone, then against A and B (client-side round robin).
// Every figure is printed with the machine's load (uptime) before and after it.
// BENCH_SERVER_NODE_ARGS: extra node flags for the two server processes (e.g. `--cpu-prof
// --cpu-prof-dir=/tmp/chatprof`; each server writes its profile when the bench stops it).
// File descriptors: 10,000 sockets need ~20,000 descriptors across the bench and the server; raise the
// limit first if `ulimit -n` says less (`ulimit -n 65536`, or LimitNOFILE= in a service unit).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { root, runUnderTsx } from './support/tsx-child.mjs'

runUnderTsx(import.meta.url)

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'
const SOCKETS = Number(process.env.BENCH_SOCKETS || 10_000)
const HOLD_S = Number(process.env.BENCH_HOLD_S || 10)
const RATE = Number(process.env.BENCH_RATE || 500)
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const ENROL_S = Number(process.env.BENCH_ENROL_S || 10)
const ENROL_CONN = Number(process.env.BENCH_ENROL_CONN || 32)
const VERBOSE = process.env.BENCH_VERBOSE === '1'
const HELD_DURING = process.env.BENCH_HELD_DURING !== '0'
const PORTS = [Number(process.env.BENCH_PORT_A || 18460), Number(process.env.BENCH_PORT_B || 18461)]

const log = (m) => console.log(`[bench:chat] ${m}`)
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ')
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const q = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN)

const { default: pg } = await import('pg')
const { default: Redis } = await import('ioredis')
const { default: WebSocket } = await import('ws')
const { newTouristId } = await import(path.join(root, 'server/src/modules/chat/tourist-id.ts'))
const { ENROLL_API } = await import(path.join(root, 'src/shared/contracts/enrollment.ts'))

const run = crypto.randomBytes(3).toString('hex')
const schema = `hj_bench_chat_${run}`
const prefix = `hjbench:${run}:`
const secret = crypto.randomBytes(32).toString('hex')
const admin = new pg.Client({ connectionString: PG_URL })
await admin.connect()
await admin.query(`create schema ${schema}`)
const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` })

const children = []
/** CPU time (user + system, ms) a process has used so far: the figure that load on the machine does not move */
const cpuMsOf = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100
  } catch {
    return NaN
  }
}
/** the servers' PostgreSQL backends (by application name) and their CPU so far */
async function pgBackendsCpu() {
  const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [`hj-bench-chat-${run}`])
  return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]))
}
const selfCpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const rssOf = (pid) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024
  } catch {
    return 0
  }
}

async function startInstance(port, name) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `haijiao-bench-chat-${name}-`))
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: secret,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    JOBS_DISABLED: '1',
    // names the servers' PostgreSQL connections, so their backends' CPU can be told from other users'
    PGAPPNAME: `hj-bench-chat-${run}`,
  }
  delete env.HAIJIAO_BENCH_CHILD
  delete env.SMTP_URL
  const serverArgs = process.env.BENCH_SERVER_NODE_ARGS ? process.env.BENCH_SERVER_NODE_ARGS.split(' ').filter(Boolean) : []
  const child = spawn(process.execPath, ['--import', 'tsx', ...serverArgs, path.join(root, 'server/src/server.ts')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  children.push(child)
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      if (res.ok) return { port, child, dataDir }
    } catch {
      /* not yet */
    }
    await sleep(250)
  }
  throw new Error(`instance ${name} not healthy after 120 s`)
}

// The server holds at most 50 chat sockets per client address (chat.limits.ts): the bench's sockets come
// from many loopback addresses (127.1.x.y, every one on the loopback interface), 40 sockets each.
const SOCKETS_PER_ADDRESS = 40
let opened = 0
function nextLocalAddress() {
  const k = Math.floor(opened++ / SOCKETS_PER_ADDRESS)
  return `127.1.${Math.floor(k / 250)}.${(k % 250) + 1}`
}

function openSocket(port, touristId, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/chat`, ['haijiao-chat', `tourist.${touristId}`], { localAddress: nextLocalAddress() })
    let done = false
    ws.on('message', (data) => {
      // the bench shares the machine's two cores with the servers: a socket that only sends parses nothing after it is connected
      if (done && !onFrame) return
      const f = JSON.parse(String(data))
      if (!done && f.type === 'connected') {
        done = true
        resolve(ws)
      }
      onFrame?.(f)
    })
    ws.once('error', (e) => !done && reject(e))
    ws.once('close', (code) => !done && reject(new Error(`closed ${code}`)))
  })
}

/**
 * What the app's chat client sends once connected (src/components/chat/chat-store.ts): the announcement,
 * which opens the visitor's conversation; with no agent online the answer is kefu_response noBody.
 */
function announce(ws) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer to the announcement in 30 s')), 30_000)
    const onMessage = (data) => {
      if (!String(data).includes('"kefu_response"')) return
      clearTimeout(timer)
      ws.off('message', onMessage)
      resolve()
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ kefu_chat: { isConnected: 1, msgType: 'text', msgContent: '', url: null } }))
  })
}

/** waits (up to 120 s) until the instance answers its health check within 100 ms three times in a row */
async function settle(port) {
  const end = Date.now() + 120_000
  let fast = 0
  while (fast < 3 && Date.now() < end) {
    const t = performance.now()
    await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined)
    fast = performance.now() - t < 100 ? fast + 1 : 0
    await sleep(200)
  }
}

async function pool(n, concurrency, fn) {
  let next = 0
  const out = new Array(n)
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++
        out[i] = await fn(i)
      }
    }),
  )
  return out
}

let exitCode = 0
let perMsgTable = ''
try {
  log(`load before start: ${load()} (${os.cpus().length} cores)`)
  const a = await startInstance(PORTS[0], 'a')
  const b = await startInstance(PORTS[1], 'b')
  await db.connect()
  log(`two instances up on ${PORTS.join(', ')} (schema ${schema}, redis prefix ${prefix})`)

  // ---------------------------------------------------------------- 1. sockets held on A
  const rssBefore = rssOf(a.child.pid)
  const t0 = Date.now()
  const held = []
  let failed = 0
  await pool(SOCKETS, 200, async () => {
    try {
      held.push(await openSocket(a.port, newTouristId(secret)))
    } catch {
      failed++
    }
  })
  const openMs = Date.now() - t0
  log(`opened ${held.length} of ${SOCKETS} sockets on A in ${(openMs / 1000).toFixed(1)} s (${failed} failed); load ${load()}`)
  await sleep(HOLD_S * 1000)
  const stillOpen = held.filter((ws) => ws.readyState === WebSocket.OPEN).length
  const rssHeld = rssOf(a.child.pid)
  log(`after ${HOLD_S} s: ${stillOpen} open; A's RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssHeld / 2 ** 20).toFixed(0)} MB; load ${load()}`)
  async function closeHeld() {
    const closing = held.map((ws) => new Promise((r) => (ws.readyState === WebSocket.OPEN ? (ws.once('close', r), ws.close()) : r())))
    await Promise.race([Promise.all(closing), sleep(20_000)])
    // every close is a few queries on A (presence, conversation): let it finish before measuring anything else
    await settle(a.port)
    await settle(b.port)
  }
  if (!HELD_DURING) await closeHeld()

  // ---------------------------------------------------------------- 2. latency A → Redis → B
  // the per-connection limit is 30 frames in 10 s: spread the rate over enough senders (2 msg/s each)
  const perSender = 2
  const senders = Math.ceil(RATE / perSender)
  const sent = new Map()
  const lat = []
  /** BENCH_VERBOSE=1: [sent at, latency] of every message, printed as the worst latency per 500 ms */
  const timeline = []
  let startAt = 0
  const pairs = await pool(senders, 100, async () => {
    const id = newTouristId(secret)
    const rx = await openSocket(b.port, id, (f) => {
      const m = f.kefu_chat
      if (!m || typeof m.msgContent !== 'string') return
      const at = sent.get(m.msgContent)
      if (at !== undefined) {
        lat.push(performance.now() - at)
        if (VERBOSE) timeline.push([at - startAt, performance.now() - at])
        sent.delete(m.msgContent)
      }
    })
    const tx = await openSocket(a.port, id)
    await announce(tx)
    return { tx, rx }
  })
  log(`${senders} visitors with one socket on A and one on B; sending ${RATE} msg/s for ${SECONDS} s${HELD_DURING ? ` with ${held.filter((ws) => ws.readyState === WebSocket.OPEN).length} sockets held on A` : ""}; load ${load()}`)
  const loadBeforeLatency = load()
  const cpuBefore = [cpuMsOf(a.child.pid), cpuMsOf(b.child.pid), selfCpuMs()]
  const pgBefore = await pgBackendsCpu()
  const total = RATE * SECONDS
  startAt = performance.now()
  if (VERBOSE) log(`sending starts at ${Date.now()}`)
  let seq = 0
  while (seq < total) {
    const due = Math.floor(((performance.now() - startAt) / 1000) * RATE)
    while (seq < Math.min(due, total)) {
      const p = pairs[seq % pairs.length]
      const text = `bench ${run} ${seq}`
      sent.set(text, performance.now())
      p.tx.send(JSON.stringify({ kefu_chat: { isConnected: 1, msgType: 'text', msgContent: text, url: null, clientMsgId: `b${seq}` } }))
      seq++
    }
    await sleep(2)
  }
  const sendMs = performance.now() - startAt
  const waitUntil = Date.now() + 10_000
  while (sent.size && Date.now() < waitUntil) await sleep(50)
  const cpuAfter = [cpuMsOf(a.child.pid), cpuMsOf(b.child.pid), selfCpuMs()]
  // backends that closed meanwhile are missed, new ones count from their start: a close estimate
  let pgMs = 0
  for (const [pid, ms] of await pgBackendsCpu()) pgMs += ms - (pgBefore.get(pid) ?? 0)
  cpuAfter.push(pgMs)
  cpuBefore.push(0)
  const perMsg = cpuAfter.map((x, i) => ((x - cpuBefore[i]) / total).toFixed(3))
  perMsgTable = perMsg.join(', ')
  lat.sort((x, y) => x - y)
  if (VERBOSE) {
    const slots = []
    for (const [at, ms] of timeline) {
      const k = Math.floor(at / 500)
      slots[k] = Math.max(slots[k] ?? 0, ms)
    }
    log(`worst latency per 500 ms of sending: ${Array.from(slots, (x) => (x ?? 0).toFixed(0)).join(' ')}`)
  }
  log(
    `latency A → B through Redis: ${lat.length} of ${total} delivered (${sent.size} missing) at ${(total / (sendMs / 1000)).toFixed(0)} msg/s offered: ` +
      `p50 ${q(lat, 50).toFixed(1)} ms, p95 ${q(lat, 95).toFixed(1)} ms, p99 ${q(lat, 99).toFixed(1)} ms, max ${lat.at(-1)?.toFixed(1)} ms; load ${loadBeforeLatency} → ${load()}`,
  )
  log(`CPU per message (user + system; 10 ms ticks for the servers): A ${perMsg[0]} ms, B ${perMsg[1]} ms, this bench client ${perMsg[2]} ms, the servers' PostgreSQL backends ${perMsg[3]} ms`)
  for (const p of pairs) {
    p.tx.close()
    p.rx.close()
  }
  if (HELD_DURING) await closeHeld()
  await settle(a.port)
  await settle(b.port)

  // ---------------------------------------------------------------- 3. enrolment throughput, one vs two
  const { rows: org } = await db.query("select a.organization_id from user_accounts a join users u on u.id = a.user_id where u.email = 'org@haijiao.demo' and a.kind = 'ouser'")
  const now = Date.now()
  const form = JSON.stringify([
    { key: 'name', type: 'text', labelZh: '姓名', labelEn: 'Name', required: true, maxLength: 50 },
    { key: 'email', type: 'email', labelZh: '邮箱', labelEn: 'E-mail', required: true },
  ])
  const { rows: act } = await db.query(
    `insert into activities (title_zh, title_en, summary_zh, summary_en, detail_zh, detail_en, type, start_time, end_time, time_zone, country,
       city_zh, city_en, organization_id, people_count, enrolled_count, status, published_at, created_at, updated_at, enroll_need_process,
       is_need_login_enroll, enroll_form)
     values ('压测', 'Bench', '', '', '', '', 'offline', $1, $2, 'UTC+08:00', 'CN', '上海', 'Shanghai', $3, 0, 0, 'published', $4, $4, $4, 0, 0, $5) returning id`,
    [new Date(now + 72 * 3600_000).toISOString(), new Date(now + 75 * 3600_000).toISOString(), org[0].organization_id, new Date(now).toISOString(), form],
  )
  const activityId = act[0].id
  let enrolSeq = 0
  async function enrolFor(ports, label) {
    const before = load()
    let ok = 0
    let other = 0
    const times = []
    const end = Date.now() + ENROL_S * 1000
    let turn = 0
    await Promise.all(
      Array.from({ length: ENROL_CONN }, async () => {
        while (Date.now() < end) {
          const port = ports[turn++ % ports.length]
          const i = enrolSeq++
          const t = performance.now()
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/v1${ENROLL_API.submit}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ activityId, answers: { name: `Bench ${i}`, email: `bench-${run}-${i}@ex.test` } }),
            })
            const body = await res.json()
            if (body.code === 200) ok++
            else other++
          } catch {
            other++
          }
          times.push(performance.now() - t)
        }
      }),
    )
    times.sort((x, y) => x - y)
    log(`enrolments on ${label}: ${(ok / ENROL_S).toFixed(0)} /s (${ok} stored, ${other} other answers; ${ENROL_CONN} connections, p50 ${q(times, 50).toFixed(0)} ms, p99 ${q(times, 99).toFixed(0)} ms); load ${before} → ${load()}`)
    return ok / ENROL_S
  }
  const one = await enrolFor([a.port], 'one instance (A)')
  await sleep(2000)
  const two = await enrolFor([a.port, b.port], 'two instances (A + B)')
  const { rows: count } = await db.query('select count(*)::int as n, (select enrolled_count from activities where id = $1) as c from activity_enrollments where activity_id = $1', [activityId])
  log(`two vs one: ×${(two / one).toFixed(2)}; rows ${count[0].n}, activity counter ${count[0].c}`)
  console.log('')
  console.log('| measure | value |')
  console.log('|---|---|')
  console.log(`| sockets held on one instance | ${stillOpen.toLocaleString('en')} of ${SOCKETS.toLocaleString('en')} (opened in ${(openMs / 1000).toFixed(1)} s; RSS ${(rssHeld / 2 ** 20).toFixed(0)} MB) |`)
  console.log(`| chat latency A → Redis → B at ${RATE} msg/s${HELD_DURING ? ` (${stillOpen.toLocaleString('en')} sockets held on A)` : ''} | p50 ${q(lat, 50).toFixed(1)} ms, p99 ${q(lat, 99).toFixed(1)} ms (${lat.length}/${total} delivered) |`)
  console.log(`| CPU per message: A, B, bench client, PostgreSQL | ${perMsgTable} ms |`)
  console.log(`| enrolments/s, one instance | ${one.toFixed(0)} |`)
  console.log(`| enrolments/s, two instances | ${two.toFixed(0)} |`)
  console.log(`| load (1/5/15 min) at the end | ${load()} |`)
} catch (err) {
  console.error(err)
  exitCode = 1
} finally {
  for (const c of children) c.kill('SIGTERM')
  // a graceful stop (and a --cpu-prof profile) may take a few seconds with sockets to close
  const exitBy = Date.now() + 10_000
  while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < exitBy) await sleep(100)
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  await db.end().catch(() => undefined)
  await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined)
  await admin.end()
  const r = new Redis(REDIS_URL)
  const keys = await r.keys(`${prefix}*`)
  if (keys.length) await r.del(...keys)
  await r.quit()
  process.exit(exitCode)
}
