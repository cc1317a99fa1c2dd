/**
 * Seats and the waiting list, inside the caller's transaction. Every change of who holds a seat moves
 * the activity's counters by conditional updates on the activity's row:
 *   enrolled_count — pending and approved enrolments; held_count — open offers of the waiting list.
 * A seat is taken only while enrolled_count + held_count < people_count, so the confirmed people plus
 * the seats held for offers never exceed the seats, whatever runs at once. On PostgreSQL the first such
 * update locks the activity's row until the transaction ends, so the statements after it see every
 * earlier change committed (READ COMMITTED takes a new snapshot per statement); SQLite runs one
 * transaction at a time. Offers go to the first waiting entry (id order): nobody jumps the queue.
 */
import { sql } from 'kysely'
import type { Database } from '../../db/database'

/** the enrol transaction's refusal; the services map it to a catalogue code */
export class SeatConflict extends Error {
  constructor(readonly kind: 'full' | 'duplicate' | 'changed') {
    super(`seat ${kind}`)
  }
}

const HOUR = 3_600_000

/** a seat for a new or re-activated enrolment: not while the waiting list has people waiting */
export async function takeSeat(trx: Database, activityId: number): Promise<void> {
  const r = await trx
    .updateTable('activities')
    .set({ enrolled_count: sql`enrolled_count + 1` })
    .where('id', '=', activityId)
    .where((eb) =>
      eb.or([
        eb('people_count', '<=', 0),
        eb.and([
          eb(sql`enrolled_count + held_count`, '<', eb.ref('people_count')),
          eb.or([
            eb('waitlist_enabled', '=', 0),
            eb.not(eb.exists(eb.selectFrom('activity_waitlist as w').select('w.id').where('w.activity_id', '=', activityId).where('w.state', '=', 'waiting'))),
          ]),
        ]),
      ]),
    )
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) !== 1) throw new SeatConflict('full')
}

export async function releaseSeat(trx: Database, activityId: number): Promise<void> {
  await trx.updateTable('activities').set({ enrolled_count: sql`enrolled_count - 1` }).where('id', '=', activityId).where('enrolled_count', '>', 0).execute()
}

export async function releaseHold(trx: Database, activityId: number): Promise<void> {
  await trx.updateTable('activities').set({ held_count: sql`held_count - 1` }).where('id', '=', activityId).where('held_count', '>', 0).execute()
}

/** holds one free seat (false: none free) */
async function holdSeat(trx: Database, activityId: number): Promise<boolean> {
  const r = await trx
    .updateTable('activities')
    .set({ held_count: sql`held_count + 1` })
    .where('id', '=', activityId)
    .where('people_count', '>', 0)
    .where(sql`enrolled_count + held_count`, '<', sql.ref('people_count'))
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

async function offerEntry(trx: Database, waitlistId: number, nowIso: string, hours: number): Promise<boolean> {
  const r = await trx
    .updateTable('activity_waitlist')
    .set({ state: 'offered', offered_at: nowIso, offer_expires_at: new Date(Date.parse(nowIso) + hours * HOUR).toISOString(), notified_at: null, updated_at: nowIso })
    .where('id', '=', waitlistId)
    .where('state', '=', 'waiting')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/**
 * Offers every free seat to the first people waiting (waiting list on). Answers the entries offered.
 * A concurrent change of the same entry (PostgreSQL) throws SeatConflict('changed'): the caller's
 * transaction rolls back and may be retried.
 */
export async function offerFreeSeats(trx: Database, activityId: number, nowIso: string): Promise<number[]> {
  const a = await trx.selectFrom('activities').select(['waitlist_enabled', 'offer_hours']).where('id', '=', activityId).executeTakeFirst()
  if (!a || !a.waitlist_enabled) return []
  const offered: number[] = []
  for (;;) {
    if (!(await holdSeat(trx, activityId))) break
    const first = await trx.selectFrom('activity_waitlist').select('id').where('activity_id', '=', activityId).where('state', '=', 'waiting').orderBy('id').limit(1).executeTakeFirst()
    if (!first) {
      await releaseHold(trx, activityId)
      break
    }
    if (!(await offerEntry(trx, first.id, nowIso, a.offer_hours))) throw new SeatConflict('changed')
    offered.push(first.id)
  }
  return offered
}

/** the organizer's offer to one waiting entry, queue or not; false when no seat is free */
export async function offerOne(trx: Database, activityId: number, waitlistId: number, nowIso: string): Promise<'offered' | 'full' | 'not_waiting'> {
  const a = await trx.selectFrom('activities').select('offer_hours').where('id', '=', activityId).executeTakeFirstOrThrow()
  if (!(await holdSeat(trx, activityId))) return 'full'
  if (!(await offerEntry(trx, waitlistId, nowIso, a.offer_hours))) throw new SeatConflict('changed')
  return 'offered'
}
