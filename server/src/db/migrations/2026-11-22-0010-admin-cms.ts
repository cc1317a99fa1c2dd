/**
 * Admin area admin-cms: schema changes of this admin area. Portable (schema builder only).
 * - hot content: is_hot + hot_sort on topics, information and videos (activities already have is_hot);
 * - topics: an editorial `sort` (higher first, then newest; the consumer list follows it too);
 * - indexes the admin lists page by (every status, newest first; hot lists by hot_sort).
 */
import type { Kysely } from 'kysely'

async function index(db: Kysely<any>, table: string, columns: string[]) {
  await db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['topics', 'information', 'videos']) {
    await db.schema.alterTable(table).addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable(table).addColumn('hot_sort', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await index(db, table, ['is_hot', 'hot_sort'])
  }
  await db.schema.alterTable('topics').addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await index(db, 'topics', ['sort', 'id'])
  await index(db, 'topics', ['status', 'sort', 'published_at'])
  await index(db, 'topics', ['updated_at'])
  await index(db, 'information', ['updated_at'])
  await index(db, 'policies', ['updated_at'])
  for (const table of ['topics', 'information', 'policies']) await index(db, table, ['published_at'])
  await index(db, 'topic_items', ['topic_id', 'item_type', 'sort'])
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['topics', 'information', 'policies']) await db.schema.dropIndex(`${table}_published_at_idx`).ifExists().execute()
  for (const name of ['topic_items_topic_id_item_type_sort_idx', 'policies_updated_at_idx', 'information_updated_at_idx', 'topics_updated_at_idx', 'topics_sort_id_idx', 'topics_status_sort_published_at_idx']) {
    await db.schema.dropIndex(name).ifExists().execute()
  }
  await db.schema.alterTable('topics').dropColumn('sort').execute()
  for (const table of ['videos', 'information', 'topics']) {
    await db.schema.dropIndex(`${table}_is_hot_hot_sort_idx`).ifExists().execute()
    await db.schema.alterTable(table).dropColumn('hot_sort').execute()
    await db.schema.alterTable(table).dropColumn('is_hot').execute()
  }
}
