import type { Database } from '../../db/database'
import type { EnrollmentStatus } from '../../db/schema'
import { newTicketCode } from '../../lib/ticket-code'
import { offerFreeSeats, releaseSeat, SeatConflict, takeSeat } from './seats.repository'

export type MySegment = 'enrolled' | 'pending' | 'past'

/** the unique-index violation of both drivers (the duplicate guard) */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE')
}

/** thrown inside the enrol transaction; the service maps it to a catalogue code */
export { SeatConflict as EnrollConflict }
const EnrollConflict = SeatConflict

const ACTIVE: EnrollmentStatus[] = ['pending', 'approved']

export class EnrollmentRepository {
  constructor(private readonly db: Database) {}

  /** a published activity with what the enrolment rules and the calendar file need */
  activity(id: number) {
    return this.db
      .selectFrom('activities')
      .select([
        'id', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'start_time', 'end_time', 'time_zone', 'type',
        'city_zh', 'city_en', 'people_count', 'enrolled_count', 'is_open', 'is_need_login_enroll', 'sign_up_once',
        'enroll_need_process', 'enroll_deadline', 'is_deadline_equal_end', 'enroll_notes_zh', 'enroll_notes_en',
        'enroll_form', 'live_url', 'held_count', 'waitlist_enabled',
      ])
      .where('id', '=', id)
      .where('status', '=', 'published')
      .executeTakeFirst()
  }

  firstAddress(activityId: number) {
    return this.db
      .selectFrom('activity_addresses')
      .select(['address_zh', 'address_en', 'city_zh', 'city_en'])
      .where('activity_id', '=', activityId)
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirst()
  }

  private enrollmentColumns() {
    return this.db.selectFrom('activity_enrollments').select(['id', 'status', 'created_at', 'form_answers'])
  }

  /** one person's enrolments of an activity, newest first */
  ofUser(activityId: number, userId: number) {
    return this.enrollmentColumns()
      .where('activity_id', '=', activityId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  }
  ofGuestEmail(activityId: number, email: string) {
    return this.enrollmentColumns()
      .where('activity_id', '=', activityId)
      .where('user_id', 'is', null)
      .where('guest_email', '=', email)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  }
  /** the guest's enrolments of this activity (by the e-mail of the enrolment the token names) */
  async ofGuestToken(activityId: number, token: string) {
    const row = await this.db
      .selectFrom('activity_enrollments')
      .select('guest_email')
      .where('guest_token', '=', token)
      .where('activity_id', '=', activityId)
      .executeTakeFirst()
    return row?.guest_email ? this.ofGuestEmail(activityId, row.guest_email) : []
  }

  /** a promoter (is_promoter = 1) by share code */
  promoterByCode(code: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('promoter_code', '=', code)
      .where('is_promoter', '=', 1)
      .executeTakeFirst()
  }

  /**
   * One enrolment in one transaction: the insert meets the partial unique index (a second active
   * enrolment of the same person fails: 'duplicate'), then the seat is taken by a conditional update
   * that only succeeds while seats remain (people_count 0 = unlimited): 'full' otherwise. Either
   * failure rolls both back, so the counter never exceeds the seats, whatever the concurrency.
   */
  async enroll(row: {
    activityId: number
    userId: number | null
    guestEmail: string | null
    guestToken: string | null
    status: 'pending' | 'approved'
    answers: string
    promoterUserId: number | null
    nowIso: string
  }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let id: number
      try {
        const r = await trx
          .insertInto('activity_enrollments')
          .values({
            activity_id: row.activityId,
            user_id: row.userId,
            guest_email: row.guestEmail,
            guest_token: row.guestToken,
            status: row.status,
            form_answers: row.answers,
            promoter_user_id: row.promoterUserId,
            ticket_code: newTicketCode(),
            created_at: row.nowIso,
            updated_at: row.nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = r.id
      } catch (err) {
        if (isUniqueViolation(err)) throw new EnrollConflict('duplicate')
        throw err
      }
      await takeSeat(trx, row.activityId)
      return id
    })
  }

  /**
   * Status change (the admin's approval reuses it). Pending and approved hold a seat;
   * rejected frees it. Re-activating a rejected enrolment takes a seat again (EnrollConflict 'full'
   * when none is left, 'duplicate' when the person holds another active enrolment). The status is
   * changed by a conditional update on the old value, so two concurrent changes cannot both count.
   * Answers the activity id, or null when the enrolment does not exist.
   */
  /** → the activity and whether the status moved (null: no such enrolment); a rejection keeps its reason */
  async setStatus(enrollmentId: number, status: EnrollmentStatus, nowIso: string, rejectReason: string | null = null): Promise<{ activityId: number; changed: boolean; offered: number[] } | null> {
    return this.db.transaction().execute(async (trx) => {
      const cur = await trx
        .selectFrom('activity_enrollments')
        .select(['activity_id', 'status'])
        .where('id', '=', enrollmentId)
        .executeTakeFirst()
      if (!cur) return null
      if (cur.status === status) return { activityId: cur.activity_id, changed: false, offered: [] }
      let changed
      try {
        changed = await trx
          .updateTable('activity_enrollments')
          .set((eb) => ({ status, updated_at: nowIso, reject_reason: status === 'rejected' ? rejectReason : null, ticket_code: eb.fn.coalesce('ticket_code', eb.val(newTicketCode())) }))
          .where('id', '=', enrollmentId)
          .where('status', '=', cur.status)
          .executeTakeFirst()
      } catch (err) {
        if (isUniqueViolation(err)) throw new EnrollConflict('duplicate')
        throw err
      }
      if (Number(changed.numUpdatedRows) !== 1) throw new EnrollConflict('changed')
      const held = ACTIVE.includes(cur.status)
      const holds = ACTIVE.includes(status)
      let offered: number[] = []
      if (held && !holds) {
        await releaseSeat(trx, cur.activity_id)
        // the freed seat goes to the first person waiting, in the same transaction (nobody jumps the queue)
        offered = await offerFreeSeats(trx, cur.activity_id, nowIso)
      }
      if (!held && holds) await takeSeat(trx, cur.activity_id)
      return { activityId: cur.activity_id, changed: true, offered }
    })
  }

  private mine(userId: number, segment: MySegment, nowIso: string) {
    let q = this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .where('e.user_id', '=', userId)
      .where('a.status', '=', 'published')
    if (segment === 'past') q = q.where('a.end_time', '<=', nowIso)
    else q = q.where('a.end_time', '>', nowIso).where('e.status', '=', segment === 'enrolled' ? 'approved' : 'pending')
    return q
  }

  async countMine(userId: number, segment: MySegment, nowIso: string): Promise<number> {
    const r = await this.mine(userId, segment, nowIso)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  }

  /** newest enrolment first (the (user_id, created_at) index) */
  pageMine(userId: number, segment: MySegment, nowIso: string, offset: number, limit: number) {
    return this.mine(userId, segment, nowIso)
      .select(['e.id', 'e.status', 'e.created_at', 'e.activity_id'])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  }
}
