/**
 * Test harness: a fresh database per app (SQLite file in a temp dir, or a new PostgreSQL schema that
 * is dropped afterwards), migrated and seeded, plus a real in-process SMTP sink the app sends to.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import { Client } from 'pg'
import { buildApp, type BuildOptions } from '../../server/src/app'
import { loadConfig, type Config } from '../../server/src/config'
import { currentPolicyVersions, insertConsent } from '../../server/src/db/consents'
import { CLIENT_CREDENTIALS, type ClientId } from '@contracts/api'

export type DbTargetName = 'sqlite' | 'postgres'

export function dbTargets(): DbTargetName[] {
  return process.env.HAIJIAO_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite']
}

export const DEMO_PASSWORD = 'Haijiao2026'

export class MailSink {
  readonly messages: ParsedMail[] = []
  private server!: SMTPServer
  port = 0
  private waiters: Array<() => void> = []

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, cb) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail)
            this.waiters.splice(0).forEach((w) => w())
            cb()
          })
          .catch(cb)
      },
    })
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.server.address() as AddressInfo).port
  }

  private to(m: ParsedMail): string {
    const t = m.to
    const list = Array.isArray(t) ? t : t ? [t] : []
    return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).join(',')
  }

  count(email: string) {
    return this.messages.filter((m) => this.to(m).includes(email.toLowerCase())).length
  }

  /** The newest message to this address (waits up to 5 s for it). */
  async latest(email: string, after = 0): Promise<ParsedMail> {
    const deadline = Date.now() + 5000
    for (;;) {
      const found = this.messages.filter((m) => this.to(m).includes(email.toLowerCase()))
      if (found.length > after) return found[found.length - 1]
      if (Date.now() > deadline) throw new Error(`no mail to ${email}`)
      await new Promise<void>((r) => {
        this.waiters.push(r)
        setTimeout(r, 200)
      })
    }
  }

  async codeFor(email: string, after = 0): Promise<string> {
    const mail = await this.latest(email, after)
    const m = /\b(\d{6})\b/.exec(mail.text ?? '')
    if (!m) throw new Error(`no code in mail to ${email}`)
    return m[1]
  }

  close() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }
}

export class TestClock {
  offsetMs = 0
  now = () => new Date(Date.now() + this.offsetMs)
  advance(ms: number) {
    this.offsetMs += ms
  }
}

export interface ApiResponse<T = any> {
  status: number
  body: { code: number; result: T; message: string }
  raw: string
  headers: Record<string, unknown>
}

export interface Harness {
  app: FastifyInstance
  config: Config
  mail: MailSink
  clock: TestClock
  target: DbTargetName
  db: FastifyInstance['ctx']['db']
  api<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: { body?: unknown; token?: string; client?: ClientId | 'none' | string; headers?: Record<string, string>; payload?: Buffer | string },
  ): Promise<ApiResponse<T>>
  login(email: string, password?: string, client?: ClientId): Promise<string>
  adminLogin(email: string, password?: string): Promise<string>
  captcha(): Promise<{ codeKey: string; code: string }>
  sendCode(email: string, type: 'register' | 'recovery'): Promise<string>
  registerUser(email: string, nickName?: string, password?: string): Promise<{ token: string; userInfo: any }>
  close(): Promise<void>
}

export function basic(client: ClientId) {
  const c = CLIENT_CREDENTIALS[client]
  return `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`
}

export async function startHarness(
  target: DbTargetName,
  opts: { rootDir?: string; build?: BuildOptions; env?: Record<string, string> } = {},
): Promise<Harness> {
  const mail = new MailSink()
  await mail.start()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-test-'))
  let schema: string | null = null
  const pgUrl = process.env.HAIJIAO_TEST_PG_URL || ''
  if (target === 'postgres') {
    schema = `hj_test_${process.env.HAIJIAO_TEST_RUN || 'solo'}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
    const c = new Client({ connectionString: pgUrl })
    await c.connect()
    await c.query(`create schema ${schema}`)
    await c.end()
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'silent',
      ...(target === 'postgres' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema! } : {}),
      ...opts.env,
    },
    opts.rootDir ? { rootDir: opts.rootDir } : {},
  )
  const clock = new TestClock()
  // Inside `npm test` the run's schemas are dropped together at the end (tests/server/global-teardown.js):
  // dropping one while another worker's migrator reads the catalogue fails that worker's start.
  const dropSchema = async () => {
    if (!schema || process.env.HAIJIAO_TEST_RUN) return
    const c = new Client({ connectionString: pgUrl })
    await c.connect()
    await c.query(`drop schema if exists ${schema} cascade`)
    await c.end()
  }
  let app: FastifyInstance
  try {
    app = await buildApp(config, { migrate: true, seed: true, clock, ...opts.build })
  } catch (err) {
    // leave nothing behind when the app cannot be built
    await mail.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    await dropSchema()
    throw err
  }

  const h: Harness = {
    app,
    config,
    mail,
    clock,
    target,
    db: app.ctx.db,
    async api(method, url, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) }
      if (o.token) headers.authorization = `Bearer ${o.token}`
      if (o.client && o.client !== 'none') {
        headers.authorization = o.client in CLIENT_CREDENTIALS ? basic(o.client as ClientId) : String(o.client)
      }
      const res = await app.inject({
        method,
        url: url.startsWith('/api') ? url : `/api/v1${url}`,
        headers,
        ...(o.payload !== undefined ? { payload: o.payload } : o.body !== undefined ? { payload: o.body as object } : {}),
      })
      let body: any = null
      try {
        body = res.json()
      } catch {
        body = null
      }
      return { status: res.statusCode, body, raw: res.body, headers: res.headers as Record<string, unknown> }
    },
    async login(email, password = DEMO_PASSWORD, client = 'h5') {
      const r = await h.api('POST', '/system/user/login', { client, body: { email, password } })
      if (r.body?.code !== 200) throw new Error(`login ${email} failed: ${r.raw}`)
      return r.body.result.token
    },
    async captcha() {
      const r = await h.api('GET', '/system/user/code/verification')
      const codeKey = r.body.result.codeKey
      // the browser suite does the same: read the code by the key seen on the wire
      const row = await h.db.selectFrom('captchas').select('code').where('code_key', '=', codeKey).executeTakeFirstOrThrow()
      return { codeKey, code: row.code }
    },
    async adminLogin(email, password = DEMO_PASSWORD) {
      const { codeKey, code } = await h.captcha()
      const r = await h.api('POST', '/system/user/ouser/login', { client: 'admin', body: { email, password, code, codeKey } })
      if (r.body?.code !== 200) throw new Error(`admin login ${email} failed: ${r.raw}`)
      return r.body.result.token
    },
    async sendCode(email, type) {
      const before = mail.count(email)
      const r = await h.api('GET', `/system/user/send/verify/code?email=${encodeURIComponent(email)}&type=${type}`)
      if (r.body?.code !== 200) throw new Error(`send code ${email} failed: ${r.raw}`)
      return mail.codeFor(email, before)
    },
    async registerUser(email, nickName = 'Tester', password = 'secret1') {
      const code = await h.sendCode(email, 'register')
      const r = await h.api('POST', '/system/user/register', {
        body: { email, code, nickName, password, confirmPassword: password, agree: true },
      })
      if (r.body?.code !== 200) throw new Error(`register ${email} failed: ${r.raw}`)
      return r.body.result
    },
    async close() {
      await app.close()
      await mail.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
      await dropSchema()
    },
  }
  return h
}

/** Tokens of the demo operations, organizer and kefu admins and of the demo consumer, logged in together. */
export async function loginDemoRoles(h: Harness): Promise<{ ops: string; org: string; kefu: string; consumer: string }> {
  const [ops, org, kefu, consumer] = await Promise.all([
    h.adminLogin('ops@haijiao.demo'),
    h.adminLogin('org@haijiao.demo'),
    h.adminLogin('kefu@haijiao.demo'),
    h.login('user@haijiao.demo'),
  ])
  return { ops, org, kefu, consumer }
}

/** The demo organizer's own organisation, and another one (for data-scope checks). */
export async function demoOrganizations(h: Harness): Promise<{ ownOrg: number; otherOrg: number }> {
  const acc = await h.db
    .selectFrom('user_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.organization_id')
    .where('u.email', '=', 'org@haijiao.demo')
    .where('a.kind', '=', 'ouser')
    .executeTakeFirstOrThrow()
  const ownOrg = acc.organization_id!
  const otherOrg = (await h.db.selectFrom('organizations').select('id').where('id', '!=', ownOrg).orderBy('id').executeTakeFirstOrThrow()).id
  return { ownOrg, otherOrg }
}

/**
 * Records the person's agreement to the policy versions in force, for people a test makes straight in
 * the database: without one, a consumer token gets 671 on every consumer route.
 */
export async function agreeToPolicies(h: Harness, userId: number): Promise<void> {
  await insertConsent(h.db, { userId, versions: await currentPolicyVersions(h.db), channel: 'email', kind: 'register', now: h.clock.now().toISOString() })
}

const HOUR = 3600_000

/**
 * A published offline activity in Shanghai (UTC+08:00) from 3 days after the harness clock's now, 3 hours
 * long, 100 seats, none taken; `row` names it (title_zh, title_en, organization_id) and overrides any column.
 */
export async function insertActivity(h: Harness, row: Record<string, unknown>): Promise<number> {
  const now = h.clock.now().getTime()
  const ts = new Date(now).toISOString()
  const r = await h.db
    .insertInto('activities')
    .values({
      summary_zh: '',
      summary_en: '',
      detail_zh: '',
      detail_en: '',
      type: 'offline',
      poster_url: null,
      banner_url: null,
      start_time: new Date(now + 72 * HOUR).toISOString(),
      end_time: new Date(now + 75 * HOUR).toISOString(),
      time_zone: 'UTC+08:00',
      country: 'CN',
      city_zh: '上海',
      city_en: 'Shanghai',
      people_count: 100,
      enrolled_count: 0,
      status: 'published',
      published_at: ts,
      created_at: ts,
      updated_at: ts,
      ...row,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

/** describe() once per database target with a fresh harness. */
export function describeEachDb(
  name: string,
  fn: (h: () => Harness) => void,
  opts?: Parameters<typeof startHarness>[1],
) {
  for (const target of dbTargets()) {
    describe(`${name} [${target}]`, () => {
      let harness: Harness
      beforeAll(async () => {
        harness = await startHarness(target, opts)
      })
      afterAll(async () => {
        await harness?.close()
      })
      fn(() => harness)
    })
  }
}
