/**
 * WeChat sign-in: which WeChat identities belong to which user. One row per (app kind, openid):
 * `mini` = the mini-program (jscode2session), `mp` = the official account's H5 OAuth. `union_id` is the
 * cross-app id WeChat gives when both apps are bound to one open-platform account; it is the same for
 * every row of one person, so it is indexed, not unique. Portable like 0001 (schema builder only).
 */
import { type Kysely, PostgresAdapter } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  let t = db.schema.createTable('user_wechat_identities')
  t = pg
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  await t
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_kind', 'text', (c) => c.notNull())
    .addColumn('open_id', 'text', (c) => c.notNull())
    .addColumn('union_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_wechat_identities_app_open_uq', ['app_kind', 'open_id'])
    .execute()
  await db.schema
    .createIndex('user_wechat_identities_union_idx')
    .on('user_wechat_identities')
    .column('union_id')
    .execute()
  await db.schema
    .createIndex('user_wechat_identities_user_idx')
    .on('user_wechat_identities')
    .column('user_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_wechat_identities').execute()
}
