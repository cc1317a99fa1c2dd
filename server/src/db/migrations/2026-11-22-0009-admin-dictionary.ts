/**
 * Admin area admin-dictionary: the service-category tree (hb_service_category in the spec's paths), the
 * links that tie a category to business (returning-home services / convenient entrances answered by
 * that category's agent), and editable overrides of the shared UI translations.
 * Portable (schema builder only); times are ISO-8601 UTC text, flags integers 0/1.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely'

/** `serial` on PostgreSQL, `integer primary key autoincrement` on SQLite (as in 0001) */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('service_categories'))
    .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0)) // 0 = a root
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    // users.id of the kefu / auser account that answers this category
    .addColumn('agent_user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('service_categories_pid_sort_idx').on('service_categories').columns(['pid', 'sort', 'id']).execute()

  // one business item (e.g. the 'apply_job' returning-home service) is answered by one category
  await withId(db, db.schema.createTable('service_category_links'))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('biz_type', 'text', (c) => c.notNull())
    .addColumn('biz_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('service_category_links_biz_uq', ['biz_type', 'biz_code'])
    .execute()
  await db.schema.createIndex('service_category_links_category_idx').on('service_category_links').columns(['category_id']).execute()

  // UI translation overrides: key = dotted i18n key of src/shared/i18n/locales/<lang>.json
  await withId(db, db.schema.createTable('translation_overrides'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('translation_overrides_lang_key_uq', ['lang', 'key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['translation_overrides', 'service_category_links', 'service_categories']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
