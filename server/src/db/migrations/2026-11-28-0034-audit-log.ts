/**
 * The audit log: one row per admin write, admin sign-in (and failed sign-in) and export of
 * personal data. Rows are only ever inserted (and completed once with the outcome) by the audit plugin
 * and service; no route edits or deletes one, and the retention job removes rows past AUDIT_RETENTION_DAYS.
 * Every filter of the list (person, action, target, organisation) has an index that ends in the list's
 * order (created_at, id), so a page with any one filter — and a date range — reads from the index alone.
 * Portable (schema builder only); times are ISO-8601 UTC text like the rest of the schema.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely'

/** `serial` on PostgreSQL, `integer primary key autoincrement` on SQLite (as in 0001) */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // who: the account (null for a failed sign-in of an unknown e-mail), its e-mail and role codes at the time
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('actor_roles', 'text')
    // the actor's organisation (null for platform staff): an organizer reads only its own
    .addColumn('organization_id', 'integer')
    // what: create / update / delete / publish / approve / reject / sign_in / sign_in_failed / export …
    .addColumn('action', 'text', (c) => c.notNull())
    // the route as registered, e.g. "POST /api/v1/system/user/add"
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    // pending (written before the action ran), ok, failed; the answer's code
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('result_code', 'integer')
    // the change, personal fields masked (JSON text)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    // from where: the client address as the trust-proxy rule sees it, and the user agent
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute()
  const idx = (name: string, columns: string[]) => db.schema.createIndex(name).on('audit_log').columns(columns).execute()
  await idx('audit_log_created_idx', ['created_at', 'id'])
  await idx('audit_log_actor_idx', ['actor_id', 'created_at', 'id'])
  await idx('audit_log_action_idx', ['action', 'created_at', 'id'])
  await idx('audit_log_target_type_idx', ['target_type', 'created_at', 'id'])
  await idx('audit_log_target_idx', ['target_type', 'target_id', 'created_at', 'id'])
  await idx('audit_log_org_idx', ['organization_id', 'created_at', 'id'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
}
