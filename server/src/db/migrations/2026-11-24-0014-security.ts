/**
 * Security hardening: the server's generated secrets when JWT_SECRET is not set (on
 * PostgreSQL every instance must sign with the same one, so it lives in the database), and counters
 * for abuse limits that must hold across instances and restarts (chat upload quota per day, new
 * tourist ids per address). Portable (schema builder only).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('abuse_counters')
    .addColumn('counter_key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('abuse_counters_window_idx').on('abuse_counters').column('window_start').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('abuse_counters').ifExists().execute()
  await db.schema.dropTable('server_secrets').ifExists().execute()
}
