/**
 * Helpdesk desk: what the agents' console and operations need beyond routing.
 * - chat_conversations: the visitor's language (canned replies are sent in it), since when a visitor's
 *   message waits for an answer (waiting_since: set by the first visitor message after an agent's, cleared
 *   by an agent's message or close; the alerts read it), when and by whom an agent closed it (the
 *   visitor rates that closing once).
 * - chat_canned_replies: an agent's own or shared replies, zh and en, with a short code.
 * - chat_ratings: one per closing ((conversation_id, closed_at) unique), score 1–5 and an optional comment.
 * - helpdesk_alerts: one row per unanswered wait an e-mail went out for ((kind, subject_id, since) unique:
 *   the instance that inserts it sends; another instance's insert fails and it sends nothing).
 * - search: conversations by last activity (all, and per agent); message text through an FTS5 trigram
 *   table on SQLite and a pg_trgm GIN index on PostgreSQL (same pattern as migration 0002).
 * Times are ISO-8601 UTC text like the rest of the schema.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely'

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  await db.schema.alterTable('chat_conversations').addColumn('lang', 'text', (c) => c.notNull().defaultTo('zh')).execute()
  await db.schema.alterTable('chat_conversations').addColumn('waiting_since', 'text').execute()
  await db.schema.alterTable('chat_conversations').addColumn('closed_at', 'text').execute()
  await db.schema.alterTable('chat_conversations').addColumn('closed_by', 'integer').execute()
  // conversations whose last message is the visitor's wait since then
  await sql`update chat_conversations set waiting_since = (select m.send_time from chat_messages m where m.id = chat_conversations.last_message_id and m.send_type <> 'kefu') where last_message_id is not null`.execute(db)

  await db.schema.createIndex('chat_conversations_activity_idx').on('chat_conversations').columns(['updated_at', 'id']).execute()
  await db.schema.createIndex('chat_conversations_kefu_activity_idx').on('chat_conversations').columns(['kefu_id', 'updated_at', 'id']).execute()
  await db.schema.createIndex('chat_conversations_waiting_idx').on('chat_conversations').columns(['waiting_since']).execute()
  await db.schema.createIndex('chat_conversations_category_idx').on('chat_conversations').columns(['category_id', 'updated_at', 'id']).execute()
  await db.schema.createIndex('chat_conversations_user_idx').on('chat_conversations').columns(['user_id']).execute()
  // the conversations still open or queued (a few among many closed): the unanswered list and figure
  await sql`create index chat_conversations_live_idx on chat_conversations (updated_at, id) where status in ('open', 'queued')`.execute(db)
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['conversation_id', 'id']).execute()

  await withId(db, db.schema.createTable('chat_canned_replies'))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('text_zh', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_canned_replies_owner_code_uq').on('chat_canned_replies').columns(['owner_id', 'code']).unique().execute()
  await db.schema.createIndex('chat_canned_replies_shared_idx').on('chat_canned_replies').columns(['shared', 'code']).execute()

  await withId(db, db.schema.createTable('chat_ratings'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addColumn('kefu_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('chat_ratings_closing_uq', ['conversation_id', 'closed_at'])
    .execute()
  await db.schema.createIndex('chat_ratings_created_idx').on('chat_ratings').columns(['created_at']).execute()

  await withId(db, db.schema.createTable('helpdesk_alerts'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'chat' | 'feedback'
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('helpdesk_alerts_wait_uq', ['kind', 'subject_id', 'since'])
    .execute()

  if (pg) {
    await sql`savepoint pg_trgm_public`.execute(db)
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db)
      await sql`release savepoint pg_trgm_public`.execute(db)
    } catch {
      await sql`rollback to savepoint pg_trgm_public`.execute(db)
      await sql`create extension if not exists pg_trgm`.execute(db)
    }
    const ext = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)
    await sql`create index chat_messages_content_trgm_idx on chat_messages using gin (msg_content ${sql.raw(`${ext.rows[0].schema}.gin_trgm_ops`)})`.execute(db)
  } else {
    await sql.raw(`create virtual table chat_messages_fts using fts5(msg_content, content='chat_messages', content_rowid='id', tokenize='trigram')`).execute(db)
    await sql.raw(`create trigger chat_messages_fts_ai after insert on chat_messages begin insert into chat_messages_fts(rowid, msg_content) values (new.id, new.msg_content); end`).execute(db)
    await sql.raw(`create trigger chat_messages_fts_ad after delete on chat_messages begin insert into chat_messages_fts(chat_messages_fts, rowid, msg_content) values ('delete', old.id, old.msg_content); end`).execute(db)
    await sql
      .raw(`create trigger chat_messages_fts_au after update of msg_content on chat_messages begin insert into chat_messages_fts(chat_messages_fts, rowid, msg_content) values ('delete', old.id, old.msg_content); insert into chat_messages_fts(rowid, msg_content) values (new.id, new.msg_content); end`)
      .execute(db)
    await sql.raw(`insert into chat_messages_fts(chat_messages_fts) values ('rebuild')`).execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists chat_messages_content_trgm_idx`.execute(db)
  else {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists chat_messages_fts_${t}`).execute(db)
    await sql.raw('drop table if exists chat_messages_fts').execute(db)
  }
  await db.schema.dropTable('helpdesk_alerts').execute()
  await db.schema.dropTable('chat_ratings').execute()
  await db.schema.dropTable('chat_canned_replies').execute()
  for (const i of ['chat_messages_conversation_idx', 'chat_conversations_live_idx', 'chat_conversations_user_idx', 'chat_conversations_category_idx', 'chat_conversations_waiting_idx', 'chat_conversations_kefu_activity_idx', 'chat_conversations_activity_idx']) {
    await db.schema.dropIndex(i).execute()
  }
  for (const c of ['closed_by', 'closed_at', 'waiting_since', 'lang']) await db.schema.alterTable('chat_conversations').dropColumn(c).execute()
}
