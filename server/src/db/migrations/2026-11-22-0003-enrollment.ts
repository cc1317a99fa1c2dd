/**
 * Enrolment in activities. Portable like 0001/0002; frozen once landed.
 * - activities.enroll_form: the application form definition (JSON array of fields, see
 *   src/shared/contracts/enrollment.ts). NULL = never defined (the seed fills seeded activities).
 * - users.promoter_code: a promoter's share code (unique; NULL for everyone else).
 * - activity_enrollments: user_id becomes nullable, plus guest_email / guest_token, so a logged-out
 *   visitor can enrol where the activity allows it (isNeedLoginEnroll = 0). SQLite cannot drop NOT NULL,
 *   so the table is rebuilt there (same columns, ids and indexes); PostgreSQL alters the column.
 * - The duplicate guard: partial unique indexes over the active (pending/approved) enrolments, one per
 *   user and one per guest e-mail, on both databases. Rejected enrolments are outside them, so a
 *   person may enrol again after a rejection (when signUpOnce is off).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely'

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

const INDEXES: Array<[string, string[]]> = [
  ['activity_enrollments_activity_id_user_id_idx', ['activity_id', 'user_id']],
  ['activity_enrollments_user_id_created_at_idx', ['user_id', 'created_at']],
  ['activity_enrollments_activity_id_status_created_at_idx', ['activity_id', 'status', 'created_at']],
]

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  await db.schema.alterTable('activities').addColumn('enroll_form', 'text').execute()
  await db.schema.alterTable('users').addColumn('promoter_code', 'text').execute()
  await db.schema.createIndex('users_promoter_code_uq').unique().on('users').column('promoter_code').execute()

  if (pg) {
    await sql`alter table activity_enrollments alter column user_id drop not null`.execute(db)
    await db.schema.alterTable('activity_enrollments').addColumn('guest_email', 'text').execute()
    await db.schema.alterTable('activity_enrollments').addColumn('guest_token', 'text').execute()
  } else {
    await sql`create table activity_enrollments_new (
      id integer primary key autoincrement,
      activity_id integer not null references activities(id) on delete cascade,
      user_id integer references users(id) on delete cascade,
      status text not null default 'pending',
      form_answers text not null default '{}',
      promoter_user_id integer references users(id) on delete set null,
      created_at text not null,
      updated_at text not null,
      guest_email text,
      guest_token text
    )`.execute(db)
    await sql`insert into activity_enrollments_new (id, activity_id, user_id, status, form_answers, promoter_user_id, created_at, updated_at)
      select id, activity_id, user_id, status, form_answers, promoter_user_id, created_at, updated_at from activity_enrollments`.execute(db)
    await sql`drop table activity_enrollments`.execute(db)
    await sql`alter table activity_enrollments_new rename to activity_enrollments`.execute(db)
    for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('activity_enrollments').columns(columns).execute()
  }
  await db.schema.createIndex('activity_enrollments_guest_token_uq').unique().on('activity_enrollments').column('guest_token').execute()
  await db.schema.createIndex('activity_enrollments_promoter_idx').on('activity_enrollments').columns(['promoter_user_id', 'created_at']).execute()
  // the duplicate guard (424): one active enrolment per person and activity
  await db.schema
    .createIndex('activity_enrollments_active_user_uq')
    .unique()
    .on('activity_enrollments')
    .columns(['activity_id', 'user_id'])
    .where(sql.ref('status'), 'in', [sql.lit('pending'), sql.lit('approved')])
    .execute()
  await db.schema
    .createIndex('activity_enrollments_active_guest_uq')
    .unique()
    .on('activity_enrollments')
    .columns(['activity_id', 'guest_email'])
    .where(sql.ref('status'), 'in', [sql.lit('pending'), sql.lit('approved')])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['activity_enrollments_active_guest_uq', 'activity_enrollments_active_user_uq', 'activity_enrollments_promoter_idx', 'activity_enrollments_guest_token_uq', 'users_promoter_code_uq']) {
    await db.schema.dropIndex(name).ifExists().execute()
  }
  await sql`delete from activity_enrollments where user_id is null`.execute(db)
  await db.schema.alterTable('activity_enrollments').dropColumn('guest_token').execute()
  await db.schema.alterTable('activity_enrollments').dropColumn('guest_email').execute()
  if (isPostgres(db)) await sql`alter table activity_enrollments alter column user_id set not null`.execute(db)
  await db.schema.alterTable('users').dropColumn('promoter_code').execute()
  await db.schema.alterTable('activities').dropColumn('enroll_form').execute()
}
