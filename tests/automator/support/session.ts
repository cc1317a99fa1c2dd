/**
 * One DevTools session for the automator specs:
 * 1. the server the mini-program calls. By default the suite starts the test server in-process on
 *    http://localhost:8080 (the origin of build:weapp:local): fresh seeded SQLite and the fake WeChat API
 *    for the login button. AUTOMATOR_SERVER_URL names another server: used as it is when it answers
 *    (the sign-in and enrolment specs are then skipped: they need the fake WeChat), else the test server
 *    is started on that URL's port.
 * 2. dist/weapp built with API_BASE = that URL (rebuilt when it calls another origin or is missing).
 * 3. DevTools launched through miniprogram-automator on dist/weapp (WECHAT_DEVTOOLS_CLI); the DevTools
 *    "service port" must be on (Settings → Security), and the project's urlCheck is off for localhost.
 */
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import automator from 'miniprogram-automator'
import type MiniProgram from 'miniprogram-automator/out/MiniProgram'
import { startHarness, type Harness } from '../../server/harness'
import { FakeWeChat } from '../../support/fake-wechat'

export const ROOT = path.resolve(__dirname, '../../..')
export const DIST = path.join(ROOT, 'dist/weapp')

export interface Session {
  mp: MiniProgram
  serverUrl: string
  /** present when the suite started the server itself */
  harness: Harness | null
  fake: FakeWeChat | null
  close(): Promise<void>
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) })
    return res.ok
  } catch {
    return false
  }
}

function ensureBuild(serverUrl: string) {
  const common = path.join(DIST, 'common.js')
  const calls = (f: string) => fs.readFileSync(f, 'utf8').includes(JSON.stringify(serverUrl))
  const built = fs.existsSync(common) && ['app.js', 'common.js', 'vendors.js'].some((f) => calls(path.join(DIST, f)))
  if (built && process.env.CI !== 'true') return
  const r = spawnSync('npx', ['taro', 'build', '--type', 'weapp'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', API_BASE: serverUrl },
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  })
  if (r.status !== 0) throw new Error(`taro build --type weapp (API_BASE=${serverUrl}) failed:\n${`${r.stdout}${r.stderr}`.slice(-4000)}`)
}

export async function startSession(): Promise<Session> {
  const given = process.env.AUTOMATOR_SERVER_URL
  const serverUrl = (given || 'http://localhost:8080').replace(/\/$/, '')
  let harness: Harness | null = null
  let fake: FakeWeChat | null = null
  const running = await answers(serverUrl)
  if (running && !given) throw new Error(`a server already answers at ${serverUrl}: stop it, or set AUTOMATOR_SERVER_URL=${serverUrl} to test against it`)
  if (!running) {
    fake = new FakeWeChat()
    await fake.start()
    harness = await startHarness('sqlite', { env: fake.env() })
    const url = new URL(serverUrl)
    await harness.app.listen({ port: Number(url.port || 80), host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname })
  }
  ensureBuild(serverUrl)
  const mp = await automator.launch({
    cliPath: process.env.WECHAT_DEVTOOLS_CLI,
    projectPath: DIST,
    timeout: 120000,
    trustProject: true,
  })
  return {
    mp,
    serverUrl,
    harness,
    fake,
    async close() {
      await mp.close().catch(() => undefined)
      await harness?.close()
      await fake?.close()
    },
  }
}
