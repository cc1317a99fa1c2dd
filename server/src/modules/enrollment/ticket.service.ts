/**
 * Tickets, cancellation, the waiting list and its settings (contracts/ticket.ts).
 * Seat accounting happens in the repositories' transactions (seats.repository.ts); this service checks
 * who may do what, when, and tells people through the notification layer. Offers made by a transaction
 * are announced afterwards (`announce`): the offer's message, and the job that expires it. If the
 * process dies in between, `sweep` (at the worker's start) announces the offers nobody was told of and
 * expires the overdue ones, so nothing is lost; the messages' keys make a second announce harmless.
 */
import crypto from 'node:crypto'
import type { AppContext, AdminAccess } from '../../context'
import { AppError } from '../../lib/app-error'
import { foldEmail, normalizeEmail } from '../../lib/email'
import { parseJson } from '../../lib/json'
import { pageArgs, toPage } from '../../lib/paging'
import type { NotificationService } from '../notification/notification.service'
import { validateAnswers } from './enrollment.validation'
import { formOf } from './enrollment.service'
import { SeatConflict } from './seats.repository'
import { TicketRepository } from './ticket.repository'
import type { Page } from '@contracts/api'
import type { EnrollAnswers, EnrollRefusal, EnrollSubmitBody, EnrollSubmitResult } from '@contracts/enrollment'
import {
  CANCEL_REASON_MAX,
  OFFER_HOURS_MAX,
  type AdminCancelResult,
  type AdminWaitlistItem,
  type AdminWaitlistQuery,
  type CancelEnrollmentBody,
  type CancelEnrollmentResult,
  type GuestWaitlistEntry,
  type Ticket,
  type TicketSettings,
  type TicketState,
  type WaitlistEntry,
  type WaitlistInfo,
  type WaitlistState,
} from '@contracts/ticket'

export const WAITLIST_JOBS = { expire: 'waitlist.expire' } as const

type ActivityRow = NonNullable<Awaited<ReturnType<TicketRepository['activity']>>>
type EntryRow = NonNullable<Awaited<ReturnType<TicketRepository['waitlistEntry']>>>
type PersonRow = { user_id: number | null; guest_email: string | null; form_answers: string; nick_name?: string | null; real_name?: string | null; email?: string | null }

const scopeOf = (access: AdminAccess) => (access.dataScope === 'all' ? null : access.organizationIds)
const refuse = (reason: EnrollRefusal) => new AppError(425, { result: { reason } })

/** the name a person gave: the form's "name" answer (what the door list shows), else their real or nick name, else the e-mail */
export function personName(r: PersonRow): string {
  const answers = parseJson<Record<string, unknown>>(r.form_answers, {})
  const named = Object.entries(answers).find(([k, v]) => /name|姓名/i.test(k) && typeof v === 'string' && v.trim())
  return (named ? String(named[1]) : '') || r.real_name || r.nick_name || r.guest_email || r.email || ''
}

export class TicketService {
  readonly repo: TicketRepository

  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: Pick<NotificationService, 'emit' | 'scheduleReminders'>,
  ) {
    this.repo = new TicketRepository(ctx.db)
  }

  private nowIso() {
    return this.ctx.clock.now().toISOString()
  }

  private async publishedOr302(id: number): Promise<ActivityRow> {
    const a = await this.repo.activity(id)
    if (!a || a.status !== 'published') throw new AppError(302, { field: 'activityId' })
    return a
  }

  async adminActivityOr302(id: number, access: AdminAccess): Promise<ActivityRow> {
    const a = await this.repo.activity(id, scopeOf(access))
    if (!a) throw new AppError(302, { field: 'activityId' })
    return a
  }

  private writable(a: ActivityRow, access: AdminAccess) {
    if (a.entrust_haijiao_process && access.dataScope !== 'all') throw new AppError(627)
  }

  /** until when the holder may cancel */
  static cancelDeadline(a: Pick<ActivityRow, 'cancel_deadline' | 'start_time'>): string {
    return a.cancel_deadline ?? a.start_time
  }

  // ------------------------------------------------------------------ tickets

  private async ticketOf(enrollmentId: number): Promise<Ticket> {
    const e = await this.repo.enrollment(enrollmentId)
    if (!e) throw new AppError(302)
    const a = (await this.repo.activity(e.activity_id))!
    const addr = await this.repo.firstAddress(a.id)
    const state: TicketState = e.status === 'approved' ? 'valid' : e.status
    const code = state === 'valid' ? await this.repo.ensureCode(e.id) : ''
    const deadline = TicketService.cancelDeadline(a)
    const active = e.status === 'approved' || e.status === 'pending'
    return {
      enrollmentId: e.id,
      activityId: a.id,
      code,
      qrPayload: code,
      state,
      valid: state === 'valid',
      holderName: personName(e),
      titleZh: a.title_zh,
      titleEn: a.title_en,
      startTime: a.start_time,
      endTime: a.end_time,
      timeZone: a.time_zone,
      type: a.type,
      addressZh: addr?.address_zh ?? '',
      addressEn: addr?.address_en ?? '',
      cityZh: addr?.city_zh || a.city_zh,
      cityEn: addr?.city_en || a.city_en,
      onlineUrl: a.type !== 'offline' ? a.live_url || null : null,
      checkedInAt: e.checked_in_at,
      cancelUntil: active && this.nowIso() < deadline ? deadline : null,
    }
  }

  async myTicket(enrollmentId: number, userId: number): Promise<Ticket> {
    const e = await this.repo.enrollment(enrollmentId)
    if (!e || e.user_id !== userId) throw new AppError(302, { field: 'enrollmentId' })
    return this.ticketOf(e.id)
  }

  async guestTicket(token: string): Promise<Ticket> {
    const id = await this.repo.enrollmentIdByGuestToken(token)
    if (!id) throw new AppError(660)
    return this.ticketOf(id)
  }

  // ------------------------------------------------------------------ cancel

  async cancelMine(body: CancelEnrollmentBody, userId: number | null): Promise<CancelEnrollmentResult> {
    let id: number | null = null
    if (body.enrollmentId && userId) {
      const e = await this.repo.enrollment(body.enrollmentId)
      if (e && e.user_id === userId) id = e.id
    } else if (body.guestToken) {
      id = await this.repo.enrollmentIdByGuestToken(body.guestToken)
    } else if (body.enrollmentId && !userId) {
      throw new AppError(201, { httpStatus: 401 })
    }
    if (!id) throw new AppError(302, { field: body.guestToken ? 'guestToken' : 'enrollmentId' })
    const e = (await this.repo.enrollment(id))!
    if (e.status !== 'pending' && e.status !== 'approved') throw new AppError(667)
    const a = (await this.repo.activity(e.activity_id))!
    const nowIso = this.nowIso()
    if (nowIso >= TicketService.cancelDeadline(a)) throw new AppError(661)
    const done = await this.repo.cancel(id, null, null, nowIso)
    if (!done) throw new AppError(667)
    await this.announce(done.activityId, done.offered)
    return { enrollmentId: id, status: 'cancelled', cancelledAt: nowIso }
  }

  async adminCancel(id: number, reason: string, access: AdminAccess, staffUserId: number): Promise<AdminCancelResult> {
    const e = await this.repo.enrollment(id)
    const orgs = scopeOf(access)
    if (!e || (orgs && !orgs.includes(e.organization_id))) throw new AppError(302, { field: 'id' })
    const a = await this.adminActivityOr302(e.activity_id, access)
    this.writable(a, access)
    const why = String(reason ?? '').trim()
    if (!why || [...why].length > CANCEL_REASON_MAX) throw new AppError(301, { field: 'reason' })
    const nowIso = this.nowIso()
    const done = await this.repo.cancel(id, staffUserId, why, nowIso)
    if (!done) throw new AppError(667)
    await this.notifications.emit({ type: 'enrol_cancelled', activityId: a.id, enrollmentId: id, reason: why }, `enrol:${id}:cancelled:${nowIso}`)
    await this.announce(done.activityId, done.offered)
    return { id, status: 'cancelled', cancelledAt: nowIso }
  }

  // ------------------------------------------------------------------ settings

  private settingsOf(a: ActivityRow): TicketSettings {
    return { activityId: a.id, cancelDeadline: a.cancel_deadline, waitlistEnabled: !!a.waitlist_enabled, offerHours: a.offer_hours }
  }

  async settings(activityId: number, access: AdminAccess): Promise<TicketSettings> {
    return this.settingsOf(await this.adminActivityOr302(activityId, access))
  }

  async saveSettings(body: TicketSettings, access: AdminAccess): Promise<TicketSettings> {
    const a = await this.adminActivityOr302(body.activityId, access)
    this.writable(a, access)
    let deadline: string | null = null
    if (body.cancelDeadline) {
      const t = Date.parse(body.cancelDeadline)
      if (!Number.isFinite(t)) throw new AppError(301, { field: 'cancelDeadline' })
      deadline = new Date(t).toISOString()
    }
    const hours = Number(body.offerHours)
    if (!Number.isInteger(hours) || hours < 1 || hours > OFFER_HOURS_MAX) throw new AppError(301, { field: 'offerHours' })
    const nowIso = this.nowIso()
    const offered = await this.repo.saveSettings(a.id, { cancel_deadline: deadline, waitlist_enabled: body.waitlistEnabled ? 1 : 0, offer_hours: hours }, nowIso)
    await this.announce(a.id, offered)
    return this.settingsOf((await this.repo.activity(a.id))!)
  }

  // ------------------------------------------------------------------ the waiting list: people

  private async entryOf(w: EntryRow, withToken = false): Promise<WaitlistEntry> {
    return {
      id: w.id,
      activityId: w.activity_id,
      state: w.state,
      position: w.state === 'waiting' ? await this.repo.position(w.activity_id, w.id) : null,
      offerExpiresAt: w.state === 'offered' ? w.offer_expires_at : null,
      enrollmentId: w.enrollment_id,
      createdAt: w.created_at,
      ...(withToken && w.guest_token ? { guestToken: w.guest_token } : {}),
    }
  }

  /** the list facts for the button (activity detail, enrol form) */
  async info(activityId: number, who: { userId: number | null; guestToken?: string }): Promise<WaitlistInfo> {
    const a = await this.repo.activity(activityId)
    if (!a) return { enabled: false, waitingCount: 0, mine: null }
    let mine: EntryRow | undefined
    if (who.userId) mine = await this.repo.waitlistOf(activityId, who.userId)
    else if (who.guestToken) {
      const w = await this.repo.waitlistByToken(who.guestToken)
      mine = w && w.activity_id === activityId ? w : undefined
    }
    return { enabled: !!a.waitlist_enabled, waitingCount: await this.repo.waitingCount(activityId), mine: mine ? await this.entryOf(mine) : null }
  }

  async join(body: EnrollSubmitBody, userId: number | null): Promise<WaitlistEntry> {
    const a = await this.publishedOr302(body.activityId)
    if (!userId && a.is_need_login_enroll) throw new AppError(201, { httpStatus: 401 })
    if (!a.waitlist_enabled) throw new AppError(662)
    const nowIso = this.nowIso()
    if (a.end_time <= nowIso) throw refuse('ended')
    const fields = formOf(a)
    let guestEmail: string | null = null
    // one person however they joined: an account with an e-mail and a visitor with that e-mail share a key
    let personKey: string
    if (userId) {
      const email = await this.repo.accountEmail(userId)
      personKey = email?.trim() ? `e:${foldEmail(email)}` : `u:${userId}`
    } else {
      const emailField = fields.find((f) => f.type === 'email')
      if (!emailField) throw new AppError(201, { httpStatus: 401 })
      const answers = await validateAnswers([{ ...emailField, required: true }], { [emailField.key]: body.answers?.[emailField.key] ?? null }, this.storedSize)
      guestEmail = String(answers[emailField.key])
      personKey = `e:${foldEmail(guestEmail)}`
    }
    const mine = await this.repo.personEnrollments(a.id, userId, guestEmail)
    if (mine.some((e) => e.status === 'pending' || e.status === 'approved')) throw new AppError(424)
    if (!a.is_open) throw refuse('closed')
    const deadline = a.is_deadline_equal_end ? a.end_time : a.enroll_deadline
    if (deadline && deadline <= nowIso) throw refuse('deadline')
    if (mine.length && a.sign_up_once) throw refuse('sign_up_once')
    const full = a.people_count > 0 && a.enrolled_count + a.held_count >= a.people_count
    if (!full && (a.people_count <= 0 || (await this.repo.waitingCount(a.id)) === 0)) throw new AppError(665)
    const answers = await validateAnswers(fields, body.answers ?? {}, this.storedSize)
    let promoterUserId: number | null = null
    if (body.promoterCode) {
      const p = await this.repo.promoterByCode(body.promoterCode.trim())
      if (p && p.id !== userId) promoterUserId = p.id
    }
    const guestToken = userId ? null : crypto.randomBytes(24).toString('hex')
    try {
      const sameAs = userId ? [`u:${userId}`] : []
      const { id, offered } = await this.repo.join({ activityId: a.id, userId, guestEmail, personKey, sameAs, accountEmail: guestEmail ? normalizeEmail(guestEmail) : null, guestToken, answers: JSON.stringify(answers), promoterUserId, nowIso })
      await this.announce(a.id, offered)
      return this.entryOf((await this.repo.waitlistEntry(id))!, true)
    } catch (err) {
      if (err instanceof SeatConflict) throw new AppError(err.kind === 'duplicate' ? 663 : 519)
      throw err
    }
  }

  private async ownEntryOr302(waitlistId: number, userId: number | null, guestToken?: string): Promise<EntryRow> {
    const w = await this.repo.waitlistEntry(waitlistId)
    const mine = w && ((userId !== null && w.user_id === userId) || (!!guestToken && w.guest_token === guestToken))
    if (!w || !mine) throw new AppError(302, { field: 'waitlistId' })
    return w
  }

  async myEntry(activityId: number, userId: number | null, guestToken?: string): Promise<WaitlistEntry | null> {
    if (!userId && !guestToken) return null
    return (await this.info(activityId, { userId, guestToken })).mine
  }

  /** a visitor's entry by its token alone (their link), with the activity it is for; null for an unknown token */
  async guestEntry(guestToken: string): Promise<GuestWaitlistEntry | null> {
    const w = await this.repo.waitlistByToken(guestToken)
    const a = w ? await this.repo.activity(w.activity_id) : undefined
    if (!w || !a) return null
    return { ...(await this.entryOf(w)), titleZh: a.title_zh, titleEn: a.title_en, timeZone: a.time_zone }
  }

  async confirm(waitlistId: number, userId: number | null, guestToken?: string): Promise<EnrollSubmitResult> {
    const w = await this.ownEntryOr302(waitlistId, userId, guestToken)
    const a = (await this.repo.activity(w.activity_id))!
    const nowIso = this.nowIso()
    const status = a.enroll_need_process ? 'pending' : 'approved'
    let done
    try {
      done = await this.repo.confirm(w.id, status, nowIso)
    } catch (err) {
      if (err instanceof SeatConflict) throw new AppError(err.kind === 'duplicate' ? 424 : 664)
      throw err
    }
    if (!done) {
      // an offer past its time passes on now rather than when its job wakes
      if (w.state === 'offered') await this.expire(w.id)
      throw new AppError(664)
    }
    await this.notifications.emit({ type: status === 'approved' ? 'enrol_confirmed' : 'enrol_received', activityId: a.id, enrollmentId: done.enrollmentId }, `enrol:${done.enrollmentId}:${status}:${nowIso}`)
    if (status === 'approved') await this.notifications.scheduleReminders(a.id)
    return done.guestToken ? { enrollmentId: done.enrollmentId, status, guestToken: done.guestToken } : { enrollmentId: done.enrollmentId, status }
  }

  async leave(waitlistId: number, userId: number | null, guestToken?: string): Promise<{ ok: true }> {
    const w = await this.ownEntryOr302(waitlistId, userId, guestToken)
    const done = await this.repo.end(w.id, 'left', this.nowIso())
    if (!done) throw new AppError(664)
    await this.announce(done.activityId, done.offered)
    return { ok: true }
  }

  // ------------------------------------------------------------------ the waiting list: organizers

  async adminList(q: AdminWaitlistQuery, access: AdminAccess): Promise<Page<AdminWaitlistItem>> {
    const a = await this.adminActivityOr302(q.activityId, access)
    const { page, pageSize, offset } = pageArgs(q)
    const { rows, total } = await this.repo.waitlistPage(a.id, (q.state || undefined) as WaitlistState | undefined, offset, pageSize)
    const list: AdminWaitlistItem[] = []
    for (const r of rows) list.push(await this.adminItem(r))
    return toPage(list, total, page, pageSize)
  }

  private async adminItem(r: EntryRow & { nick_name?: string | null; real_name?: string | null; email?: string | null }): Promise<AdminWaitlistItem> {
    return {
      id: r.id,
      activityId: r.activity_id,
      state: r.state,
      position: r.state === 'waiting' ? await this.repo.position(r.activity_id, r.id) : null,
      name: personName(r),
      email: r.email ?? r.guest_email ?? '',
      userId: r.user_id,
      guest: r.user_id === null,
      answers: parseJson<EnrollAnswers>(r.form_answers, {}),
      createdAt: r.created_at,
      offeredAt: r.offered_at,
      offerExpiresAt: r.offer_expires_at,
      enrollmentId: r.enrollment_id,
    }
  }

  private async adminEntryOr302(id: number, access: AdminAccess) {
    const w = await this.repo.waitlistEntry(id)
    if (!w) throw new AppError(302, { field: 'id' })
    const a = await this.adminActivityOr302(w.activity_id, access)
    this.writable(a, access)
    return { w, a }
  }

  async adminOffer(id: number, access: AdminAccess): Promise<AdminWaitlistItem> {
    const { w, a } = await this.adminEntryOr302(id, access)
    let r
    try {
      r = await this.repo.offerManually(a.id, w.id, this.nowIso())
    } catch (err) {
      if (err instanceof SeatConflict) throw new AppError(664)
      throw err
    }
    if (r === 'not_waiting') throw new AppError(664)
    if (r === 'full') throw new AppError(519)
    await this.announce(a.id, [w.id])
    return this.adminItem((await this.repo.waitlistEntry(w.id))!)
  }

  async adminRemove(id: number, access: AdminAccess): Promise<AdminWaitlistItem> {
    const { w } = await this.adminEntryOr302(id, access)
    const done = await this.repo.end(w.id, 'removed', this.nowIso())
    if (!done) throw new AppError(664)
    await this.announce(done.activityId, done.offered)
    return this.adminItem((await this.repo.waitlistEntry(w.id))!)
  }

  // ------------------------------------------------------------------ offers: telling, expiring, recovering

  /**
   * Tells the people offered a seat (all channels; the key makes a repeat the same message) and stores
   * the job that expires each offer at its time (one per offer).
   */
  async announce(activityId: number, waitlistIds: number[]): Promise<void> {
    for (const id of waitlistIds) {
      const w = await this.repo.waitlistEntry(id)
      if (!w || w.state !== 'offered' || !w.offer_expires_at) continue
      await this.ctx.jobs.enqueue({ type: WAITLIST_JOBS.expire, payload: { waitlistId: id }, runAt: w.offer_expires_at, dedupeKey: `waitlist-expire:${id}:${w.offered_at}` })
      await this.notifications.emit({ type: 'offer_made', activityId, waitlistId: id, expiresAt: w.offer_expires_at }, `offer:${id}:${w.offered_at}`)
    }
    await this.repo.markNotified(waitlistIds, this.nowIso())
  }

  /** an offer's time is up: it expires (if still open) and its seat goes to the next person waiting */
  async expire(waitlistId: number): Promise<boolean> {
    const done = await this.repo.end(waitlistId, 'expired', this.nowIso())
    if (!done) return false
    await this.notifications.emit({ type: 'offer_expired', activityId: done.activityId, waitlistId }, `offer-expired:${waitlistId}`)
    await this.announce(done.activityId, done.offered)
    return true
  }

  /** seats that came free outside a transaction of ours (seats raised, a crash): offered now */
  async fill(activityId: number): Promise<number[]> {
    const offered = await this.repo.fill(activityId, this.nowIso())
    await this.announce(activityId, offered)
    return offered
  }

  /**
   * Recovery after a crash (the worker's start): overdue offers expire, free seats are offered, and
   * offers nobody was told of are announced. Idempotent: run it twice and nothing is doubled.
   */
  async sweep(): Promise<{ expired: number; offered: number; announced: number }> {
    const nowIso = this.nowIso()
    let expired = 0
    for (const o of await this.repo.overdueOffers(nowIso)) if (await this.expire(o.id)) expired++
    let offered = 0
    for (const id of await this.repo.activitiesToFill()) offered += (await this.fill(id)).length
    const pending = await this.repo.unnotifiedOffers()
    const byActivity = new Map<number, number[]>()
    for (const o of pending) byActivity.set(o.activity_id, [...(byActivity.get(o.activity_id) ?? []), o.id])
    for (const [activityId, ids] of byActivity) await this.announce(activityId, ids)
    return { expired, offered, announced: pending.length }
  }

  private readonly storedSize = async (key: string) => (await this.ctx.storage.head(key))?.size ?? null
}
