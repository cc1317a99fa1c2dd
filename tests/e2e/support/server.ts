/**
 * Starts the real server (the same entry `npm start` uses) as a child process on a free port with a
 * fresh SQLite data directory, and waits for GET /api/v1/health.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(__dirname, '../../..')
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts')
const TSX = path.join(ROOT, 'node_modules/.bin/tsx')
const WATCHDOG = path.join(__dirname, 'with-parent.cjs')

export interface RunningServer {
  baseUrl: string
  port: number
  dataDir: string
  dbFile: string
  /** everything the server printed so far (for failure messages) */
  log(): string
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
  // The browser suite always runs on its own fresh SQLite file, whatever the caller's shell points at.
  delete env.DATABASE_URL
  delete env.REDIS_URL
  delete env.JWT_SECRET
  return env
}

/**
 * Which entry to run. server.ts run directly migrates, seeds and listens — what start.ts does minus the
 * "build when dist is missing" step, which must not happen inside a test (run-all.mjs builds first).
 */
function entry(): { file: string; needsMigrateSeed: boolean } {
  const server = path.join(ROOT, 'server/src/server.ts')
  if (fs.existsSync(server)) return { file: server, needsMigrateSeed: false }
  const start = path.join(ROOT, 'server/src/start.ts')
  if (fs.existsSync(start)) return { file: start, needsMigrateSeed: false }
  throw new Error('neither server/src/server.ts nor server/src/start.ts exists: the server is not written yet')
}

export async function startServer(opts: { name: string; smtpUrl: string }): Promise<RunningServer> {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `haijiao-e2e-${opts.name}-`))
  const port = await freePort()
  const env = serverEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: opts.smtpUrl,
    MAIL_FROM: 'Haijiao <noreply@haijiao.test>',
    NODE_ENV: 'test',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  })
  const logFile = path.join(ARTIFACTS, `server-${opts.name}.log`)
  const logStream = fs.createWriteStream(logFile)
  let output = ''
  const record = (chunk: Buffer) => {
    output += chunk.toString()
    logStream.write(chunk)
  }

  const { file, needsMigrateSeed } = entry()
  if (needsMigrateSeed) {
    for (const cli of ['server/src/db/migrate-cli.ts', 'server/src/db/seed-cli.ts']) {
      const r = spawnSync(TSX, [path.join(ROOT, cli)], { cwd: ROOT, env, encoding: 'utf8' })
      record(Buffer.from(`$ tsx ${cli}\n${r.stdout}${r.stderr}`))
      if (r.status !== 0) {
        logStream.end()
        throw new Error(`${cli} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`)
      }
    }
  }

  // Own process group (watchdog → tsx → node), so stop() ends exactly these; the watchdog also ends them
  // if this jest process dies without running afterAll (Ctrl-C, CI timeout).
  const child: ChildProcess = spawn(process.execPath, [WATCHDOG, String(process.pid), TSX, file], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', record)
  child.stderr!.on('data', record)
  let exited: number | null | undefined
  child.on('exit', (code, signal) => {
    exited = code ?? (signal ? -1 : null)
  })

  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (exited === undefined && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        /* already gone */
      }
      const deadline = Date.now() + 5000
      while (exited === undefined && Date.now() < deadline) await sleep(100)
      if (exited === undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          /* already gone */
        }
      }
    }
    logStream.end()
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
  }

  // First start compiles TS through tsx, migrates and seeds (argon2 hashes): allow a minute and a half.
  const deadline = Date.now() + 90_000
  let last = ''
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      await stop()
      throw new Error(`server exited (code ${exited}) before it was healthy; its output:\n${output.slice(-4000)}`)
    }
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`)
      const body: any = await res.json().catch(() => null)
      last = `HTTP ${res.status} ${JSON.stringify(body)}`
      if (res.ok && body && body.code === 200 && body.result && body.result.status === 'ok') {
        return { baseUrl, port, dataDir, dbFile: path.join(dataDir, 'haijiao.db'), log: () => output, stop }
      }
    } catch (err: any) {
      last = String(err?.cause?.code ?? err?.message ?? err)
    }
    await sleep(250)
  }
  await stop()
  throw new Error(`server not healthy after 90 s (last answer: ${last}); its output:\n${output.slice(-4000)}`)
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}
