/**
 * SQLite backup and restore (`npm run backup` / `npm run restore`): an online backup of a database the
 * server is writing to, restored into a fresh DATA_DIR, gives a server that reads the same rows and
 * accepts the same sign-ins. SQLite only: PostgreSQL is backed up with pg_dump (docs/deploy.md).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { sql } from 'kysely'
import { startHarness, type Harness } from './harness'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { backupSqlite, restoreSqlite } from '../../server/src/db/backup'

const ROOT = path.resolve(__dirname, '..', '..')
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx')
const cli = (args: string[], dataDir: string) =>
  spawnSync(TSX, [path.join(ROOT, 'server/src/db/backup-cli.ts'), ...args], { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' })

describe('backup and restore [sqlite]', () => {
  let h: Harness
  const dirs: string[] = []
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-restore-'))
    dirs.push(d)
    return d
  }
  beforeAll(async () => {
    h = await startHarness('sqlite')
  })
  afterAll(async () => {
    await h?.close()
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
  })

  const tableCounts = async (db: Harness['db']) => {
    const out: Record<string, number> = {}
    for (const t of ['users', 'activities', 'activity_enrollments', 'job_queue']) {
      const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(db)
      out[t] = Number(r.rows[0].n)
    }
    return out
  }

  it('backs up the live database while it is written to; the restored copy serves the same rows and sign-ins', async () => {
    const { token, userInfo } = await h.registerUser('backup-user@example.com', 'Backed Up')
    // writes in flight while the backup runs
    const writes = Promise.all(Array.from({ length: 5 }, (_, i) => h.registerUser(`during-${i}@example.com`)))
    const { file, bytes } = await backupSqlite(h.config, undefined, new Date('2026-11-25T02:00:00Z'))
    await writes
    expect(file).toBe(path.join(h.config.dataDir, 'backups', '2026-11-25T02-00-00Z.sqlite'))
    expect(bytes).toBeGreaterThan(0)
    expect(fs.existsSync(`${file}.jwt-secret`)).toBe(true)

    const fresh = tempDir()
    const restoredConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: fresh, LOG_LEVEL: 'silent' })
    const { previous } = restoreSqlite(restoredConfig, file)
    expect(previous).toBeNull()
    const app = await buildApp(restoredConfig, { migrate: true })
    try {
      const user = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', userInfo.id).executeTakeFirstOrThrow()
      const original = await h.db.selectFrom('users').selectAll().where('id', '=', userInfo.id).executeTakeFirstOrThrow()
      expect(user).toEqual(original)
      const counts = await tableCounts(app.ctx.db)
      const live = await tableCounts(h.db)
      expect(counts.activities).toBe(live.activities)
      expect(counts.activity_enrollments).toBe(live.activity_enrollments)
      // the users registered during the backup may or may not be in it; never more than the live database
      expect(counts.users).toBeGreaterThan(0)
      expect(counts.users).toBeLessThanOrEqual(live.users)
      // a token signed before the backup still opens the account on the restored server
      const me = await app.inject({ method: 'GET', url: '/api/v1/system/user/current/user', headers: { authorization: `Bearer ${token}` } })
      expect(me.json()).toMatchObject({ code: 200, result: { nickName: 'Backed Up' } })
    } finally {
      await app.close()
    }
  })

  it('npm run backup / restore work from the command line, keep the replaced database and refuse a non-database', async () => {
    await h.registerUser('cli-user@example.com')
    const dest = path.join(tempDir(), 'nightly.sqlite')
    const b = cli(['backup', dest], h.config.dataDir)
    expect(b.stderr).toBe('')
    expect(b.status).toBe(0)
    expect(b.stdout).toContain(dest)

    const fresh = tempDir()
    fs.writeFileSync(path.join(fresh, 'haijiao.db'), 'old')
    const r = cli(['restore', dest], fresh)
    expect(r.status).toBe(0)
    expect(fs.readdirSync(fresh).some((f) => f.startsWith('haijiao.db.before-restore-'))).toBe(true)
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: fresh, LOG_LEVEL: 'silent' }), { migrate: true })
    try {
      const found = await app.ctx.db.selectFrom('users').select('email').where('email', '=', 'cli-user@example.com').executeTakeFirst()
      expect(found?.email).toBe('cli-user@example.com')
    } finally {
      await app.close()
    }

    const junk = path.join(tempDir(), 'junk.sqlite')
    fs.writeFileSync(junk, 'not a database')
    const bad = cli(['restore', junk], tempDir())
    expect(bad.status).toBe(1)
    expect(bad.stderr).toMatch(/not a database|integrity|file is not a database/i)
  })
})
