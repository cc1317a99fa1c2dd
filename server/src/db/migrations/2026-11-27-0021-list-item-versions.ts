/**
 * List item versions: `activity_items` and `information_items` in list_versions, raised by the database
 * whenever something a public list *item* shows changes without changing the list's order, filters or
 * search (those already raise `activities` / `information`, migration 0019): the poster, city, time zone,
 * seats, tags, cover and source columns, the organiser's names, and the dictionary names and order the
 * items' categories are read with. The services keep each shown row's answer serialised in memory per
 * (list version, item version), so a cold page reads no row texts, and is still exact after any write
 * (API, admin, seed, another instance, SQL by hand).
 * Counter versions: `activity_counters` and `information_counters`, raised when view_count or
 * enrolled_count change, so a page reads its counters again only after they moved (a statement per
 * page otherwise: the largest cost left of a cold page).
 * - SQLite: row triggers; PostgreSQL: statement triggers through 0019's bump_list_version(). Portable.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** trigger name → [table, item versions it bumps, columns whose update bumps them] (frozen copy) */
const WATCHED: Record<string, [string, string[], string[]]> = {
  activities_items: ['activities', ['activity_items'], ['poster_url', 'time_zone', 'city_zh', 'city_en', 'people_count', 'tags_zh', 'tags_en']],
  organizations_items: ['organizations', ['activity_items'], ['name_zh', 'name_en']],
  information_items: ['information', ['information_items'], ['cover_url', 'source_zh', 'source_en', 'tags_zh', 'tags_en']],
  dict_items_items: ['dict_items', ['activity_items', 'information_items'], ['type_code', 'code', 'name_zh', 'name_en', 'sort']],
  activities_counters: ['activities', ['activity_counters'], ['view_count', 'enrolled_count']],
  information_counters: ['information', ['information_counters'], ['view_count']],
}
const VERSIONS = ['activity_items', 'information_items', 'activity_counters', 'information_counters']

export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('list_versions').values(VERSIONS.map((name) => ({ name, version: 0 }))).execute()
  for (const [name, [table, lists, cols]] of Object.entries(WATCHED)) {
    // inserts and deletes of activities / information already move 0019's list version, which the item
    // caches are keyed by too; organisations and dictionary items move only the item versions
    const rowEvents = table === 'organizations' || table === 'dict_items'
    if (isPostgres(db)) {
      for (const list of lists) {
        if (rowEvents) await sql.raw(`create trigger ${name}_${list}_id after insert or delete on ${table} for each statement execute function bump_list_version('${list}')`).execute(db)
        await sql.raw(`create trigger ${name}_${list}_u after update of ${cols.join(', ')} on ${table} for each statement execute function bump_list_version('${list}')`).execute(db)
      }
    } else {
      const bump = lists.map((l) => `update list_versions set version = version + 1 where name = '${l}';`).join(' ')
      if (rowEvents) {
        await sql.raw(`create trigger ${name}_i after insert on ${table} begin ${bump} end`).execute(db)
        await sql.raw(`create trigger ${name}_d after delete on ${table} begin ${bump} end`).execute(db)
      }
      await sql.raw(`create trigger ${name}_u after update of ${cols.join(', ')} on ${table} begin ${bump} end`).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, [table, lists]] of Object.entries(WATCHED)) {
    if (isPostgres(db)) {
      for (const list of lists) for (const t of ['id', 'u']) await sql.raw(`drop trigger if exists ${name}_${list}_${t} on ${table}`).execute(db)
    } else {
      for (const t of ['i', 'd', 'u']) await sql.raw(`drop trigger if exists ${name}_${t}`).execute(db)
    }
  }
  await db.deleteFrom('list_versions').where('name', 'in', VERSIONS).execute()
}
