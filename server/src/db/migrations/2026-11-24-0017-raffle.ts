/**
 * Raffles (lucky draws) of activities. Portable (schema builder only).
 * - raffles: bilingual name, images (JSON array), the activity it belongs to (or none) and the organization
 *   whose staff manage it (the organizer's data scope), draw window (UTC instants + the zone to show them in),
 *   who may draw, default draws per person, the "no prize" weight, open | closed.
 * - raffle_gifts: stock and won_count; a gift is won only by `won_count = won_count + 1 where won_count < stock`,
 *   so stock can never be over-issued whatever the concurrency.
 * - raffle_times: one row per person and raffle: extra draws granted and draws used; a draw takes one by
 *   `used = used + 1 where used < default + extra`, which also serializes one person's concurrent draws.
 * - raffle_time_grants: who granted extra draws to whom, how many and why.
 * - raffle_draws: every draw and its result (gift_id null = no prize); (raffle_id, user_id, client_key) is
 *   unique so a retried request returns the stored result instead of drawing twice. Claim who/when.
 */
import { type Kysely, PostgresAdapter } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const withId = (name: string) => {
    const t = db.schema.createTable(name)
    return pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  }
  await withId('raffles')
    .addColumn('activity_id', 'integer', (c) => c.references('activities.id').onDelete('set null'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('eligibility', 'text', (c) => c.notNull().defaultTo('any'))
    .addColumn('default_times', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('no_prize_weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('closed_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('raffles_activity_idx').on('raffles').columns(['activity_id']).execute()
  await db.schema.createIndex('raffles_org_idx').on('raffles').columns(['organization_id', 'id']).execute()

  await withId('raffle_gifts')
    .addColumn('raffle_id', 'integer', (c) => c.notNull().references('raffles.id').onDelete('cascade'))
    .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('won_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('raffle_gifts_raffle_idx').on('raffle_gifts').columns(['raffle_id', 'sequence']).execute()

  await withId('raffle_times')
    .addColumn('raffle_id', 'integer', (c) => c.notNull().references('raffles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('extra_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('raffle_times_person_uq', ['raffle_id', 'user_id'])
    .execute()

  await withId('raffle_time_grants')
    .addColumn('raffle_id', 'integer', (c) => c.notNull().references('raffles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('times', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('raffle_time_grants_person_idx').on('raffle_time_grants').columns(['raffle_id', 'user_id', 'id']).execute()

  await withId('raffle_draws')
    .addColumn('raffle_id', 'integer', (c) => c.notNull().references('raffles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('gift_id', 'integer', (c) => c.references('raffle_gifts.id').onDelete('set null'))
    .addColumn('claimed_at', 'text')
    .addColumn('claimed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('raffle_draws_client_key_uq', ['raffle_id', 'user_id', 'client_key'])
    .execute()
  await db.schema.createIndex('raffle_draws_winners_idx').on('raffle_draws').columns(['raffle_id', 'gift_id', 'id']).execute()
  await db.schema.createIndex('raffle_draws_user_idx').on('raffle_draws').columns(['user_id', 'gift_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('raffle_draws').execute()
  await db.schema.dropTable('raffle_time_grants').execute()
  await db.schema.dropTable('raffle_times').execute()
  await db.schema.dropTable('raffle_gifts').execute()
  await db.schema.dropTable('raffles').execute()
}
