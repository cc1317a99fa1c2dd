/**
 * Admin area admin-activity: what the publishing steps and the manager list need on `activities`.
 * Portable (schema builder only, integer flags).
 * - entrust_haijiao_process: the organizer lets Haijiao process the enrolments (publish settings);
 * - is_sync_project: the activity is mirrored as a project (publish settings);
 * - department_id: the department (an organisation below the activity's organisation) it is assigned to;
 * - indexes for the manager list's orders (created, enrolled count) with and without the organisation scope.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('entrust_haijiao_process', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('activities').addColumn('is_sync_project', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('activities').addColumn('department_id', 'integer').execute()
  await db.schema.createIndex('activities_admin_created_idx').on('activities').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('activities_admin_org_created_idx').on('activities').columns(['organization_id', 'created_at']).execute()
  await db.schema.createIndex('activities_admin_enrolled_idx').on('activities').columns(['enrolled_count', 'id']).execute()
  await db.schema.createIndex('activities_admin_org_status_end_idx').on('activities').columns(['organization_id', 'status', 'end_time']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['activities_admin_created_idx', 'activities_admin_org_created_idx', 'activities_admin_enrolled_idx', 'activities_admin_org_status_end_idx']) {
    await db.schema.dropIndex(name).ifExists().execute()
  }
  for (const col of ['department_id', 'is_sync_project', 'entrust_haijiao_process']) {
    await db.schema.alterTable('activities').dropColumn(col).execute()
  }
}
