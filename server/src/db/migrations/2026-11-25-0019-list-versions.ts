/**
 * List versions: one counter per public list (`activities`, `information`) that the database itself
 * raises whenever a row the list shows, filters, orders or searches by is inserted, deleted or changed
 * (including the activity categories), whoever writes (API, admin, seed, another instance). Services keep
 * an in-memory index of a list's order and filter columns and rebuild it when the counter moved, so a
 * cold list page needs no COUNT(*) and no sort, and is still exact right after a write.
 * Columns that only a detail or a counter changes (view_count, enrolled_count, texts) do not bump it.
 * - SQLite: row triggers; PostgreSQL: statement triggers through one plpgsql function. Portable.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** table → [list version it bumps, columns whose update bumps it] (frozen copy; a change needs a new migration) */
const WATCHED: Record<string, [string, string[]]> = {
  activities: ['activities', ['status', 'start_time', 'end_time', 'type', 'country', 'is_hot', 'organization_id', 'title_zh', 'title_en', 'summary_zh', 'summary_en']],
  activity_categories: ['activities', ['activity_id', 'category_code']],
  information: ['information', ['status', 'published_at', 'category_code', 'title_zh', 'title_en', 'summary_zh', 'summary_en']],
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('list_versions').values([{ name: 'activities', version: 0 }, { name: 'information', version: 0 }]).execute()
  if (isPostgres(db)) {
    await sql`create function bump_list_version() returns trigger language plpgsql as $$
      begin
        update list_versions set version = version + 1 where name = tg_argv[0];
        return null;
      end $$`.execute(db)
    for (const [table, [list, cols]] of Object.entries(WATCHED)) {
      await sql.raw(`create trigger ${table}_list_version_id after insert or delete on ${table} for each statement execute function bump_list_version('${list}')`).execute(db)
      await sql.raw(`create trigger ${table}_list_version_u after update of ${cols.join(', ')} on ${table} for each statement execute function bump_list_version('${list}')`).execute(db)
    }
  } else {
    for (const [table, [list, cols]] of Object.entries(WATCHED)) {
      const bump = `update list_versions set version = version + 1 where name = '${list}';`
      await sql.raw(`create trigger ${table}_list_version_i after insert on ${table} begin ${bump} end`).execute(db)
      await sql.raw(`create trigger ${table}_list_version_d after delete on ${table} begin ${bump} end`).execute(db)
      await sql.raw(`create trigger ${table}_list_version_u after update of ${cols.join(', ')} on ${table} begin ${bump} end`).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of Object.keys(WATCHED)) {
      await sql.raw(`drop trigger if exists ${table}_list_version_id on ${table}`).execute(db)
      await sql.raw(`drop trigger if exists ${table}_list_version_u on ${table}`).execute(db)
    }
    await sql`drop function if exists bump_list_version()`.execute(db)
  } else {
    for (const table of Object.keys(WATCHED)) for (const t of ['i', 'd', 'u']) await sql.raw(`drop trigger if exists ${table}_list_version_${t}`).execute(db)
  }
  await db.schema.dropTable('list_versions').ifExists().execute()
}
