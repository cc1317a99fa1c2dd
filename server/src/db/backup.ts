/**
 * Backup and restore of the embedded SQLite database (PostgreSQL: pg_dump / pg_restore, docs/deploy.md).
 *
 * backupSqlite: SQLite's online backup API (better-sqlite3 `db.backup`) copies a consistent snapshot
 * while the server keeps reading and writing - no stop needed. The signing secret (DATA_DIR/jwt-secret)
 * is copied beside it (`<name>.jwt-secret`, mode 0600), so sign-ins survive a restore.
 * restoreSqlite: checks the backup (integrity_check, and that it holds our migrations), keeps the
 * database it replaces as haijiao.db.before-restore-<time>, and puts the backup in place. Run it with
 * the server stopped: a running server keeps its open file.
 * Uploads are files (DATA_DIR/uploads) or objects in the bucket: back them up with the disk or bucket
 * tools (rsync, restic, bucket versioning / replication).
 */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { Config } from '../config'
import { sqliteFile } from './database'
import { SECRET_FILE_NAME } from './server-secret'

/** 2026-11-25T02-31-42Z: sortable, and a valid file name everywhere */
export function backupStamp(now = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')
}

export async function backupSqlite(config: Config, dest?: string, now = new Date()): Promise<{ file: string; bytes: number }> {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploy.md)')
  const source = sqliteFile(config)
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`)
  const file = path.resolve(dest ?? path.join(config.dataDir, 'backups', `${backupStamp(now)}.sqlite`))
  if (fs.existsSync(file)) throw new Error(`${file} exists already`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new SQLite(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    await db.backup(file)
  } finally {
    db.close()
  }
  const secret = path.join(config.dataDir, SECRET_FILE_NAME)
  if (fs.existsSync(secret)) fs.copyFileSync(secret, `${file}.${SECRET_FILE_NAME}`)
  if (fs.existsSync(`${file}.${SECRET_FILE_NAME}`)) fs.chmodSync(`${file}.${SECRET_FILE_NAME}`, 0o600)
  return { file, bytes: fs.statSync(file).size }
}

export function restoreSqlite(config: Config, backup: string, now = new Date()): { file: string; previous: string | null } {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deploy.md)')
  const from = path.resolve(backup)
  if (!fs.existsSync(from)) throw new Error(`no backup at ${from}`)
  const check = new SQLite(from, { readonly: true, fileMustExist: true })
  try {
    const ok = check.pragma('integrity_check', { simple: true })
    if (ok !== 'ok') throw new Error(`${from} fails the integrity check: ${String(ok)}`)
    const migrated = check.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'").get() as { n: number }
    if (!migrated.n) throw new Error(`${from} is not a Haijiao database (no migration table)`)
  } finally {
    check.close()
  }
  fs.mkdirSync(config.dataDir, { recursive: true })
  const target = sqliteFile(config)
  let previous: string | null = null
  if (fs.existsSync(target)) {
    previous = `${target}.before-restore-${backupStamp(now)}`
    fs.renameSync(target, previous)
  }
  // the replaced database's write-ahead log must not be applied to the restored one
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true })
  fs.copyFileSync(from, target)
  const secret = `${from}.${SECRET_FILE_NAME}`
  if (fs.existsSync(secret)) {
    fs.copyFileSync(secret, path.join(config.dataDir, SECRET_FILE_NAME))
    fs.chmodSync(path.join(config.dataDir, SECRET_FILE_NAME), 0o600)
  }
  return { file: target, previous }
}
