/**
 * Real server processes for the cluster suite: each instance is `server/src/server.ts` through tsx
 * (migrates, seeds, listens; the same entry `npm start` uses) under the e2e watchdog, in its own process
 * group, so `kill('SIGKILL')` is a kill -9 of the whole instance and `kill('SIGTERM')` a graceful stop.
 * Shared backing services: PostgreSQL (a schema of its own per run) and Redis (a key prefix per run).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Client } from 'pg'
import Redis from 'ioredis'
import { CLIENT_CREDENTIALS, type ClientId } from '@contracts/api'

export const ROOT = path.resolve(__dirname, '../../..')
export const ARTIFACTS = path.join(ROOT, 'tests/cluster/artifacts')
const WATCHDOG = path.join(ROOT, 'tests/e2e/support/with-parent.cjs')
const SERVER = path.join(ROOT, 'server/src/server.ts')

export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** null when PostgreSQL and Redis both answer, else why not (the suite prints it and skips) */
export async function backingServicesMissing(): Promise<string | null> {
  const c = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 })
  try {
    await c.connect()
    await c.query('select 1')
  } catch (err) {
    return `PostgreSQL not reachable at ${PG_URL} (${(err as Error).message})`
  } finally {
    await c.end().catch(() => undefined)
  }
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null })
  r.on('error', () => undefined)
  try {
    await r.connect()
    await r.ping()
  } catch (err) {
    return `Redis not reachable at ${REDIS_URL} (${(err as Error).message})`
  } finally {
    r.disconnect()
  }
  return null
}

/** Ports 18400-18499 are this suite's (18600-18699 the rolling restart's); the first free one at or after `from`. */
export async function portFrom(from: number, below = 18500): Promise<number> {
  for (let p = from; p < below; p++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer()
      srv.once('error', () => resolve(false))
      srv.listen(p, '127.0.0.1', () => srv.close(() => resolve(true)))
    })
    if (free) return p
  }
  throw new Error(`no free port in ${from}-${below - 1}`)
}

export interface Backing {
  schema: string
  redisPrefix: string
  env: Record<string, string>
  pg(): Promise<Client>
  /** drops the schema and the Redis keys of this run */
  drop(): Promise<void>
}

/** A fresh PostgreSQL schema and Redis prefix for one test file. */
export async function freshBacking(label: string): Promise<Backing> {
  const run = crypto.randomBytes(3).toString('hex')
  const schema = `hj_cluster_${label}_${run}`
  const redisPrefix = `hjtest:${label}:${run}:`
  const c = new Client({ connectionString: PG_URL })
  await c.connect()
  await c.query(`create schema ${schema}`)
  await c.end()
  return {
    schema,
    redisPrefix,
    env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: redisPrefix },
    async pg() {
      const client = new Client({ connectionString: PG_URL, options: `-c search_path=${schema}` })
      await client.connect()
      return client
    },
    async drop() {
      const d = new Client({ connectionString: PG_URL })
      await d.connect()
      await d.query(`drop schema if exists ${schema} cascade`).catch(() => undefined)
      await d.end()
      const r = new Redis(REDIS_URL)
      const keys = await r.keys(`${redisPrefix}*`)
      if (keys.length) await r.del(...keys)
      await r.quit()
    },
  }
}

export interface Instance {
  name: string
  port: number
  baseUrl: string
  /** DATA_DIR of the instance (its SQLite file when no DATABASE_URL is given) */
  dataDir: string
  /** output of every start of this instance so far */
  log(): string
  /** signal the whole process group (watchdog, tsx, node) */
  kill(signal: NodeJS.Signals): void
  /** resolves with the exit code (null when ended by a signal) */
  exited(): Promise<number | null>
  running(): boolean
  /** process ids of the instance (watchdog, node): a job lease's owner names the node one */
  pids(): number[]
  /** start again on the same port with the same settings (after a kill) */
  restart(): Promise<void>
  stop(): Promise<void>
}

export async function startInstance(opts: { name: string; port: number; env: Record<string, string> }): Promise<Instance> {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const logFile = path.join(ARTIFACTS, `server-${opts.name}.log`)
  const logStream = fs.createWriteStream(logFile, { flags: 'a' })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `haijiao-cluster-${opts.name}-`))
  let output = ''
  let child: ChildProcess | null = null
  let exitCode: number | null | undefined
  let exitWaiters: Array<(c: number | null) => void> = []
  const baseUrl = `http://127.0.0.1:${opts.port}`

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JOB_POLL_MS: '300',
  }
  // only what the caller names: SQLite and no Redis unless told, whatever the shell points at
  for (const k of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'REDIS_PREFIX', 'JWT_SECRET', 'SMTP_URL']) delete env[k]
  Object.assign(env, opts.env)

  const launch = async () => {
    exitCode = undefined
    const c = spawn(process.execPath, [WATCHDOG, String(process.pid), process.execPath, '--import', 'tsx', SERVER], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = c
    const record = (chunk: Buffer) => {
      output += chunk.toString()
      logStream.write(chunk)
    }
    c.stdout!.on('data', record)
    c.stderr!.on('data', record)
    c.on('exit', (code) => {
      exitCode = code
      for (const w of exitWaiters) w(code)
      exitWaiters = []
    })
    const deadline = Date.now() + 90_000
    let last = ''
    while (Date.now() < deadline) {
      if (exitCode !== undefined) throw new Error(`${opts.name} exited (code ${exitCode}) before it was healthy:\n${output.slice(-3000)}`)
      try {
        const res = await fetch(`${baseUrl}/api/v1/health`)
        const body: any = await res.json().catch(() => null)
        last = `HTTP ${res.status}`
        if (res.ok && body?.code === 200) return
      } catch (err: any) {
        last = String(err?.cause?.code ?? err?.message ?? err)
      }
      await sleep(200)
    }
    inst.kill('SIGKILL')
    throw new Error(`${opts.name} not healthy after 90 s (${last}):\n${output.slice(-3000)}`)
  }

  const inst: Instance = {
    name: opts.name,
    port: opts.port,
    baseUrl,
    dataDir,
    log: () => output,
    kill(signal) {
      if (!child?.pid || exitCode !== undefined) return
      try {
        process.kill(-child.pid, signal)
      } catch {
        /* gone */
      }
    },
    exited() {
      if (exitCode !== undefined) return Promise.resolve(exitCode)
      return new Promise((r) => exitWaiters.push(r))
    },
    running: () => child !== null && exitCode === undefined,
    pids() {
      if (!child?.pid || exitCode !== undefined) return []
      const r = spawnSync('pgrep', ['-g', String(child.pid)], { encoding: 'utf8' })
      return r.stdout.split(/\s+/).filter(Boolean).map(Number)
    },
    restart: launch,
    async stop() {
      if (inst.running()) {
        inst.kill('SIGTERM')
        const done = await Promise.race([inst.exited().then(() => true), sleep(8000).then(() => false)])
        if (!done) inst.kill('SIGKILL')
        await Promise.race([inst.exited(), sleep(2000)])
      }
      logStream.end()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  await launch()
  return inst
}

// ---------------------------------------------------------------- HTTP helpers (through fetch)

export interface Answer<T = any> {
  status: number
  body: T & { code?: number; result?: any; message?: string }
  headers: Headers
  raw: ArrayBuffer
}

export function basic(client: ClientId) {
  const c = CLIENT_CREDENTIALS[client]
  return `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`
}

export async function call<T = any>(
  baseUrl: string,
  method: string,
  url: string,
  o: { body?: unknown; token?: string; authorization?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.authorization) headers.authorization = o.authorization
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${baseUrl}${url.startsWith('/api') ? url : `/api/v1${url}`}`, {
    method,
    headers,
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  })
  const raw = await res.arrayBuffer()
  let body: any = null
  try {
    body = JSON.parse(Buffer.from(raw).toString('utf8'))
  } catch {
    body = null
  }
  return { status: res.status, body, headers: res.headers, raw }
}
