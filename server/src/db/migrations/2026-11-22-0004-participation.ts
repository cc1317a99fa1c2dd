/**
 * Participation: favourites of activities, topics and information, the
 * promoter's contact e-mail, and a small table that records one-time demo seeds (so a favourite a demo
 * user removes is not re-created at the next start).
 * Portable like 0001/0002 (schema builder only). Organizer follows live in `organizer_follows` (0002);
 * the talent list's index (promoter_user_id, created_at) comes with 0003.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'item_type', 'item_id'])
    .execute()
  // "my favourites of one type, newest first" and "who favourited this item"
  await db.schema.createIndex('favorites_user_type_created_idx').on('favorites').columns(['user_id', 'item_type', 'created_at']).execute()
  await db.schema.createIndex('favorites_item_idx').on('favorites').columns(['item_type', 'item_id']).execute()
  // "organizers I follow, newest first"
  await db.schema.createIndex('organizer_follows_user_created_idx').on('organizer_follows').columns(['user_id', 'created_at']).execute()

  await db.schema.alterTable('users').addColumn('promoter_email', 'text').execute()

  await db.schema
    .createTable('seed_marks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seed_marks').ifExists().execute()
  await db.schema.alterTable('users').dropColumn('promoter_email').execute()
  await db.schema.dropIndex('organizer_follows_user_created_idx').ifExists().execute()
  await db.schema.dropTable('favorites').ifExists().execute()
}
