/**
 * Helpdesk: an agent's availability (online / away / offline — only online agents get new
 * conversations), the service category a conversation came in through (routing to that category's
 * agents), and the conversation's handling history (who handled it when: routed, queued, transferred).
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
  // online | away | offline; `online` (1 only when 'online') stays the column routing reads
  await db.schema.alterTable('chat_agents').addColumn('status', 'text', (c) => c.notNull().defaultTo('offline')).execute()
  await db.updateTable('chat_agents').set({ status: 'online' }).where('online', '=', 1).execute()

  // the service category the visitor opened the chat from (null = the general entrance)
  await db.schema.alterTable('chat_conversations').addColumn('category_id', 'integer').execute()

  // who handled the conversation when: one row per routing / queueing / transfer
  await withId(db, db.schema.createTable('chat_conversation_events'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_kefu_id', 'integer')
    .addColumn('to_kefu_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_conversation_events_conv_idx').on('chat_conversation_events').columns(['conversation_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_conversation_events').execute()
  await db.schema.alterTable('chat_conversations').dropColumn('category_id').execute()
  await db.schema.alterTable('chat_agents').dropColumn('status').execute()
}
