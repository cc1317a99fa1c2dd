/**
 * The audit log's staging table: an audited admin write's row is written here (primary key only, no
 * other index) before its action runs and completed here after, and moved into the indexed audit_log in
 * batches (modules/audit: a timer a second after the first staged row, and before every read of the
 * list, the export and the retention). Inserting into audit_log's six indexes was most of the audit's
 * cost on an admin write; a batch move pays it once per page of rows instead of once per request.
 * A staged row keeps its id when it moves: ids come from audit_log's own counter (PostgreSQL: its
 * sequence as this table's default; SQLite: each process reserves blocks of ids by advancing the
 * counter), so a row's id never changes and never collides with a row written straight to audit_log.
 * Same columns as audit_log (migration 0034).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('audit_pending')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().defaultTo(sql`nextval('audit_log_id_seq'::regclass)`) : c.primaryKey()))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('actor_roles', 'text')
    .addColumn('organization_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('result_code', 'integer')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute()
  if (!pg) {
    // audit_log is AUTOINCREMENT: its counter, from which the staged ids are reserved, lives in
    // sqlite_sequence, which a never-written table lacks
    await sql`insert into sqlite_sequence (name, seq) select 'audit_log', coalesce((select max(id) from audit_log), 0)
      where not exists (select 1 from sqlite_sequence where name = 'audit_log')`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_pending').execute()
}
