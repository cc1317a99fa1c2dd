/**
 * One Kysely instance over SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…).
 */
import fs from 'node:fs'
import path from 'node:path'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationResultSet, type SqliteDatabase, type SqliteStatement as KyselySqliteStatement, type PostgresPool, type PostgresPoolClient } from 'kysely'
import type { Config } from '../config'
import type { DB } from './schema'
import { migrations } from './migrations'
import { COMMIT, pendingFirstWrite, ROLLBACK, type FirstWrite } from './first-write'

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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) })
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
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withFirstWrites(sqlite, withStatementCache(sqlite)) }) })
  return { db, kind: 'sqlite', close: () => db.destroy() }
}

/**
 * A statement whose text begins with `/* prepare:<name> *\/` (see `PREPARED`) is sent to PostgreSQL as a
 * named prepared statement: each connection parses and plans it once instead of at every call. Planning
 * was most of PostgreSQL's time for the few statements every admin request or door scan runs (0.3 ms of
 * each; EXPLAIN ANALYZE in `npm run bench:checkin`'s set-up). Opt-in, because a name must always stand
 * for one text and a connection keeps what it prepared: only fixed statements on hot paths carry one.
 */
function withNamedStatements(pool: import('pg').Pool): PostgresPool {
  const texts = new CarriedTexts()
  return {
    connect: async () => new CarryingClient(await pool.connect(), texts) as unknown as PostgresPoolClient,
    end: () => pool.end(),
  }
}

/**
 * A pooled connection as Kysely uses it, sending named statements as such and carrying a request's
 * FirstWrite (first-write.ts) into its first write: as a data-modifying WITH of that statement, so it
 * commits with it (no statement, round trip or commit of its own). A class, not closures made per
 * connection: the server runs under tsx, which names every closure it makes at run time.
 */
class CarryingClient {
  /** whether a transaction is open on this connection (Kysely runs one on the connection it took) */
  private inTransaction = false
  constructor(
    private readonly client: import('pg').PoolClient,
    private readonly texts: CarriedTexts,
  ) {}

  private send(text: string, values?: unknown[]) {
    const m = NAMED.exec(text)
    return m ? this.client.query({ name: m[1], text, values }) : this.client.query(text, values)
  }

  query(text: string, values?: unknown[]) {
    // a cursor (a streamed read) is handed over and returned as it is, not in a promise
    if (typeof text !== 'string') return this.client.query(text as never)
    return this.statement(text, values)
  }

  private async statement(text: string, values?: unknown[]) {
    const fw = pendingFirstWrite()
    if (fw?.state === 'waiting') {
      const carried = this.texts.of(text, fw.sql, values?.length ?? 0)
      if (carried) {
        const out = await this.send(carried, values ? [...values, ...fw.parameters] : [...fw.parameters])
        fw.written(this.inTransaction)
        return out
      }
    }
    const out = await this.send(text, values)
    fw?.ran(text)
    if (BEGIN.test(text)) this.inTransaction = true
    else if (COMMIT.test(text) || (ROLLBACK.test(text) && !ROLLBACK_TO.test(text))) this.inTransaction = false
    return out
  }

  release() {
    this.client.release()
  }
}

/** each statement's text with a carried insert (null: the statement does not write), worked out once per text */
class CarriedTexts {
  private readonly cache = new Map<string, string | null>()
  of(text: string, insert: string, n: number): string | null {
    const key = `${n}:${text}`
    let carried = this.cache.get(key)
    if (carried === undefined) {
      carried = isPgWrite(text) ? withCarried(text, insert, n) : null
      // bounded: texts with values written into them (none here) would otherwise grow it
      if (this.cache.size >= 1000) this.cache.clear()
      this.cache.set(key, carried)
    }
    return carried
  }
}

const NAMED = /^\/\* prepare:([a-z0-9_]+) \*\//
const BEGIN = /^\s*(begin|start\s+transaction)\b/i
const ROLLBACK_TO = /^\s*rollback\s+to\b/i
/** the text after a leading comment (a named statement's) */
const AFTER_COMMENT = /^\s*(\/\*[^*]*\*\/\s*)?/
/** a statement that writes: insert, update or delete, alone or in a WITH (not `select … for update`) */
function isPgWrite(text: string): boolean {
  const body = text.slice(AFTER_COMMENT.exec(text)![0].length)
  if (/^(insert|update|delete)\s/i.test(body)) return true
  return /^with\s/i.test(body) && /(^|[()])\s*(insert|update|delete)\s/i.test(body)
}

/**
 * `text` with `insert` (its parameters $1…$k, which follow the statement's `n`) as a data-modifying
 * WITH; a named statement keeps its name with "_carried" (one text per name).
 */
function withCarried(text: string, insert: string, n: number): string {
  const head = AFTER_COMMENT.exec(text)![0]
  const comment = head.replace(/prepare:([a-z0-9_]+)/, 'prepare:$1_carried')
  const body = text.slice(head.length)
  const carried = `first_write as (${n ? insert.replace(/\$(\d+)/g, (_, i: string) => `$${Number(i) + n}`) : insert})`
  const withKeyword = /^with(\s+recursive)?\s+/i.exec(body)
  return withKeyword ? `${comment}${withKeyword[0]}${carried}, ${body.slice(withKeyword[0].length)}` : `${comment}with ${carried} ${body}`
}

/** `sql` text prefix marking a fixed hot statement to be prepared once per PostgreSQL connection (no effect on SQLite) */
export const PREPARED = (name: string) => sql.raw(`/* prepare:${name} */ `)

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

type SqliteStatement = ReturnType<SqliteHandle['prepare']>

/**
 * The connection as Kysely's SQLite driver uses it (prepare, then the statement's `all` or `run` at once,
 * in the same turn), carrying a request's FirstWrite (first-write.ts) into its first write: the carried
 * insert runs just before that statement, inside the transaction open on the connection (it can only be
 * the request's own: the driver lends the one connection to one transaction at a time), or else in one
 * made of the two. A transaction's commit marks it done; a rollback, waiting again.
 */
export function withFirstWrites(sqlite: SqliteHandle, connection: ReturnType<typeof withStatementCache>): SqliteDatabase {
  const carrying = new FirstWriteCarrier(sqlite, connection.prepare)
  return {
    close: connection.close,
    prepare: (sqlText: string): KyselySqliteStatement => {
      const stmt = connection.prepare(sqlText)
      const fw = pendingFirstWrite()
      if (!fw) return stmt
      if (fw.state === 'waiting' && !stmt.readonly) return new CarryingStatement(stmt, fw, carrying)
      if (fw.state === 'open' && (COMMIT.test(sqlText) || ROLLBACK.test(sqlText))) return new EndingStatement(stmt, fw, sqlText)
      return stmt
    },
  }
}

// (classes, not closures made per statement: the server runs under tsx, which names every closure it
// makes at run time, a cost per call)
class FirstWriteCarrier {
  private readonly together: (carried: SqliteStatement, params: readonly unknown[], write: CarryingStatement, all: boolean, writeParams: unknown[]) => unknown
  constructor(
    private readonly sqlite: SqliteHandle,
    private readonly prepare: (sql: string) => SqliteStatement,
  ) {
    // BEGIN IMMEDIATE: the transaction writes, so it takes the write lock at once (no upgrade from a
    // read lock, which another process — the backup CLI — could hold)
    this.together = sqlite.transaction(writeTogether).immediate
  }

  /** the carried insert, then the write: in the open transaction, or in one made of the two */
  carry(fw: FirstWrite, write: CarryingStatement, all: boolean, params: unknown[]): unknown {
    const carried = this.prepare(fw.sql)
    if (this.sqlite.inTransaction) {
      carried.run(fw.parameters as unknown[])
      fw.written(true)
      return write.exec(all, params)
    }
    const out = this.together(carried, fw.parameters, write, all, params)
    fw.written(false)
    return out
  }
}

function writeTogether(carried: SqliteStatement, params: readonly unknown[], write: CarryingStatement, all: boolean, writeParams: unknown[]) {
  carried.run(params as unknown[])
  return write.exec(all, writeParams)
}

/** a request's first writing statement: runs its FirstWrite's insert first */
class CarryingStatement implements KyselySqliteStatement {
  readonly reader: boolean
  constructor(
    private readonly stmt: SqliteStatement,
    private readonly fw: FirstWrite,
    private readonly carrier: FirstWriteCarrier,
  ) {
    this.reader = stmt.reader
  }
  exec(all: boolean, params: unknown[]) {
    return all ? this.stmt.all(params) : this.stmt.run(params)
  }
  all(params: readonly unknown[]) {
    return this.carrier.carry(this.fw, this, true, params as unknown[]) as unknown[]
  }
  run(params: readonly unknown[]) {
    return this.carrier.carry(this.fw, this, false, params as unknown[]) as ReturnType<KyselySqliteStatement['run']>
  }
  iterate(params: readonly unknown[]) {
    return this.stmt.iterate(params as unknown[])
  }
}

/** the end of the transaction holding a carried insert: a commit keeps it (done), a rollback does not (waiting) */
class EndingStatement implements KyselySqliteStatement {
  readonly reader = false
  constructor(
    private readonly stmt: SqliteStatement,
    private readonly fw: FirstWrite,
    private readonly sqlText: string,
  ) {}
  run(params: readonly unknown[]) {
    const out = this.stmt.run(params as unknown[])
    this.fw.ran(this.sqlText)
    return out
  }
  all(params: readonly unknown[]) {
    return this.stmt.all(params as unknown[])
  }
  iterate(params: readonly unknown[]) {
    return this.stmt.iterate(params as unknown[])
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
