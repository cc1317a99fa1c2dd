/**
 * Foundation schema. Frozen once landed: later issues add tables and columns in new dated files.
 * Portable on purpose (schema builder only): ids are `serial` on PostgreSQL and `integer primary key
 * autoincrement` on SQLite, flags are integers, timestamps are ISO-8601 UTC text.
 */
import { type Kysely, PostgresAdapter, type CreateTableBuilder } from 'kysely'

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

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('nick_name', 'text', (c) => c.notNull())
      .addColumn('avatar_url', 'text')
      .addColumn('phone', 'text')
      .addColumn('lang', 'text')
      .addColumn('is_promoter', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('real_name', 'text')
      .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_login_window_start', 'text')
      .addColumn('frozen_until', 'text')
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()

  await timestamps(
    withId(db, db.schema.createTable('organizations'))
      .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text')
      .addColumn('intro_zh', 'text')
      .addColumn('intro_en', 'text')
      .addColumn('website', 'text'),
  ).execute()
  await db.schema.createIndex('organizations_pid_idx').on('organizations').column('pid').execute()

  await timestamps(
    withId(db, db.schema.createTable('roles'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('brief', 'text')
      .addColumn('data_scope', 'text', (c) => c.notNull().defaultTo('all')),
  ).execute()

  await timestamps(
    withId(db, db.schema.createTable('user_accounts'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('forbidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addColumn('account_level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
      .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
      .addUniqueConstraint('user_accounts_user_kind_uq', ['user_id', 'kind']),
  ).execute()
  await db.schema.createIndex('user_accounts_kind_idx').on('user_accounts').columns(['kind', 'id']).execute()
  await db.schema.createIndex('user_accounts_org_idx').on('user_accounts').column('organization_id').execute()
  await db.schema.createIndex('user_accounts_role_idx').on('user_accounts').column('role_id').execute()

  await withId(db, db.schema.createTable('menus'))
    .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('component', 'text', (c) => c.notNull())
    .addColumn('redirect', 'text')
    .addColumn('icon', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('menus_component_idx').on('menus').column('component').execute()

  await withId(db, db.schema.createTable('menu_buttons'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addUniqueConstraint('menu_buttons_menu_name_uq', ['menu_id', 'name'])
    .execute()

  await db.schema
    .createTable('role_menus')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
    .execute()
  await db.schema
    .createTable('role_buttons')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('button_id', 'integer', (c) => c.notNull().references('menu_buttons.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_buttons_pk', ['role_id', 'button_id'])
    .execute()

  await db.schema
    .createTable('captchas')
    .addColumn('code_key', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute()

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('request_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('verification_codes_email_idx')
    .on('verification_codes')
    .columns(['email', 'purpose', 'created_at'])
    .execute()
  await db.schema
    .createIndex('verification_codes_ip_idx')
    .on('verification_codes')
    .columns(['request_ip', 'created_at'])
    .execute()

  await timestamps(
    withId(db, db.schema.createTable('activities'))
      .addColumn('title_zh', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull())
      .addColumn('summary_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('summary_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('detail_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('detail_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('poster_url', 'text')
      .addColumn('banner_url', 'text')
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('city_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
      .addColumn('people_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enrolled_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text'),
  ).execute()
  await db.schema
    .createIndex('activities_status_end_idx')
    .on('activities')
    .columns(['status', 'end_time', 'start_time'])
    .execute()
  await db.schema.createIndex('activities_org_idx').on('activities').columns(['organization_id', 'start_time']).execute()
  await db.schema.createIndex('activities_hot_idx').on('activities').columns(['is_hot', 'status']).execute()

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('site_texts')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('hot_search'))
    .addColumn('search_module_code', 'text', (c) => c.notNull())
    .addColumn('relation_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('poster_url', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('hot_search_module_idx').on('hot_search').columns(['search_module_code', 'sort']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'hot_search',
    'site_texts',
    'site_settings',
    'activities',
    'verification_codes',
    'captchas',
    'role_buttons',
    'role_menus',
    'menu_buttons',
    'menus',
    'user_accounts',
    'roles',
    'organizations',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
