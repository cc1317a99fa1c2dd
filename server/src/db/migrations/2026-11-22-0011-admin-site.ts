/**
 * Admin area admin-site: banners' free time window, videos' publish status, and three new tables —
 * adverts (four areas, with free time), industry cases and partners. Portable (schema builder only).
 */
import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely'

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}
function bi<T extends string, C extends string>(t: CreateTableBuilder<T, C>, ...names: string[]) {
  let out: CreateTableBuilder<T, any> = t
  for (const n of names) {
    out = out.addColumn(`${n}_zh`, 'text', (c) => c.notNull().defaultTo('')).addColumn(`${n}_en`, 'text', (c) => c.notNull().defaultTo(''))
  }
  return out
}
function stamps<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull())
}
async function index(db: Kysely<any>, table: string, columns: string[]) {
  await db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('banners').addColumn('start_at', 'text').execute()
  await db.schema.alterTable('banners').addColumn('end_at', 'text').execute()
  await db.schema.alterTable('videos').addColumn('status', 'text', (c) => c.notNull().defaultTo('published')).execute()
  await index(db, 'videos', ['status', 'category', 'published_at'])

  await stamps(
    bi(withId(db, db.schema.createTable('site_adverts')), 'title')
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('start_at', 'text')
      .addColumn('end_at', 'text'),
  ).execute()
  await index(db, 'site_adverts', ['area', 'status', 'sort'])

  await stamps(
    bi(withId(db, db.schema.createTable('site_cases')), 'title', 'summary', 'content')
      .addColumn('cover_url', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute()
  await index(db, 'site_cases', ['status', 'sort'])

  await stamps(
    bi(withId(db, db.schema.createTable('site_partners')), 'name')
      .addColumn('logo_url', 'text')
      .addColumn('website', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute()
  await index(db, 'site_partners', ['status', 'sort'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_partners').ifExists().execute()
  await db.schema.dropTable('site_cases').ifExists().execute()
  await db.schema.dropTable('site_adverts').ifExists().execute()
  await db.schema.dropIndex('videos_status_category_published_at_idx').ifExists().execute()
  await db.schema.alterTable('videos').dropColumn('status').execute()
  await db.schema.alterTable('banners').dropColumn('end_at').execute()
  await db.schema.alterTable('banners').dropColumn('start_at').execute()
}
