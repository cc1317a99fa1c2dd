// Helpdesk benchmark (`npm run bench:helpdesk`; figures, not a timed test).
// 1. a fresh SQLite database (or BENCH_PG_URL=postgres://… a fresh schema there): migrate + seed, then
//    BENCH_CONVERSATIONS (100,000) conversations and BENCH_MESSAGES_PER (20) messages each (2,000,000),
//    zh and en text, spread over a year, in one SQL statement each (the FTS5 / pg_trgm indexes fill as
//    they would in production: SQLite through its triggers, PostgreSQL's GIN index as rows arrive);
// 2. the real app on an ephemeral port, the kefu agent's token through the real admin login;
// 3. one request at a time (BENCH_REQUESTS, 100 per case, values varying): the console's conversation
//    list (CHAT_API.listByKeFu) and the helpdesk search (HELPDESK_API.search) per filter — p50/p95/max;
// 4. routing: BENCH_ROUTE_PER_MIN (500) new conversations a minute for BENCH_ROUTE_S (60) s over
//    BENCH_AGENTS (20) online agents (each conversation closed BENCH_HOLD_S (20) s after it was
//    assigned), the limit BENCH_LIMIT (10): the assignment's p50/p95/max and the highest load any agent
//    reached (must stay ≤ the limit).
// Every figure is printed with the machine's load (uptime) before and after it: wall-clock figures on a
// loaded machine are not final. BENCH_ONLY (regexp on case names) runs some cases only.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { execSync } from 'node:child_process'
import { root, runUnderTsx } from './support/tsx-child.mjs'

runUnderTsx(import.meta.url)

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS || 100_000)
const PER = Number(process.env.BENCH_MESSAGES_PER || 20)
const REQUESTS = Number(process.env.BENCH_REQUESTS || 100)
const PG_URL = process.env.BENCH_PG_URL || ''
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null
const ROUTE_PER_MIN = Number(process.env.BENCH_ROUTE_PER_MIN || 500)
const ROUTE_S = Number(process.env.BENCH_ROUTE_S || 60)
const AGENTS = Number(process.env.BENCH_AGENTS || 20)
const HOLD_S = Number(process.env.BENCH_HOLD_S || 20)
const LIMIT = Number(process.env.BENCH_LIMIT || 10)

const { buildApp } = await import(path.join(root, 'server/src/app.ts'))
const { loadConfig } = await import(path.join(root, 'server/src/config.ts'))
const { migrateAndSeed } = await import('./support/database.mjs')
const { CLIENT_CREDENTIALS } = await import(path.join(root, 'src/shared/contracts/api.ts'))
const { CHAT_API } = await import(path.join(root, 'src/shared/contracts/chat.ts'))
const { HELPDESK_API: H } = await import(path.join(root, 'src/shared/contracts/helpdesk.ts'))
const { sql } = await import('kysely')
const log = (m) => console.log(`[helpdesk-bench] ${m}`)
const uptime = () => execSync('uptime').toString().trim().replace(/^.*load/, 'load')

// BENCH_REUSE=<data dir (SQLite) or schema (PostgreSQL) of an earlier run kept with BENCH_KEEP=1>: skips the data
const REUSE = process.env.BENCH_REUSE || ''
const KEEP = !!process.env.BENCH_KEEP || !!REUSE
const dataDir = (!PG_URL && REUSE) || fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-helpdesk-bench-'))
// PostgreSQL: BENCH_REUSE=<schema of an earlier run kept with BENCH_KEEP=1>
const schema = PG_URL ? REUSE || `hj_bench_helpdesk_${process.pid}` : null
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_DISABLED: '1', ...(PG_URL ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}) }
const config = loadConfig(env)

let pgClient = null
if (PG_URL) {
  const { default: pg } = await import('pg')
  pgClient = new pg.Client({ connectionString: PG_URL })
  await pgClient.connect()
  await pgClient.query(`create schema if not exists ${schema}`)
}

// ---- 1. schema + seed, then the rows
await migrateAndSeed(config, log, { seed: !REUSE, where: PG_URL ? `PostgreSQL schema ${schema}` : dataDir })
const app = await buildApp(config, {})
const db = app.ctx.db
const now = Date.now()
const iso = (ms) => new Date(ms).toISOString()
const kefu = await db.selectFrom('users').select('id').where('email', '=', 'kefu@haijiao.demo').executeTakeFirstOrThrow()
const opsUser = await db.selectFrom('users').select('id').where('email', '=', 'ops@haijiao.demo').executeTakeFirstOrThrow()
// the other online agents of the routing part: plain users with the switch on (routing reads chat_agents and presence)
const agentIds = [kefu.id, opsUser.id]
for (let i = agentIds.length; i < AGENTS; i++) {
  const found = await db.selectFrom('users').select('id').where('email', '=', `agent${i}@bench.test`).executeTakeFirst()
  if (found) {
    agentIds.push(found.id)
    continue
  }
  const r = await db.insertInto('users').values({ email: `agent${i}@bench.test`, password_hash: 'x', nick_name: `Agent ${i}`, avatar_url: null, phone: null, lang: 'zh', real_name: null, created_at: iso(now), updated_at: iso(now), promoter_code: null, promoter_email: null }).returning('id').executeTakeFirstOrThrow()
  agentIds.push(r.id)
}
const categories = (await db.selectFrom('service_categories').select('id').orderBy('id').execute()).map((r) => r.id)
const reused = REUSE && Number((await db.selectFrom('chat_conversations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) >= CONVERSATIONS
const base = Number((await db.selectFrom('chat_conversations').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0)
const baseMsg = Number((await db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0)
const YEAR_S = 365 * 86400
const pg = !!PG_URL
const agentsArr = pg ? `(array[${agentIds.join(',')}])[1 + i % ${agentIds.length}]` : `json_extract('[${agentIds.join(',')}]', '$[' || (i % ${agentIds.length}) || ']')`
const catArr = categories.length ? (pg ? `(array[${categories.join(',')}])[1 + i % ${categories.length}]` : `json_extract('[${categories.join(',')}]', '$[' || (i % ${categories.length}) || ']')`) : 'null'
// conversation i: last activity i * (a year / N) seconds ago; one in 50 open, one in 97 queued; one in 3 of those waits
const convTime = (expr) => (pg ? `to_char((timestamp '${iso(now).slice(0, 19).replace('T', ' ')}') - (${expr}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', '${iso(now)}', '-' || (${expr}) || ' seconds')`)
const pad = (e) => (pg ? `lpad((${e})::text, 9, '0')` : `printf('%09d', ${e})`)
const seq = (n) => (pg ? `generate_series(1, ${n}) as s(i)` : `s`)
const withSeq = (n) => (pg ? '' : `with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) `)
let t = Date.now()
log(`before data: ${uptime()}`)
if (!reused) await sql
  .raw(
    `${withSeq(CONVERSATIONS)}insert into chat_conversations (customer_id, customer_type, user_id, kefu_id, status, last_message_id, last_message_at, category_id, lang, waiting_since, closed_at, closed_by, created_at, updated_at)
     select 't' || ${pad('i')} || 'bench00', 'tourist', null, ${agentsArr},
       case when i % 50 = 0 then 'open' when i % 97 = 0 then 'queued' else 'closed' end,
       ${baseMsg} + i * ${PER}, ${convTime(`i * ${Math.floor(YEAR_S / CONVERSATIONS)}`)}, ${catArr},
       case when i % 2 = 0 then 'en' else 'zh' end,
       case when (i % 50 = 0 or i % 97 = 0) and i % 3 = 0 then ${convTime(`i * ${Math.floor(YEAR_S / CONVERSATIONS)}`)} else null end,
       null, null, ${convTime(`i * ${Math.floor(YEAR_S / CONVERSATIONS)} + 3600`)}, ${convTime(`i * ${Math.floor(YEAR_S / CONVERSATIONS)}`)}
     from ${seq(CONVERSATIONS)}`,
  )
  .execute(db)
log(`${CONVERSATIONS.toLocaleString('en')} conversations in ${Date.now() - t} ms`)
const TOPICS = ['签证办理', '落户政策', 'housing subsidy', 'startup grant', '人才公寓', 'visa renewal', '社保缴纳', 'job fair', '子女入学', 'tax refund']
const topic = pg ? `(array[${TOPICS.map((w) => `'${w}'`).join(',')}])[1 + i % 10]` : `json_extract('${JSON.stringify(TOPICS)}', '$[' || (i % 10) || ']')`
const MESSAGES = CONVERSATIONS * PER
t = Date.now()
if (reused) log(`reusing the data of ${dataDir}`)
// message i belongs to conversation (i - 1) / PER + 1; odd ones are the visitor's, even ones the agent's
const convOf = pg ? `((i - 1) / ${PER} + 1)` : `((i - 1) / ${PER} + 1)`
if (!reused) await sql
  .raw(
    `${withSeq(MESSAGES)}insert into chat_messages (conversation_id, customer_id, send_id, send_type, msg_type, msg_content, url, client_msg_id, send_time, read_at)
     select ${base} + ${convOf}, 't' || ${pad(convOf)} || 'bench00',
       case when i % 2 = 1 then 't' || ${pad(convOf)} || 'bench00' else '${kefu.id}' end,
       case when i % 2 = 1 then 'tourist' else 'kefu' end, 'text',
       'msg ' || i || ' about ' || ${topic} || case when i % 1000 = 0 then ' zebracrossing' else '' end,
       null, null, ${convTime(`${convOf} * ${Math.floor(YEAR_S / CONVERSATIONS)} + (${PER} - (i - 1) % ${PER}) * 60`)}, null
     from ${seq(MESSAGES)}`,
  )
  .execute(db)
log(`${MESSAGES.toLocaleString('en')} messages (with their search index) in ${Date.now() - t} ms`)
await sql.raw(pg ? 'analyze' : 'analyze').execute(db)
log(`after data: ${uptime()}`)

// ---- 2. the app
await app.listen({ port: 0, host: '127.0.0.1' })
const baseUrl = `http://127.0.0.1:${app.server.address().port}/api/v1`
const adminBasic = `Basic ${Buffer.from(`${CLIENT_CREDENTIALS.admin.id}:${CLIENT_CREDENTIALS.admin.secret}`).toString('base64')}`
async function adminToken(email) {
  const cap = await (await fetch(`${baseUrl}/system/user/code/verification`)).json()
  const row = await db.selectFrom('captchas').select('code').where('code_key', '=', cap.result.codeKey).executeTakeFirstOrThrow()
  const r = await (
    await fetch(`${baseUrl}/system/user/ouser/login`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: adminBasic }, body: JSON.stringify({ email, password: 'Haijiao2026', code: row.code, codeKey: cap.result.codeKey }) })
  ).json()
  if (r.code !== 200) throw new Error(`login ${email}: ${JSON.stringify(r)}`)
  return r.result.token
}
const token = await adminToken('kefu@haijiao.demo')

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
function summary(name, times, note = '') {
  const s = [...times].sort((a, b) => a - b)
  return { name, n: s.length, p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), max: +s[s.length - 1].toFixed(1), note }
}
async function timed(url, init) {
  const t0 = performance.now()
  const res = await fetch(url, init)
  const body = await res.json()
  const ms = performance.now() - t0
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`)
  return { ms, body }
}

// ---- 3. list and search
const day = (msAgo) => new Date(now - msAgo).toISOString().slice(0, 10)
const auth = { authorization: `Bearer ${token}` }
const post = (p, body) => [`${baseUrl}${p}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }]
const get = (q) => [`${baseUrl}${H.search}?pageSize=20&${q}`, { headers: auth }]
const CASES = [
  ['console list page 1', () => post(CHAT_API.listByKeFu, { page: 1, pageSize: 20 })],
  ['console list page 50', () => post(CHAT_API.listByKeFu, { page: 50, pageSize: 20 })],
  ['console list keyword (visitor id)', (i) => post(CHAT_API.listByKeFu, { page: 1, pageSize: 20, keyword: String(1000 + ((i * 37) % 90000)).padStart(9, '0') })],
  ['search: no filter', () => get('')],
  ['search: page 50', () => get('page=50')],
  ['search: unanswered', () => get('unanswered=true')],
  ['search: agent', (i) => get(`kefuId=${agentIds[i % agentIds.length]}`)],
  ['search: category', (i) => get(`categoryId=${categories[i % categories.length] ?? 1}`)],
  ['search: one week', (i) => get(`from=${day((i % 40) * 7 * 86400000 + 7 * 86400000)}&to=${day((i % 40) * 7 * 86400000)}&tz=UTC`)],
  ['search: visitor (id prefix)', (i) => get(`visitor=t${String(1000 + ((i * 37) % 90000)).padStart(9, '0')}`)],
  ['search: rare text (a 7-digit number, one message)', (i) => get(`keyword=${1_000_000 + ((i * 7919) % Math.max(1, MESSAGES - 1_000_000))}`)],
  ['search: uncommon word (1 in 1000 messages)', () => get('keyword=zebracrossing')],
  ['search: common zh phrase (4 chars, 1 in 10)', () => get(`keyword=${encodeURIComponent('签证办理')}`)],
  ['search: common zh word (2 chars)', () => get(`keyword=${encodeURIComponent('社保')}`)],
  ['search: common en word + agent', (i) => get(`keyword=visa&kefuId=${agentIds[i % agentIds.length]}`)],
]
const results = []
log(`before queries: ${uptime()}`)
for (const [name, req] of CASES) {
  if (ONLY && !ONLY.test(name)) continue
  const times = []
  let total = 0
  for (let i = 0; i < REQUESTS + 5; i++) {
    const { ms, body } = await timed(...req(i))
    if (i >= 5) times.push(ms) // the first 5 warm the statement cache
    total = body.result.total
  }
  results.push(summary(name, times, `total ${total}`))
  log(`${name}: p95 ${results[results.length - 1].p95} ms`)
}
log(`after queries: ${uptime()}`)

// ---- 4. routing
let route = null
if (!ONLY || ONLY.test('routing')) {
  // the bulk's open conversations belong to these agents: closed for the routing part (restored after it)
  const live = await db.selectFrom('chat_conversations').select(['id', 'status']).where('status', '!=', 'closed').execute()
  await db.updateTable('chat_conversations').set({ status: 'closed' }).where('status', '!=', 'closed').execute()
  await app.services.helpdesk.saveSettings({ maxConcurrent: LIMIT })
  const hub = app.services.chat.hub
  const assignment = hub['assignment']
  const touch = async () => {
    const at = iso(Date.now())
    for (const id of agentIds) {
      await db.insertInto('chat_presence').values({ instance_id: 'bench', party: `k:${id}`, seen_at: at }).onConflict((oc) => oc.columns(['instance_id', 'party']).doUpdateSet({ seen_at: at })).execute()
    }
  }
  for (const id of agentIds) await hub.repo.setAgentStatus(id, 'online', iso(Date.now()))
  await touch()
  const total = Math.round((ROUTE_PER_MIN * ROUTE_S) / 60)
  const gap = 60000 / ROUTE_PER_MIN
  const times = []
  let maxLoad = 0
  let queued = 0
  const closers = []
  const started = Date.now()
  log(`routing: ${total} conversations at ${ROUTE_PER_MIN}/min over ${agentIds.length} agents, limit ${LIMIT}; ${uptime()}`)
  const touchTimer = setInterval(() => void touch(), 30000)
  for (let n = 0; n < total; n++) {
    const due = started + n * gap
    if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()))
    const customerId = `tr${String(n).padStart(15, '0')}`
    const t0 = performance.now()
    const ok = await assignment.announce(customerId, 'tourist', null, categories.length && n % 3 === 0 ? categories[n % categories.length] : undefined)
    times.push(performance.now() - t0)
    if (!ok) queued++
    else {
      closers.push(
        new Promise((r) => setTimeout(r, HOLD_S * 1000)).then(async () => {
          const c = await hub.repo.conversation(customerId)
          await hub.repo.setStatus(c.id, 'closed', iso(Date.now()))
        }),
      )
    }
    if (n % 25 === 0) {
      const loads = await hub.repo.loads(agentIds)
      maxLoad = Math.max(maxLoad, ...loads.values())
    }
  }
  const loads = await hub.repo.loads(agentIds)
  maxLoad = Math.max(maxLoad, ...loads.values())
  clearInterval(touchTimer)
  route = { ...summary(`routing: assignment (${total} at ${ROUTE_PER_MIN}/min, ${agentIds.length} agents)`, times), note: `max load ${maxLoad} (limit ${LIMIT}), queued ${queued}` }
  results.push(route)
  log(`after routing: ${uptime()}`)
  await Promise.all(closers)
  for (const status of ['open', 'queued']) {
    const ids = live.filter((r) => r.status === status).map((r) => r.id)
    for (let i = 0; i < ids.length; i += 500) await db.updateTable('chat_conversations').set({ status }).where('id', 'in', ids.slice(i, i + 500)).execute()
  }
  await db.deleteFrom('chat_conversations').where('customer_id', 'like', 'tr%').execute()
}

console.table(results)
log(`database: ${PG_URL ? 'PostgreSQL' : 'SQLite'}; ${CONVERSATIONS.toLocaleString('en')} conversations, ${MESSAGES.toLocaleString('en')} messages; ${uptime()}`)
await app.close()
if (pgClient && KEEP) {
  log(`schema kept: ${schema} (BENCH_REUSE=${schema})`)
  await pgClient.end()
} else if (pgClient) {
  await pgClient.query(`drop schema ${schema} cascade`)
  await pgClient.end()
}
if (KEEP) log(`data kept in ${dataDir} (BENCH_REUSE=${dataDir})`)
else fs.rmSync(dataDir, { recursive: true, force: true })
if (route && Number(route.note.match(/max load (\d+)/)[1]) > LIMIT) {
  console.error('an agent went over the limit')
  process.exit(1)
}
