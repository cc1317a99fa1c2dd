/**
 * A person's rights over their data. `users.erased_at`: set when the account was erased (its e-mail then
 * holds a placeholder that is no address, so the address can register again). `deletion_requests`: one
 * row per request to delete the account, pending for the cooling-off period, then cancelled (a sign-in or
 * the person's own cancel) or erased. `data_exports`: one row per request for a copy of the person's data,
 * the zip's storage key while it can be downloaded; `request_day` (UTC date) is unique per person, which
 * is the one-request-a-day rule. Portable (schema builder only); times are ISO-8601 UTC text.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely'

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute()

  await withId(db, db.schema.createTable('deletion_requests'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // pending | cancelled | erased
    .addColumn('state', 'text', (c) => c.notNull())
    // password | code: how the person proved it was them
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('erase_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    // 1 until the sign-in answer that cancelled it has said so (deletionCancelled, once)
    .addColumn('cancel_unseen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('erased_at', 'text')
    .execute()
  await db.schema.createIndex('deletion_requests_user_idx').on('deletion_requests').columns(['user_id', 'state']).execute()
  // at most one pending request per person, whatever two requests at once do
  await db.schema.createIndex('deletion_requests_one_pending').on('deletion_requests').column('user_id').unique().where(sql.ref('state'), '=', 'pending').execute()
  await db.schema.createIndex('deletion_requests_due_idx').on('deletion_requests').columns(['state', 'erase_at']).execute()

  await withId(db, db.schema.createTable('data_exports'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // pending | ready | failed | expired
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('request_day', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('size', 'integer')
    // the zip in the upload storage, under private/ (never served at /uploads)
    .addColumn('storage_key', 'text')
    .addUniqueConstraint('data_exports_user_day_unique', ['user_id', 'request_day'])
    .execute()
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_exports').execute()
  await db.schema.dropTable('deletion_requests').execute()
  await db.schema.alterTable('users').dropColumn('erased_at').execute()
}
