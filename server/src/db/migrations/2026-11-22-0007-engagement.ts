/**
 * Engagement: the database job queue, per-recipient mail deliveries (the
 * exactly-once ledger), e-mail subscribers with their professional categories, published-news events
 * that feed the daily digest, group notices to an activity's enrollees, and the leave-message inbox.
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
  // ---- job queue (server/src/jobs): claimed by a conditional update, leased, retried after the lease
  await withId(db, db.schema.createTable('job_queue'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    // at most one job per key (e.g. one digest per day); null = no de-duplication
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('job_queue_status_run_idx').on('job_queue').columns(['status', 'run_at']).execute()
  await db.schema.createIndex('job_queue_status_lease_idx').on('job_queue').columns(['status', 'lease_until']).execute()

  // ---- one row per (mail, recipient): the unique key makes a second send of the same mail impossible
  await withId(db, db.schema.createTable('mail_deliveries'))
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('job_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'integer')
    .addColumn('notice_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('mail_deliveries_job_status_idx').on('mail_deliveries').columns(['job_id', 'status', 'id']).execute()
  await db.schema.createIndex('mail_deliveries_notice_idx').on('mail_deliveries').columns(['notice_id', 'id']).execute()
  await db.schema.createIndex('mail_deliveries_user_idx').on('mail_deliveries').columns(['user_id', 'kind', 'id']).execute()

  // ---- subscribers (double opt-in); e-mail stored lower-case
  await withId(db, db.schema.createTable('subscribers'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('blacklisted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('zh'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('footer'))
    // bumped at every (re)subscription and unsubscription: older links stop working
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('subscribers_status_idx').on('subscribers').columns(['status', 'blacklisted', 'id']).execute()
  await db.schema.createIndex('subscribers_created_idx').on('subscribers').columns(['created_at', 'id']).execute()
  await db.schema
    .createTable('subscriber_categories')
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriber_categories_pk', ['subscriber_id', 'code'])
    .execute()
  await db.schema.createIndex('subscriber_categories_code_idx').on('subscriber_categories').columns(['code', 'subscriber_id']).execute()

  // ---- published policy / information items waiting for their day's digest
  await withId(db, db.schema.createTable('news_events'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    // JSON array of professional_field codes; [] = relevant to every subscriber
    .addColumn('codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('digest_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('news_events_item_uq', ['kind', 'item_id'])
    .execute()
  await db.schema.createIndex('news_events_digest_idx').on('news_events').columns(['digest_date', 'id']).execute()

  // ---- group notices to an activity's enrollees
  await withId(db, db.schema.createTable('notices'))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON { statuses: EnrollmentStatus[] }
    .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('send_mode', 'text', (c) => c.notNull())
    .addColumn('send_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('job_id', 'integer')
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('notices_created_idx').on('notices').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('notices_activity_idx').on('notices').columns(['activity_id', 'id']).execute()

  // ---- leave-a-message inbox
  await withId(db, db.schema.createTable('feedback'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tel', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('remark', 'text')
    .addColumn('reply_content', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('feedback_status_created_idx').on('feedback').columns(['status', 'created_at', 'id']).execute()
  await db.schema.createIndex('feedback_created_idx').on('feedback').columns(['created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['feedback', 'notices', 'news_events', 'subscriber_categories', 'subscribers', 'mail_deliveries', 'job_queue']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
