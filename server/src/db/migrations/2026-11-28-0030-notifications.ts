/**
 * Notifications: the in-app inbox, each person's channel settings, WeChat subscribe-message quota
 * (one accept allows one send) and the shared WeChat access token, the activity's reminder switches,
 * the organizer's reason for a rejection, and the delivery ledger's channel (e-mail or WeChat).
 * Portable (schema builder only); times are ISO-8601 UTC text like the rest of the schema.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely'

/** `serial` on PostgreSQL, `integer primary key autoincrement` on SQLite (as in 0001) */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  // ---- the inbox: one row per (event, person); the unique key makes a second copy impossible
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'integer')
    .addColumn('enrollment_id', 'integer')
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // newest first per person, and the unread count, read from the index alone
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'read_at', 'id']).execute()

  // ---- a person's channel choices (absent row = the defaults: every channel on)
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('email_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email_notices', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('wechat', 'integer', (c) => c.notNull().defaultTo(1))
    // IANA zone the person's client reported, for "your time" beside the activity's
    .addColumn('time_zone', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // ---- WeChat subscribe messages: accepted sends left per person and template
  await db.schema
    .createTable('wechat_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wechat_subscriptions_pk', ['user_id', 'template_id'])
    .execute()

  // ---- WeChat's access_token, shared by every instance; one refresh at a time (refresh lease)
  await db.schema
    .createTable('wechat_access_tokens')
    .addColumn('app_id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('refresh_owner', 'text')
    .addColumn('refresh_until', 'text')
    .execute()

  // ---- reminders before the start (24 h and 2 h), each switchable per activity
  await db.schema.alterTable('activities').addColumn('remind_24h', 'integer', (c) => c.notNull().defaultTo(1)).execute()
  await db.schema.alterTable('activities').addColumn('remind_2h', 'integer', (c) => c.notNull().defaultTo(1)).execute()
  // ---- the organizer's optional reason, told to the person rejected
  await db.schema.alterTable('activity_enrollments').addColumn('reject_reason', 'text').execute()
  // ---- the ledger carries WeChat sends too: recipient is then the openid
  await db.schema.alterTable('mail_deliveries').addColumn('channel', 'text', (c) => c.notNull().defaultTo('email')).execute()
  await db.schema.alterTable('mail_deliveries').addColumn('activity_id', 'integer').execute()
  await db.schema.createIndex('mail_deliveries_kind_status_idx').on('mail_deliveries').columns(['kind', 'status', 'id']).execute()

  // the group notices already sent to people with an account become their first inbox items
  await db
    .insertInto('notifications')
    .columns(['user_id', 'dedupe_key', 'kind', 'activity_id', 'enrollment_id', 'title_zh', 'title_en', 'body_zh', 'body_en', 'read_at', 'created_at'])
    .expression((eb: any) =>
      eb
        .selectFrom('mail_deliveries as d')
        .innerJoin('notices as n', 'n.id', 'd.notice_id')
        .where('d.kind', '=', 'notice')
        .where('d.status', '=', 'sent')
        .where('d.user_id', 'is not', null)
        .select([
          'd.user_id',
          sql<string>`'notice:' || n.id || ':u' || d.user_id`.as('dedupe_key'),
          sql<string>`'notice'`.as('kind'),
          'n.activity_id',
          sql<null>`null`.as('enrollment_id'),
          'n.title as title_zh',
          'n.title as title_en',
          'n.content as body_zh',
          'n.content as body_en',
          sql<null>`null`.as('read_at'),
          sql<string>`coalesce(d.sent_at, n.send_at)`.as('created_at'),
        ]),
    )
    .onConflict((oc: any) => oc.column('dedupe_key').doNothing())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_deliveries_kind_status_idx').execute()
  await db.schema.alterTable('mail_deliveries').dropColumn('activity_id').execute()
  await db.schema.alterTable('mail_deliveries').dropColumn('channel').execute()
  await db.schema.alterTable('activity_enrollments').dropColumn('reject_reason').execute()
  await db.schema.alterTable('activities').dropColumn('remind_2h').execute()
  await db.schema.alterTable('activities').dropColumn('remind_24h').execute()
  for (const t of ['wechat_access_tokens', 'wechat_subscriptions', 'notification_settings', 'notifications']) await db.schema.dropTable(t).execute()
}
