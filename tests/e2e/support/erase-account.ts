/**
 * Erases now the account whose deletion the browser asked for, without waiting for the 7-day cooling-off
 * period: runs `server/src/privacy-cli.ts erase-now <email>` against the running test server's data
 * directory (its SQLite file and upload storage). The account must have a pending deletion request.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ROOT, type RunningServer } from './server'

export function eraseAccountNow(server: Pick<RunningServer, 'dataDir'>, email: string): number {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }
  // the same database and storage as the server (server.ts's serverEnv drops these too)
  delete env.DATABASE_URL
  delete env.REDIS_URL
  delete env.STORAGE_URL
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'server/src/privacy-cli.ts'), 'erase-now', email], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 })
  const m = /erased account (\d+)/.exec(r.stdout ?? '')
  if (r.status !== 0 || !m) throw new Error(`erase-now ${email} failed (exit ${r.status}): ${r.stdout}${r.stderr}`)
  return Number(m[1])
}
