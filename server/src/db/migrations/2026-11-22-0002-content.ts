/**
 * Public content (everything a visitor browses). Portable like 0001 (schema builder, integer flags, ISO text
 * timestamps, JSON arrays stored as text). Search support is dialect specific on purpose:
 * - SQLite: one FTS5 external-content table per searchable table (`<table>_fts`, trigram tokenizer,
 *   case-insensitive) kept in sync by triggers;
 * - PostgreSQL: pg_trgm GIN indexes on the same columns, used by ILIKE '%kw%'.
 * SEARCH_TABLES below is the single list both the migration and the search repository use.
 */
import { type Kysely, PostgresAdapter, type CreateTableBuilder, sql } from 'kysely'

/** table → searchable columns (bilingual title/name and summary/intro). Frozen with this migration. */
export const SEARCH_TABLES: Record<string, string[]> = {
  activities: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  topics: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  information: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  policies: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
  organizations: ['name_zh', 'name_en', 'intro_zh', 'intro_en'],
  platforms: ['name_zh', 'name_en', 'intro_zh', 'intro_en'],
  jobs: ['title_zh', 'title_en', 'description_zh', 'description_en'],
  roadshow_projects: ['title_zh', 'title_en', 'summary_zh', 'summary_en'],
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}
function timestamps<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull())
}
/** bilingual text columns `<name>_zh`, `<name>_en` (not null, default '') */
function bi<T extends string, C extends string>(t: CreateTableBuilder<T, C>, ...names: string[]) {
  let out: CreateTableBuilder<T, any> = t
  for (const n of names) {
    out = out
      .addColumn(`${n}_zh`, 'text', (c) => c.notNull().defaultTo(''))
      .addColumn(`${n}_en`, 'text', (c) => c.notNull().defaultTo(''))
  }
  return out
}

async function index(db: Kysely<any>, table: string, columns: string[], name?: string) {
  await db.schema
    .createIndex(name ?? `${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)

  // dictionaries (the admin edits them)
  await timestamps(
    withId(db, db.schema.createTable('dict_types'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull()),
  ).execute()
  await timestamps(
    withId(db, db.schema.createTable('dict_items'))
      .addColumn('type_code', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('internationalize_key', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('dict_items_type_code_uq', ['type_code', 'code']),
  ).execute()
  await index(db, 'dict_items', ['type_code', 'sort'])

  // activities: presentation, enrolment rules, counters
  const activityColumns: Array<[string, 'text' | 'integer', unknown]> = [
    ['live_url', 'text', null],
    ['live_qr_url', 'text', null],
    ['wechat_group_qr_url', 'text', null],
    ['highlights_zh', 'text', '[]'],
    ['highlights_en', 'text', '[]'],
    ['tags_zh', 'text', '[]'],
    ['tags_en', 'text', '[]'],
    ['is_open', 'integer', 1],
    ['is_need_login_enroll', 'integer', 1],
    ['sign_up_once', 'integer', 1],
    ['enroll_need_process', 'integer', 0],
    ['enroll_deadline', 'text', null],
    ['is_deadline_equal_end', 'integer', 0],
    ['enroll_notes_zh', 'text', ''],
    ['enroll_notes_en', 'text', ''],
    ['view_count', 'integer', 0],
  ]
  for (const [name, type, def] of activityColumns) {
    await db.schema
      .alterTable('activities')
      .addColumn(name, type, (c) => (def === null ? c : c.notNull().defaultTo(def)))
      .execute()
  }
  await index(db, 'activities', ['status', 'start_time'])
  await index(db, 'activities', ['status', 'type', 'start_time'])
  await index(db, 'activities', ['status', 'country', 'start_time'])
  await index(db, 'activities', ['status', 'country', 'type', 'start_time'])
  await index(db, 'activities', ['status', 'is_hot', 'start_time'])

  await withId(db, db.schema.createTable('activity_addresses'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('city_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await index(db, 'activity_addresses', ['activity_id', 'sort'])

  await db.schema
    .createTable('activity_categories')
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('category_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_categories_pk', ['activity_id', 'category_code'])
    .execute()
  await index(db, 'activity_categories', ['category_code', 'activity_id'])

  await timestamps(
    withId(db, db.schema.createTable('activity_enrollments'))
      .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('form_answers', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('promoter_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  ).execute()
  await index(db, 'activity_enrollments', ['activity_id', 'user_id'])
  await index(db, 'activity_enrollments', ['user_id', 'created_at'])
  await index(db, 'activity_enrollments', ['activity_id', 'status', 'created_at'])

  // organisations as organizers and places
  const orgColumns: Array<[string, 'text' | 'integer', unknown]> = [
    ['kind', 'text', 'organizer'],
    ['is_premium', 'integer', 0],
    ['city_zh', 'text', ''],
    ['city_en', 'text', ''],
    ['banner_url', 'text', null],
    ['content_zh', 'text', ''],
    ['content_en', 'text', ''],
    ['follower_count', 'integer', 0],
    ['sort', 'integer', 0],
  ]
  for (const [name, type, def] of orgColumns) {
    await db.schema
      .alterTable('organizations')
      .addColumn(name, type, (c) => (def === null ? c : c.notNull().defaultTo(def)))
      .execute()
  }
  await index(db, 'organizations', ['pid', 'kind', 'is_premium', 'sort'])
  await db.schema
    .createTable('organizer_follows')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organizer_follows_pk', ['user_id', 'organization_id'])
    .execute()
  await index(db, 'organizer_follows', ['organization_id'])

  // topics and information
  await timestamps(
    bi(withId(db, db.schema.createTable('topics')), 'title', 'summary', 'content')
      .addColumn('cover_url', 'text')
      .addColumn('tags_zh', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('tags_en', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('published_at', 'text')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await index(db, 'topics', ['status', 'published_at'])
  await db.schema
    .createTable('topic_items')
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('topic_items_pk', ['topic_id', 'item_type', 'item_id'])
    .execute()

  await timestamps(
    bi(withId(db, db.schema.createTable('information')), 'title', 'summary', 'content', 'source')
      .addColumn('cover_url', 'text')
      .addColumn('category_code', 'text')
      .addColumn('tags_zh', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('tags_en', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('published_at', 'text')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await index(db, 'information', ['status', 'published_at'])
  await index(db, 'information', ['status', 'category_code', 'published_at'])

  // policies and their match rules
  await timestamps(
    bi(withId(db, db.schema.createTable('policies')), 'title', 'summary', 'content', 'city', 'issuer')
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('category_code', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('published_at', 'text')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await index(db, 'policies', ['status', 'published_at'])
  await index(db, 'policies', ['status', 'level', 'published_at'])
  await index(db, 'policies', ['status', 'category_code', 'published_at'])
  await withId(db, db.schema.createTable('policy_rules'))
    .addColumn('policy_id', 'integer', (c) => c.notNull().references('policies.id').onDelete('cascade'))
    .addColumn('degree', 'text')
    .addColumn('min_age', 'integer')
    .addColumn('max_age', 'integer')
    .addColumn('min_overseas_years', 'integer')
    .addColumn('max_return_years', 'integer')
    .addColumn('cities', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('titles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('platform_natures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('professional_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('foreign_descent', 'text', (c) => c.notNull().defaultTo('any'))
    .execute()
  await index(db, 'policy_rules', ['policy_id'])

  // platforms and jobs
  await timestamps(
    bi(withId(db, db.schema.createTable('platforms')), 'name', 'city', 'intro', 'content')
      .addColumn('logo_url', 'text')
      .addColumn('nature_code', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await index(db, 'platforms', ['status', 'sort'])
  await index(db, 'platforms', ['status', 'nature_code', 'sort'])
  await timestamps(
    bi(withId(db, db.schema.createTable('jobs')), 'title', 'city', 'salary', 'description')
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('degree', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('published_at', 'text'),
  ).execute()
  await index(db, 'jobs', ['status', 'published_at'])
  await index(db, 'jobs', ['status', 'kind', 'published_at'])
  await index(db, 'jobs', ['platform_id', 'status', 'published_at'])

  // videos, competitions, roadshows
  await timestamps(
    bi(withId(db, db.schema.createTable('videos')), 'title')
      .addColumn('cover_url', 'text')
      .addColumn('video_url', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text', (c) => c.notNull()),
  ).execute()
  await index(db, 'videos', ['category', 'published_at'])
  await timestamps(
    bi(withId(db, db.schema.createTable('competitions')), 'title', 'summary', 'content')
      .addColumn('banner_url', 'text')
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published')),
  ).execute()
  await index(db, 'competitions', ['status', 'start_time'])
  await withId(db, db.schema.createTable('competition_banners'))
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await index(db, 'competition_banners', ['competition_id', 'sort'])
  await db.schema
    .createTable('competition_activities')
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('competition_activities_pk', ['competition_id', 'activity_id'])
    .execute()
  await timestamps(
    bi(withId(db, db.schema.createTable('roadshow_projects')), 'title', 'summary', 'content', 'stage')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('cover_url', 'text')
      .addColumn('field_code', 'text', (c) => c.notNull())
      .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
      .addColumn('competition_id', 'integer', (c) => c.references('competitions.id').onDelete('set null'))
      .addColumn('bp_video_id', 'integer', (c) => c.references('videos.id').onDelete('set null'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('published_at', 'text'),
  ).execute()
  await index(db, 'roadshow_projects', ['status', 'published_at'])
  await index(db, 'roadshow_projects', ['status', 'kind', 'published_at'])
  await index(db, 'roadshow_projects', ['status', 'field_code', 'published_at'])
  await index(db, 'roadshow_projects', ['competition_id'])
  await timestamps(
    bi(withId(db, db.schema.createTable('roadshow_records')), 'title', 'city', 'result')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('roadshow_projects.id').onDelete('cascade'))
      .addColumn('held_at', 'text', (c) => c.notNull()),
  ).execute()
  await index(db, 'roadshow_records', ['held_at'])
  await index(db, 'roadshow_records', ['project_id', 'held_at'])

  // talents and organisations' projects
  await timestamps(
    bi(withId(db, db.schema.createTable('talents')), 'name', 'title', 'intro')
      .addColumn('avatar_url', 'text')
      .addColumn('field_code', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('degree', 'text', (c) => c.notNull())
      .addColumn('achievements_zh', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('achievements_en', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await index(db, 'talents', ['status', 'sort'])
  await index(db, 'talents', ['status', 'field_code', 'sort'])
  await timestamps(
    bi(withId(db, db.schema.createTable('org_projects')), 'title', 'summary', 'content', 'city')
      .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('field_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .addColumn('published_at', 'text'),
  ).execute()
  await index(db, 'org_projects', ['status', 'published_at'])
  await index(db, 'org_projects', ['organization_id', 'status', 'published_at'])
  await bi(withId(db, db.schema.createTable('org_project_requirements')), 'title', 'description')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('org_projects.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await index(db, 'org_project_requirements', ['project_id', 'sort'])

  await timestamps(
    bi(withId(db, db.schema.createTable('banners')), 'title')
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text')
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute()
  await index(db, 'banners', ['position', 'status', 'sort'])

  // foundation activities stored country names; the contract wants ISO 3166-1 alpha-2 codes
  const countryCodes: Record<string, string> = {
    China: 'CN', 'United States': 'US', 'United Kingdom': 'GB', Australia: 'AU', Germany: 'DE',
    Japan: 'JP', Canada: 'CA', Singapore: 'SG', France: 'FR',
  }
  for (const [name, code] of Object.entries(countryCodes)) {
    await db.updateTable('activities').set({ country: code }).where('country', '=', name).execute()
  }

  // search
  if (pg) {
    // In `public` when we may (so dropping an application schema never drops the extension and, with
    // it, another schema's indexes); otherwise wherever the database puts it.
    await sql`savepoint pg_trgm_public`.execute(db)
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db)
      await sql`release savepoint pg_trgm_public`.execute(db)
    } catch {
      await sql`rollback to savepoint pg_trgm_public`.execute(db)
      await sql`create extension if not exists pg_trgm`.execute(db)
    }
    const ext = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)
    const opclass = `${ext.rows[0].schema}.gin_trgm_ops`
    for (const [table, cols] of Object.entries(SEARCH_TABLES)) {
      for (const col of cols) {
        await sql`create index ${sql.raw(`${table}_${col}_trgm_idx`)} on ${sql.table(table)} using gin (${sql.ref(col)} ${sql.raw(opclass)})`.execute(db)
      }
    }
  } else {
    for (const [table, cols] of Object.entries(SEARCH_TABLES)) {
      const fts = `${table}_fts`
      const list = cols.join(', ')
      const news = cols.map((c) => `coalesce(new.${c}, '')`).join(', ')
      const olds = cols.map((c) => `coalesce(old.${c}, '')`).join(', ')
      await sql.raw(`create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`).execute(db)
      await sql.raw(`create trigger ${table}_fts_ai after insert on ${table} begin insert into ${fts}(rowid, ${list}) values (new.id, ${news}); end`).execute(db)
      await sql.raw(`create trigger ${table}_fts_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${olds}); end`).execute(db)
      await sql.raw(`create trigger ${table}_fts_au after update of ${list} on ${table} begin insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${olds}); insert into ${fts}(rowid, ${list}) values (new.id, ${news}); end`).execute(db)
      // rows that exist already (foundation activities and organisations)
      await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const table of Object.keys(SEARCH_TABLES)) {
      for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${table}_fts_${t}`).execute(db)
      await sql.raw(`drop table if exists ${table}_fts`).execute(db)
    }
  }
  for (const t of [
    'banners', 'org_project_requirements', 'org_projects', 'talents', 'roadshow_records', 'roadshow_projects',
    'competition_activities', 'competition_banners', 'competitions', 'videos', 'jobs', 'platforms', 'policy_rules',
    'policies', 'information', 'topic_items', 'topics', 'organizer_follows', 'activity_enrollments',
    'activity_categories', 'activity_addresses', 'dict_items', 'dict_types',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
