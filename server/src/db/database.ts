/**
 * One Kysely instance over SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…).
 */
import fs from 'node:fs'
import path from 'node:path'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationResultSet, type PostgresPool, type PostgresPoolClient } from 'kysely'
import type { Config } from '../config'
import type { DB } from './schema'
import { migrations } from './migrations'

export type Database = Kysely<DB>
export type DbKind = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  kind: DbKind
  /** PostgreSQL schema in use (search_path), if configured */
  schema?: string | null
  close(): Promise<void>
}

export function sqliteFile(config: Config): string {
  return path.join(config.dataDir, 'haijiao.db')
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const { Pool, types } = await import('pg')
    // COUNT(*) is bigint (int8); our counts fit in a JS number.
    types.setTypeParser(20, (v: string) => Number(v))
    const schemaOption = config.databaseSchema ? `-c search_path=${config.databaseSchema}` : ''
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10, ...(schemaOption ? { options: schemaOption } : {}) })
    // a few connections whose commits do not wait for the log's flush, for ASYNC_COMMIT statements
    const asyncCommitPool = new Pool({ connectionString: config.databaseUrl, max: 4, options: `${schemaOption} -c synchronous_commit=off`.trim() })
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, asyncCommitPool) }) })
    return { db, kind: 'postgres', schema: config.databaseSchema, close: () => db.destroy() }
  }
  const { default: SQLite } = await import('better-sqlite3')
  fs.mkdirSync(config.dataDir, { recursive: true })
  const sqlite = new SQLite(sqliteFile(config))
  sqlite.pragma('journal_mode = WAL')
  // SQLite's advice for WAL: NORMAL syncs the log at checkpoints, not at every commit. A process that
  // dies (kill -9, a crash) loses no committed transaction; only an operating-system crash or power loss
  // can lose the last ones, never consistency. FULL made every autocommit write an fsync, which bounded
  // fan-outs (thousands of ledger and inbox rows in chunks) and every job lease update.
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // An erased account must be gone from the file, not only from the rows: without this, the old bytes
  // of an updated or deleted row stay in the page until reused (tests/server/privacy-erase.test.ts reads
  // the file). FAST zeroes them where that costs no extra I/O.
  sqlite.pragma('secure_delete = FAST')
  // A cold list page reads rows no request has read yet. With SQLite's default 2 MB page cache each
  // such row is a read() system call; mapping the file lets those reads be memory reads instead
  // (the OS pages the file in and shares it between processes), and the larger cache keeps the
  // hot pages. Measured with `npm run bench:cold` (ARCHITECTURE.md, "A request, from a page to the database").
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`)
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`)
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, kind: 'sqlite', close: () => db.destroy() }
}

/**
 * A statement whose text begins with `/* prepare:<name> *\/` (see `PREPARED`) is sent to PostgreSQL as a
 * named prepared statement: each connection parses and plans it once instead of at every call. Planning
 * was most of PostgreSQL's time for the few statements every admin request or door scan runs (0.3 ms of
 * each; EXPLAIN ANALYZE in `npm run bench:checkin`'s set-up). Opt-in, because a name must always stand
 * for one text and a connection keeps what it prepared: only fixed statements on hot paths carry one.
 */
function withNamedStatements(pool: import('pg').Pool, asyncCommitPool: import('pg').Pool): PostgresPool {
  const named = /^\/\* prepare:([a-z0-9_]+)( async-commit)? \*\//
  return {
    async connect() {
      const client = await pool.connect()
      return {
        query: ((text: unknown, values?: unknown[]) => {
          const m = typeof text === 'string' ? named.exec(text) : null
          if (m?.[2]) return asyncCommitPool.query({ name: m[1], text: text as string, values: values as unknown[] })
          return m ? client.query({ name: m[1], text: text as string, values }) : client.query(text as never, values)
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: async () => {
      await Promise.all([pool.end(), asyncCommitPool.end()])
    },
  }
}

/** `sql` text prefix marking a fixed hot statement to be prepared once per PostgreSQL connection (no effect on SQLite) */
export const PREPARED = (name: string) => sql.raw(`/* prepare:${name} */ `)

/**
 * As PREPARED, for a statement that is its own transaction and whose commit need not wait for
 * PostgreSQL to flush its log (synchronous_commit off, on a small pool of its own: never inside a
 * transaction). Its rows are visible at once and become durable with the next flushed commit, since the
 * log is flushed in order: the admin check stages a write's audit row this way, and the write's own
 * commit, which follows it, makes the row durable with it.
 */
export const ASYNC_COMMIT = (name: string) => sql.raw(`/* prepare:${name} async-commit */ `)

/** the part of the database file mapped into memory (address space, not resident memory) */
const SQLITE_MMAP_BYTES = 1 << 30
/** SQLite's own page cache, per connection */
const SQLITE_CACHE_KIB = 64 * 1024

type SqliteHandle = import('better-sqlite3').Database
/**
 * Kysely's SQLite driver prepares every statement anew; preparing is ~10 % of a list request (measured
 * with --cpu-prof). The same SQL text gets the same prepared statement from a bounded map instead.
 * Safe here because better-sqlite3 runs one statement at a time per connection and we never stream
 * (a streaming `iterate()` would keep a cached statement busy).
 */
export function withStatementCache(sqlite: SqliteHandle, max = 500) {
  const cache = new Map<string, ReturnType<SqliteHandle['prepare']>>()
  return {
    close: () => {
      cache.clear()
      sqlite.close()
    },
    prepare: (sqlText: string) => {
      let stmt = cache.get(sqlText)
      if (stmt) {
        // refresh recency: the map's insertion order is the eviction order
        cache.delete(sqlText)
      } else {
        stmt = sqlite.prepare(sqlText)
        if (cache.size >= max) cache.delete(cache.keys().next().value as string)
      }
      cache.set(sqlText, stmt)
      return stmt
    },
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    // features land in parallel: a database that already ran a later-dated migration still takes an
    // earlier-dated one that arrived afterwards (migrations are independent of each other's order)
    allowUnorderedMigrations: true,
    // Kysely looks its bookkeeping tables up across all schemas unless told which one is ours.
    ...(handle.kind === 'postgres' ? { migrationTableSchema: handle.schema ?? 'public' } : {}),
  })
  let result = await migrator.migrateToLatest()
  // Kysely's introspection reads the tables of every schema in the database; another schema dropped at
  // that moment (another deployment or test run sharing the server) fails it with "schema … does not
  // exist" (3F000) before anything of ours ran. Such a miss is not ours: look again.
  for (let tries = 1; tries < 5 && result.error && isOtherSchemaGone(result.error, handle); tries++) {
    await new Promise((r) => setTimeout(r, 50 * tries))
    result = await migrator.migrateToLatest()
  }
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')
    const err = result.error instanceof Error ? result.error : new Error(String(result.error))
    err.message = `migration ${failed?.migrationName ?? '?'} failed: ${err.message}`
    throw err
  }
  return result
}

function isOtherSchemaGone(error: unknown, handle: DatabaseHandle): boolean {
  const e = error as { code?: string; message?: string }
  if (handle.kind !== 'postgres' || e?.code !== '3F000') return false
  return !String(e.message ?? '').includes(`"${handle.schema ?? 'public'}"`)
}

/** one round trip to the database (the health check) */
export async function ping(db: Database): Promise<void> {
  await sql`select 1`.execute(db)
}
