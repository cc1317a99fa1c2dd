/**
 * Competitions and industrial parks: what the admin needs on top of 0002's tables. Portable (schema
 * builder, integer flags, ISO text timestamps, JSON arrays as text).
 * - competitions.kind ('competition' | 'park'), cover, share link kept with the row;
 * - competition_activities: an order, and ONE competition per activity (unique index on activity_id —
 *   existing duplicate links keep the lowest competition id);
 * - competition_projects: the organisation projects that join a competition or park;
 * - org_projects: stage, funding sought, attachments, contact, the enrolment it was synced from (isSyncProject);
 * - org_project_requirements: kind, owner, due date, status with who changed it and when, and its history;
 * - org_project_visits (+ the requirements each concerned): internal, never public.
 */
import { type Kysely, PostgresAdapter, type CreateTableBuilder, sql } from 'kysely'

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

async function addColumns(db: Kysely<any>, table: string, columns: Array<[string, 'text' | 'integer', string | number | null]>) {
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute()
  }
}

const COMPETITION_COLUMNS: Array<[string, 'text' | 'integer', string | number | null]> = [
  ['kind', 'text', 'competition'],
  ['cover_url', 'text', null],
]
const LINK_COLUMNS: Array<[string, 'text' | 'integer', string | number | null]> = [['sort', 'integer', 0]]
const PROJECT_COLUMNS: Array<[string, 'text' | 'integer', string | number | null]> = [
  ['stage_zh', 'text', ''],
  ['stage_en', 'text', ''],
  ['funding_sought', 'text', ''],
  ['attachments', 'text', '[]'],
  ['contact_name', 'text', ''],
  ['contact_phone', 'text', ''],
  ['contact_email', 'text', ''],
  ['source_enrollment_id', 'integer', null],
]
const REQUIREMENT_COLUMNS: Array<[string, 'text' | 'integer', string | number | null]> = [
  ['kind', 'text', 'other'],
  ['owner', 'text', ''],
  ['due_date', 'text', null],
  ['status', 'text', 'open'],
  ['status_changed_at', 'text', null],
  ['status_changed_by', 'text', ''],
  ['created_at', 'text', null],
  ['updated_at', 'text', null],
]

export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'competitions', COMPETITION_COLUMNS)
  await db.schema.createIndex('competitions_kind_status_idx').on('competitions').columns(['kind', 'status', 'start_time']).execute()

  await addColumns(db, 'competition_activities', LINK_COLUMNS)
  // one competition per activity: keep the lowest competition of an activity linked twice by older data
  await sql`delete from competition_activities where competition_id > (
    select min(c2.competition_id) from competition_activities c2 where c2.activity_id = competition_activities.activity_id)`.execute(db)
  await db.schema.createIndex('competition_activities_activity_uq').on('competition_activities').column('activity_id').unique().execute()

  await addColumns(db, 'org_projects', PROJECT_COLUMNS)
  // NULLs are distinct in both databases: only synced projects are unique per enrolment
  await db.schema.createIndex('org_projects_source_enrollment_uq').on('org_projects').column('source_enrollment_id').unique().execute()
  await db.schema.createIndex('org_projects_field_idx').on('org_projects').columns(['field_code', 'updated_at']).execute()

  await db.schema
    .createTable('competition_projects')
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('org_projects.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_projects_pk', ['competition_id', 'project_id'])
    .execute()
  await db.schema.createIndex('competition_projects_project_idx').on('competition_projects').column('project_id').execute()

  await addColumns(db, 'org_project_requirements', REQUIREMENT_COLUMNS)
  await db.schema.createIndex('org_project_requirements_status_due_idx').on('org_project_requirements').columns(['status', 'due_date']).execute()

  await withId(db, db.schema.createTable('org_project_requirement_history'))
    .addColumn('requirement_id', 'integer', (c) => c.notNull().references('org_project_requirements.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('org_project_requirement_history_req_idx').on('org_project_requirement_history').columns(['requirement_id', 'id']).execute()

  await withId(db, db.schema.createTable('org_project_visits'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('org_projects.id').onDelete('cascade'))
    .addColumn('visited_at', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('visitors', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visited_organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_step', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_step_date', 'text')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('org_project_visits_project_idx').on('org_project_visits').columns(['project_id', 'visited_at']).execute()
  await db.schema
    .createTable('org_project_visit_requirements')
    .addColumn('visit_id', 'integer', (c) => c.notNull().references('org_project_visits.id').onDelete('cascade'))
    .addColumn('requirement_id', 'integer', (c) => c.notNull().references('org_project_requirements.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('org_project_visit_requirements_pk', ['visit_id', 'requirement_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['org_project_visit_requirements', 'org_project_visits', 'org_project_requirement_history', 'competition_projects']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
  for (const i of ['org_project_requirements_status_due_idx', 'org_projects_field_idx', 'org_projects_source_enrollment_uq', 'competition_activities_activity_uq', 'competitions_kind_status_idx']) {
    await db.schema.dropIndex(i).ifExists().execute()
  }
  const drops: Array<[string, Array<[string, unknown, unknown]>]> = [
    ['org_project_requirements', REQUIREMENT_COLUMNS],
    ['org_projects', PROJECT_COLUMNS],
    ['competition_activities', LINK_COLUMNS],
    ['competitions', COMPETITION_COLUMNS],
  ]
  for (const [table, cols] of drops) {
    for (const [name] of cols) await db.schema.alterTable(table).dropColumn(name).execute()
  }
}
