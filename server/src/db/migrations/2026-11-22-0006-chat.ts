/**
 * Live customer-service chat. Portable like 0001 (schema builder only).
 * - chat_conversations: one per customer (customer_id = user id as text, or a tourist's public id);
 *   kefu_id is the assigned agent (user id), status open | queued | closed.
 * - chat_messages: stored before they are acknowledged; (send_id, client_msg_id) is unique so a re-send
 *   after a reconnect is not stored twice. Pages are read by (customer_id, id).
 * - chat_agents: an agent's online/offline switch. chat_presence: which instance holds a live socket of
 *   which party (agents and customers), refreshed as a lease so a dead instance's rows expire.
 */
import { type Kysely, PostgresAdapter } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const withId = (name: string) => {
    const t = db.schema.createTable(name)
    return pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  }
  await withId('chat_conversations')
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('customer_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kefu_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_conversations_kefu_idx').on('chat_conversations').columns(['kefu_id', 'status']).execute()
  await db.schema.createIndex('chat_conversations_status_idx').on('chat_conversations').columns(['status', 'updated_at']).execute()

  await withId('chat_messages')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('send_id', 'text', (c) => c.notNull())
    .addColumn('send_type', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'text', (c) => c.notNull())
    .addColumn('msg_content', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('client_msg_id', 'text')
    .addColumn('send_time', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('chat_messages_client_uq', ['send_id', 'client_msg_id'])
    .execute()
  await db.schema.createIndex('chat_messages_customer_idx').on('chat_messages').columns(['customer_id', 'id']).execute()

  await db.schema
    .createTable('chat_agents')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('chat_presence')
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('party', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_presence_pk', ['instance_id', 'party'])
    .execute()
  await db.schema.createIndex('chat_presence_party_idx').on('chat_presence').columns(['party', 'seen_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_presence').execute()
  await db.schema.dropTable('chat_agents').execute()
  await db.schema.dropTable('chat_messages').execute()
  await db.schema.dropTable('chat_conversations').execute()
}
