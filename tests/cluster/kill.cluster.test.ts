/**
 * kill -9 of one of two instances (PostgreSQL + Redis) in the middle of work, then a restart:
 * (a) 200 concurrent enrolments for 50 seats: every enrolment answered 200 is in the database, the seats
 *     taken never exceed the capacity and the activity's counter matches its rows;
 * (b) a burst of chat messages: every acknowledged message is stored once, and after reconnecting (and
 *     resending what was not acknowledged, with the same client ids) both sides have every message once;
 * (c) a policy-news digest to 10,000 subscribers: after the restart the job is taken over and finishes;
 *     nobody got the digest twice; every subscriber is either mailed or failed with a reason that staff
 *     see in the admin's delivery list, and the resend action mails them.
 * Skipped, with one line saying why, when PostgreSQL or Redis is not reachable.
 */
import type { Client } from 'pg'
import { call, sleep, type Instance } from './support/cluster'
import { skipWithoutBacking, startPair, type Pair } from './support/pair'
import { startMailCounter, type MailCounter } from './support/mail-counter'
import { adminLogin, login, makeActivity } from './support/scenario'
import { ChatClient, hello, text } from '../server/chat-client'
import { ENROLL_API } from '@contracts/enrollment'
import { CHAT_API } from '@contracts/chat'
import { SUBSCRIPTION_API } from '@contracts/subscription'

let missing: string | null = null
let pair: Pair
let mail: MailCounter
let a: Instance
let b: Instance
let pg: Client

beforeAll(async () => {
  missing = await skipWithoutBacking('kill -9')
  if (missing) return
  mail = await startMailCounter()
  const env = {
    SMTP_URL: `${mail.url}/?pool=true&maxConnections=32`,
    JOB_MAIL_CONCURRENCY: '32',
    // 200 visitors from one address enrol here: the per-address budget is not what this file tests
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    // a dead instance's job is taken over after this lease (production default: 60 s)
    JOB_LEASE_MS: '3000',
    JOB_POLL_MS: '300',
  }
  pair = await startPair('kill', { from: 18430, env })
  ;({ a, b } = pair)
  pg = await pair.backing.pg()
}, 180_000)

afterAll(async () => {
  await pg?.end()
  await pair?.stop()
  await mail?.close()
})

async function killAndRestart(inst: Instance) {
  inst.kill('SIGKILL')
  await inst.exited()
  await inst.restart()
}

test('(a) 200 concurrent enrolments for 50 seats, one instance killed half-way: every 200 is stored, seats never exceed capacity', async () => {
  if (missing) return
  const SEATS = 50
  const activityId = await makeActivity(pg, `抢座 ${Date.now()}`, SEATS, false)
  const answers: Array<{ code: number | null; id: number | null }> = []
  const requests = Array.from({ length: 200 }, async (_, i) => {
    try {
      const r = await call(i % 2 ? b.baseUrl : a.baseUrl, 'POST', ENROLL_API.submit, { body: { activityId, answers: { name: `Seat ${i}`, email: `seat-${i}@ex.test` } } })
      answers.push({ code: r.body?.code ?? null, id: r.body?.result?.enrollmentId ?? null })
    } catch {
      answers.push({ code: null, id: null }) // the connection died with the instance: no answer
    }
  })
  // kill A once the first answers are back, with most of its requests still in flight
  while (answers.length < 10) await sleep(5)
  a.kill('SIGKILL')
  await Promise.all(requests)
  await a.exited()

  const accepted = answers.filter((x) => x.code === 200).map((x) => x.id!)
  expect(accepted.length).toBeGreaterThan(0)
  expect(accepted.length).toBeLessThanOrEqual(SEATS)
  const { rows } = await pg.query('select id, status from activity_enrollments where activity_id = $1', [activityId])
  const stored = new Set(rows.map((r) => r.id))
  expect(accepted.filter((id) => !stored.has(id))).toEqual([])
  const { rows: act } = await pg.query('select enrolled_count, people_count from activities where id = $1', [activityId])
  expect(act[0].enrolled_count).toBe(rows.filter((r) => r.status !== 'rejected' && r.status !== 'cancelled').length)
  expect(act[0].enrolled_count).toBeLessThanOrEqual(SEATS)

  // restarted, the instance answers again and the seats still add up
  await a.restart()
  const more = await call(a.baseUrl, 'POST', ENROLL_API.submit, { body: { activityId, answers: { name: 'Late', email: 'late@ex.test' } } })
  const { rows: after } = await pg.query('select enrolled_count from activities where id = $1', [activityId])
  expect(after[0].enrolled_count).toBeLessThanOrEqual(SEATS)
  expect(more.body.code === 200).toBe(after[0].enrolled_count > act[0].enrolled_count)
})

test('(b) a burst of chat messages, the customer instance killed mid-burst: every acknowledged message is stored and delivered after reconnect', async () => {
  if (missing) return
  const kefu = await adminLogin(b.baseUrl, pg, 'kefu@haijiao.demo')
  const user = await login(b.baseUrl, 'user@haijiao.demo')
  const agent = await ChatClient.open(b.port, { token: kefu, role: 'kefu' })
  await agent.next((f) => f.type === 'connected')
  agent.send({ kefu_status: { online: true } })
  await agent.next((f) => f.type === 'kefu_state' && f.online)

  let customer = await ChatClient.open(a.port, { token: user })
  const { identity } = await customer.next((f) => f.type === 'connected')
  customer.send(hello())
  await customer.status('kefu_up')

  const BURST = 25 // under the per-connection frame limit (30 in 10 s)
  const ids = Array.from({ length: BURST }, (_, i) => `burst-${Date.now()}-${i}`)
  for (const id of ids) customer.send(text(`message ${id}`, id))
  await customer.ack(ids[2])
  a.kill('SIGKILL')
  await a.exited()
  const acked = new Set(customer.frames.filter((f) => f.type === 'ack').map((f) => f.clientMsgId as string))
  expect(acked.size).toBeGreaterThanOrEqual(3)

  // the client reconnects (here: to the surviving instance) and resends what was not acknowledged
  await a.restart()
  customer = await ChatClient.open(b.port, { token: user })
  await customer.next((f) => f.type === 'connected')
  customer.send(hello())
  await customer.next((f) => !!f.kefu_response)
  const unacked = ids.filter((id) => !acked.has(id))
  for (const id of unacked) customer.send(text(`message ${id}`, id))
  for (const id of unacked) await customer.ack(id)

  // both sides' history (what each app loads after reconnecting) holds every message exactly once
  const mine = await call(b.baseUrl, 'POST', CHAT_API.list, { token: user, body: { customerId: identity.customerId, page: 1, pageSize: 50 } })
  const theirs = await call(a.baseUrl, 'POST', CHAT_API.list, { token: kefu, body: { customerId: identity.customerId, page: 1, pageSize: 50 } })
  expect([mine.body.code, theirs.body.code]).toEqual([200, 200])
  for (const list of [mine.body.result.list, theirs.body.result.list]) {
    const texts = (list as any[]).map((m) => String(m.msgContent ?? '')).filter((t) => t.startsWith('message burst-'))
    expect(texts.sort()).toEqual(ids.map((id) => `message ${id}`).sort())
  }
  // and every message acknowledged before the kill reached the agent live, or is in that history
  const live = new Set(agent.frames.filter((f) => f.kefu_chat).map((f) => f.kefu_chat.msgContent))
  const history = new Set((theirs.body.result.list as any[]).map((m) => m.msgContent))
  expect([...acked].map((id) => `message ${id}`).filter((t) => !live.has(t) && !history.has(t))).toEqual([])
  // the agent's live frames never showed a message twice
  const liveBurst = agent.frames.filter((f) => String(f.kefu_chat?.msgContent ?? '').startsWith('message burst-')).map((f) => f.kefu_chat.msgContent)
  expect(liveBurst).toHaveLength(new Set(liveBurst).size)
  await customer.close()
  await agent.close()
})

test('(c) a digest to 10,000 subscribers, the sending instance killed mid-send: nobody mailed twice, nobody silently skipped, failed ones re-sendable', async () => {
  if (missing) return
  const N = 10_000
  const now = new Date().toISOString()
  const day = now.slice(0, 10)
  await pg.query(
    `insert into subscribers (email, user_id, status, blacklisted, lang, source, token_version, confirmed_at, created_at, updated_at)
     select 'kill-' || g || '@sink.test', null, 'confirmed', 0, 'zh', 'footer', 1, $1, $1, $1 from generate_series(1, $2::int) g`,
    [now, N],
  )
  const { rows: info } = await pg.query("select id from information where status = 'published' order by id limit 1")
  await pg.query("insert into news_events (kind, item_id, codes, digest_date, created_at) values ('information', $1, '[]', $2, $3)", [info[0].id, day, now])
  const { rows: jobRows } = await pg.query(
    "insert into job_queue (type, payload, dedupe_key, run_at, created_at, updated_at) values ('subscription.digest', $1, $2, $3, $3, $3) returning id",
    [JSON.stringify({ date: day }), `digest:${day}`, now],
  )
  const jobId = jobRows[0].id
  const { rows: subs } = await pg.query("select count(*)::int as n from subscribers where status = 'confirmed' and blacklisted = 0")
  const expected = subs[0].n as number

  // kill whichever instance holds the job once it is well under way
  await mail.waitFor(800, 60_000)
  const { rows: lease } = await pg.query('select lease_owner from job_queue where id = $1', [jobId])
  // the lease owner is host:pid:random
  const ownerPid = Number(String(lease[0].lease_owner).split(':')[1])
  const holder = [a, b].find((inst) => inst.pids().includes(ownerPid))
  if (!holder) throw new Error(`no instance runs the job (lease ${lease[0].lease_owner})`)
  await killAndRestart(holder)

  // the surviving or restarted instance takes the job over once its lease expired, and finishes it
  let job: any = null
  for (let i = 0; i < 600; i++) {
    job = (await pg.query('select status from job_queue where id = $1', [jobId])).rows[0]
    if (job.status === 'done') break
    await sleep(200)
  }
  expect(job.status).toBe('done')
  const { rows: counts } = await pg.query('select status, count(*)::int as n from mail_deliveries where job_id = $1 group by status', [jobId])
  const by = Object.fromEntries(counts.map((r) => [r.status, r.n])) as Record<string, number>
  expect((by.sent ?? 0) + (by.failed ?? 0)).toBe(expected)
  expect(by.pending ?? 0).toBe(0)
  expect(by.sending ?? 0).toBe(0)
  expect(mail.duplicates()).toEqual([])
  // every subscriber the ledger calls sent received the digest
  const { rows: sentRows } = await pg.query("select recipient from mail_deliveries where job_id = $1 and status = 'sent'", [jobId])
  expect(sentRows.filter((r) => !mail.perRecipient.has(r.recipient))).toEqual([])

  // failed ones (interrupted mid-send: maybe delivered, maybe not) are visible to staff with the reason
  const ops = await adminLogin(b.baseUrl, pg, 'ops@haijiao.demo')
  const failed: any[] = []
  for (let page = 1; ; page++) {
    const r = await call(a.baseUrl, 'GET', `${SUBSCRIPTION_API.adminDeliveries}?status=failed&page=${page}&pageSize=100`, { token: ops })
    expect(r.body.code).toBe(200)
    expect(r.body.result.total).toBe(by.failed ?? 0)
    failed.push(...r.body.result.list)
    if (failed.length >= r.body.result.total || !r.body.result.list.length) break
  }
  expect(failed).toHaveLength(by.failed ?? 0)
  for (const row of failed) expect(row.error).toMatch(/interrupted/)

  // and re-sendable: the resend puts them back, the job runs again and mails them
  const before = mail.total()
  const ids = failed.map((r) => r.id)
  if (ids.length) {
    const resent = await call(b.baseUrl, 'POST', SUBSCRIPTION_API.adminResend, { token: ops, body: { ids } })
    expect(resent.body.result.count).toBe(ids.length)
    await mail.waitFor(before + ids.length, 60_000)
    for (let i = 0; i < 100; i++) {
      job = (await pg.query('select status from job_queue where id = $1', [jobId])).rows[0]
      if (job.status === 'done') break
      await sleep(200)
    }
    const { rows: final } = await pg.query("select count(*)::int as n from mail_deliveries where job_id = $1 and status = 'sent'", [jobId])
    expect(final[0].n).toBe(expected)
  }
  // every subscriber got the digest in the end
  expect(mail.perRecipient.size).toBeGreaterThanOrEqual(expected)
}, 240_000)
