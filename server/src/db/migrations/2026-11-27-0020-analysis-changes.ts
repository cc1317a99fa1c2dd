/**
 * Analysis change log: the database itself appends one row per change to a row the dashboard counts —
 * an enrolment, an activity's scope/publication columns, a per-hour view tally — whoever writes it (API,
 * admin, seed, another instance, a person at the SQL prompt). Each instance keeps the counted columns in
 * memory (modules/analysis/analysis.engine.ts) and, before answering, re-reads only the rows named by
 * the changes after the last one it saw, so its figures equal counting the rows right after any write.
 * Old changes are deleted by the engine once every instance has had an hour to read them.
 * - SQLite: row triggers, `integer primary key autoincrement` (never reused, in commit order).
 * - PostgreSQL: row triggers through one plpgsql function, `bigserial` (the engine re-asks for numbers
 *   it skipped for a while: a sequence number is taken before its transaction commits).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** table → [change kind, columns whose update is a change] (frozen copy; a change needs a new migration) */
const WATCHED: Record<string, [string, string[]]> = {
  activity_enrollments: ['e', ['activity_id', 'status', 'created_at', 'user_id', 'guest_email']],
  activities: ['a', ['organization_id', 'type', 'country', 'status', 'published_at']],
  activity_view_hours: ['v', ['activity_id', 'hour', 'views']],
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table analysis_changes (seq bigserial primary key, kind text not null, ref_id integer not null, hour text)`.execute(db)
    await sql`create function analysis_change() returns trigger language plpgsql as $$
      begin
        if tg_argv[0] = 'v' then
          if tg_op <> 'INSERT' then insert into analysis_changes (kind, ref_id, hour) values ('v', old.activity_id, old.hour); end if;
          if tg_op <> 'DELETE' then insert into analysis_changes (kind, ref_id, hour) values ('v', new.activity_id, new.hour); end if;
        elsif tg_op = 'DELETE' then
          insert into analysis_changes (kind, ref_id) values (tg_argv[0], old.id);
        else
          insert into analysis_changes (kind, ref_id) values (tg_argv[0], new.id);
        end if;
        return null;
      end $$`.execute(db)
    for (const [table, [kind, cols]] of Object.entries(WATCHED)) {
      await sql
        .raw(`create trigger ${table}_analysis after insert or delete or update of ${cols.join(', ')} on ${table} for each row execute function analysis_change('${kind}')`)
        .execute(db)
    }
  } else {
    await sql`create table analysis_changes (seq integer primary key autoincrement, kind text not null, ref_id integer not null, hour text)`.execute(db)
    for (const [table, [kind, cols]] of Object.entries(WATCHED)) {
      const row = (r: 'new' | 'old') => (kind === 'v' ? `('v', ${r}.activity_id, ${r}.hour)` : `('${kind}', ${r}.id, null)`)
      const into = 'insert into analysis_changes (kind, ref_id, hour) values'
      await sql.raw(`create trigger ${table}_analysis_i after insert on ${table} begin ${into} ${row('new')}; end`).execute(db)
      await sql.raw(`create trigger ${table}_analysis_d after delete on ${table} begin ${into} ${row('old')}; end`).execute(db)
      const update = kind === 'v' ? `${row('old')}, ${row('new')}` : row('new')
      await sql.raw(`create trigger ${table}_analysis_u after update of ${cols.join(', ')} on ${table} begin ${into} ${update}; end`).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of Object.keys(WATCHED)) await sql.raw(`drop trigger if exists ${table}_analysis on ${table}`).execute(db)
    await sql`drop function if exists analysis_change()`.execute(db)
  } else {
    for (const table of Object.keys(WATCHED)) for (const t of ['i', 'd', 'u']) await sql.raw(`drop trigger if exists ${table}_analysis_${t}`).execute(db)
  }
  await db.schema.dropTable('analysis_changes').ifExists().execute()
}
