/**
 * Consent: the User Agreement and the Privacy Policy (site_texts user_agreement and
 * privacy_policy) carry a version that operations raise when they publish a new one, and every agreement a
 * person gives is one row of user_consents: the versions agreed to, the channel (e-mail registration,
 * WeChat H5, mini-program, or a renewed agreement after sign-in) and the time. A person whose newest row is
 * older than the current versions (or who has none, like every account made before this migration) is
 * asked to agree again at the next sign-in. Portable (schema builder only); times are ISO-8601 UTC text.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely'

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_texts').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute()

  await withId(db, db.schema.createTable('user_consents'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agreement_version', 'integer', (c) => c.notNull())
    .addColumn('privacy_version', 'integer', (c) => c.notNull())
    // email | wechat_h5 | weapp (registration), h5 | weapp (agreed again after sign-in)
    .addColumn('channel', 'text', (c) => c.notNull())
    // register | renew
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // a person's newest agreement, read from the index
  await db.schema.createIndex('user_consents_user_idx').on('user_consents').columns(['user_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_consents').execute()
  await db.schema.alterTable('site_texts').dropColumn('version').execute()
}
