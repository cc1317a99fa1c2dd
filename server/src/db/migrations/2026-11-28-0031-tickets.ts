/**
 * From seat to door: e-tickets, check-in, cancellation and the waiting list.
 * Portable (schema builder only); times are ISO-8601 UTC text like the rest of the schema.
 * - activity_enrollments: ticket_code (≥ 128 bits of randomness, unique; filled for every existing
 *   enrolment by the service on first read — see TicketService.ensureCode — not derived from ids),
 *   the check-in (time, staff member, device) and the cancellation (time, who, reason). The new
 *   status 'cancelled' lies outside the active partial unique indexes of 0003, so the person may enrol again.
 * - activities: the cancel deadline (null = the start), the waiting list switch, the offer time, and
 *   held_count: seats held for open offers (enrolments may take a seat only while
 *   enrolled_count + held_count < people_count).
 * - activity_waitlist: the queue (id order); person_key ('u:<id>' or 'e:<folded e-mail>') is unique per
 *   activity among the waiting and offered entries (partial unique index).
 * - checkin_scans: every scan and undo; (device_id, nonce) unique so an offline batch uploaded twice
 *   counts once.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely'

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of [
    ['ticket_code', 'text'],
    ['checked_in_at', 'text'],
    ['checked_in_by', 'integer'],
    ['checked_in_device', 'text'],
    ['cancelled_at', 'text'],
    ['cancelled_by', 'integer'],
    ['cancel_reason', 'text'],
  ] as const) {
    await db.schema.alterTable('activity_enrollments').addColumn(name, type).execute()
  }
  await db.schema.createIndex('activity_enrollments_ticket_code_uq').unique().on('activity_enrollments').column('ticket_code').execute()
  // the counter: approved and checked in per activity, from the index
  await db.schema.createIndex('activity_enrollments_checkin_idx').on('activity_enrollments').columns(['activity_id', 'status', 'checked_in_at']).execute()

  await db.schema.alterTable('activities').addColumn('cancel_deadline', 'text').execute()
  await db.schema.alterTable('activities').addColumn('waitlist_enabled', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('activities').addColumn('offer_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute()
  await db.schema.alterTable('activities').addColumn('held_count', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  await withId(db, db.schema.createTable('activity_waitlist'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('guest_email', 'text')
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('guest_token', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('form_answers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('promoter_user_id', 'integer')
    .addColumn('offered_at', 'text')
    .addColumn('offer_expires_at', 'text')
    .addColumn('notified_at', 'text')
    .addColumn('enrollment_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('activity_waitlist_person_uq')
    .unique()
    .on('activity_waitlist')
    .columns(['activity_id', 'person_key'])
    .where(sql.ref('state'), 'in', [sql.lit('waiting'), sql.lit('offered')])
    .execute()
  await db.schema.createIndex('activity_waitlist_queue_idx').on('activity_waitlist').columns(['activity_id', 'state', 'id']).execute()
  await db.schema.createIndex('activity_waitlist_guest_token_uq').unique().on('activity_waitlist').column('guest_token').execute()

  await withId(db, db.schema.createTable('checkin_scans'))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('enrollment_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('staff_user_id', 'integer', (c) => c.notNull())
    .addColumn('conflict', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('checkin_scans_nonce_uq').unique().on('checkin_scans').columns(['device_id', 'nonce']).execute()
  await db.schema.createIndex('checkin_scans_activity_idx').on('checkin_scans').columns(['activity_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkin_scans').execute()
  await db.schema.dropTable('activity_waitlist').execute()
  for (const c of ['held_count', 'offer_hours', 'waitlist_enabled', 'cancel_deadline']) await db.schema.alterTable('activities').dropColumn(c).execute()
  await db.schema.dropIndex('activity_enrollments_checkin_idx').execute()
  await db.schema.dropIndex('activity_enrollments_ticket_code_uq').execute()
  await sql`update activity_enrollments set status = 'rejected' where status = 'cancelled'`.execute(db)
  for (const c of ['cancel_reason', 'cancelled_by', 'cancelled_at', 'checked_in_device', 'checked_in_by', 'checked_in_at', 'ticket_code']) {
    await db.schema.alterTable('activity_enrollments').dropColumn(c).execute()
  }
}
