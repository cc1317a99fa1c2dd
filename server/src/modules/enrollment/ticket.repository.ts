/**
 * The only Kysely code of tickets, check-in, cancellation and the waiting list (the seat accounting
 * itself is seats.repository.ts). Scope: `orgs` null = every organization (operations), else the
 * caller's organizations.
 */
import { PostgresAdapter, sql } from 'kysely'
import { PREPARED, type Database } from '../../db/database'
import { pageWithTotal } from '../../db/page-query'
import type { WaitlistStateColumn } from '../../db/schema'
import { newTicketCode } from '../../lib/ticket-code'
import { isUniqueViolation } from './enrollment.repository'
import { SeatConflict, offerFreeSeats, offerOne, releaseHold, releaseSeat } from './seats.repository'
import { escapeLike, type OrgScope } from './enrollment-admin.repository'

const inOrgs = (orgs: OrgScope) => (orgs && orgs.length ? orgs : [-1])
const lowerLike = (ref: string, pattern: string) => sql<boolean>`lower(${sql.ref(ref)}) like ${pattern} escape '\\'`

export type ScanKind = 'checked_in' | 'already' | 'wrong_activity' | 'cancelled_or_rejected' | 'not_confirmed' | 'unknown'

export class TicketRepository {
  constructor(private readonly db: Database) {}

  // ------------------------------------------------------------------ activities

  activity(id: number, orgs: OrgScope = null) {
    return this.db
      .selectFrom('activities')
      .select([
        'id', 'title_zh', 'title_en', 'start_time', 'end_time', 'time_zone', 'type', 'city_zh', 'city_en', 'live_url', 'status', 'organization_id',
        'people_count', 'enrolled_count', 'held_count', 'waitlist_enabled', 'offer_hours', 'cancel_deadline', 'is_open', 'is_need_login_enroll',
        'sign_up_once', 'enroll_need_process', 'enroll_deadline', 'is_deadline_equal_end', 'enroll_form', 'entrust_haijiao_process',
      ])
      .where('id', '=', id)
      .$if(!!orgs, (q) => q.where('organization_id', 'in', inOrgs(orgs)))
      .executeTakeFirst()
  }

  firstAddress(activityId: number) {
    return this.db.selectFrom('activity_addresses').select(['address_zh', 'address_en', 'city_zh', 'city_en']).where('activity_id', '=', activityId).orderBy('sort').orderBy('id').executeTakeFirst()
  }

  async saveSettings(id: number, s: { cancel_deadline: string | null; waitlist_enabled: 0 | 1; offer_hours: number }, nowIso: string): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('activities').set({ ...s, updated_at: nowIso }).where('id', '=', id).execute()
      return offerFreeSeats(trx, id, nowIso)
    })
  }

  /** activities for the check-in picker, nearest start first (upcoming and running before ended) */
  checkinActivities(orgs: OrgScope, keyword: string | undefined, offset: number, limit: number, nowIso: string) {
    const like = keyword ? `%${escapeLike(keyword.toLowerCase())}%` : null
    return pageWithTotal(
      () =>
        this.db
          .selectFrom('activities as a')
          .$if(!!orgs, (x) => x.where('a.organization_id', 'in', inOrgs(orgs)))
          .$if(like !== null, (x) => x.where((eb) => eb.or([lowerLike('a.title_zh', like!), lowerLike('a.title_en', like!)]))),
      (q) =>
        q
          .select(['a.id', 'a.title_zh', 'a.title_en', 'a.start_time', 'a.end_time', 'a.time_zone'])
          .orderBy(sql`case when a.end_time > ${nowIso} then 0 else 1 end`)
          .orderBy(sql`case when a.end_time > ${nowIso} then a.start_time end`, 'asc')
          .orderBy('a.start_time', 'desc')
          .orderBy('a.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
    )
  }

  // ------------------------------------------------------------------ tickets

  enrollment(id: number) {
    return this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('users as s', 's.id', 'e.checked_in_by')
      .select([
        'e.id', 'e.activity_id', 'e.user_id', 'e.guest_email', 'e.guest_token', 'e.status', 'e.ticket_code', 'e.form_answers', 'e.checked_in_at', 'e.checked_in_by',
        'e.checked_in_device', 'e.cancelled_at', 'a.organization_id', 'u.nick_name', 'u.real_name', 'u.email', 'u.phone', 's.nick_name as staff_name',
      ])
      .where('e.id', '=', id)
      .executeTakeFirst()
  }

  async enrollmentIdByGuestToken(token: string): Promise<number | null> {
    const r = await this.db.selectFrom('activity_enrollments').select('id').where('guest_token', '=', token).executeTakeFirst()
    return r?.id ?? null
  }

  /** a code for an enrolment made before tickets existed (random, like every code) */
  async ensureCode(id: number): Promise<string> {
    await this.db.updateTable('activity_enrollments').set({ ticket_code: newTicketCode() }).where('id', '=', id).where('ticket_code', 'is', null).execute()
    const r = await this.db.selectFrom('activity_enrollments').select('ticket_code').where('id', '=', id).executeTakeFirstOrThrow()
    return r.ticket_code!
  }

  // ------------------------------------------------------------------ cancel

  /** pending/approved → cancelled, the seat freed and offered on in the same transaction; null when not active */
  async cancel(id: number, by: number | null, reason: string | null, nowIso: string): Promise<{ activityId: number; offered: number[] } | null> {
    return this.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('activity_enrollments').select(['activity_id', 'status']).where('id', '=', id).executeTakeFirst()
      if (!cur) return null
      const r = await trx
        .updateTable('activity_enrollments')
        .set({ status: 'cancelled', cancelled_at: nowIso, cancelled_by: by, cancel_reason: reason, updated_at: nowIso })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'approved'])
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return null
      await releaseSeat(trx, cur.activity_id)
      const offered = await offerFreeSeats(trx, cur.activity_id, nowIso)
      return { activityId: cur.activity_id, offered }
    })
  }

  // ------------------------------------------------------------------ check-in

  byCode(code: string) {
    return this.db
      .selectFrom('activity_enrollments as e')
      .innerJoin('activities as a', 'a.id', 'e.activity_id')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('users as s', 's.id', 'e.checked_in_by')
      .select([
        'e.id', 'e.activity_id', 'e.user_id', 'e.guest_email', 'e.status', 'e.form_answers', 'e.checked_in_at', 'e.checked_in_device', 'a.organization_id',
        'a.title_zh', 'a.title_en', 'u.nick_name', 'u.real_name', 'u.email', 'u.phone', 's.nick_name as staff_name',
      ])
      .where('e.ticket_code', '=', code)
      .executeTakeFirst()
  }

  async nickName(userId: number): Promise<string | null> {
    return (await this.db.selectFrom('users').select('nick_name').where('id', '=', userId).executeTakeFirst())?.nick_name ?? null
  }

  /** a scan already received from this device with this nonce */
  scanByNonce(deviceId: string, nonce: string) {
    return this.db.selectFrom('checkin_scans').selectAll().where('device_id', '=', deviceId).where('nonce', '=', nonce).executeTakeFirst()
  }

  /**
   * One scan in one transaction: the log row (unique per device and nonce: a second upload of the same
   * scan answers 'replayed'), then the check-in as a conditional update (only while not checked in), so
   * of two scanners at once exactly one checks the ticket in.
   */
  async scan(s: {
    activityId: number
    enrollmentId: number | null
    approved: boolean
    kind: ScanKind
    code: string
    nonce: string
    deviceId: string
    staffUserId: number
    scannedAt: string
    nowIso: string
    offline: boolean
  }): Promise<{ replayed: boolean; kind: ScanKind; conflict: boolean }> {
    if (s.approved && s.enrollmentId !== null && this.scansInOneStatement) return this.scanPg({ ...s, enrollmentId: s.enrollmentId })
    try {
      return await this.db.transaction().execute(async (trx) => {
        const log = await trx
          .insertInto('checkin_scans')
          .values({ activity_id: s.activityId, enrollment_id: s.enrollmentId, action: 'checkin', kind: s.kind, code: s.code.slice(0, 64), nonce: s.nonce, device_id: s.deviceId, staff_user_id: s.staffUserId, scanned_at: s.scannedAt, received_at: s.nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (!s.approved || s.enrollmentId === null) return { replayed: false, kind: s.kind, conflict: false }
        const r = await trx
          .updateTable('activity_enrollments')
          .set({ checked_in_at: s.scannedAt, checked_in_by: s.staffUserId, checked_in_device: s.deviceId })
          .where('id', '=', s.enrollmentId)
          .where('status', '=', 'approved')
          .where('checked_in_at', 'is', null)
          .executeTakeFirst()
        if (Number(r.numUpdatedRows) === 1) return { replayed: false, kind: 'checked_in' as const, conflict: false }
        const cur = await trx.selectFrom('activity_enrollments').select(['status', 'checked_in_device']).where('id', '=', s.enrollmentId).executeTakeFirstOrThrow()
        if (cur.status !== 'approved') {
          await trx.updateTable('checkin_scans').set({ kind: 'cancelled_or_rejected' }).where('id', '=', log.id).execute()
          return { replayed: false, kind: 'cancelled_or_rejected' as const, conflict: false }
        }
        // an offline scan of a ticket another device had checked in: both devices let the person in
        const conflict = s.offline && cur.checked_in_device !== s.deviceId
        await trx.updateTable('checkin_scans').set({ kind: 'already', conflict: conflict ? 1 : 0 }).where('id', '=', log.id).execute()
        return { replayed: false, kind: 'already' as const, conflict }
      })
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      const prev = await this.scanByNonce(s.deviceId, s.nonce)
      return { replayed: true, kind: (prev?.kind ?? s.kind) as ScanKind, conflict: prev?.conflict === 1 }
    }
  }

  /**
   * PostgreSQL: the log row and the check-in in one statement (one round trip, atomic without BEGIN /
   * COMMIT): the update runs only when the log row was new (not a replayed nonce), and only while the
   * ticket is not checked in — of two statements at once, the second waits for the first's row lock,
   * re-reads the row and updates nothing.
   */
  private async scanPg(s: Parameters<TicketRepository['scan']>[0] & { enrollmentId: number }): Promise<{ replayed: boolean; kind: ScanKind; conflict: boolean }> {
    const r = await sql<{ log_id: number | null; upd_id: number | null }>`
      with log as (
        insert into checkin_scans (activity_id, enrollment_id, action, kind, code, nonce, device_id, staff_user_id, scanned_at, received_at)
        values (${s.activityId}, ${s.enrollmentId}, 'checkin', 'checked_in', ${s.code.slice(0, 64)}, ${s.nonce}, ${s.deviceId}, ${s.staffUserId}, ${s.scannedAt}, ${s.nowIso})
        on conflict (device_id, nonce) do nothing
        returning id
      ), upd as (
        update activity_enrollments set checked_in_at = ${s.scannedAt}, checked_in_by = ${s.staffUserId}, checked_in_device = ${s.deviceId}
        where id = ${s.enrollmentId} and status = 'approved' and checked_in_at is null and exists (select 1 from log)
        returning id
      )
      select (select id from log) as log_id, (select id from upd) as upd_id`.execute(this.db)
    return this.settlePg(r.rows[0], s)
  }

  /** after the PostgreSQL statement: a replayed nonce, a check-in, or (no update) already / cancelled, written on the log row */
  private async settlePg(row: { log_id: number | null; upd_id: number | null } | undefined, s: { enrollmentId: number; deviceId: string; nonce: string; offline: boolean }): Promise<{ replayed: boolean; kind: ScanKind; conflict: boolean }> {
    if (!row?.log_id) {
      const prev = await this.scanByNonce(s.deviceId, s.nonce)
      return { replayed: true, kind: (prev?.kind ?? 'checked_in') as ScanKind, conflict: prev?.conflict === 1 }
    }
    if (row.upd_id) return { replayed: false, kind: 'checked_in', conflict: false }
    const cur = await this.db.selectFrom('activity_enrollments').select(['status', 'checked_in_device']).where('id', '=', s.enrollmentId).executeTakeFirstOrThrow()
    const kind: ScanKind = cur.status !== 'approved' ? 'cancelled_or_rejected' : 'already'
    const conflict = kind === 'already' && s.offline && cur.checked_in_device !== s.deviceId
    await this.db.updateTable('checkin_scans').set({ kind, conflict: conflict ? 1 : 0 }).where('id', '=', row.log_id).execute()
    return { replayed: false, kind, conflict }
  }

  /** PostgreSQL: a door scan (scanByCode, scanPg) is one statement, atomic without BEGIN / COMMIT */
  get scansInOneStatement(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter
  }

  /**
   * PostgreSQL, an online scan in one round trip: the ticket read by its code (as byCode), and, when it is
   * an approved ticket of this activity in the caller's scope, its log row and check-in (as scanPg). The
   * answer is the ticket (undefined: no such code) and the scan's result, or null when the ticket did not
   * qualify and nothing was written (the caller then takes the general path with the ticket it has).
   */
  async scanByCode(s: { code: string; rawCode: string; activityId: number; orgs: OrgScope; nonce: string; deviceId: string; staffUserId: number; scannedAt: string; nowIso: string }) {
    type Row = NonNullable<Awaited<ReturnType<TicketRepository['byCode']>>> & { eligible: boolean; log_id: number | null; upd_id: number | null }
    const r = await sql<Row>`${PREPARED('door_scan')}
      with t as (
        select e.id, e.activity_id, e.user_id, e.guest_email, e.status, e.form_answers, e.checked_in_at, e.checked_in_device, a.organization_id,
          a.title_zh, a.title_en, u.nick_name, u.real_name, u.email, u.phone, st.nick_name as staff_name,
          coalesce(e.activity_id = ${s.activityId} and e.status = 'approved' and (cast(${s.orgs} as integer[]) is null or a.organization_id = any(cast(${s.orgs} as integer[]))), false) as eligible
        from activity_enrollments e
        inner join activities a on a.id = e.activity_id
        left join users u on u.id = e.user_id
        left join users st on st.id = e.checked_in_by
        where e.ticket_code = ${s.code}
      ), log as (
        insert into checkin_scans (activity_id, enrollment_id, action, kind, code, nonce, device_id, staff_user_id, scanned_at, received_at)
        select ${s.activityId}, t.id, 'checkin', 'checked_in', ${s.rawCode.slice(0, 64)}, ${s.nonce}, ${s.deviceId}, ${s.staffUserId}, ${s.scannedAt}, ${s.nowIso} from t where t.eligible
        on conflict (device_id, nonce) do nothing
        returning id
      ), upd as (
        update activity_enrollments set checked_in_at = ${s.scannedAt}, checked_in_by = ${s.staffUserId}, checked_in_device = ${s.deviceId}
        where id = (select id from t where t.eligible) and status = 'approved' and checked_in_at is null and exists (select 1 from log)
        returning id
      )
      select t.*, (select id from log) as log_id, (select id from upd) as upd_id from t`.execute(this.db)
    const row = r.rows[0]
    if (!row) return { ticket: undefined, result: null }
    const { eligible, log_id, upd_id, ...ticket } = row
    if (!eligible) return { ticket, result: null }
    return { ticket, result: await this.settlePg({ log_id, upd_id }, { enrollmentId: ticket.id, deviceId: s.deviceId, nonce: s.nonce, offline: false }) }
  }

  /** checked in → not checked in, recorded in the log; false when it was not checked in */
  async undo(enrollmentId: number, activityId: number, staffUserId: number, reason: string | null, nowIso: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('activity_enrollments')
        .set({ checked_in_at: null, checked_in_by: null, checked_in_device: null })
        .where('id', '=', enrollmentId)
        .where('checked_in_at', 'is not', null)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return false
      await trx
        .insertInto('checkin_scans')
        .values({ activity_id: activityId, enrollment_id: enrollmentId, action: 'undo', kind: 'checked_in', code: '', nonce: `undo-${enrollmentId}-${nowIso}-${Math.random().toString(36).slice(2, 10)}`, device_id: 'admin', staff_user_id: staffUserId, reason, scanned_at: nowIso, received_at: nowIso })
        .execute()
      return true
    })
  }

  async counter(activityId: number): Promise<{ checkedIn: number; expected: number }> {
    const r = await this.db
      .selectFrom('activity_enrollments')
      .select((eb) => [eb.fn.countAll<number>().as('expected'), eb.fn.count<number>('checked_in_at').as('checked_in')])
      .where('activity_id', '=', activityId)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow()
    return { checkedIn: Number(r.checked_in), expected: Number(r.expected) }
  }

  search(activityId: number, keyword: string, limit = 20) {
    const like = `%${escapeLike(keyword.toLowerCase())}%`
    return this.db
      .selectFrom('activity_enrollments as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('users as s', 's.id', 'e.checked_in_by')
      .select(['e.id', 'e.user_id', 'e.guest_email', 'e.status', 'e.form_answers', 'e.checked_in_at', 'e.ticket_code', 'u.nick_name', 'u.real_name', 'u.email', 'u.phone', 's.nick_name as staff_name'])
      .where('e.activity_id', '=', activityId)
      .where((eb) =>
        eb.or([
          lowerLike('u.nick_name', like),
          lowerLike('u.real_name', like),
          lowerLike('u.email', like),
          lowerLike('u.phone', like),
          lowerLike('e.guest_email', like),
          lowerLike('e.form_answers', like),
        ]),
      )
      .orderBy('e.id')
      .limit(limit)
      .execute()
  }

  log(activityId: number, conflictOnly: boolean, offset: number, limit: number) {
    return pageWithTotal(
      () => this.db.selectFrom('checkin_scans as c').where('c.activity_id', '=', activityId).$if(conflictOnly, (q) => q.where('c.conflict', '=', 1)),
      (q) =>
        q
          .leftJoin('users as s', 's.id', 'c.staff_user_id')
          .leftJoin('activity_enrollments as e', 'e.id', 'c.enrollment_id')
          .leftJoin('users as u', 'u.id', 'e.user_id')
          .select(['c.id', 'c.action', 'c.kind', 'c.enrollment_id', 'c.code', 'c.device_id', 'c.scanned_at', 'c.received_at', 'c.conflict', 'c.reason', 's.nick_name as staff_name', 'u.nick_name', 'u.real_name', 'e.guest_email', 'e.form_answers'])
          .orderBy('c.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
    )
  }

  /** check-in columns of enrolments (the admin list and export) */
  checkinColumns(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db
      .selectFrom('activity_enrollments as e')
      .leftJoin('users as s', 's.id', 'e.checked_in_by')
      .leftJoin('users as c', 'c.id', 'e.cancelled_by')
      .select(['e.id', 'e.checked_in_at', 'e.cancelled_at', 'e.cancelled_by', 'e.cancel_reason', 's.nick_name as checked_in_name', 'c.nick_name as cancelled_name'])
      .where('e.id', 'in', ids)
      .execute()
  }

  // ------------------------------------------------------------------ waiting list

  /** a person's enrolments of an activity (account, or a visitor's e-mail) */
  personEnrollments(activityId: number, userId: number | null, guestEmail: string | null) {
    let q = this.db.selectFrom('activity_enrollments').select(['id', 'status']).where('activity_id', '=', activityId)
    q = userId ? q.where('user_id', '=', userId) : q.where('user_id', 'is', null).where('guest_email', '=', guestEmail ?? '')
    return q.execute()
  }

  promoterByCode(code: string) {
    return this.db.selectFrom('users').select('id').where('promoter_code', '=', code).where('is_promoter', '=', 1).executeTakeFirst()
  }

  waitlistEntry(id: number) {
    return this.db.selectFrom('activity_waitlist').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** an account's newest entry on an activity's list */
  waitlistOf(activityId: number, userId: number) {
    return this.db.selectFrom('activity_waitlist').selectAll().where('activity_id', '=', activityId).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst()
  }

  async accountEmail(userId: number): Promise<string | null> {
    return (await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null
  }

  waitlistByToken(token: string) {
    return this.db.selectFrom('activity_waitlist').selectAll().where('guest_token', '=', token).executeTakeFirst()
  }

  /** 1-based place among the waiting */
  async position(activityId: number, id: number): Promise<number> {
    const r = await this.db
      .selectFrom('activity_waitlist')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', activityId)
      .where('state', '=', 'waiting')
      .where('id', '<=', id)
      .executeTakeFirstOrThrow()
    return Number(r.n)
  }

  async waitingCount(activityId: number): Promise<number> {
    const r = await this.db.selectFrom('activity_waitlist').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', activityId).where('state', '=', 'waiting').executeTakeFirstOrThrow()
    return Number(r.n)
  }

  /**
   * Joins the list and offers any free seat at once; 'duplicate' when the person is on it already: an
   * active entry with one of `sameAs` (the person's keys: their e-mail's, their account's), of their
   * account, or of the account whose e-mail a visitor gives (`accountEmail`, as accounts store it). Two joins of one person at once: the partial unique index on person_key refuses the second.
   */
  async join(row: { activityId: number; userId: number | null; guestEmail: string | null; personKey: string; sameAs: string[]; accountEmail: string | null; guestToken: string | null; answers: string; promoterUserId: number | null; nowIso: string }): Promise<{ id: number; offered: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      const on = await trx
        .selectFrom('activity_waitlist')
        .select('id')
        .where('activity_id', '=', row.activityId)
        .where('state', 'in', ['waiting', 'offered'])
        .where((eb) =>
          eb.or([
            eb('person_key', 'in', [row.personKey, ...row.sameAs]),
            ...(row.userId ? [eb('user_id', '=', row.userId)] : []),
            ...(row.accountEmail ? [eb('user_id', 'in', eb.selectFrom('users').select('id').where('email', '=', row.accountEmail))] : []),
          ]),
        )
        .executeTakeFirst()
      if (on) throw new SeatConflict('duplicate')
      let id: number
      try {
        const r = await trx
          .insertInto('activity_waitlist')
          .values({ activity_id: row.activityId, user_id: row.userId, guest_email: row.guestEmail, person_key: row.personKey, guest_token: row.guestToken, form_answers: row.answers, promoter_user_id: row.promoterUserId, created_at: row.nowIso, updated_at: row.nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = r.id
      } catch (err) {
        if (isUniqueViolation(err)) throw new SeatConflict('duplicate')
        throw err
      }
      return { id, offered: await offerFreeSeats(trx, row.activityId, row.nowIso) }
    })
  }

  /**
   * An offer becomes an enrolment: only while it is open (not expired). The held seat becomes the
   * enrolment's seat (held − 1, enrolled + 1) in the same transaction. null: no open offer.
   */
  async confirm(id: number, status: 'pending' | 'approved', nowIso: string): Promise<{ enrollmentId: number; activityId: number; guestToken: string | null } | null> {
    return this.db.transaction().execute(async (trx) => {
      const w = await trx.selectFrom('activity_waitlist').selectAll().where('id', '=', id).executeTakeFirst()
      if (!w) return null
      const r = await trx.updateTable('activity_waitlist').set({ state: 'confirmed', updated_at: nowIso }).where('id', '=', id).where('state', '=', 'offered').where('offer_expires_at', '>', nowIso).executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return null
      const guestToken = w.user_id ? null : w.guest_token
      let enrollmentId: number
      try {
        const e = await trx
          .insertInto('activity_enrollments')
          .values({
            activity_id: w.activity_id, user_id: w.user_id, guest_email: w.guest_email, guest_token: guestToken, status, form_answers: w.form_answers,
            promoter_user_id: w.promoter_user_id, ticket_code: newTicketCode(), created_at: nowIso, updated_at: nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        enrollmentId = e.id
      } catch (err) {
        if (isUniqueViolation(err)) throw new SeatConflict('duplicate')
        throw err
      }
      const moved = await trx
        .updateTable('activities')
        .set({ held_count: sql`held_count - 1`, enrolled_count: sql`enrolled_count + 1` })
        .where('id', '=', w.activity_id)
        .where('held_count', '>', 0)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw new SeatConflict('changed')
      await trx.updateTable('activity_waitlist').set({ enrollment_id: enrollmentId }).where('id', '=', id).execute()
      return { enrollmentId, activityId: w.activity_id, guestToken }
    })
  }

  /**
   * An entry leaves the list: 'expired' (only an offer past its time), 'left' (the person) or 'removed'
   * (the organizer). An open offer's held seat goes to the next person waiting, in the same transaction.
   * null: the entry was not in a state that allows it.
   */
  async end(id: number, to: Extract<WaitlistStateColumn, 'expired' | 'left' | 'removed'>, nowIso: string): Promise<{ activityId: number; was: WaitlistStateColumn; offered: number[] } | null> {
    return this.db.transaction().execute(async (trx) => {
      const w = await trx.selectFrom('activity_waitlist').select(['activity_id', 'state']).where('id', '=', id).executeTakeFirst()
      if (!w || (w.state !== 'waiting' && w.state !== 'offered') || (to === 'expired' && w.state !== 'offered')) return null
      let q = trx.updateTable('activity_waitlist').set({ state: to, updated_at: nowIso }).where('id', '=', id).where('state', '=', w.state)
      if (to === 'expired') q = q.where('offer_expires_at', '<=', nowIso)
      const r = await q.executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return null
      if (w.state !== 'offered') return { activityId: w.activity_id, was: w.state, offered: [] }
      await releaseHold(trx, w.activity_id)
      return { activityId: w.activity_id, was: w.state, offered: await offerFreeSeats(trx, w.activity_id, nowIso) }
    })
  }

  async offerManually(activityId: number, id: number, nowIso: string): Promise<'offered' | 'full' | 'not_waiting'> {
    return this.db.transaction().execute(async (trx) => {
      const w = await trx.selectFrom('activity_waitlist').select('state').where('id', '=', id).where('activity_id', '=', activityId).executeTakeFirst()
      if (!w || w.state !== 'waiting') return 'not_waiting'
      const r = await offerOne(trx, activityId, id, nowIso)
      if (r === 'full') return 'full'
      return r
    })
  }

  /** frees seats to the list (seats raised, a fill job, the sweep) */
  fill(activityId: number, nowIso: string): Promise<number[]> {
    return this.db.transaction().execute((trx) => offerFreeSeats(trx, activityId, nowIso))
  }

  async markNotified(ids: number[], nowIso: string): Promise<number[]> {
    if (!ids.length) return []
    const rows = await this.db.updateTable('activity_waitlist').set({ notified_at: nowIso }).where('id', 'in', ids).where('state', '=', 'offered').where('notified_at', 'is', null).returning('id').execute()
    return rows.map((r) => r.id)
  }

  /** for the sweep: offers not yet announced, offers past their time, activities with free seats and people waiting */
  unnotifiedOffers(limit = 500) {
    return this.db.selectFrom('activity_waitlist').select(['id', 'activity_id', 'offered_at', 'offer_expires_at']).where('state', '=', 'offered').where('notified_at', 'is', null).orderBy('id').limit(limit).execute()
  }
  overdueOffers(nowIso: string, limit = 500) {
    return this.db.selectFrom('activity_waitlist').select(['id', 'activity_id']).where('state', '=', 'offered').where('offer_expires_at', '<=', nowIso).orderBy('id').limit(limit).execute()
  }
  async activitiesToFill(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('activities as a')
      .select('a.id')
      .where('a.waitlist_enabled', '=', 1)
      .where('a.people_count', '>', 0)
      .where(sql`a.enrolled_count + a.held_count`, '<', sql.ref('a.people_count'))
      .where((eb) => eb.exists(eb.selectFrom('activity_waitlist as w').select('w.id').whereRef('w.activity_id', '=', 'a.id').where('w.state', '=', 'waiting')))
      .execute()
    return rows.map((r) => r.id)
  }

  waitlistPage(activityId: number, state: WaitlistStateColumn | undefined, offset: number, limit: number) {
    return pageWithTotal(
      () => this.db.selectFrom('activity_waitlist as w').where('w.activity_id', '=', activityId).$if(!!state, (q) => q.where('w.state', '=', state!)),
      (q) => q.leftJoin('users as u', 'u.id', 'w.user_id').selectAll('w').select(['u.nick_name', 'u.real_name', 'u.email']).orderBy('w.id').offset(offset).limit(limit).execute(),
    )
  }

  /** the person an offer/cancellation is about, for the notification */
  offerPerson(id: number) {
    return this.db
      .selectFrom('activity_waitlist as w')
      .leftJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.id', 'w.activity_id', 'w.user_id', 'w.guest_email', 'w.guest_token', 'w.offer_expires_at', 'w.offered_at', 'u.email', 'u.lang'])
      .where('w.id', '=', id)
      .executeTakeFirst()
  }
}
