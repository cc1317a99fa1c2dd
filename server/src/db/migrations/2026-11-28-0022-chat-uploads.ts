/**
 * Who uploaded each chat file: a chat message may point only at a file its sender uploaded.
 * `uploader` is "user:<id>" or "tourist:<public id>". Portable (schema builder only).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_uploads')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('uploader', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_uploads').ifExists().execute()
}
