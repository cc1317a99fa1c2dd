/**
 * Admin area admin-enrollment: the admin's "custom input" per enrolment (a remark column the organizer
 * fills in the enrolment list and the export carries) and the index the list's default order uses
 * (one activity, newest first, whatever the status). Portable (schema builder only).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_enrollments').addColumn('admin_remark', 'text').execute()
  await db.schema.createIndex('activity_enrollments_activity_created_idx').on('activity_enrollments').columns(['activity_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_enrollments_activity_created_idx').ifExists().execute()
  await db.schema.alterTable('activity_enrollments').dropColumn('admin_remark').execute()
}
