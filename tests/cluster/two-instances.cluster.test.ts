/**
 * Two server processes on one PostgreSQL schema and one Redis prefix, behind a round-robin proxy, behave
 * as one: an account registered through one logs in through the other; an enrolment made through one
 * is approved and exported by the organizer through the other; a customer on one chats with an agent
 * on the other; a rate limit holds across both (counters in Redis); the public micro-cache of one
 * shows a write made through the other within its stated window (PUBLIC_CACHE_MS, here 2 s; in
 * practice at once, through the Redis invalidation message); a file uploaded through one is served by
 * the other (both on one S3-protocol store, s3rver here). Skipped, with one line saying why, when
 * PostgreSQL or Redis is not reachable.
 */
import crypto from 'node:crypto'
import ExcelJS from 'exceljs'
import type { Client } from 'pg'
import { call, sleep, type Instance } from './support/cluster'
import { skipWithoutBacking, startPair, type Pair } from './support/pair'
import type { Proxy } from './support/proxy'
import { adminLogin, login, makeActivity } from './support/scenario'
import { startSmtpSink, extractCode, type SmtpSink } from '../e2e/support/smtp-sink'
import { startS3rver, type S3Server } from '../support/s3rver'
import { ChatClient, hello, text } from '../server/chat-client'
import { ENROLL_API } from '@contracts/enrollment'
import { ADMIN_ENROLL_API } from '@contracts/admin-enrollment'
import { API } from '@contracts/api'
import { CHAT_API } from '@contracts/chat'
import { CHAT_TOURIST_IDS_PER_IP_PER_HOUR } from '../../server/src/modules/chat/chat.service'

const CACHE_MS = 2000
let missing: string | null = null
let pair: Pair
let smtp: SmtpSink
let a: Instance
let b: Instance
let proxy: Proxy
let pg: Client
let s3: S3Server

beforeAll(async () => {
  missing = await skipWithoutBacking('two instances')
  if (missing) return
  smtp = await startSmtpSink()
  s3 = await startS3rver()
  pair = await startPair('two', { from: 18410, env: { ...s3.env, SMTP_URL: smtp.url, PUBLIC_CACHE_MS: String(CACHE_MS) } })
  ;({ a, b, proxy } = pair)
  pg = await pair.backing.pg()
}, 180_000)

afterAll(async () => {
  await pg?.end()
  await pair?.stop()
  await smtp?.close()
  await s3?.stop()
})

test('register through one instance, log in through the other', async () => {
  if (missing) return
  const email = `two-${Date.now()}@ex.test`
  const since = Date.now()
  const sent = await call(a.baseUrl, 'GET', `/system/user/send/verify/code?email=${encodeURIComponent(email)}&type=register`)
  expect(sent.body.code).toBe(200)
  const code = extractCode(await smtp.waitForMail(email, { since }))
  const reg = await call(a.baseUrl, 'POST', '/system/user/register', { body: { email, code, nickName: 'Two', password: 'secret1', confirmPassword: 'secret1', agree: true } })
  expect(reg.body.code).toBe(200)
  const token = await login(b.baseUrl, email, 'secret1')
  // the token of one instance is valid on the other (one secret, kept in the database)
  const me = await call(a.baseUrl, 'GET', API.currentUser, { token })
  expect(me.body.code).toBe(200)
})

test('enrol through one instance; the organizer approves and exports through the other', async () => {
  if (missing) return
  const activityId = await makeActivity(pg, `双实例报名 ${Date.now()}`, 5)
  const enr = await call(a.baseUrl, 'POST', ENROLL_API.submit, { body: { activityId, answers: { name: 'Guest Two', email: 'guest-two@ex.test' } } })
  expect(enr.body.code).toBe(200)
  const id = enr.body.result.enrollmentId
  const org = await adminLogin(b.baseUrl, pg, 'org@haijiao.demo')
  const approved = await call(b.baseUrl, 'POST', ADMIN_ENROLL_API.status, { token: org, body: { id, status: 'approved' } })
  expect(approved.body.code).toBe(200)
  const list = await call(a.baseUrl, 'GET', `${ADMIN_ENROLL_API.list}?activityId=${activityId}`, { token: org })
  expect(list.body.result.list.map((r: any) => [r.id, r.status])).toEqual([[id, 'approved']])
  const xlsx = await call(b.baseUrl, 'GET', `${ADMIN_ENROLL_API.export}?activityId=${activityId}`, { token: org, headers: { lang: 'en' } })
  expect(xlsx.status).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(xlsx.raw)
  const row = (wb.worksheets[0].getRow(2).values as unknown[]).slice(2, 4)
  expect(row).toEqual(['Guest Two', 'guest-two@ex.test'])
})

test('a customer on one instance and the agent on the other chat live', async () => {
  if (missing) return
  const kefu = await adminLogin(a.baseUrl, pg, 'kefu@haijiao.demo')
  const user = await login(a.baseUrl, 'user@haijiao.demo')
  const agent = await ChatClient.open(b.port, { token: kefu, role: 'kefu' })
  const customer = await ChatClient.open(a.port, { token: user })
  try {
    await agent.next((f) => f.type === 'connected')
    agent.send({ kefu_status: { online: true } })
    await agent.next((f) => f.type === 'kefu_state' && f.online)
    const { identity } = await customer.next((f) => f.type === 'connected')
    customer.send(hello())
    await customer.status('kefu_up')
    expect((await agent.next((f) => f.type === 'assigned', 8000)).conversation.customerId).toBe(identity.customerId)
    customer.send(text('你好，从 A 来', 'two-1'))
    await customer.ack('two-1')
    expect((await agent.chat((m) => m.msgContent === '你好，从 A 来')).kefu_chat.sendType).toBe('customer')
    agent.send(text('Hello from B', 'two-2', { customerId: identity.customerId }))
    await agent.ack('two-2')
    expect((await customer.chat((m) => m.msgContent === 'Hello from B')).kefu_chat.sendType).toBe('kefu')
  } finally {
    await customer.close()
    await agent.close()
  }
})

test('a rate limit holds across both instances (counters in Redis)', async () => {
  if (missing) return
  const answers: number[] = []
  for (let i = 0; i < CHAT_TOURIST_IDS_PER_IP_PER_HOUR + 6; i++) answers.push((await call(proxy.baseUrl, 'GET', CHAT_API.newTouristId)).status)
  // both instances served some of them (round robin), yet the budget of one address was spent once
  expect(proxy.counts.get(a.port)).toBeGreaterThan(0)
  expect(proxy.counts.get(b.port)).toBeGreaterThan(0)
  expect(answers.filter((s) => s === 200)).toHaveLength(CHAT_TOURIST_IDS_PER_IP_PER_HOUR)
  expect(answers.slice(CHAT_TOURIST_IDS_PER_IP_PER_HOUR).every((s) => s === 429)).toBe(true)
})

test('the micro-cache of one instance does not outlive its window after a write through the other', async () => {
  if (missing) return
  const title = `缓存窗口 ${Date.now()}`
  const activityId = await makeActivity(pg, title, 10, false)
  const listUrl = `/activity/info/list?keyword=${encodeURIComponent(title)}`
  const count = async (base: string) => {
    const r = await call(base, 'GET', listUrl)
    return { n: r.body.result.list.find((x: any) => x.id === activityId)?.enrolledCount, cache: r.headers.get('x-cache') }
  }
  expect(await count(b.baseUrl)).toEqual({ n: 0, cache: 'miss' })
  expect(await count(b.baseUrl)).toEqual({ n: 0, cache: 'hit' })
  const enr = await call(a.baseUrl, 'POST', ENROLL_API.submit, { body: { activityId, answers: { name: 'Cache', email: 'cache@ex.test' } } })
  expect(enr.body.code).toBe(200)
  const written = Date.now()
  let seen = await count(b.baseUrl)
  while (seen.n !== 1 && Date.now() - written < CACHE_MS) {
    await sleep(50)
    seen = await count(b.baseUrl)
  }
  expect(seen.n).toBe(1)
})


test('a file uploaded through one instance is served by the other (one object store)', async () => {
  if (missing) return
  const token = await login(a.baseUrl, 'user@haijiao.demo')
  // a PNG signature and a header declaring 1 × 1 pixels, then random bytes: what the upload's checks read
  const content = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001', 'hex'), crypto.randomBytes(64 * 1024)])
  const form = new FormData()
  form.append('file', new Blob([content], { type: 'image/png' }), 'two.png')
  const up = await fetch(`${a.baseUrl}/api/v1/file/info/single/upload?kind=image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  const url = ((await up.json()) as { code: number; result: string }).result
  expect(url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
  // the bytes were stored in the bucket, not on A's disk
  expect(s3.requests.some((r) => r.startsWith('PUT ') && r.includes(url.replace('/uploads/', '')))).toBe(true)
  const fromB = await fetch(`${b.baseUrl}${url}`)
  expect(fromB.status).toBe(200)
  expect(Buffer.from(await fromB.arrayBuffer()).equals(content)).toBe(true)
})
