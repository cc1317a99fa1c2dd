/**
 * Analysis: detail-page views per activity per UTC hour (no viewer is stored: no IP, no user id) —
 * hours rather than days so a day in any whole-hour time zone is an exact sum of hours — and the
 * indexes the dashboard's aggregates read: enrolments by creation time (covering status, activity
 * and person, so counts never touch the table) and activities by publication time. Portable.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_view_hours')
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    /** 'YYYY-MM-DDTHH' (UTC) */
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('activity_view_hours_pk', ['activity_id', 'hour'])
    .execute()
  await db.schema.createIndex('activity_view_hours_hour_idx').on('activity_view_hours').columns(['hour', 'activity_id', 'views']).execute()
  await db.schema
    .createIndex('activity_enrollments_created_cover_idx')
    .on('activity_enrollments')
    .columns(['created_at', 'activity_id', 'status', 'user_id', 'guest_email'])
    .execute()
  await db.schema.createIndex('activity_enrollments_activity_status_idx').on('activity_enrollments').columns(['activity_id', 'created_at', 'status', 'user_id', 'guest_email']).execute()
  await db.schema.createIndex('activities_published_idx').on('activities').columns(['published_at', 'organization_id', 'type', 'country']).execute()
  await db.schema.createIndex('chat_conversations_created_idx').on('chat_conversations').columns(['created_at']).execute()
  // the admin home's pending approvals, platform-wide or per organisation's activities
  await db.schema.createIndex('activity_enrollments_status_activity_idx').on('activity_enrollments').columns(['status', 'activity_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_enrollments_status_activity_idx').ifExists().execute()
  await db.schema.dropIndex('chat_conversations_created_idx').ifExists().execute()
  await db.schema.dropIndex('activities_published_idx').ifExists().execute()
  await db.schema.dropIndex('activity_enrollments_activity_status_idx').ifExists().execute()
  await db.schema.dropIndex('activity_enrollments_created_cover_idx').ifExists().execute()
  await db.schema.dropTable('activity_view_hours').ifExists().execute()
}
