/**
 * The audit log's rows: stage (an admin write's row, before its action), complete once, move staged rows
 * into audit_log in batches, insert a finished row, read pages, remove past retention. Nothing else
 * writes them.
 */
import { CompiledQuery, PostgresAdapter, sql, type Kysely } from 'kysely'
import { FirstWrite } from '../../db/first-write'
import type { AuditLogTable, DB } from '../../db/schema'
import { PREPARED } from '../../db/database'
import { AUDIT_COUNT_CAP } from '@contracts/audit'

export type NewAuditRow = Omit<AuditLogTable, 'id'>

/** SQLite: staged ids reserved at a time (gaps in the ids are harmless: the list orders by time) */
const ID_BLOCK = 1000
/** PostgreSQL: sequence values reserved at a time (one round trip per this many audited writes) */
const PG_ID_BLOCK = 100

/** a row's staging carried by its request into the action's first write, and the id it will have */
export interface CarriedRow {
  id: number
  fw: FirstWrite
}

/** a staged row's outcome, kept by the service until the next move writes it */
export interface StagedOutcome {
  id: number
  outcome: 'ok' | 'failed'
  resultCode: number | null
  /** masked JSON; null keeps what the row has */
  before: string | null
  after: string | null
}

export interface AuditFilter {
  actorId?: number
  action?: string
  targetType?: string
  targetId?: string
  organizationId?: number
  /** an organizer's organisations; undefined = every row */
  scope?: number[]
  from?: string
  to?: string
}

/** the insert's columns, in the order of its compiled statement's parameters */
const COLUMNS = [
  'created_at',
  'actor_id',
  'actor_name',
  'actor_roles',
  'organization_id',
  'action',
  'route',
  'target_type',
  'target_id',
  'outcome',
  'result_code',
  'before_json',
  'after_json',
  'ip',
  'user_agent',
] as const satisfies readonly (keyof NewAuditRow)[]

export class AuditRepository {
  /**
   * The statements audited requests run, built once: the query builder's work (building and compiling
   * the statement) was most of their CPU time. Each call only sets the parameters.
   */
  private insertQuery: CompiledQuery | undefined
  private stageQuery: CompiledQuery | undefined
  private completeStagedQuery: CompiledQuery | undefined
  private completeMovedQuery: CompiledQuery | undefined
  private readonly pg: boolean
  /** SQLite: the ids this process reserved for staged rows, next to last */
  private ids = { next: 1, last: 0 }
  /** PostgreSQL: the sequence values this process reserved, largest first */
  private pgIds: number[] = []
  private carriedQuery: CompiledQuery | undefined
  private reserving: Promise<void> | null = null

  constructor(private readonly db: Kysely<DB>) {
    this.pg = db.getExecutor().adapter instanceof PostgresAdapter
  }

  /**
   * An export's row in the staging table (primary key only: no index to maintain), before its handler
   * runs; answers its id, which the row keeps in audit_log. Every row's id comes from the ids this
   * process reserved (`nextId`: SQLite a block of audit_log's AUTOINCREMENT counter, PostgreSQL values of
   * its sequence), so a row inserted straight into audit_log never takes a staged row's id, a process's
   * rows keep their order by id, and the insert writes nothing but its row.
   */
  async stage(row: NewAuditRow): Promise<number> {
    const id = await this.nextId()
    await this.db.executeQuery({ ...this.stageStatement(), parameters: [id, ...COLUMNS.map((c) => row[c])] })
    return id
  }

  /**
   * The staging of `row` as a FirstWrite (db/first-write.ts), for the request to carry into its action's
   * first write, with the id it will have (from this process's reserved ids, `nextId`). Its insert does
   * nothing when the row is there already (it may run again after a savepoint's rollback, from two
   * writes sent at once, or from `stageCarried`).
   */
  carrier(row: NewAuditRow): CarriedRow | Promise<CarriedRow> {
    const id = this.nextId()
    return typeof id === 'number' ? this.carried(row, id) : id.then((n) => this.carried(row, n))
  }

  private carried(row: NewAuditRow, id: number): CarriedRow {
    const q = (this.carriedQuery ??= this.insertOf('audit_pending', sql``, sql` on conflict (id) do nothing`))
    return { id, fw: new FirstWrite(q.sql, [id, ...COLUMNS.map((c) => row[c])]) }
  }

  /** a carried row its request never wrote (nothing written, or rolled back), staged now */
  async stageCarried(fw: FirstWrite): Promise<void> {
    fw.takeBack()
    await this.db.executeQuery(CompiledQuery.raw(fw.sql, [...fw.parameters]))
  }

  private stageStatement(): CompiledQuery {
    return (this.stageQuery ??= this.insertOf('audit_pending', PREPARED('audit_stage')))
  }

  /**
   * the next id of this process's reserved ones (more reserved when they are used up): SQLite a block
   * of audit_log's AUTOINCREMENT counter, PostgreSQL values of audit_log's sequence
   */
  private nextId(): number | Promise<number> {
    if (this.pg) return this.pgIds.length ? this.pgIds.pop()! : this.reservedPgId()
    return this.ids.next <= this.ids.last ? this.ids.next++ : this.reservedId()
  }

  /** PostgreSQL: PG_ID_BLOCK values of audit_log's sequence in one statement (used smallest first) */
  private async reservedPgId(): Promise<number> {
    while (!this.pgIds.length) {
      this.reserving ??= (async () => {
        const r = await sql<{ id: number }>`select nextval('audit_log_id_seq') as id from generate_series(1, ${PG_ID_BLOCK})`.execute(this.db)
        this.pgIds = r.rows.map((x) => Number(x.id)).sort((a, b) => b - a)
      })().finally(() => (this.reserving = null))
      await this.reserving
    }
    return this.pgIds.pop()!
  }

  /** SQLite: the next id of a new block, reserved by advancing audit_log's counter past every id in use */
  private async reservedId(): Promise<number> {
    while (this.ids.next > this.ids.last) {
      this.reserving ??= (async () => {
        const inUse = sql`max(coalesce((select max(id) from audit_log), 0), coalesce((select max(id) from audit_pending), 0))`
        let r = await sql<{ seq: number }>`update sqlite_sequence set seq = max(seq, ${inUse}) + ${ID_BLOCK} where name = 'audit_log' returning seq`.execute(this.db)
        // a database whose audit_log was never written (or whose counter row was removed) has no counter yet
        if (!r.rows.length) r = await sql<{ seq: number }>`insert into sqlite_sequence (name, seq) select 'audit_log', ${inUse} + ${ID_BLOCK} returning seq`.execute(this.db)
        const last = Number(r.rows[0].seq)
        this.ids = { next: last - ID_BLOCK + 1, last }
      })().finally(() => (this.reserving = null))
      await this.reserving
    }
    return this.ids.next++
  }

  /**
   * Writes the outcomes of staged rows (only a pending row is completed, once), with the before/after
   * JSON their routes noted (a null side keeps what the row has), then moves staged rows (finished or
   * not) into audit_log with their ids, oldest first, `batch` at a time; answers how many moved. A row
   * whose move came first (another instance's, or a read's) is completed in audit_log.
   * PostgreSQL: each step one statement (the outcomes as arrays); a move and a completion of the same
   * row are ordered by its row lock, and each statement sees what the one before committed. SQLite: one
   * connection, one statement at a time; the outcomes and each batch in one transaction.
   */
  async flush(batch: number, outcomes: readonly StagedOutcome[]): Promise<number> {
    if (outcomes.length) await this.completeStaged(outcomes)
    const cols = sql.join(['id', ...COLUMNS].map((c) => sql.ref(c)))
    let moved = 0
    for (;;) {
      let n: number
      if (this.pg) {
        const r = await sql`with moved as (
            delete from audit_pending where id in (select id from audit_pending order by id limit ${batch} for update) returning *
          ) insert into audit_log (${cols}) select ${cols} from moved`.execute(this.db)
        n = Number(r.numAffectedRows ?? 0)
      } else {
        // outside the transaction: nothing staged (the usual case for a read) costs one indexed lookup
        const last = await sql<{ id: number | null }>`select max(id) as id from (select id from audit_pending order by id limit ${batch})`.execute(this.db)
        const upTo = last.rows[0]?.id
        if (upTo == null) return moved
        n = await this.db.transaction().execute(async (trx) => {
          await sql`insert into audit_log (${cols}) select ${cols} from audit_pending where id <= ${upTo} order by id`.execute(trx)
          const d = await sql`delete from audit_pending where id <= ${upTo}`.execute(trx)
          return Number(d.numAffectedRows ?? 0)
        })
      }
      moved += n
      if (n < batch) return moved
    }
  }

  private async completeStaged(outcomes: readonly StagedOutcome[]): Promise<void> {
    const set = (table: 'audit_pending' | 'audit_log') =>
      sql`update ${sql.table(table)} t set outcome = c.outcome, result_code = c.result_code,
          before_json = coalesce(c.before_json, t.before_json), after_json = coalesce(c.after_json, t.after_json)
        from unnest(${outcomes.map((o) => o.id)}::int[], ${outcomes.map((o) => o.outcome)}::text[], ${outcomes.map((o) => o.resultCode)}::int[],
          ${outcomes.map((o) => o.before)}::text[], ${outcomes.map((o) => o.after)}::text[]) as c(id, outcome, result_code, before_json, after_json)
        where t.id = c.id and t.outcome = 'pending'`
    if (this.pg) {
      // a row a move took before its outcome came is completed in audit_log; when every outcome found
      // its row still staged (the usual case) that second update, an index probe per outcome into the
      // big table, is not sent
      const staged = await set('audit_pending').execute(this.db)
      if (Number(staged.numAffectedRows ?? 0) < outcomes.length) await set('audit_log').execute(this.db)
      return
    }
    await this.db.transaction().execute(async (trx) => {
      for (const o of outcomes) {
        const params = [o.outcome, o.resultCode, o.before, o.after, o.id]
        const r = await trx.executeQuery({ ...(this.completeStagedQuery ??= this.compiled(this.completion('audit_pending'))), parameters: params })
        if (Number(r.numAffectedRows ?? 0) === 0) await trx.executeQuery({ ...(this.completeMovedQuery ??= this.compiled(this.completion('audit_log'))), parameters: params })
      }
    })
  }

  private completion(table: 'audit_pending' | 'audit_log') {
    return sql`update ${sql.table(table)} set outcome = ${null}, result_code = ${null}, before_json = coalesce(${null}, before_json), after_json = coalesce(${null}, after_json)
      where id = ${null} and outcome = 'pending'`
  }

  private compiled(q: { compile(db: Kysely<DB>): CompiledQuery }): CompiledQuery {
    return q.compile(this.db)
  }

  /** a row's insert, its parameters the id then COLUMNS in order, compiled once by its caller */
  private insertOf(table: 'audit_pending' | 'audit_log', prefix = sql``, suffix = sql``): CompiledQuery {
    return this.compiled(sql`${prefix}insert into ${sql.table(table)} (id, ${sql.join(COLUMNS.map((c) => sql.ref(c)))}) values (${sql.join([null, ...COLUMNS.map(() => null)])})${suffix}`)
  }

  /**
   * a finished row straight into audit_log (sign-ins, writes refused before their handler), with an id
   * of the same reserved ones as the staged rows, so this process's rows keep their order by id
   */
  async insert(row: NewAuditRow): Promise<number> {
    const q = (this.insertQuery ??= this.insertOf('audit_log'))
    const id = await this.nextId()
    await this.db.executeQuery({ ...q, parameters: [id, ...COLUMNS.map((c) => row[c])] })
    return id
  }

  private filtered(f: AuditFilter) {
    let q = this.db.selectFrom('audit_log as a')
    if (f.scope) q = f.scope.length ? q.where('a.organization_id', 'in', f.scope) : q.where('a.id', '<', 0)
    if (f.actorId != null) q = q.where('a.actor_id', '=', f.actorId)
    if (f.action) q = q.where('a.action', '=', f.action)
    if (f.targetType) q = q.where('a.target_type', '=', f.targetType)
    if (f.targetId) q = q.where('a.target_id', '=', f.targetId)
    if (f.organizationId != null) q = q.where('a.organization_id', '=', f.organizationId)
    if (f.from) q = q.where('a.created_at', '>=', f.from)
    if (f.to) q = q.where('a.created_at', '<', f.to)
    return q
  }

  /** newest first; the total counted up to the cap (capped = more rows match) */
  async page(f: AuditFilter, offset: number, limit: number) {
    const rows = await this.filtered(f)
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .selectAll('a')
      .select(['o.name_zh as org_zh', 'o.name_en as org_en'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    const counted = await this.db
      .selectFrom(this.filtered(f).select('a.id').limit(AUDIT_COUNT_CAP + 1).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    const n = Number(counted?.n ?? 0)
    return { rows, total: Math.min(n, AUDIT_COUNT_CAP), capped: n > AUDIT_COUNT_CAP }
  }

  /** rows created before `before`, at most `batch` of them; answers how many went */
  async purgeBefore(before: string, batch: number): Promise<number> {
    const ids = await this.db.selectFrom('audit_log').select('id').where('created_at', '<', before).orderBy('created_at').limit(batch).execute()
    if (!ids.length) return 0
    const r = await this.db.deleteFrom('audit_log').where('id', 'in', ids.map((x) => x.id)).executeTakeFirst()
    return Number(r.numDeletedRows)
  }

  actorIdByEmail(email: string) {
    return this.db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  }

  actorName(userId: number) {
    return this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  }

  roleCodes() {
    return this.db.selectFrom('roles').select(['id', 'code']).execute()
  }
}
