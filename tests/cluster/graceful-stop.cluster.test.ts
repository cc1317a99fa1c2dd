/**
 * Graceful stop of a real server process (SQLite; needs neither PostgreSQL nor Redis): SIGTERM while a
 * request is in flight (its body only half sent), a chat socket is open and a subscription digest is
 * being mailed. The socket is told 1012 "service restart"; new connections are refused at once; the
 * request in flight still gets its full answer; the process exits 0; the digest job is back to pending
 * with no lease and no delivery left in 'sending', so a restarted (or another) instance finishes it at
 * once — every subscriber mailed exactly once.
 */
import net from 'node:net'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import WebSocket from 'ws'
import { basic, portFrom, sleep, startInstance, type Instance } from './support/cluster'
import { DEMO_PASSWORD } from '../../server/src/db/seed/base-data'
import { startMailCounter, type MailCounter } from './support/mail-counter'
import { CHAT_API, CHAT_PATH, CHAT_SUBPROTOCOL } from '@contracts/chat'

const SUBSCRIBERS = 800

let server: Instance
let mail: MailCounter

beforeAll(async () => {
  mail = await startMailCounter({ delayMs: 15 })
  server = await startInstance({
    name: 'graceful',
    port: await portFrom(18400),
    env: { SMTP_URL: mail.url, SHUTDOWN_TIMEOUT_MS: '15000', JOB_POLL_MS: '200' },
  })
})

afterAll(async () => {
  await server?.stop()
  await mail?.close()
})

function dbFile() {
  return path.join(server.dataDir, 'haijiao.db')
}

/** confirmed subscribers and today's digest job, due now (as the publish action would leave them) */
function queueDigest(): number {
  const db = new SQLite(dbFile())
  db.pragma('busy_timeout = 5000')
  const now = new Date().toISOString()
  const day = now.slice(0, 10)
  const ins = db.prepare("insert into subscribers (email, user_id, status, blacklisted, lang, source, token_version, confirmed_at, created_at, updated_at) values (?, null, 'confirmed', 0, 'zh', 'footer', 1, ?, ?, ?)")
  const cat = db.prepare("insert into subscriber_categories (subscriber_id, code) select ?, code from dict_items where type_code = 'professional_field' limit 1")
  db.transaction(() => {
    for (let i = 0; i < SUBSCRIBERS; i++) cat.run(ins.run(`stop-${i}@sink.test`, now, now, now).lastInsertRowid)
  })()
  const info = db.prepare("select id from information where status = 'published' order by id limit 1").get() as { id: number }
  db.prepare("insert into news_events (kind, item_id, codes, digest_date, created_at) values ('information', ?, '[]', ?, ?)").run(info.id, day, now)
  const job = db
    .prepare("insert into job_queue (type, payload, dedupe_key, run_at, created_at, updated_at) values ('subscription.digest', ?, ?, ?, ?, ?)")
    .run(JSON.stringify({ date: day }), `digest:${day}`, now, now, now)
  db.close()
  return Number(job.lastInsertRowid)
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1')
    s.once('connect', () => {
      s.destroy()
      resolve(false)
    })
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'))
  })
}

test('SIGTERM: in-flight request answered, new connections refused, chat told to reconnect, job lease handed back, exit 0', async () => {
  const jobId = queueDigest()

  // a chat socket (visitor) that must be told to reconnect elsewhere
  const tourist = await fetch(`${server.baseUrl}/api/v1${CHAT_API.newTouristId}`).then((r) => r.json() as Promise<any>)
  const touristId = tourist?.result as string
  expect(typeof touristId).toBe('string')
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${CHAT_PATH}`, [CHAT_SUBPROTOCOL, `tourist.${touristId}`])
  const connected = new Promise<void>((resolve) => ws.on('message', (d) => String(d).includes('"connected"') && resolve()))
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })))
  await connected

  // the digest is being mailed
  await mail.waitFor(20, 30_000)

  // a request in flight: headers and half of the body sent
  const body = JSON.stringify({ email: 'user@haijiao.demo', password: DEMO_PASSWORD })
  const sock = net.connect(server.port, '127.0.0.1')
  await new Promise<void>((r) => sock.once('connect', () => r()))
  let answer = ''
  sock.on('data', (d) => (answer += d.toString()))
  const answered = new Promise<void>((r) => sock.on('end', () => r()))
  sock.write(
    `POST /api/v1/system/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: ${basic('h5')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  )
  sock.write(body.slice(0, 10))
  await sleep(300)

  server.kill('SIGTERM')
  const exit = server.exited()

  // new connections are refused while the request above is still waiting for its body
  let isRefused = false
  for (let i = 0; i < 60 && !isRefused; i++) {
    isRefused = await refused(server.port)
    if (!isRefused) await sleep(50)
  }
  expect(isRefused).toBe(true)
  expect(server.running()).toBe(true)

  // the chat socket was told "service restart" (the client reconnects, through the proxy elsewhere)
  expect((await closed).code).toBe(1012)

  // the rest of the body: the request completes with its full answer
  sock.write(body.slice(10))
  await answered
  expect(answer).toMatch(/^HTTP\/1\.1 200 /)
  const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, ''))
  expect(json.code).toBe(200)
  expect(typeof json.result.token).toBe('string')

  expect(await exit).toBe(0)

  // the job is handed back: pending, no lease, nothing left half-sent
  const db = new SQLite(dbFile(), { readonly: true })
  const job = db.prepare('select status, lease_owner, lease_until from job_queue where id = ?').get(jobId) as any
  const counts = Object.fromEntries(
    (db.prepare('select status, count(*) as n from mail_deliveries where job_id = ? group by status').all(jobId) as any[]).map((r) => [r.status, r.n]),
  )
  db.close()
  expect(job).toEqual({ status: 'pending', lease_owner: null, lease_until: null })
  expect(counts.sending ?? 0).toBe(0)
  expect(counts.failed ?? 0).toBe(0)
  expect(counts.sent).toBe(mail.total())
  expect(counts.pending).toBeGreaterThan(0)

  // started again, the instance takes the job over at once (no lease to wait for) and finishes it
  await server.restart()
  await mail.waitFor(SUBSCRIBERS, 90_000)
  let status = ''
  for (let i = 0; i < 100 && status !== 'done'; i++) {
    const d = new SQLite(dbFile(), { readonly: true })
    status = (d.prepare('select status from job_queue where id = ?').get(jobId) as any).status
    d.close()
    if (status !== 'done') await sleep(100)
  }
  expect(status).toBe('done')
  expect(mail.duplicates()).toEqual([])
  expect(mail.perRecipient.size).toBeGreaterThanOrEqual(SUBSCRIBERS)
})
